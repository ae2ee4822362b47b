"""The pto-isa engine's entry: tile arguments passed through global memory.

A kernel of ours takes its tiles as arguments (``!pto.tile_buf`` after
``pto-to-dps``; a Level 1 kernel's results become such out-parameters).
PTOAS cannot express that: a tile argument is a raw pointer in ptoas's C++,
on which the library's calls do not compile (docs/ptoas.md, "Tiles stay
inside a function"). Its kernels take global memory instead. So before the
pto-isa engine exports an entry, ``pass_tiles_through_memory`` rewrites it
as a PTOAS kernel doing what the other engines do with the caller's array:

- each tile argument becomes a ``!pto.ptr`` to the array (the tile's
  ``rows x cols`` elements row by row, the ND storage the caller's numpy
  array has), viewed by ``pto.make_tensor_view`` and a
  ``pto.partition_view`` of the tile's valid shape;
- the kernel's body works on a ``pto.alloc_tile`` of the argument's type,
  filled by ``pto.tload`` from that window;
- before each return, ``pto.tstore`` writes every buffer the kernel may
  write (writes.py) back to its window, so the array changes as the other
  engines change it (elements outside the valid region keep the caller's
  values there as here).

A tile whose valid shape is empty (0 rows or 0 columns) moves nothing: it
gets its buffer without a tload or tstore (a window of no elements has no
partition view), as the other engines read and write none of its elements.

The argument keeps its position, so the caller's values go to the simulator
in the same order. What TLOAD and TSTORE cannot carry is refused with
``UnsupportedError`` naming the argument: a location other than ``vec``
(tload_c2, tstore_c1: ``mat`` has no tstore on a5, the other locations are
filled by TEXTRACT/TMOV or by the cube unit), a layout other than row-major without boxes
(tload_c4, tstore_c4), a dynamic valid shape (the window's sizes would be
run-time values the caller's Tile carries; not implemented).
"""
from ... import ir
from ...dialects import func, pto
from ..kernel import find_function, function_type
from ..values import tile_spec
from . import UnsupportedError

__all__ = ["pass_tiles_through_memory"]


def _refusal(entry, position, spec):
    """Why the tile argument at ``position`` cannot go through global
    memory, or None."""
    if spec.location != "vec":
        why = (f"is in '{spec.location}': the engine passes 'vec' tiles (tload and "
               f"tstore take 'vec' and 'mat', and no 'mat' on a5: tload_c2, tstore_c1)")
    elif spec.blayout != "row_major" or spec.slayout != "none_box":
        why = (f"has the layout {spec.blayout}/{spec.slayout}: the engine passes "
               f"row-major tiles without boxes (tload_c4, tstore_c4)")
    elif None in spec.static_valid:
        why = "has a dynamic valid shape, which the engine does not pass through global memory"
    else:
        return None
    return (f"the pto-isa engine cannot pass argument {position} of @{entry} "
            f"({spec.text}) through global memory: it {why}")


def _window(ptr, tile_type, spec):
    """The window of the tile's valid region in the ``rows x cols`` tensor
    at ``ptr``."""
    element = pto.TileBufType(tile_type).element_type
    tensor = pto.make_tensor_view(
        ptr, [spec.rows, spec.cols], [spec.cols, 1],
        result_type=pto.TensorViewType.get([spec.rows, spec.cols], element))
    valid = list(spec.static_valid)
    return pto.partition_view(tensor, [0, 0], valid,
                              result_type=pto.PartitionTensorViewType.get(valid, element))


def pass_tiles_through_memory(module, entry, written):
    """Rewrites ``entry`` of the Level 2 ``module`` in place (see the module
    docstring); ``written`` holds the positions of the tile arguments the
    kernel may write. Raises UnsupportedError naming what cannot pass."""
    function = find_function(module, entry)
    signature = function_type(function)
    tiles = [i for i, t in enumerate(signature.inputs) if pto.TileBufType.isinstance(t)]
    if not tiles:
        return
    for position in tiles:
        problem = _refusal(entry, position, tile_spec(signature.inputs[position]))
        if problem:
            raise UnsupportedError(problem)
    if len(function.regions[0].blocks) != 1:
        raise UnsupportedError(f"the pto-isa engine cannot pass the tile arguments of @{entry} "
                               f"through global memory: its body has more than one block")
    inputs = [pto.PtrType.get(pto.TileBufType(t).element_type) if i in tiles else t
              for i, t in enumerate(signature.inputs)]
    with function.location, ir.InsertionPoint(function):
        rewritten = func.FuncOp(entry, ir.FunctionType.get(inputs, signature.results))
    for name in function.attributes:
        if name not in ("function_type", "sym_name"):
            rewritten.operation.attributes[name] = function.attributes[name]
    old_block = function.regions[0].blocks[0]
    windows, buffers = {}, {}
    with function.location:
        block = rewritten.add_entry_block()
    with function.location, ir.InsertionPoint(block):
        for position in tiles:
            tile_type = signature.inputs[position]
            spec = tile_spec(tile_type)
            buffer = buffers[position] = pto.AllocTileOp(tile_type).result
            if 0 not in spec.static_valid:
                windows[position] = _window(block.arguments[position], tile_type, spec)
                pto.tload(windows[position], outs=[buffer])
            old_block.arguments[position].replace_all_uses_with(buffer)
        for position, argument in enumerate(old_block.arguments):
            if position not in tiles:
                argument.replace_all_uses_with(block.arguments[position])
    for op in list(old_block.operations):
        block.append(op.operation)
        if isinstance(op, func.ReturnOp):
            with op.location, ir.InsertionPoint(op):
                for position in tiles:
                    if position in written and position in windows:
                        pto.tstore(buffers[position], windows[position])
    function.erase()

