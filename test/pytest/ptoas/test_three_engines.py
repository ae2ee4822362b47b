"""The three engines agree bit for bit: the interpreter, the JIT and pto-isa's
CPU simulator (engine="pto-isa"), on every kernel of the corpus the pto-isa
engine can run and on random programs, each also checked against a numpy
model where the test builds one.

Corpus kernels: every public function of a corpus split (corpus.py) that
takes global memory, no tiles and no scalars, whose tensor views have
constant extents and strides (so that the arrays can be sized), and that
PTOAS can express (the exporter accepts it after pto-to-dps). Each runs on
random arrays; the global arrays the kernel writes must come back
identical from all three engines.

Random programs: Level 1 kernels that load tiles from windows of random
global tensors, OR them together and store the result into a window of an
output tensor (random element types, shapes, windows and targets); the
expected output is numpy's OR of the windows, the rest of the output as the
caller passed it.

Documented divergences of the simulator (docs/ptoas.md): TSORT32 (the
simulator sorts the source's valid rows and, for f16, places records at
column 2j; include/pto/cpu/TSort32.hpp against include/pto/npu/*/TSort32.hpp).
Needs PTOAS, PTO_ISA_ROOT and g++.
"""
import numpy as np
import pytest

from corpus import splits
from pto_mlir import ir, pipeline, ptoas, runtime
from pto_mlir.dialects import arith, func, pto

ENGINES = ("interp", "jit", "pto-isa")
DIVERGENT_OPS = ("pto.tsort32",)


def _constant(value):
    owner = value.owner
    if isinstance(owner, ir.OpView) and owner.operation.name == "arith.constant":
        return ir.IntegerAttr(owner.attributes["value"]).value
    return None


def _pointer_sizes(function):
    """Elements each pointer argument's views reach (constant extents and
    strides), or None when one is not constant."""
    sizes = {}
    for block in function.regions[0].blocks:
        for op in block.operations:
            if op.operation.name != "pto.make_tensor_view":
                continue
            operands = list(op.operation.operands)
            ptr, rest = operands[0], operands[1:]
            numbers = [_constant(v) for v in rest]
            if None in numbers or not isinstance(ptr, ir.BlockArgument):
                return None
            rank = len(numbers) // 2
            shape, strides = numbers[:rank], numbers[rank:]
            reach = 1 + sum((extent - 1) * stride for extent, stride in zip(shape, strides))
            sizes[ptr.arg_number] = max(sizes.get(ptr.arg_number, 0), reach)
    return sizes


def _corpus_kernels():
    """{key: (module text, entry, [(dtype, size)] per argument)}."""
    kernels = {}
    for path, number, text in splits():
        if "!pto.ptr" not in text or any(op in text for op in DIVERGENT_OPS):
            continue
        with ir.Context():
            try:
                module = ir.Module.parse(text)
            except ir.MLIRError:
                continue
            for op in module.body.operations:
                if not isinstance(op, func.FuncOp) or not op.regions[0].blocks:
                    continue
                if "sym_visibility" in op.attributes:
                    continue
                inputs = runtime.function_type(op.operation).inputs
                if not inputs or not all(pto.PtrType.isinstance(t) for t in inputs):
                    continue
                sizes = _pointer_sizes(op.operation)
                if sizes is None or set(sizes) != set(range(len(inputs))):
                    continue
                name = op.sym_name.value
                try:
                    converted = ir.Module.parse(text)
                    pipeline.to_dps(converted)
                    ptoas.emit(converted, level="level3")
                except (pipeline.PipelineError, ValueError):
                    continue
                dtypes = [runtime.dtypes.numpy_dtype(pto.PtrType(t).element_type)
                          for t in inputs]
                kernels[f"{path}#{number}@{name}"] = (text, name, list(zip(dtypes, [
                    sizes[i] for i in range(len(inputs))])))
    return kernels


CORPUS = _corpus_kernels()


def _random_array(rng, dtype, size):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size, dtype=dtype, endpoint=True)
    return rng.standard_normal(size).astype(dtype)


def _run_all(text, entry, arrays):
    """Each engine's arrays after the run (the caller's copies)."""
    results = {}
    for engine in ENGINES:
        copies = [a.copy() for a in arrays]
        runtime.run(text, entry, *copies, engine=engine)
        results[engine] = copies
    return results


