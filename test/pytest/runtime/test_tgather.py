"""pto.tgather on the three engines: the interpreter, the JIT and pto-isa's
CPU simulator itself (engine="pto-isa", include/pto/cpu/TGather.hpp of
pto-isa 3186c381), each compared bit for bit with a model of the
simulator's loops written here from TGather.hpp: the index form (indices
outside src's rows x cols give 0, TGather.hpp:103-105; cells of src outside
its valid region are read) and the mask form (every pattern, rows packed
one after another from dst's first element, dst's other elements kept).
The compare form, and the 16-bit indices the simulator does not compile,
are refused by name."""
import ml_dtypes
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import jit, pto_isa
from pto_mlir.runtime.errors import KernelError

ENGINES = ("interp", "jit", "pto-isa")
DTYPES = {"f16": np.float16, "f32": np.float32, "i16": np.int16, "ui16": np.uint16,
          "i32": np.int32, "ui32": np.uint32, "i8": np.int8, "ui8": np.uint8,
          "i64": np.int64, "f8E4M3FN": ml_dtypes.float8_e4m3fn,
          "f8E5M2": ml_dtypes.float8_e5m2}


def buf(shape, element, valid=None):
    v = "" if valid is None or valid == shape else f", valid={valid[0]}x{valid[1]}"
    return f"!pto.tile_buf<vec, {shape[0]}x{shape[1]}x{element}{v}>"


def model_index(src, indices, dst, valid):
    """TGather.hpp:97-113: dst[r, c] = src at flat position indices[r, c]
    of its whole rows x cols (row-major), 0 outside it."""
    out = dst.copy()
    rows, cols = src.shape
    for r in range(valid[0]):
        for c in range(valid[1]):
            raw = int(indices[r, c])
            out[r, c] = src[raw // cols, raw % cols] if 0 <= raw < rows * cols else 0
    return out


def model_mask(src, valid, pattern, dst):
    """TGather.hpp:128-141: the columns MaskSelect keeps (TGather.hpp:37-59),
    row after row, into dst[didx++] from its first element, as bits."""
    keep = {"P0101": lambda c: c % 2 == 0, "P1010": lambda c: c % 2 == 1,
            "P0001": lambda c: c % 4 == 0, "P0010": lambda c: c % 4 == 1,
            "P0100": lambda c: c % 4 == 2, "P1000": lambda c: c % 4 == 3,
            "P1111": lambda c: True}[pattern]
    out = dst.copy().reshape(-1)
    didx = 0
    for r in range(valid[0]):
        for c in range(valid[1]):
            if keep(c):
                out[didx] = src[r, c].view(out.dtype)
                didx += 1
    return out.reshape(dst.shape)


def index_kernel(target, element, index, src_shape, src_valid, shape, valid):
    s, i = buf(src_shape, element, src_valid), buf(shape, index)
    d = buf(shape, element, valid)
    return f"""module attributes {{pto.target_arch = "{target}"}} {{
func.func @k(%s: {s}, %i: {i}, %t: {i}, %d: {d}) {{
  pto.tgather ins(%s, %i, %t : {s}, {i}, {i}) outs(%d : {d})
  return
}}
}}"""


def mask_kernel(target, element, dst_element, pattern, src_shape, src_valid, dst_shape):
    s, d = buf(src_shape, element, src_valid), buf(dst_shape, dst_element)
    return f"""module attributes {{pto.target_arch = "{target}"}} {{
func.func @k(%s: {s}, %d: {d}) {{
  pto.tgather ins(%s, {{maskPattern = #pto.mask_pattern<{pattern}>}} : {s}) outs(%d : {d})
  return
}}
}}"""


def random_values(rng, element, shape):
    dtype = DTYPES[element]
    if element.startswith("f8"):
        return rng.integers(0, 256, shape, dtype=np.uint8).view(dtype)
    if np.issubdtype(dtype, np.floating):
        return rng.standard_normal(shape).astype(dtype)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)


# (target, element, index type): the simulator compiles 32-bit indices only.
INDEX_CASES = [("a2a3", "f16", "i32"), ("a2a3", "f32", "i32"), ("a2a3", "i16", "ui32"),
               ("a2a3", "i32", "i32"), ("a5", "ui8", "i32"), ("a5", "i8", "ui32"),
               ("a5", "ui16", "i32")]


