"""Checks, over all 2^32 f32 inputs, that the JIT computes a unary family op
bit for bit as pto-isa's CPU simulator does.

    PTO_ISA_ROOT=... PTO_BUILD_DIR=build python tools/check_unary_f32.py texp

The simulator's side is its own instruction (``TEXP(dst, src)`` ... on a
1 x 4096 tile, include/pto/cpu), compiled once with the pto-isa engine's
flags into a program that writes the results of every input in bit order
to a pipe; the JIT's side is a `pl` kernel that loads, computes and stores
the same inputs, 2^24 at a time. Every result is compared as bits (NaNs
included); the first differences are printed. Exit status 1 on a
difference. TRECIP's zeros are given as 1 on both sides (the simulator
asserts a nonzero divisor; pto-mlir fails with division_by_zero).

docs/ops/unary_elementwise.md records a run.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

import numpy as np

CHUNK_ROWS, COLS, TILE_ROWS = 16384, 1024, 8  # 2^24 inputs a chunk, 8 x 1024 tiles
N = 4096  # the simulator program's tile

SIMULATOR = r"""
#include <cstdio>
#include <cstring>
using namespace pto;
int main() {
  using TileT = Tile<TileType::Vec, float, 1, %(n)d, BLayout::RowMajor>;
  TileT src, dst;
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x10000);
  for (uint64_t i = 0; i < (1ull << 32); i += %(n)d) {
    for (int k = 0; k < %(n)d; ++k) {
      uint32_t bits = uint32_t(i + k);
      std::memcpy(&src.data()[k], &bits, 4);
      if (%(nonzero)s && src.data()[k] == 0.0f)
        src.data()[k] = 1.0f;
    }
    %(instr)s(dst, src);
    std::fwrite(dst.data(), 4, %(n)d, stdout);
  }
}
"""


def _simulator(op, directory):
    """The running simulator program of ``op`` (its stdout the results)."""
    from pto_mlir.runtime import pto_isa
    toolchain = pto_isa._Toolchain()  # the engine's compiler, flags and headers
    source = os.path.join(directory, "simulator.cpp")
    with open(source, "w") as f:
        f.write(SIMULATOR % {"n": N, "instr": op.upper(),
                             "nonzero": "true" if op == "trecip" else "false"})
    subprocess.run([toolchain.cxx, *toolchain.flags, source, "-o",
                    os.path.join(directory, "simulator")], check=True)
    return subprocess.Popen([os.path.join(directory, "simulator")], stdout=subprocess.PIPE)


def _jit_kernel(op):
    import pto_mlir.language as pl
    function = pl.FAMILY_FUNCTIONS[op]

    @pl.kernel(target="a5")
    def blocks(x: pl.Tensor[CHUNK_ROWS, COLS, pl.f32], out: pl.Tensor[CHUNK_ROWS, COLS, pl.f32]):
        for r in range(0, CHUNK_ROWS, TILE_ROWS):
            tile = pl.tload(pl.partition_view(x, [r, 0], [TILE_ROWS, COLS]))
            pl.tstore(function(tile), pl.partition_view(out, [r, 0], [TILE_ROWS, COLS]))
    return blocks


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("op", help="a unary family op taking f32 (texp, tlog, tsqrt, ...)")
    parser.add_argument("--chunks", type=int, default=256,
                        help="how many chunks of 2^24 inputs (256: all 2^32)")
    args = parser.parse_args()
    kernel = _jit_kernel(args.op)
    chunk = CHUNK_ROWS * COLS
    differences, start = 0, time.time()
    with tempfile.TemporaryDirectory(prefix="check-unary-f32-") as directory:
        simulator = _simulator(args.op, directory)
        for k in range(args.chunks):
            bits = np.arange(k * chunk, (k + 1) * chunk, dtype=np.uint64).astype(np.uint32)
            x = bits.view(np.float32).reshape(CHUNK_ROWS, COLS)
            if args.op == "trecip":
                x = np.where(x == 0, np.float32(1), x)
            out = np.empty_like(x)
            kernel(x, out, engine="jit")
            want = np.frombuffer(simulator.stdout.read(chunk * 4), np.uint32)
            got = out.reshape(-1).view(np.uint32)
            bad = np.nonzero(got != want)[0]
            for i in bad[:max(0, 10 - differences)]:
                print(f"{args.op}({bits[i]:#010x}): jit {got[i]:#010x}, simulator {want[i]:#010x}")
            differences += len(bad)
        simulator.kill()
        simulator.wait()
    inputs = args.chunks * chunk
    print(f"{args.op}: {inputs} f32 inputs ({inputs / 2**32:.0%} of 2^32), {differences} "
          f"differences, {time.time() - start:.0f} s")
    return 1 if differences else 0


if __name__ == "__main__":
    from build_tree import use_build_tree

    use_build_tree()
    sys.exit(main())
