"""pto-run: execute a kernel of a .mlir or .ptoas file on given or random inputs.

    pto-run FILE.mlir --entry NAME [--engine interp|jit] [--target a2a3|a5]
            [--inputs x.npz] [--random-inputs --seed N] [--output out.npz]
    pto-run FILE.ptoas [...]

A ``.ptoas`` file is PTO-AS (docs/pto-as.md), one kernel, imported by
``pto_mlir.asm.parse`` (its ``--entry`` defaults to ``kernel``); any other
file is MLIR text.

The kernel (Level 1 or Level 2) runs through ``pto_mlir.runtime.run`` with
the chosen engine: ``interp``, the reference interpreter (default), or
``jit``, the compiled host engine. Every argument is taken from ``--inputs``
(key ``argN``; ``argN_valid`` = [rows, cols] for a tile whose valid shape is
dynamic) or, for tiles, drawn at random (``?`` extents then cover the whole
tile); scalar arguments must come from ``--inputs``. Afterwards every tile
argument is printed (``argN``: Level 2 buffers as the kernel left them),
then the function's results (``resultN``); ``--output`` saves them all.
"""
import argparse
import sys

import numpy as np

from .. import asm, ir, pipeline, runtime
from ..runtime import jit
from ..runtime.dtypes import numpy_dtype
from ..runtime.values import is_tile_type, tile_spec


PTO_AS_SUFFIX = ".ptoas"


class UsageError(Exception):
    """Bad command-line input; reported as ``pto-run: error: ...``."""


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
    valid = spec.shape if valid is None else tuple(int(v) for v in valid)
    return runtime.Tile(data, valid)


def _scalar_argument(key, arg_type, inputs):
    if key not in inputs:
        raise UsageError(f"{key} ({arg_type}) is a scalar: give it in --inputs")
    value = inputs[key].item()
    if isinstance(arg_type, ir.IntegerType) and arg_type.width == 1:
        return bool(value)
    if isinstance(arg_type, (ir.IndexType, ir.IntegerType)):
        return int(value)
    dtype = numpy_dtype(arg_type)
    return dtype.type(value) if dtype is not None else value


def _arguments(signature, inputs, rng):
    values = []
    for position, arg_type in enumerate(signature.inputs):
        key = f"arg{position}"
        if is_tile_type(arg_type):
            values.append(_tile_argument(key, tile_spec(arg_type), inputs, rng))
        else:
            values.append(_scalar_argument(key, arg_type, inputs))
    return values


def _show(name, value):
    array, valid = (value.array, value.valid) if isinstance(value, runtime.Tile) else (value, None)
    if not isinstance(array, np.ndarray):
        print(f"{name}: {value}")
        return array
    valid_text = "" if valid is None else f" valid={valid[0]}x{valid[1]}"
    print(f"{name}: {array.dtype} {array.shape[0]}x{array.shape[1]}{valid_text}")
    print(array)
    return array


def _load(args):
    """The module of ``args.file``; settles ``args.entry``."""
    if args.file.endswith(PTO_AS_SUFFIX):
        args.entry = args.entry or "kernel"
        with open(args.file, encoding="utf-8") as source:
            return asm.parse(source.read(), entry=args.entry, filename=args.file)
    if args.entry is None:
        raise UsageError("--entry is required for an MLIR file")
    return ir.Module.parse(sys.stdin.read()) if args.file == "-" else ir.Module.parseFile(args.file)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pto-run", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="the .mlir or .ptoas file ('-' for MLIR on standard input)")
    parser.add_argument("--entry", help="name of the func.func to run (a .ptoas file: 'kernel')")
    parser.add_argument("--engine", choices=runtime.ENGINES, default="interp",
                        help="interp: the reference interpreter; jit: compiled host code")
    parser.add_argument("--target", choices=runtime.TARGETS,
                        help="target whose memory sizes apply when the module names none")
    parser.add_argument("--inputs", help=".npz with arrays arg0, arg1, ... (argN_valid for '?')")
    parser.add_argument("--random-inputs", action="store_true", help="draw missing tiles at random")
    parser.add_argument("--seed", type=int, default=0, help="seed of --random-inputs")
    parser.add_argument("--output", help="write every tile argument and result to this .npz")
    args = parser.parse_args(argv)
    try:
        with ir.Context():
            module = _load(args)
            signature = runtime.function_type(runtime.find_function(module, args.entry))
            inputs = dict(np.load(args.inputs)) if args.inputs else {}
            rng = np.random.default_rng(args.seed) if args.random_inputs else None
            values = _arguments(signature, inputs, rng)
            results = runtime.run(module, args.entry, *values, engine=args.engine,
                                  target=args.target)
            num_results = len(signature.results)
    except (UsageError, OSError, ValueError, TypeError, ir.MLIRError, runtime.KernelError,
            pipeline.PipelineError, jit.UnsupportedError) as error:
        print(f"pto-run: error: {error}", file=sys.stderr)
        return 1
    np.set_printoptions(threshold=64, edgeitems=4, linewidth=120)
    saved = {}
    for position, value in enumerate(values):
        if isinstance(value, (np.ndarray, runtime.Tile)):
            saved[f"arg{position}"] = _show(f"arg{position}", value)
    returned = results if isinstance(results, tuple) else (results,)
    for k in range(num_results):
        saved[f"result{k}"] = _show(f"result{k}", returned[k])
    if args.output:
        np.savez(args.output, **saved)
    return 0


if __name__ == "__main__":
    sys.exit(main())
