"""Worker of the `pl` fuzzer: kernels of pl_kernels.py called with wrong
arguments on both engines, on the first call of a new kernel (the call that
builds it) and on a later one (after a call with good arguments). Prints
the lines arg_fuzz.py reads; an engine's outcome holds the first call's
and, under "later", the later call's.

    python pl_worker.py SEED START COUNT KERNEL_LIMIT [KILLERS]

(KERNEL_LIMIT is ignored: every kernel takes part.)
"""
import json
import os
import random
import sys

_build = os.environ.get("PTO_BUILD_DIR")
if _build:
    sys.path.insert(0, os.path.join(os.path.abspath(_build), "python_packages"))

import arg_cases  # noqa: E402
import arg_worker  # noqa: E402
import pl_kernels  # noqa: E402
import pto_mlir.language as pl  # noqa: E402

# What a `pl` kernel call documents it raises (docs/language.md).
DOCUMENTED = (pl.CompileError, pl.ArgumentError, pl.KernelError)


def _params(fn):
    """The kernel's parameters as the argument fuzzer takes them."""
    kernel = pl.kernel(fn)
    example = pl_kernels.EXAMPLES.get(fn.__name__)
    spec = kernel.specialize(*(example() if example else [None] * len(kernel.params)))
    return [arg_cases.Param(i, t) for i, t in enumerate(spec.signature.inputs)]


def _outcome(kernel, engine, args):
    try:
        result = kernel(*args, engine=engine)
    except Exception as error:  # every exception is an outcome to compare
        kind = type(error)
        return {"error": f"{kind.__module__}.{kind.__qualname__}", "message": str(error),
                "documented": isinstance(error, DOCUMENTED), "jit_refused": False,
                "arrays_touched": False}
    return {"result": arg_worker._digest(result, args)}


def make_case(seed, index, params):
    rng = random.Random(f"{seed}:pl:{index}")
    fn = rng.choice(pl_kernels.KERNELS)
    good = arg_cases.well_formed(rng, params[fn.__name__])
    wrong, names = arg_cases.mutate(rng, list(good), params[fn.__name__],
                                    fn.__name__ == "repeat")
    return fn, good, wrong, names or ["well-formed"]


def main(argv):
    seed, start, count = argv[0], int(argv[1]), int(argv[2])
    killers = set(json.loads(argv[4])) if len(argv) > 4 else set()
    params = {fn.__name__: _params(fn) for fn in pl_kernels.KERNELS}
    print(f"KERNELS {len(params)}", flush=True)
    for index in range(start, start + count):
        outcomes = {}
        for engine in ("interp", "jit"):
            fn, good, wrong, names = make_case(seed, index, params)
            running = f"{engine} pl @{fn.__name__}"
            if running in killers:
                outcomes[engine] = {"killed": True}
                continue
            print(f"START {index} {running}", flush=True)
            first = _outcome(pl.kernel(fn), engine, wrong)
            kernel = pl.kernel(fn)
            _outcome(kernel, engine, good)
            fn, good, wrong, names = make_case(seed, index, params)   # fresh objects
            outcomes[engine] = {**first, "later": _outcome(kernel, engine, wrong)}
        record = {"index": index, "kernel": f"pl @{fn.__name__}", "mutations": names,
                  **outcomes}
        print("CASE " + json.dumps(record), flush=True)
    print("DONE", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