def check_index_form(engine, target, element, index, shape, valid, src_valid=(4, 32)):
    rng = np.random.default_rng(len(element) * 7 + len(index))
    src_shape = (4, 32)
    src = random_values(rng, element, src_shape)
    # In range, past the end, negative (signed) and huge (unsigned).
    low = -8 if index == "i32" else 0
    indices = rng.integers(low, 4 * 32 + 8, shape).astype(DTYPES[index])
    indices[0, :4] = [127, 128, 95, 0]
    if index == "ui32":
        indices[1, 0] = 0xFFFFFFFF
    else:
        indices[1, 0] = -1
    dst = random_values(rng, element, shape)
    want = model_index(src, indices, dst, valid)
    kernel = index_kernel(target, element, index, src_shape, src_valid, shape, valid)
    runtime.run(kernel, "k", src, indices, np.zeros(shape, DTYPES[index]), dst, engine=engine)
    assert dst.tobytes() == want.tobytes()


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("target, element, index", INDEX_CASES)
def test_index_form(engine, target, element, index):
    # dst's last row is not valid: it keeps its values.
    check_index_form(engine, target, element, index, (3, 32), (2, 32))


@pytest.mark.parametrize("engine", ("interp", "jit"))
@pytest.mark.parametrize("target, element, index", INDEX_CASES[:2])
def test_index_form_part_of_the_columns(engine, target, element, index):
    # PTOAS's verifier asks for all of dst's columns valid; pto-isa does not.
    # The cells of src outside its valid region are read too (the pto-isa
    # engine passes only a tile argument's valid region: not there).
    check_index_form(engine, target, element, index, (2, 32), (2, 29), src_valid=(3, 10))


def test_ptoas_takes_all_of_dsts_columns():
    kernel = index_kernel("a2a3", "f16", "i32", (4, 32), (4, 32), (2, 32), (2, 29))
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(kernel, "k")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: PTOAS cannot express it:\n"
        "-:3:3: error: 'pto.tgather' with dst of 32 cols, 2x29 valid, has no PTOAS form: "
        "PTOAS's tgather takes dst and indices with all their columns valid")


@pytest.mark.parametrize("engine", ("interp", "jit"))
def test_index_form_8_byte_elements(engine):
    # pto-isa's A5 code gathers them (a5/TGather.hpp:22-25); PTOAS does not.
    check_index_form(engine, "a5", "i64", "ui32", (3, 32), (2, 32))


def test_ptoas_has_no_8_byte_gather():
    kernel = index_kernel("a5", "i64", "i32", (4, 32), (4, 32), (2, 32), (2, 32))
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(kernel, "k")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: PTOAS cannot express it:\n"
        "-:3:3: error: 'pto.tgather' (index form) of i64 has no PTOAS form on a5: PTOAS's "
        "takes f16, f32 and 8-, 16- or 32-bit integers")


@pytest.mark.parametrize("engine", ("interp", "jit"))
def test_index_form_a5_16_bit_indices(engine):
    # A5 takes 16-bit indices (a5/TGather.hpp:26-28); the simulator does not.
    rng = np.random.default_rng(3)
    src = random_values(rng, "f16", (2, 16))
    indices = rng.integers(-4, 40, (2, 16)).astype(np.int16)
    dst = np.zeros((2, 16), np.float16)
    want = model_index(src, indices, dst, (2, 16))
    kernel = index_kernel("a5", "f16", "i16", (2, 16), (2, 16), (2, 16), (2, 16))
    runtime.run(kernel, "k", src, indices, np.zeros((2, 16), np.int16), dst, engine=engine)
    assert dst.tobytes() == want.tobytes()


def test_the_simulator_refuses_16_bit_indices():
    kernel = index_kernel("a5", "f16", "i16", (2, 16), (2, 16), (2, 16), (2, 16))
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.run(kernel, "k", np.zeros((2, 16), np.float16), np.zeros((2, 16), np.int16),
                    np.zeros((2, 16), np.int16), np.zeros((2, 16), np.float16),
                    engine="pto-isa")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: its pto.tgather at -:3:3 takes i16 indices, which "
        "pto-isa's CPU simulator does not compile (include/pto/cpu/TGather.hpp:86 asks for "
        "32-bit ones), so it runs on the interpreter and the JIT only")


PATTERNS = ("P0101", "P1010", "P0001", "P0010", "P0100", "P1000", "P1111")


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("pattern", PATTERNS)
def test_mask_form(engine, pattern):
    rng = np.random.default_rng(PATTERNS.index(pattern))
    src_shape, src_valid, dst_shape = (3, 16), (3, 13), (3, 16)
    src = random_values(rng, "f32", src_shape)
    dst = random_values(rng, "f32", dst_shape)
    want = model_mask(src, src_valid, pattern, dst)
    kernel = mask_kernel("a2a3", "f32", "f32", pattern, src_shape, src_valid, dst_shape)
    runtime.run(kernel, "k", src, dst, engine=engine)
    assert dst.tobytes() == want.tobytes()


# (engines, target, src element, dst element): PTOAS's A5 mask form takes
# no 8-bit integers (lib/PTO/IR/PTO.cpp:785-793), pto-isa's does; the
# pto-isa engine passes no fp8 tile (ptoas has no fp8 global tensor).
BITS_CASES = [(ENGINES, "a2a3", "f16", "i16"), (ENGINES, "a2a3", "i32", "f32"),
              (ENGINES, "a5", "ui16", "f16"), (("interp", "jit"), "a5", "f8E4M3FN", "f8E5M2"),
              (("interp", "jit"), "a5", "i8", "ui8")]


