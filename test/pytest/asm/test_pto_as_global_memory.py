"""PTO-AS with global memory (the window forms of tload and tstore) imports
to kernels that run on numpy arrays, written in place, on both engines;
the exporter writes a pl kernel on arrays back in the same forms."""
import numpy as np
import pytest

import pto_mlir.language as pl
from pto_mlir import asm, ir, runtime

I16 = "!pto.tile<vec, 16x32xi16>"
X = "!pto.tensor_view<64x32xi16>"

OR_ROWS = f"""\
%a = tload %x[%r, 0] : (!pto.tensor_view<64x32xi16>, index, index) -> {I16}
%b = tload %y[%r, 0] : {X} -> {I16}
%o = tor %a, %b : {I16}
tstore %o, %out[%r, 0] : {I16} -> {X}
"""

# Level 2: the buffers are arguments, written in place too.
MOVE = """\
tload %a, %x[0, %c] : !pto.tensor_view<16x64xf32> -> !pto.tile<vec, 16x32xf32>
tmov %b, %a : !pto.tile<vec, 16x32xf32>
tstore %b, %y[0, 32] : !pto.tile<vec, 16x32xf32> -> !pto.tensor_view<16x64xf32>
"""

RNG = np.random.default_rng(24)


@pytest.fixture(params=["interp", "jit"])
def engine(request):
    return request.param


def test_a_window_kernel_writes_the_callers_array(engine):
    x, y = (RNG.integers(-2**15, 2**15, (64, 32), dtype=np.int16) for _ in range(2))
    out = np.full((64, 32), 5, np.int16)
    with ir.Context():
        module = asm.parse(OR_ROWS)
        assert str(module).splitlines()[1] == (
            "  func.func @kernel(%arg0: !pto.ptr<i16>, %arg1: index, %arg2: !pto.ptr<i16>, "
            "%arg3: !pto.ptr<i16>) {")
        returned = runtime.run(module, "kernel", x, 16, y, out, engine=engine)
    expected = np.full((64, 32), 5, np.int16)
    expected[16:32] = x[16:32] | y[16:32]
    assert returned is out
    assert out.tobytes() == expected.tobytes()


def test_a_destination_first_window_kernel(engine):
    x = RNG.standard_normal((16, 64)).astype(np.float32)
    y = np.zeros((16, 64), np.float32)
    a, b = (np.zeros((16, 32), np.float32) for _ in range(2))
    with ir.Context():
        runtime.run(asm.parse(MOVE), "kernel", a, x, 8, b, y, engine=engine)
    assert a.tobytes() == x[:, 8:40].tobytes()
    assert b.tobytes() == x[:, 8:40].tobytes()
    expected = np.zeros((16, 64), np.float32)
    expected[:, 32:] = x[:, 8:40]
    assert y.tobytes() == expected.tobytes()


def test_export_of_what_it_imports_is_the_text():
    with ir.Context():
        text = asm.emit(asm.parse(OR_ROWS))
    assert text == (f"%0 = tload %arg0[%arg1, 0] : {X} -> {I16}\n"
                    f"%1 = tload %arg2[%arg1, 0] : {X} -> {I16}\n"
                    f"%2 = tor %0, %1 : {I16}\n"
                    f"tstore %2, %arg3[%arg1, 0] : {I16} -> {X}\n")


@pl.kernel
def or_window(x: pl.Tensor[64, 32, pl.i16], r: pl.index, y: pl.Tensor[64, 32, pl.i16],
              out: pl.Tensor[64, 32, pl.i16]):
    a = pl.tload(pl.partition_view(x, [r, 0], [16, 32]))
    b = pl.tload(pl.partition_view(y, [r, 0], [16, 32]))
    pl.tstore(a | b, pl.partition_view(out, [r, 0], [16, 32]))


def test_a_language_kernel_on_arrays_exports_in_the_window_forms(engine):
    text = asm.emit(or_window.module())
    assert text == (f"%0 = tload %arg0[%arg1, 0] : {X} -> {I16}\n"
                    f"%1 = tload %arg2[%arg1, 0] : {X} -> {I16}\n"
                    f"%2 = tor %0, %1 : {I16}\n"
                    f"tstore %2, %arg3[%arg1, 0] : {I16} -> {X}\n")
    x, y = (RNG.integers(-2**15, 2**15, (64, 32), dtype=np.int16) for _ in range(2))
    from_language, from_asm = np.zeros((64, 32), np.int16), np.zeros((64, 32), np.int16)
    or_window(x, 48, y, from_language, engine=engine)
    with ir.Context():
        runtime.run(asm.parse(text), "kernel", x, 48, y, from_asm, engine=engine)
    assert from_asm.tobytes() == from_language.tobytes()
