"""pto-run: execute a kernel of a .mlir or .ptoasm file on given or random inputs.

    pto-run FILE.mlir --entry NAME [--engine interp|jit|pto-isa] [--target a2a3|a5]
            [--placement check|none] [--inputs x.npz] [--random-inputs --seed N]
            [--scalars argN=VALUE]... [--grid BLOCKS[xSUBBLOCKS]]
            [--output out.npz]
    pto-run FILE.ptoasm [...]

A ``.ptoasm`` file is PTO-AS (docs/pto-as.md), one kernel, imported by
``pto_mlir.asm.parse`` (its ``--entry`` defaults to ``kernel``); any other
file is MLIR text.

The kernel (Level 1 or Level 2) runs through ``pto_mlir.runtime.run`` with
the chosen engine: ``interp``, the reference interpreter (default),
``jit``, the compiled host engine, or ``pto-isa``, pto-isa's CPU simulator
(what PTOAS can express; ``PTOAS`` and ``PTO_ISA_ROOT`` name the tools,
docs/runtime.md); a kernel whose tiles cannot be placed in the target's
memory is refused unless ``--placement none`` (``runtime.run``'s
``placement``). Every argument is taken from ``--inputs``
(key ``argN``; ``argN_valid`` = [rows, cols] for a tile whose valid shape is
dynamic) or, for tiles and global arrays (``!pto.ptr``), drawn at random
(``?`` extents then cover the whole tile; a global array is 1-D, as long as
the kernel's tensors with constant extents need; every key of ``--inputs``
must then name an argument). A scalar argument comes from ``--scalars
argN=VALUE`` or ``--inputs``; ``--random-inputs`` draws an ``i1`` (either
value is an input), while the values that make sense for another scalar
(a loop bound, a window's offset) depend on the kernel: it must be given.
``--grid`` runs the kernel once per core of a grid of BLOCKS blocks (of
SUBBLOCKS subblocks each, default 1), the core queries (``pto.get_block_idx``
...) answering each core's position (``runtime.run``'s ``grid``).
Afterwards every tile and global array argument is printed (``argN``: Level
2 buffers and global arrays as the kernel left them), then the function's
results (``resultN``); ``--output`` saves them all.
"""
import argparse
import os
import sys

# pto-run does no linear algebra, and numpy's import starts OpenBLAS's pool
# of one thread per core: half of pto-run's CPU time on a cached kernel
# (docs/performance.md). A user's own setting is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np

from .. import ir, pipeline, ptoas, runtime
from ..runtime.globals import is_pointer_type, pointer_dtype, pointer_elements
from ..runtime.values import is_tile_type, tile_spec

PTO_AS_SUFFIX = ".ptoasm"
# PTO-AS files were `.ptoas` before; that name reads as PTOAS's (whose files
# are `.pto`, MLIR), so it is refused with the new name rather than guessed.
OLD_PTO_AS_SUFFIX = ".ptoas"


class UsageError(Exception):
    """Bad command-line input; reported as ``pto-run: error: ...``."""


def _reported():
    """The exceptions pto-run reports as ``pto-run: error: ...``. The engines'
    modules are imported here, when one failed (or ran), not by every run:
    a start-up spent importing the JIT and the pto-isa engine for an
    interpreted kernel is most of pto-run's time (issue 38, item 6)."""
    from ..runtime import device_tools, jit, pto_isa
    return (UsageError, OSError, ValueError, TypeError, ir.MLIRError, runtime.KernelError,
            pipeline.PipelineError, jit.UnsupportedError, pto_isa.UnsupportedError,
            pto_isa.EngineError, device_tools.ToolMissingError)


def _random_tile(spec, rng):
    if np.issubdtype(spec.dtype, np.integer):
        info = np.iinfo(spec.dtype)
        return rng.integers(info.min, info.max, size=spec.shape, endpoint=True, dtype=spec.dtype)
    return rng.standard_normal(spec.shape).astype(spec.dtype)


def _tile_argument(key, spec, inputs, rng):
    if key in inputs:
        data = np.array(inputs[key])
    elif rng is not None:
        data = _random_tile(spec, rng)
    else:
        raise UsageError(f"{key} ({spec.text}) is not in --inputs; give it or use --random-inputs")
    if None not in spec.static_valid:
        return data
    valid = inputs.get(f"{key}_valid")
    # The values as stored (1.7 stays 1.7): runtime.run checks them.
    valid = spec.shape if valid is None else tuple(np.asarray(valid).reshape(-1).tolist())
    return runtime.Tile(data, valid)


def _is_i1(arg_type):
    return isinstance(arg_type, ir.IntegerType) and arg_type.width == 1


