"""pto-run: execute a kernel of a .mlir file on given or random inputs.

    pto-run FILE.mlir --entry NAME [--inputs x.npz] [--random-inputs --seed N]
            [--output out.npz]

A Level 1 kernel (on ``!pto.tile`` values) is first converted to Level 2 by
``pto_mlir.pipeline.to_dps``: its results become out-parameters after the
inputs, initialized to zero. The kernel is then compiled with the host engine
(``pto_mlir.runtime.jit``, the ``pto-to-llvm`` pipeline). Every
``!pto.tile_buf`` argument is a buffer: it is taken from ``--inputs`` (key
``argN``) or drawn at random, the kernel writes its outs in place, and every
buffer is printed afterwards (``argN`` for inputs, ``resultN`` for the
out-parameters of a Level 1 kernel). Scalar (index or integer) arguments must
come from ``--inputs``.
"""
import argparse
import sys

import numpy as np

from .. import ir, pipeline
from ..dialects import pto
from ..runtime import jit


class UsageError(Exception):
    """Bad command-line input; reported as ``pto-run: error: ...``."""


def _find_entry(module, name):
    for op in module.body.operations:
        if op.operation.name == "func.func" and op.attributes["sym_name"].value == name:
            return op
    names = [op.attributes["sym_name"].value for op in module.body.operations
             if op.operation.name == "func.func"]
    raise UsageError(f"no func.func @{name} in the module (found: {', '.join(names) or 'none'})")


def _random_tile(tile_type, rng):
    dtype = np.dtype(jit._DTYPES[str(tile_type.element_type)])
    shape = (tile_type.rows, tile_type.cols)
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        data = rng.integers(info.min, info.max, size=shape, endpoint=True, dtype=dtype)
    else:
        data = rng.standard_normal(shape).astype(dtype)
    return data if tile_type.blayout == "row_major" else np.asfortranarray(data)


def _is_level1(entry):
    types = list(entry.type.inputs) + list(entry.type.results)
    return any(pto.TileType.isinstance(t) for t in types)


def _bind_arguments(entry, inputs, rng, num_inputs):
    """One value per argument: from --inputs (key argN), else random; the
    out-parameters of a converted Level 1 kernel (from num_inputs on) start
    at zero."""
    values = []
    for position, arg_type in enumerate(entry.type.inputs):
        key = f"arg{position}"
        if pto.TileBufType.isinstance(arg_type):
            tile_type = pto.TileBufType(arg_type)
            if position >= num_inputs:
                order = "C" if tile_type.blayout == "row_major" else "F"
                dtype = np.dtype(jit._DTYPES[str(tile_type.element_type)])
                data = np.zeros((tile_type.rows, tile_type.cols), dtype=dtype, order=order)
            elif key in inputs:
                data = np.array(inputs[key], order="C" if tile_type.blayout == "row_major" else "F")
            elif rng is not None:
                data = _random_tile(tile_type, rng)
            else:
                raise UsageError(f"{key} ({arg_type}) is not in --inputs; give it or use --random-inputs")
            valid = tile_type.valid_shape
            values.append((data, tuple(inputs.get(f"{key}_valid", valid)))
                          if None in valid else data)
        elif key in inputs:
            values.append(int(inputs[key]))
        else:
            raise UsageError(f"{key} ({arg_type}) is a scalar: give it in --inputs")
    return values


def main(argv=None):
    parser = argparse.ArgumentParser(prog="pto-run", description=__doc__.split("\n\n")[0])
    parser.add_argument("file", help="the .mlir file ('-' for standard input)")
    parser.add_argument("--entry", required=True, help="name of the func.func to run")
    parser.add_argument("--inputs", help=".npz with arrays arg0, arg1, ... (argN_valid for '?')")
    parser.add_argument("--random-inputs", action="store_true", help="draw missing tiles at random")
    parser.add_argument("--seed", type=int, default=0, help="seed of --random-inputs")
    parser.add_argument("--output", help="write every buffer after the run to this .npz")
    args = parser.parse_args(argv)
    try:
        text = sys.stdin.read() if args.file == "-" else open(args.file).read()
        with ir.Context():
            module = ir.Module.parse(text)
            entry = _find_entry(module, args.entry)
            num_inputs = len(entry.type.inputs)
            if _is_level1(entry):
                pipeline.to_dps(module)
                entry = _find_entry(module, args.entry)
            inputs = dict(np.load(args.inputs)) if args.inputs else {}
            rng = np.random.default_rng(args.seed) if args.random_inputs else None
            values = _bind_arguments(entry, inputs, rng, num_inputs)
            jit.run(module, args.entry, *values)
    except (UsageError, OSError, ValueError, TypeError, ir.MLIRError,
            pipeline.PipelineError, jit.KernelError, jit.UnsupportedError) as error:
        print(f"pto-run: error: {error}", file=sys.stderr)
        return 1
    results = {}
    np.set_printoptions(threshold=64, edgeitems=4, linewidth=120)
    for position, value in enumerate(values):
        if isinstance(value, int):
            continue
        data = value[0] if isinstance(value, tuple) else value
        name = f"arg{position}" if position < num_inputs else f"result{position - num_inputs}"
        results[name] = data
        print(f"{name}: {data.dtype} {data.shape[0]}x{data.shape[1]}")
        print(data)
    if args.output:
        np.savez(args.output, **results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
