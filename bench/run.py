"""Benchmarks of the compiled engine: `python bench/run.py [--quick]`.

Prints, per op and workload, the time per call of the reference interpreter,
the JIT, a vectorized numpy expression of the same semantics and a memcpy of
the bytes the op reads (the bandwidth limit), as ratios to memcpy from one
run; then JIT compile times and `pto-opt` times on modules of growing size
(to show they scale linearly). Needs PYTHONPATH to reach pto_mlir and
pto-opt on PATH (or PTO_BUILD_DIR=build).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "test", "pytest", "jit"))
build = os.environ.get("PTO_BUILD_DIR")
if build:
    sys.path.insert(0, os.path.join(os.path.abspath(build), "python_packages"))
    os.environ["PATH"] = os.path.join(os.path.abspath(build), "bin") + os.pathsep + os.environ["PATH"]

from kernels import random_tile, tile_buf, tor_kernel  # noqa: E402
from pto_mlir.runtime import jit  # noqa: E402


def interpreter():
    from pto_mlir import runtime
    return runtime.run


def per_call(fn, budget):
    """Seconds per call: repeats until `budget` seconds, best of 3 rounds."""
    fn()
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget / 3:
        fn()
        calls += 1
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best


def chain_kernel(rows, cols, element, length):
    """`@chain(a, d)`: `length` pto.tor ops, each `d = d | a`."""
    t = tile_buf(rows, cols, element)
    op = f"  pto.tor ins(%d, %a : {t}, {t}) outs(%d : {t})\n"
    return f"func.func @chain(%a: {t}, %d: {t}) {{\n{op * length}  return\n}}\n"


def fmt(seconds):
    return "n/a" if seconds is None else f"{seconds * 1e6:10.2f} us"


def ratio(seconds, base):
    return "" if seconds is None else f"({seconds / base:7.2f}x)"


def report(name, shape, times, budget):
    memcpy = times["memcpy"]
    cells = [f"{k} {fmt(v)} {ratio(v, memcpy)}" for k, v in times.items()]
    print(f"{name:10s} {shape[0]:>4d}x{shape[1]:<5d} " + "  ".join(cells))


def bench_tor(shape, budget):
    rng = np.random.default_rng(0)
    a, b, d = (random_tile(rng, shape, np.int16) for _ in range(3))
    kernel = tor_kernel(*shape, "i16")
    compiled = jit.compile(kernel, "tor")
    scratch_src = np.concatenate([a, b])
    scratch_dst = np.empty_like(scratch_src)
    interp = interpreter()
    times = {
        "interp": per_call(lambda: interp(kernel, "tor", a, b, d), budget) if interp else None,
        "jit": per_call(lambda: compiled(a, b, d), budget),
        "numpy": per_call(lambda: np.bitwise_or(a, b, out=d), budget),
        "memcpy": per_call(lambda: np.copyto(scratch_dst, scratch_src), budget),
    }
    report("tor", shape, times, budget)


def bench_chain(shape, length, budget):
    rng = np.random.default_rng(0)
    a, d = (random_tile(rng, shape, np.int16) for _ in range(2))
    kernel = chain_kernel(*shape, "i16", length)
    start = time.perf_counter()
    compiled = jit.compile(kernel, "chain")
    compile_time = time.perf_counter() - start

    def numpy_chain():
        for _ in range(length):
            np.bitwise_or(d, a, out=d)

    scratch_src = np.concatenate([a, d])
    scratch_dst = np.empty_like(scratch_src)

    def memcpy_chain():
        for _ in range(length):
            np.copyto(scratch_dst, scratch_src)

    interp = interpreter()
    times = {
        "interp": per_call(lambda: interp(kernel, "chain", a, d), budget) if interp else None,
        "jit": per_call(lambda: compiled(a, d), budget),
        "numpy": per_call(numpy_chain, budget),
        "memcpy": per_call(memcpy_chain, budget),
    }
    report(f"chain{length}", shape, times, budget)
    print(f"{'':10s} JIT compile of the {length}-op kernel: {compile_time * 1e3:.1f} ms")


def bench_pto_opt(sizes):
    tool = shutil.which("pto-opt")
    if tool is None:
        print("pto-opt not found: skipped")
        return
    print("pto-opt on a module of N pto.tor ops (one function), seconds:")
    print(f"{'N':>8s} {'parse+print':>12s} {'per op':>9s} {'pto-to-llvm':>12s} {'per op':>9s}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"chain{n}.mlir")
            with open(path, "w") as f:
                f.write(chain_kernel(1, 32, "i16", n))
            row = [f"{n:8d}"]
            for args in ([], ["--pto-to-llvm"]):
                start = time.perf_counter()
                subprocess.run([tool, path, *args, "-o", os.devnull], check=True)
                seconds = time.perf_counter() - start
                row.append(f"{seconds:12.3f} {seconds / n * 1e6:7.2f}us")
            print(" ".join(row))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short timing budget")
    args = parser.parse_args()
    budget = 0.3 if args.quick else 1.0
    print("time per call (ratio to memcpy of the bytes the op reads)")
    for shape in [(1, 32), (256, 4096)]:
        bench_tor(shape, budget)
    for shape in [(1, 32), (64, 1024)]:
        bench_chain(shape, 1000, budget)
    # 100,000 ops is the target; the lowering is superlinear today (see
    # docs/performance.md), so the sizes stop where it still fits in memory.
    bench_pto_opt([1_000, 2_000, 4_000, 8_000])


if __name__ == "__main__":
    main()
