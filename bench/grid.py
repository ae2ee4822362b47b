"""The JIT's grid: `python bench/grid.py`.

A kernel of 16 blocks, each taking texp of its 16 slabs of 16x1024 f32
(a loop: load, texp, store back) in a 4096x1024 array, run by
runtime.run(..., grid=16) on the JIT with PTO_JIT_THREADS=1 (the cores one after another)
and with the default (a thread per CPU), beside the interpreter's run of
the same grid; prints the time of each and the ratio of one thread to
several. Needs PYTHONPATH to reach pto_mlir (or PTO_BUILD_DIR=build).
"""
import os
import sys
import time

import numpy as np

build = os.environ.get("PTO_BUILD_DIR")
if build:
    sys.path.insert(0, os.path.join(os.path.abspath(build), "python_packages"))

from pto_mlir import runtime  # noqa: E402
from pto_mlir.runtime import jit  # noqa: E402

BLOCKS, SLABS, ROWS, COLS = 16, 16, 16, 1024
T = f"!pto.tile_buf<vec, {ROWS}x{COLS}xf32>"
W = f"!pto.partition_tensor_view<{ROWS}x{COLS}xf32>"
V = f"!pto.tensor_view<{BLOCKS * SLABS * ROWS}x{COLS}xf32>"
KERNEL = f"""func.func @slabs(%p: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = arith.constant {BLOCKS * SLABS * ROWS} : index
  %cols = arith.constant {COLS} : index
  %slab = arith.constant {ROWS} : index
  %slabs = arith.constant {SLABS} : index
  %b64 = pto.get_block_idx
  %b = arith.index_cast %b64 : i64 to index
  %first = arith.muli %b, %slabs : index
  %v = pto.make_tensor_view %p, shape = [%rows, %cols], strides = [%cols, %c1] : {V}
  %t = pto.alloc_tile : {T}
  %e = pto.alloc_tile : {T}
  scf.for %i = %c0 to %slabs step %c1 {{
    %s = arith.addi %first, %i : index
    %r = arith.muli %s, %slab : index
    %w = pto.partition_view %v, offsets = [%r, %c0], sizes = [%slab, %cols] : {V} -> {W}
    pto.tload ins(%w : {W}) outs(%t : {T})
    pto.texp ins(%t : {T}) outs(%e : {T})
    pto.tstore ins(%e : {T}) outs(%w : {W})
  }}
  return
}}"""


def timed(engine, threads=None):
    if threads is None:
        os.environ.pop("PTO_JIT_THREADS", None)
    else:
        os.environ["PTO_JIT_THREADS"] = str(threads)
    shape = (BLOCKS * SLABS * ROWS, COLS)
    data = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    runtime.run(KERNEL, "slabs", data.copy(), engine=engine, grid=BLOCKS)   # compile
    best = float("inf")
    for _ in range(3 if engine == "jit" else 1):
        work = data.copy()
        start = time.perf_counter()
        runtime.run(KERNEL, "slabs", work, engine=engine, grid=BLOCKS)
        best = min(best, time.perf_counter() - start)
    return best, work


def main():
    one, one_result = timed("jit", threads=1)
    several, several_result = timed("jit")
    assert one_result.tobytes() == several_result.tobytes()
    interp, interp_result = timed("interp")
    assert interp_result.tobytes() == one_result.tobytes()
    threads = jit.default_threads()
    print(f"grid of {BLOCKS} blocks, texp of {SLABS} slabs of {ROWS}x{COLS} f32 each:")
    print(f"  interpreter        {interp * 1e3:9.1f} ms")
    print(f"  JIT, 1 thread      {one * 1e3:9.1f} ms")
    print(f"  JIT, {threads} threads     {several * 1e3:9.1f} ms   "
          f"({one / several:.2f}x one thread)")


if __name__ == "__main__":
    main()
