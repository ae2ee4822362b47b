"""Call overhead of pto_mlir.language: `python bench/language_call.py`.

Times one small kernel (1x32 i16 tor, and a 16x64 f32 tinterleave with two
results) three ways, in us per call, the best of 200 rounds of 1000 calls:
- direct: the JIT's Kernel (runtime.jit.compile of the kernel's placed
  Level 2 module) on preallocated arrays, results included;
- direct + alloc: the same, allocating the zero-filled result arrays on
  each call, as a caller who wants fresh results must;
- language: `kernel(a, b)`, numpy in, numpy out.
And a 16x32 i16 tor of tiles with dynamic valid rows (`pl.Valid` in, a
`runtime.Tile` out) through the language on the JIT and on the
interpreter: such a kernel returns its result's extents, so its call goes
through the Python binder.
The issue's aim: language within 2x of direct. Needs PYTHONPATH to reach
pto_mlir (or PTO_BUILD_DIR=build).
"""
import os
import sys
import time

import numpy as np

build = os.environ.get("PTO_BUILD_DIR")
if build:
    sys.path.insert(0, os.path.join(os.path.abspath(build), "python_packages"))

import pto_mlir.language as pl  # noqa: E402
from pto_mlir.runtime import jit  # noqa: E402


@pl.kernel
def tor_small(a: pl.Tile[1, 32, pl.i16], b: pl.Tile[1, 32, pl.i16]):
    return a | b


@pl.kernel
def interleave(a: pl.Tile[16, 64, pl.f32], b: pl.Tile[16, 64, pl.f32]):
    return pl.tinterleave(a, b)


@pl.kernel
def tor_rows(a: pl.Tile(16, 32, pl.i16, valid=(None, 32)),
             b: pl.Tile(16, 32, pl.i16, valid=(None, 32))):
    return a | b


def per_call(fn, calls=1000, rounds=200):
    """The fastest of many short rounds: on a shared machine a long round is
    almost always preempted, a short one often is not."""
    fn()
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def bench(kernel, args):
    kernel(*args)
    compiled = jit.compile(kernel.dps, kernel.__name__)
    results = kernel(*args)
    results = results if isinstance(results, tuple) else (results,)
    (shape, dtype), = {(r.shape, r.dtype) for r in results}
    outs = [np.zeros(shape, dtype) for _ in results]
    a, b = args
    zeros = np.zeros
    direct = per_call(lambda: compiled(a, b, *outs))
    if len(results) == 1:
        allocating = per_call(lambda: compiled(a, b, zeros(shape, dtype)))
    else:
        allocating = per_call(lambda: compiled(a, b, zeros(shape, dtype), zeros(shape, dtype)))
    language = per_call(lambda: kernel(a, b))
    print(f"{kernel.__name__:12s} direct {direct:6.3f} us   direct + alloc {allocating:6.3f} us"
          f"   language {language:6.3f} us   language/direct {language / direct:5.2f}x"
          f"   language/(direct + alloc) {language / allocating:5.2f}x")


def bench_dynamic(rng):
    a, b = (pl.Valid(rng.integers(-9, 9, (16, 32), dtype=np.int16), valid=(5, 32))
            for _ in range(2))
    on_jit = per_call(lambda: tor_rows(a, b), calls=100, rounds=50)
    on_interp = per_call(lambda: tor_rows(a, b, engine="interp"), calls=20, rounds=20)
    print(f"{'tor_rows':12s} jit {on_jit:7.2f} us   interpreter {on_interp:7.2f} us"
          f"   interpreter/jit {on_interp / on_jit:5.2f}x")


def main():
    rng = np.random.default_rng(0)
    bench(tor_small, [rng.integers(-9, 9, (1, 32), dtype=np.int16) for _ in range(2)])
    bench(interleave, [rng.standard_normal((16, 64)).astype(np.float32) for _ in range(2)])
    bench_dynamic(rng)


if __name__ == "__main__":
    main()