def _scalar_argument(key, arg_type, inputs, scalars, rng):
    """A scalar: from --scalars, else from --inputs; with --random-inputs an
    i1 (a flag: both of its values are inputs a kernel takes) is drawn at
    random; any other scalar's meaningful values depend on the kernel (a
    loop bound, a window's offset), so it must be given."""
    if key in scalars:
        return scalars[key]
    if key not in inputs:
        if rng is not None and _is_i1(arg_type):
            return bool(rng.integers(0, 2))
        raise UsageError(f"{key} ({arg_type}) is a scalar: give it with --scalars "
                         f"{key}=VALUE or in --inputs")
    value = inputs[key]
    if value.size != 1:
        raise UsageError(f"{key} ({arg_type}) is a scalar, --inputs holds {value.size} values")
    # The value as stored (1.5 or "7" for an index stay what they are):
    # runtime.run checks it against the type.
    return value.item()


def _load_inputs(path):
    """The arrays of the .npz file ``path``, all read now, so that a damaged
    file is a usage error before anything runs."""
    import zipfile  # (np.load imports it for an .npz; a run without --inputs needs neither)
    import zlib
    try:
        with np.load(path, allow_pickle=False) as loaded:
            if not isinstance(loaded, np.lib.npyio.NpzFile):
                raise UsageError(f"--inputs {path}: not an .npz archive")
            return {key: loaded[key] for key in loaded.files}
    except (EOFError, ValueError, zipfile.BadZipFile, zlib.error) as problem:
        raise UsageError(f"--inputs {path}: not a readable .npz archive ({problem})") from None


def _check_output(path):
    """--output fails before the kernel runs when its directory is missing."""
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise UsageError(f"--output {path}: directory {directory} does not exist")


def _pointer_argument(key, arg_type, function, position, inputs, rng):
    """A global array: from --inputs (any shape, made C-contiguous), or
    drawn at random, 1-D, as long as the kernel's constant tensors of it
    need."""
    dtype = pointer_dtype(arg_type)
    if key in inputs:
        return np.ascontiguousarray(inputs[key])
    if rng is None:
        raise UsageError(f"{key} ({arg_type}) is not in --inputs; give it or use "
                         f"--random-inputs")
    elements = pointer_elements(function, position)
    if elements is None:
        raise UsageError(f"{key} ({arg_type}): the kernel makes no tensor of it with "
                         f"constant extents and strides, so its size is unknown: give it "
                         f"in --inputs")
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=elements, endpoint=True, dtype=dtype)
    return rng.standard_normal(elements).astype(dtype)


def _check_input_keys(signature, inputs, rng):
    """With --random-inputs a misspelt key would leave its argument to
    chance (without, the argument's own key is missing: an error too; an
    npz may hold other entries' arguments)."""
    if rng is None:
        return
    known = []
    for position, arg_type in enumerate(signature.inputs):
        known.append(f"arg{position}")
        if is_tile_type(arg_type) and None in tile_spec(arg_type).static_valid:
            known.append(f"arg{position}_valid")
    unknown = [key for key in inputs if key not in known]
    if unknown:
        raise UsageError(f"--inputs has {', '.join(repr(k) for k in unknown)}, which names no "
                         f"argument (the kernel takes {', '.join(known) or 'none'})")


def _parse_scalars(items, signature):
    """--scalars argN=VALUE ...: {argN: the value as Python reads it (an
    integer, a float, true/false)}; runtime.run checks it against the type."""
    scalars = {}
    for item in items:
        key, sep, text = item.partition("=")
        if not sep or not text:
            raise UsageError(f"--scalars {item}: expected argN=VALUE")
        position = key[3:] if key.startswith("arg") else ""
        if not position.isdigit() or int(position) >= len(signature.inputs):
            raise UsageError(f"--scalars {item}: {key} names no argument (the kernel takes "
                             f"{len(signature.inputs)})")
        arg_type = signature.inputs[int(position)]
        if is_tile_type(arg_type) or is_pointer_type(arg_type):
            raise UsageError(f"--scalars {item}: {key} ({arg_type}) is not a scalar")
        lowered = text.lower()
        if lowered in ("true", "false"):
            scalars[key] = lowered == "true"
            continue
        try:
            scalars[key] = int(text, 0)
        except ValueError:
            try:
                scalars[key] = float(text)
            except ValueError:
                raise UsageError(f"--scalars {item}: {text!r} is not a number, true or "
                                 f"false") from None
    return scalars


def _arguments(function, signature, inputs, scalars, rng):
    _check_input_keys(signature, inputs, rng)
    values = []
    for position, arg_type in enumerate(signature.inputs):
        key = f"arg{position}"
        if is_tile_type(arg_type):
            values.append(_tile_argument(key, tile_spec(arg_type), inputs, rng))
        elif is_pointer_type(arg_type):
            values.append(_pointer_argument(key, arg_type, function, position, inputs, rng))
        else:
            values.append(_scalar_argument(key, arg_type, inputs, scalars, rng))
    return values


def _grid(text):
    """``--grid``'s value: BLOCKS or BLOCKSxSUBBLOCKS (runtime.run checks
    the counts)."""
    parts = text.split("x")
    if len(parts) > 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"'{text}' is not BLOCKS or BLOCKSxSUBBLOCKS "
                                         f"(e.g. 8, 4x2)")
    counts = tuple(int(p) for p in parts)
    return counts[0] if len(counts) == 1 else counts


