"""unary_model.py against pto-isa's CPU simulator itself: a C++ driver of its
instructions (TEXP, TABS, ... on a 1 x 4096 tile, include/pto/cpu:
ElementTileOp.h, TAbs.hpp, TSqrt.hpp, TRSqrt.hpp), compiled with the pto-isa
engine's flags, writes every op's result over every f16 input, every i8 and
i16 input, and a stride of the f32 and i32 inputs; the model must give the
same bits (the tests of the engines then compare them with the model)."""
import functools
import pathlib
import subprocess
import tempfile

import numpy as np
import pytest
from unary_model import every_f16, model

from pto_mlir.runtime import pto_isa

# The stride through the 2^32 f32 and i32 inputs (a prime: every exponent
# and many fractions; the whole range is tools/check_unary_f32.py's).
STRIDE = 65537
_FLOAT_OPS = ("exp", "log", "sqrt", "rsqrt", "recip", "abs", "neg", "relu")
_INT_OPS = ("abs", "neg", "not", "relu")
_C_TYPES = {"f16": ("half", "uint16_t"), "f32": ("float", "uint32_t"),
            "i8": ("int8_t", "uint8_t"), "i16": ("int16_t", "uint16_t"),
            "i32": ("int32_t", "uint32_t")}

DRIVER = """
#include <cstdio>
#include <cstring>
using namespace pto;
constexpr int N = 4096;
// Writes instr(x) for x = 0, stride, 2 * stride, ... < count (as bits) to
// `name`; with `nonzero`, a zero x is given as 1 (TRECIP asserts x != 0).
template <typename T, typename Bits, typename F>
static void run(const char *name, uint64_t count, uint64_t stride, bool nonzero, F instr) {
  using TileT = Tile<TileType::Vec, T, 1, N, BLayout::RowMajor, -1, -1>;
  TileT src(1, N), dst(1, N);
  TASSIGN(src, 0x0);
  TASSIGN(dst, 0x10000);
  FILE *f = std::fopen(name, "wb");
  for (uint64_t i = 0; i < count;) {
    int n = 0;
    for (; n < N && i < count; ++n, i += stride) {
      Bits bits = Bits(i);
      std::memcpy(&src.data()[n], &bits, sizeof(T));
      if (nonzero && src.data()[n] == T(0))
        src.data()[n] = T(1);
    }
    src.SetValidCol(n);
    dst.SetValidCol(n);
    instr(dst, src);
    std::fwrite(dst.data(), sizeof(T), n, f);
  }
  std::fclose(f);
}
int main() {
%s
}
"""


def _cases():
    for element, ops in (("f16", _FLOAT_OPS), ("f32", _FLOAT_OPS), ("i8", _INT_OPS),
                         ("i16", _INT_OPS), ("i32", _INT_OPS)):
        for op in ops:
            yield element, op


def _inputs(element):
    bits = {"f16": 16, "f32": 32, "i8": 8, "i16": 16, "i32": 32}[element]
    stride = STRIDE if bits == 32 else 1
    unsigned = np.dtype(f"u{bits // 8}")
    signed = {"f16": np.float16, "f32": np.float32}.get(element, np.dtype(f"i{bits // 8}"))
    return np.arange(0, 1 << bits, stride, dtype=np.uint64).astype(unsigned).view(signed), stride


@functools.cache
def _simulator():
    """{(element, op): the simulator's results}, from one compiled driver."""
    with tempfile.TemporaryDirectory(prefix="unary-simulator-") as name:
        return _simulate(pathlib.Path(name))


def _simulate(directory):
    calls = []
    for element, op in _cases():
        c_type, bits = _C_TYPES[element]
        count = 1 << (8 * np.dtype(_inputs(element)[0].dtype).itemsize)
        stride = _inputs(element)[1]
        nonzero = str(op == "recip").lower()
        calls.append(f'  run<{c_type}, {bits}>("{element}-{op}", {count}ull, {stride}, '
                     f'{nonzero}, [](auto &d, auto &s) {{ T{op.upper()}(d, s); }});')
    (directory / "driver.cpp").write_text(DRIVER % "\n".join(calls))
    toolchain = pto_isa._Toolchain()
    subprocess.run([toolchain.cxx, *toolchain.flags, "driver.cpp", "-o", "driver"],
                   cwd=directory, check=True, capture_output=True)
    subprocess.run(["./driver"], cwd=directory, check=True)
    return {case: np.fromfile(directory / f"{case[0]}-{case[1]}", _inputs(case[0])[0].dtype)
            for case in _cases()}


@pytest.mark.parametrize("element,op", list(_cases()))
def test_model_is_the_simulator(pto_isa_tools, element, op):
    x, _ = _inputs(element)
    want = _simulator()[(element, op)]
    if op == "recip":
        x = np.where(x == 0, x.dtype.type(1), x)
    got = model(op, x)
    unsigned = np.dtype(f"u{x.dtype.itemsize}")
    bad = np.nonzero(got.view(unsigned) != want.view(unsigned))[0]
    assert not len(bad), [(hex(int(x.view(unsigned)[i])), hex(int(got.view(unsigned)[i])),
                           hex(int(want.view(unsigned)[i]))) for i in bad[:8]]


def test_every_f16_input_is_covered():
    assert len(set(every_f16().view(np.uint16).tolist())) == 1 << 16