@pytest.mark.parametrize("engine, target, element, dst_element",
                         [(e, *case) for engines, *case in BITS_CASES for e in engines])
def test_mask_form_keeps_the_bits(engine, target, element, dst_element):
    # dst takes src's bits in its own element type (BitCastOrCast,
    # TGather.hpp:24-35: same width, a memcpy).
    rng = np.random.default_rng(11)
    src = random_values(rng, element, (2, 32))
    dst = np.zeros((1, 32), DTYPES[dst_element])
    want = model_mask(src, (2, 32), "P0101", dst)
    kernel = mask_kernel(target, element, dst_element, "P0101", (2, 32), (2, 32), (1, 32))
    runtime.run(kernel, "k", src, dst, engine=engine)
    assert dst.tobytes() == want.tobytes()


LEVEL1 = """func.func @k(%s: !pto.tile<vec, 2x16xf32>, %i: !pto.tile<vec, 2x16xi32>, %t: !pto.tile<vec, 2x16xi32>) -> (!pto.tile<vec, 2x16xf32>, !pto.tile<vec, 1x16xf32>) {
  %a = pto.tgather %s, %i, %t : (!pto.tile<vec, 2x16xf32>, !pto.tile<vec, 2x16xi32>, !pto.tile<vec, 2x16xi32>) -> !pto.tile<vec, 2x16xf32>
  %b = pto.tgather %a {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile<vec, 2x16xf32> -> !pto.tile<vec, 1x16xf32>
  return %a, %b : !pto.tile<vec, 2x16xf32>, !pto.tile<vec, 1x16xf32>
}"""  # noqa: E501


@pytest.mark.parametrize("engine", ENGINES)
def test_level1(engine):
    # Through pto-to-dps: fresh, zero-filled results.
    src = np.arange(32, dtype=np.float32).reshape(2, 16) - 7.5
    indices = ((np.arange(32, dtype=np.int32) * 5) % 40).reshape(2, 16)
    a, b = runtime.run(LEVEL1, "k", src, indices, np.zeros((2, 16), np.int32), engine=engine)
    want_a = model_index(src, indices, np.zeros((2, 16), np.float32), (2, 16))
    assert np.asarray(a).tobytes() == want_a.tobytes()
    want_b = model_mask(want_a, (2, 16), "P1010", np.zeros((1, 16), np.float32))
    assert np.asarray(b).tobytes() == want_b.tobytes()


COMPARE = """func.func @k(%s: !pto.tile_buf<vec, 1x32xf16>, %t: !pto.tile_buf<vec, 1x32xui8>, %d: !pto.tile_buf<vec, 1x32xi32>, %c: !pto.tile_buf<vec, 1x32xi32>) {
  %k = arith.constant 0.0 : f16
  pto.tgather ins(%s, %k, %t : !pto.tile_buf<vec, 1x32xf16>, f16, !pto.tile_buf<vec, 1x32xui8>) outs(%d, %c : !pto.tile_buf<vec, 1x32xi32>, !pto.tile_buf<vec, 1x32xi32>) {offset = 7 : i32}
  return
}"""  # noqa: E501


def _compare_arguments():
    return (np.zeros((1, 32), np.float16), np.zeros((1, 32), np.uint8),
            np.zeros((1, 32), np.int32), np.zeros((1, 32), np.int32))


def test_the_interpreter_refuses_the_compare_form():
    with pytest.raises(KernelError) as info:
        runtime.run(COMPARE, "k", *_compare_arguments())
    assert str(info.value) == (
        "'pto.tgather' op at -:3:3: in the compare form is not supported by the interpreter: "
        "pto-isa's CPU simulator has no compare form to define it")


def test_the_jit_refuses_the_compare_form():
    with pytest.raises(jit.UnsupportedError) as info:
        runtime.run(COMPARE, "k", *_compare_arguments(), engine="jit")
    assert str(info.value) == (
        "the kernel cannot be compiled for the host:\n'pto.tgather' op in the compare form "
        "cannot be lowered to host code: pto-isa's CPU simulator has no compare form to "
        "define it")


def test_the_pto_isa_engine_refuses_the_compare_form():
    with pytest.raises(pto_isa.UnsupportedError) as info:
        runtime.pto_isa_text(COMPARE, "k")
    assert str(info.value) == (
        "the pto-isa engine cannot run @k: PTOAS cannot express it:\n"
        "-:3:3: error: 'pto.tgather' in the compare form has no PTOAS form pto-mlir writes: "
        "ptoas passes its scalar kValue to a TGATHER that takes a tile")