def _array(value):
    return value.array if isinstance(value, runtime.Tile) else value


def _show(name, value):
    array, valid = (value.array, value.valid) if isinstance(value, runtime.Tile) else (value, None)
    if not isinstance(array, np.ndarray):
        print(f"{name}: {value}")
        return
    valid_text = "" if valid is None else f" valid={valid[0]}x{valid[1]}"
    print(f"{name}: {array.dtype} {'x'.join(map(str, array.shape))}{valid_text}")
    print(array)


def _load(args):
    """The module of ``args.file``; settles ``args.entry``."""
    if args.file.endswith(OLD_PTO_AS_SUFFIX):
        raise UsageError(f"{args.file}: PTO-AS files are named '*{PTO_AS_SUFFIX}' "
                         f"('{OLD_PTO_AS_SUFFIX}' was their old extension): rename it")
    if args.file.endswith(PTO_AS_SUFFIX):
        args.entry = args.entry or "kernel"
        from .. import asm
        with open(args.file, encoding="utf-8") as source:
            return asm.parse(source.read(), entry=args.entry, filename=args.file)
    if args.entry is None:
        raise UsageError("--entry is required for an MLIR file")
    # PTOAS's memref form too (pto_mlir.ptoas.parse).
    return ptoas.parse(sys.stdin.read()) if args.file == "-" else ptoas.parse_file(args.file)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pto-run", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="the .mlir or .ptoasm file ('-' for MLIR on standard input)")
    parser.add_argument("--entry", help="name of the func.func to run (a .ptoasm file: 'kernel')")
    parser.add_argument("--engine", choices=runtime.ENGINES, default="interp",
                        help="interp: the reference interpreter; jit: compiled host code; "
                             "pto-isa: pto-isa's CPU simulator")
    parser.add_argument("--target", choices=runtime.TARGETS,
                        help="target whose memory sizes apply when the module names none")
    parser.add_argument("--placement", choices=runtime.PLACEMENTS, default="check",
                        help="check: refuse a kernel whose tiles cannot be placed in the "
                             "target's memory (default); none: run it unplaced, each tile "
                             "in memory of its own (interp, jit)")
    parser.add_argument("--inputs", help=".npz with arrays arg0, arg1, ... (argN_valid for '?')")
    parser.add_argument("--random-inputs", action="store_true", help="draw missing tiles at random")
    parser.add_argument("--seed", type=int, default=0, help="seed of --random-inputs")
    parser.add_argument("--scalars", action="append", default=[], metavar="argN=VALUE",
                        help="a scalar argument (an integer, a float, true or false); "
                             "repeat it for each")
    parser.add_argument("--grid", type=_grid, default=1, metavar="BLOCKS[xSUBBLOCKS]",
                        help="run the kernel on each core of this grid (default 1)")
    parser.add_argument("--output", help="write every tile argument and result to this .npz")
    args = parser.parse_args(argv)
    try:
        if args.output:
            _check_output(args.output)
        with ir.Context():
            module = _load(args)
            function = runtime.find_function(module, args.entry)
            signature = runtime.function_type(function)
            inputs = _load_inputs(args.inputs) if args.inputs else {}
            rng = np.random.default_rng(args.seed) if args.random_inputs else None
            scalars = _parse_scalars(args.scalars, signature)
            values = _arguments(function, signature, inputs, scalars, rng)
            results = runtime.run(module, args.entry, *values, engine=args.engine,
                                  target=args.target, placement=args.placement,
                                  grid=args.grid)
            num_results = len(signature.results)
    except Exception as error:
        if not isinstance(error, _reported()):
            raise
        print(f"pto-run: error: {error}", file=sys.stderr)
        return 1
    np.set_printoptions(threshold=64, edgeitems=4, linewidth=120)
    shown = [(f"arg{position}", value) for position, value in enumerate(values)
             if isinstance(value, (np.ndarray, runtime.Tile))]
    returned = results if isinstance(results, tuple) else (results,)
    shown += [(f"result{k}", returned[k]) for k in range(num_results)]
    status = _print_values(shown)
    if args.output:
        try:
            np.savez(args.output, **{name: _array(value) for name, value in shown})
        except OSError as error:
            print(f"pto-run: error: --output {args.output}: {error}", file=sys.stderr)
            return 1
    return status


def _print_values(shown):
    """Prints each value; 1 when standard output was closed before the end."""
    try:
        for name, value in shown:
            _show(name, value)
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (`pto-run ... | head`) stopped reading: the rest is not
        # wanted, and not an error to report with a traceback. Python would
        # meet the closed pipe again when it flushes stdout at exit, so
        # stdout is pointed at /dev/null (the Python docs' recipe, "Note on
        # SIGPIPE"); --output is still written.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    return 0

if __name__ == "__main__":
    sys.exit(main())
