"""Worker process of the argument fuzzer: runs cases ``start`` ..
``start + count - 1`` of a seed on both engines and prints one JSON line per
case (``START n`` first, so that the parent knows which case killed a
worker that dies).

    python arg_worker.py SEED START COUNT KERNEL_LIMIT [KILLERS]

KILLERS is a JSON list of "engine kernel" strings that killed a worker
before: their cases are not run again but answered ``{"killed": true}``.
"""
import hashlib
import json
import os
import random
import sys

_build = os.environ.get("PTO_BUILD_DIR")
if _build:
    sys.path.insert(0, os.path.join(os.path.abspath(_build), "python_packages"))

import numpy as np  # noqa: E402

import arg_cases  # noqa: E402
import corpus  # noqa: E402
from arg_fuzz import ENGINES  # noqa: E402
from pto_mlir import ir, pipeline, runtime  # noqa: E402
from pto_mlir.runtime import jit  # noqa: E402
from pto_mlir.runtime.globals import (  # noqa: E402
    is_pointer_type,
    pointer_dtype,
    pointer_elements,
)

# What runtime.run documents it raises (docs/runtime.md); any other
# exception type is a finding.
DOCUMENTED = (runtime.ArgumentError, runtime.KernelError, jit.UnsupportedError,
              pipeline.PipelineError, ir.MLIRError)
# How the compiled engine says it cannot run a kernel at all: an op it
# cannot lower, or a Level 1 kernel pto-to-dps cannot convert.
JIT_REFUSALS = (jit.UnsupportedError, pipeline.PipelineError)
_ARGUMENT_KINDS = (ir.IndexType, ir.IntegerType, ir.FloatType, ir.F64Type)
KERNELS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels.mlir")


class Kernel:
    def __init__(self, origin, text, entry, params):
        self.origin = origin
        self.text = text
        self.entry = entry
        self.params = params


def _runnable(function_type):
    """Its arguments and results are tiles or scalars, and its arguments
    may be global arrays of a dtype the host has."""
    results_ok = all(arg_cases.is_tile_type(t) or isinstance(t, _ARGUMENT_KINDS)
                     for t in function_type.results)
    return results_ok and all(
        arg_cases.is_tile_type(t) or isinstance(t, _ARGUMENT_KINDS)
        or (is_pointer_type(t) and pointer_dtype(t) is not None)
        for t in function_type.inputs)


def kernels():
    """Every function with a body, in the corpus and kernels.mlir, whose
    arguments and results the runtime can take; in a fixed order."""
    found = []
    sources = [corpus.Seed(f"test/fuzz/kernels.mlir:{k}", chunk) for k, chunk in
               enumerate(open(KERNELS_FILE).read().split(corpus.SPLIT_MARKER))]
    for seed in sources + corpus.seeds():
        with ir.Context():
            try:
                module = ir.Module.parse(seed.text)
            except ir.MLIRError:
                continue
            for op in module.body.operations:
                if op.operation.name != "func.func" or not op.operation.regions[0].blocks:
                    continue
                function_type = runtime.function_type(op.operation)
                if not _runnable(function_type):
                    continue
                params = [arg_cases.Param(i, t, pointer_elements(op.operation, i)
                                          if is_pointer_type(t) else None)
                          for i, t in enumerate(function_type.inputs)]
                found.append(Kernel(seed.name, seed.text, op.attributes["sym_name"].value,
                                    params))
    return found


def _digest(value, args):
    """A comparable description of a returned value: which argument it is
    (an array or Tile), or its type, dtype, shape and bytes."""
    for k, arg in enumerate(args):
        if value is arg and isinstance(arg, (np.ndarray, runtime.Tile)):
            return ["argument", k, _digest(value.array if isinstance(value, runtime.Tile)
                                          else value, [])]
    if value is None:
        return None
    if isinstance(value, tuple):
        return [_digest(v, args) for v in value]
    if isinstance(value, runtime.Tile):
        return ["Tile", list(value.valid), _digest(value.array, [])]
    if isinstance(value, np.ndarray):
        raw = np.ascontiguousarray(value).tobytes()
        return ["array", str(value.dtype), list(value.shape), hashlib.sha1(raw).hexdigest()]
    return [type(value).__name__, repr(value)]


def _arrays(args):
    out = []
    for a in args:
        a = a.array if isinstance(a, runtime.Tile) else a
        if isinstance(a, np.ndarray) and a.dtype != object:
            out.append(a)
    return out


def call(kernel, engine, args, target):
    """Runs one engine; the outcome as a dict of plain values."""
    before = [np.ascontiguousarray(a).tobytes() for a in _arrays(args)]
    try:
        result = runtime.run(kernel.text, kernel.entry, *args, engine=engine, target=target)
    except Exception as error:  # every exception is an outcome to compare
        kind = type(error)
        after = [np.ascontiguousarray(a).tobytes() for a in _arrays(args)]
        return {"error": f"{kind.__module__}.{kind.__qualname__}",
                "message": str(error), "documented": isinstance(error, DOCUMENTED),
                "jit_refused": isinstance(error, JIT_REFUSALS),
                "arrays_touched": before != after}
    return {"result": _digest(result, args),
            "arguments_after": [hashlib.sha1(np.ascontiguousarray(a).tobytes()).hexdigest()
                                for a in _arrays(args)]}


def make_case(seed, index, pool):
    """(kernel, arguments, target, mutation names) of case ``index``: a new
    set of objects on every call, so each engine gets its own. The target
    sizes the memories placed tiles live in (runtime.run's ``target``)."""
    rng = random.Random(f"{seed}:args:{index}")
    kernel = rng.choice(pool)
    args = arg_cases.well_formed(rng, kernel.params)
    names = []
    if rng.random() < 0.85:
        args, names = arg_cases.mutate(rng, args, kernel.params, "scf.for" in kernel.text)
    target = rng.choice([None, None, *runtime.TARGETS])
    if target:
        names.append(f"target {target}")
    return kernel, args, target, names or ["well-formed"]


def pool(seed, limit):
    """The kernels a run draws from: all of them, or those of kernels.mlir
    and ``limit`` more chosen by the seed."""
    every = kernels()
    if limit and limit < len(every):
        own = [k for k in every if k.origin.startswith("test/fuzz/kernels.mlir")]
        rest = [k for k in every if k not in own]
        every = own + random.Random(f"{seed}:kernels").sample(rest, limit)
    return every


def main(argv):
    seed, start, count, limit = argv[0], int(argv[1]), int(argv[2]), int(argv[3])
    killers = set(json.loads(argv[4])) if len(argv) > 4 else set()
    chosen = pool(seed, limit)
    print(f"KERNELS {len(chosen)}", flush=True)
    for index in range(start, start + count):
        outcomes = {}
        for engine in ENGINES:
            kernel, args, target, names = make_case(seed, index, chosen)
            running = f"{engine} {kernel.origin} @{kernel.entry}"
            if running in killers:
                outcomes[engine] = {"killed": True}
                continue
            print(f"START {index} {running}", flush=True)
            outcomes[engine] = call(kernel, engine, args, target)
        record = {"index": index, "kernel": f"{kernel.origin} @{kernel.entry}",
                  "mutations": names, **outcomes}
        print("CASE " + json.dumps(record), flush=True)
    print("DONE", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
