"""`pto-opt` throughput on large Level 1 kernels: `python bench/pto_opt.py`.

Generates one function of N chained `pto.tor` ops (Level 1, SSA tiles), with
the tile type in the compact and in the keyed (PTOAS) spelling, and one whose
ops each need a buffer of their own (KERNELS), and times
- parse+verify: `ir.Module.parse` of the text in a Python child (the same C++
  parser and verifier as pto-opt, printing excluded), CPU time of its
  thread, best of 3, as ops per second;
- `--pto-to-dps` of the Level 1 file and `--pto-to-llvm` of its output, each
  a whole `pto-opt` process (parse, passes, print to /dev/null), CPU seconds
  of the process (user + system: the machine is shared) and its peak memory;
- both in one process, `pto-opt --pto-to-dps --pto-to-llvm` of the Level 1
  file: the Level 1 kernel taken to LLVM, parsed and printed once.
The `x10` columns are the time at N over the time at N/10: 10 when the cost
is linear in the number of ops. `--timing` prints the `--mlir-timing` report
of each stage at the largest N. Needs pto-opt on PATH and pto_mlir on
PYTHONPATH (or PTO_BUILD_DIR=build).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# The tile type of each kernel. In the first two every tor writes over its
# dead source (pto-to-dps allocates one buffer); `alloc` has a partial valid
# shape, so each result gets a buffer of its own (one alloc_tile per op).
KERNELS = {
    "compact": "!pto.tile<vec, 1x32xi16>",
    "keyed": ("!pto.tile<loc=vec, dtype=i16, rows=1, cols=32, v_row=1, v_col=32, "
              "blayout=row_major, slayout=none_box, fractal=512, pad=0>"),
    "alloc": "!pto.tile<vec, 1x32xi16, valid=1x16>",
}


def chain_kernel(tile, length):
    """`@chain(%a) -> tile`: `length` pto.tor ops, each `%i = %(i-1) | %a`."""
    sig = f"({tile}, {tile}) -> {tile}"
    lines = [f"func.func @chain(%a: {tile}) -> {tile} {{",
             f"  %0 = pto.tor %a, %a : {sig}"]
    lines += [f"  %{i} = pto.tor %{i - 1}, %a : {sig}" for i in range(1, length)]
    lines += [f"  return %{length - 1} : {tile}", "}", ""]
    return "\n".join(lines)


def run(tool, args):
    """CPU seconds and peak resident MB of `pto-opt args`, and its stderr."""
    proc = subprocess.Popen([tool, *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    stderr = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"pto-opt {' '.join(args)} failed:\n{stderr}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, stderr


# Run in a child: a parent holding the Python bindings would hand its
# resident pages to every pto-opt it forks, and to their peak memory.
PARSE_SCRIPT = """
import sys, time
from pto_mlir import ir
text = open(sys.argv[1]).read()
best = float("inf")
for _ in range(3):
    with ir.Context():
        start = time.thread_time()
        ir.Module.parse(text)
        best = min(best, time.thread_time() - start)
print(best)
"""


def parse_seconds(path):
    """Thread CPU seconds of parsing and verifying the file, best of 3."""
    output = subprocess.run([sys.executable, "-c", PARSE_SCRIPT, path],
                            check=True, capture_output=True, text=True).stdout
    return float(output)


def ratio(times, n, sizes):
    index = sizes.index(n)
    if index == 0 or sizes[index - 1] * 10 != n:
        return f"{'':>6s}"
    return f"{times[index] / times[index - 1]:6.1f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000",
                        help="comma-separated op counts (default 1000,10000,100000)")
    parser.add_argument("--kernels", default=",".join(KERNELS),
                        help=f"comma-separated kernels (default {','.join(KERNELS)})")
    parser.add_argument("--timing", action="store_true",
                        help="print --mlir-timing of each stage at the largest size")
    args = parser.parse_args()
    build = os.environ.get("PTO_BUILD_DIR")
    if build:
        packages = os.path.join(os.path.abspath(build), "python_packages")
        os.environ["PYTHONPATH"] = os.pathsep.join(
            filter(None, [packages, os.environ.get("PYTHONPATH")]))
        os.environ["PATH"] = (os.path.join(os.path.abspath(build), "bin") + os.pathsep
                              + os.environ["PATH"])
    tool = shutil.which("pto-opt")
    if tool is None:
        sys.exit("pto-opt not found (PATH or PTO_BUILD_DIR)")
    sizes = [int(n) for n in args.sizes.split(",")]
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start; "
          "CPU seconds of each pto-opt process")
    print(f"{'kernel':>8s} {'N':>7s} | {'parse+verify':>12s} {'ops/s':>8s} {'x10':>6s} | "
          f"{'pto-to-dps':>10s} {'MB':>6s} {'x10':>6s} | "
          f"{'pto-to-llvm':>11s} {'MB':>6s} {'x10':>6s} | "
          f"{'both':>8s} {'x10':>6s}")
    reports = {}
    with tempfile.TemporaryDirectory() as tmp:
        for spelling in args.kernels.split(","):
            tile = KERNELS[spelling]
            parse, dps, llvm, both = [], [], [], []
            for n in sizes:
                level1 = os.path.join(tmp, f"{spelling}{n}.mlir")
                level2 = os.path.join(tmp, f"{spelling}{n}.dps.mlir")
                with open(level1, "w") as f:
                    f.write(chain_kernel(tile, n))
                parse.append(parse_seconds(level1))
                seconds, dps_mb, report_dps = run(
                    tool, [level1, "--pto-to-dps", "--mlir-timing", "-o", level2])
                dps.append(seconds)
                seconds, llvm_mb, report_llvm = run(
                    tool, [level2, "--pto-to-llvm", "--mlir-timing", "-o", os.devnull])
                llvm.append(seconds)
                both.append(run(tool, [level1, "--pto-to-dps", "--pto-to-llvm",
                                       "-o", os.devnull])[0])
                reports[spelling] = (n, report_dps, report_llvm)
                print(f"{spelling:>8s} {n:7d} | {parse[-1]:11.3f}s {n / parse[-1]:8.0f} "
                      f"{ratio(parse, n, sizes)} | {dps[-1]:9.2f}s {dps_mb:6.0f} "
                      f"{ratio(dps, n, sizes)} | {llvm[-1]:10.2f}s {llvm_mb:6.0f} "
                      f"{ratio(llvm, n, sizes)} | {both[-1]:7.2f}s {ratio(both, n, sizes)}",
                      flush=True)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    if args.timing:
        for spelling, (n, *stage_reports) in reports.items():
            for stage, report in zip(("--pto-to-dps", "--pto-to-llvm"),
                                     stage_reports):
                print(f"\n{spelling}, N={n}, {stage}:\n{report}")


if __name__ == "__main__":
    main()