def _assert_identical(results):
    reference = results["interp"]
    for engine in ENGINES[1:]:
        for position, (want, got) in enumerate(zip(reference, results[engine])):
            assert want.tobytes() == got.tobytes(), (engine, position)


def test_the_corpus_has_kernels_for_the_three_engines():
    assert len(CORPUS) > 0


@pytest.mark.parametrize("key", sorted(CORPUS))
def test_corpus_kernel_on_three_engines(pto_isa_tools, key):
    text, entry, arguments = CORPUS[key]
    rng = np.random.default_rng(abs(hash(key)) % 2**32)
    arrays = [_random_array(rng, dtype, size) for dtype, size in arguments]
    _assert_identical(_run_all(text, entry, arrays))


# -- random programs -----------------------------------------------------------

_ELEMENTS = {"i8": np.int8, "i16": np.int16, "i32": np.int32}


def _random_program(seed):
    """(text, arrays, expected arrays) of one random OR kernel."""
    rng = np.random.default_rng(seed)
    target = ["a2a3", "a5"][seed % 2]
    element = rng.choice(["i8", "i16"] + (["i32"] if target == "a5" else []))
    dtype = np.dtype(_ELEMENTS[element])
    rows = int(rng.integers(1, 9))
    cols = (32 // dtype.itemsize) * int(rng.integers(1, 3))
    inputs = int(rng.integers(2, 4))
    shapes = [(rows + int(rng.integers(0, 5)), cols + int(rng.integers(0, 3)) * 8)
              for _ in range(inputs + 1)]
    offsets = [(int(rng.integers(0, r - rows + 1)), int(rng.integers(0, c - cols + 1)))
               for r, c in shapes]
    tile = f"!pto.tile<vec, {rows}x{cols}x{element}>"
    window = f"!pto.partition_tensor_view<{rows}x{cols}x{element}>"
    lines, consts = [], {}

    def const(n):
        if n not in consts:
            consts[n] = f"%c{n}"
            lines.insert(0, f"    %c{n} = arith.constant {n} : index")
        return consts[n]

    body, tiles = [], []
    for k, ((r, c), (orow, ocol)) in enumerate(zip(shapes, offsets)):
        view = f"!pto.tensor_view<{r}x{c}x{element}>"
        body.append(f"    %v{k} = pto.make_tensor_view %p{k}, shape = [{const(r)}, {const(c)}], "
                    f"strides = [{const(c)}, {const(1)}] : {view}")
        body.append(f"    %w{k} = pto.partition_view %v{k}, offsets = [{const(orow)}, "
                    f"{const(ocol)}], sizes = [{const(rows)}, {const(cols)}] : {view} -> {window}")
        if k < inputs:
            body.append(f"    %t{k} = pto.tload %w{k} : {window} -> {tile}")
            tiles.append(f"%t{k}")
    acc = tiles[0]
    for k, other in enumerate(tiles[1:]):
        body.append(f"    %o{k} = pto.tor {acc}, {other} : ({tile}, {tile}) -> {tile}")
        acc = f"%o{k}"
    body.append(f"    pto.tstore {acc}, %w{inputs} : ({tile}, {window}) -> ()")
    params = ", ".join(f"%p{k}: !pto.ptr<{element}>" for k in range(inputs + 1))
    text = (f'module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k({params}) {{\n" + "\n".join(lines + body) +
            "\n    return\n  }\n}\n")
    arrays = [_random_array(rng, dtype, r * c).reshape(r, c) for r, c in shapes]
    expected = [a.copy() for a in arrays]
    orow, ocol = offsets[inputs]
    windows = [a[o[0]:o[0] + rows, o[1]:o[1] + cols] for a, o in zip(arrays, offsets)]
    expected[inputs][orow:orow + rows, ocol:ocol + cols] = np.bitwise_or.reduce(windows[:inputs])
    return text, arrays, expected


@pytest.mark.parametrize("seed", range(12))
def test_random_program_on_three_engines(pto_isa_tools, seed):
    text, arrays, expected = _random_program(seed)
    results = _run_all(text, "k", arrays)
    _assert_identical(results)
    for want, got in zip(expected, results["interp"]):
        assert want.tobytes() == got.tobytes()
