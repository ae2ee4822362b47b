"""pto_mlir.runtime.run: calling conventions, results, argument errors by
their full message, kernel errors with their location."""
import numpy as np
import pytest

from pto_mlir import ir, runtime
from pto_mlir.runtime import jit

T = "!pto.tile<vec, 2x16xi16>"
B = "!pto.tile_buf<vec, 2x16xi16>"
BD = "!pto.tile_buf<vec, 2x16xi16, valid=?x?>"

LEVEL1 = f"""func.func @k(%a: {T}, %b: {T}) -> {T} {{
  %r = pto.tor %a, %b : ({T}, {T}) -> {T}
  return %r : {T}
}}"""

LEVEL2 = f"""func.func @k(%a: {B}, %b: {B}, %d: {B}) {{
  pto.tor ins(%a, %b : {B}, {B}) outs(%d : {B})
  return
}}"""

DYNAMIC = f"""func.func @k(%a: {BD}, %b: {BD}, %d: {BD}) {{
  pto.tor ins(%a, %b : {BD}, {BD}) outs(%d : {BD})
  return
}}"""

# The engines of this package. engine="pto-isa" needs the device tools and
# runs what PTOAS can express: its tests are test/pytest/ptoas/.
HOST_ENGINES = ("interp", "jit")


def _tiles():
    a = np.array([[1, 2, 4, 8] * 4, [0x100, 0, 0, 0x7000] * 4], dtype=np.int16)
    b = np.array([[16, 0, 1, 8] * 4, [1, 2, 3, -0x8000] * 4], dtype=np.int16)
    expected = np.array([[17, 2, 5, 8] * 4, [0x101, 2, 3, -0x1000] * 4], dtype=np.int16)
    return a, b, expected


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_level1_returns_the_result(engine):
    a, b, expected = _tiles()
    result = runtime.run(LEVEL1, "k", a, b, engine=engine)
    assert isinstance(result, np.ndarray)
    assert result.tobytes() == expected.tobytes()


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_level2_writes_in_place_and_returns_the_out_parameter(engine):
    a, b, expected = _tiles()
    d = np.full((2, 16), 7, dtype=np.int16)
    result = runtime.run(LEVEL2, "k", a, b, d, engine=engine)
    assert result is d
    assert d.tobytes() == expected.tobytes()


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_dynamic_valid_shape_leaves_the_rest_untouched(engine):
    a, b, expected = _tiles()
    d = np.full((2, 16), 7, dtype=np.int16)
    tiles = [runtime.Tile(x, valid=(1, 3)) for x in (a, b, d)]
    result = runtime.run(DYNAMIC, "k", *tiles, engine=engine)
    assert result is tiles[2]
    want = np.full((2, 16), 7, dtype=np.int16)
    want[0, :3] = [17, 2, 5]
    assert d.tobytes() == want.tobytes()


def test_level1_result_with_dynamic_valid_shape_is_a_tile():
    t = "!pto.tile<vec, 2x16xi16, valid=?x?>"
    kernel = f"""func.func @k(%a: {t}, %b: {t}) -> {t} {{
  %r = pto.tor %a, %b : ({t}, {t}) -> {t}
  return %r : {t}
}}"""
    a, b, expected = _tiles()
    result = runtime.run(kernel, "k", runtime.Tile(a, (2, 5)), runtime.Tile(b, (2, 5)))
    assert isinstance(result, runtime.Tile) and result.valid == (2, 5)
    want = np.zeros((2, 16), dtype=np.int16)
    want[:, :5] = expected[:, :5]
    assert result.array.tobytes() == want.tobytes()


def test_level1_arguments_are_not_modified():
    a, b, _ = _tiles()
    a0, b0 = a.copy(), b.copy()
    runtime.run(LEVEL1, "k", a, b)
    assert a.tobytes() == a0.tobytes() and b.tobytes() == b0.tobytes()


def test_accepts_a_parsed_module_and_any_memory_order():
    a, b, expected = _tiles()
    d = np.asfortranarray(np.zeros((2, 16), dtype=np.int16))
    with ir.Context():
        module = ir.Module.parse(LEVEL2)
        runtime.run(module, "k", np.asfortranarray(a), b[:, ::-1][:, ::-1], d)
    assert np.array_equal(d, expected)


def test_several_out_parameters_come_back_as_a_tuple_in_argument_order():
    t = "!pto.tile_buf<vec, 1x16xi16>"
    kernel = f"""func.func @k(%a: {t}, %x: {t}, %y: {t}) {{
  pto.tinterleave ins(%a, %a : {t}, {t}) outs(%x, %y : {t}, {t})
  return
}}"""
    a = np.arange(16, dtype=np.int16).reshape(1, 16)
    x, y = np.zeros_like(a), np.zeros_like(a)
    assert runtime.run(kernel, "k", a, x, y) == (x, y)
    assert x.tolist() == [[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]]
    assert y.tolist() == [[8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15]]


def test_a_kernel_writing_nothing_returns_none():
    kernel = f"""func.func @k(%a: {B}) {{
  return
}}"""
    assert runtime.run(kernel, "k", np.zeros((2, 16), dtype=np.int16)) is None


def _argument_error(kernel, *args, **options):
    with pytest.raises(runtime.ArgumentError) as info:
        runtime.run(kernel, "k", *args, **options)
    return str(info.value)


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_argument_errors_name_the_argument(engine):
    a, b, _ = _tiles()
    d = np.zeros((2, 16), dtype=np.int16)
    assert _argument_error(LEVEL2, a, b, engine=engine) == "@k takes 3 arguments, got 2"
    assert _argument_error(LEVEL2, a, b.astype(np.int32), d, engine=engine) == (
        "argument #1 (!pto.tile_buf<vec, 2x16xi16>): dtype is int32, expected int16")
    assert _argument_error(LEVEL2, a, b, d[:, :8], engine=engine) == (
        "argument #2 (!pto.tile_buf<vec, 2x16xi16>): shape is (2, 8), expected (2, 16)")
    assert _argument_error(LEVEL2, [[1]], b, d, engine=engine) == (
        "argument #0 (!pto.tile_buf<vec, 2x16xi16>): expected a numpy array or "
        "pto_mlir.runtime.Tile, got list")
    assert _argument_error(LEVEL2, runtime.Tile(a, (1, 16)), b, d, engine=engine) == (
        "argument #0 (!pto.tile_buf<vec, 2x16xi16>): valid extent 0 is 1, the type says 2")
    assert _argument_error(DYNAMIC, a, b, d, engine=engine) == (
        "argument #0 (!pto.tile_buf<vec, 2x16xi16, valid=?x?>): the valid shape is "
        "dynamic: pass Tile(array, valid=(valid_rows, valid_cols))")
    assert _argument_error(DYNAMIC, runtime.Tile(a, (3, 1)), b, d, engine=engine) == (
        "argument #0 (!pto.tile_buf<vec, 2x16xi16, valid=?x?>): valid extent 0 is 3, "
        "allowed 0..2")


NAMED = f"""func.func @k(%a: {B} loc("a"("k.mlir":1:14)), %out: !pto.ptr<i16> loc("out"("k.mlir":1:40))) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %t = pto.make_tensor_view %out, shape = [%c2, %c16], strides = [%c16, %c1] : !pto.tensor_view<2x16xi16>
  %w = pto.partition_view %t, offsets = [%c0, %c0], sizes = [%c2, %c16] : !pto.tensor_view<2x16xi16> -> !pto.partition_tensor_view<2x16xi16>
  pto.tstore ins(%a : {B}) outs(%w : !pto.partition_tensor_view<2x16xi16>)
  return
}}"""  # noqa: E501


@pytest.mark.parametrize("engine", runtime.ENGINES)
def test_an_argument_whose_location_has_a_name_is_named(engine):
    a = np.zeros((2, 16), np.int16)
    assert _argument_error(NAMED, a, np.zeros((2, 16), np.int32), engine=engine) == (
        "argument #1 'out' (!pto.ptr<i16>): dtype is int32, expected int16")
    assert _argument_error(NAMED, a.astype(np.uint16), np.zeros(32, np.int16),
                           engine=engine) == (
        "argument #0 'a' (!pto.tile_buf<vec, 2x16xi16>): dtype is uint16, expected int16")



class _Subclass(np.ndarray):
    pass


def test_arrays_off_the_usual_path_are_checked_the_same():
    # Equal but not the same dtype object (native order spelled out), a
    # subclass, and the other byte order: the same checks decide.
    a, b, expected = _tiles()
    native = np.dtype(np.int16).newbyteorder("=")
    assert native is not np.dtype(np.int16)
    d = np.zeros((2, 16), dtype=native)
    assert runtime.run(LEVEL2, "k", a.astype(native), b, d) is d
    assert d.tobytes() == expected.tobytes()
    d = np.zeros((2, 16), dtype=np.int16).view(_Subclass)
    assert runtime.run(LEVEL2, "k", a.view(_Subclass), b, d) is d
    assert d.view(np.ndarray).tobytes() == expected.tobytes()
    d = np.zeros((2, 16), dtype=np.int16)
    assert _argument_error(LEVEL2, a, b.astype(">i2"), d) == (
        "argument #1 (!pto.tile_buf<vec, 2x16xi16>): dtype is >i2, expected int16")
    assert d.tolist() == [[0] * 16] * 2

def test_scalar_argument_errors():
    kernel = """func.func @k(%n: index, %w: i8, %u: ui8) {
  return
}"""
    assert _argument_error(kernel, 1.5, 0, 0) == "argument #0 (index): expected an int, got float"
    assert _argument_error(kernel, True, 0, 0) == "argument #0 (index): expected an int, got bool"
    assert _argument_error(kernel, 0, 256, 0) == "argument #1 (i8): 256 is outside -128..255"
    assert _argument_error(kernel, 0, 0, -1) == "argument #2 (ui8): -1 is outside 0..255"


def test_engine_target_and_entry_errors():
    a, b, _ = _tiles()
    assert _argument_error(LEVEL1, a, b, engine="gpu") == (
        "engine 'gpu' is unknown (engines: interp, jit, pto-isa)")
    assert _argument_error(LEVEL1, a, b, target="a9") == (
        "target 'a9' is unknown (targets: a2a3, a5)")
    targeted = 'module attributes {pto.target_arch = "a5"} {\n' + LEVEL1 + "\n}"
    assert _argument_error(targeted, a, b, target="a2a3") == (
        "target 'a2a3' contradicts the module's pto.target_arch = \"a5\"")
    with pytest.raises(runtime.ArgumentError, match=r"^no func.func @nope in the module "
                                                    r"\(found: k\)$"):
        runtime.run(LEVEL1, "nope", a, b)


def test_argument_error_is_a_type_error_and_kernel_error_a_runtime_error():
    assert issubclass(runtime.ArgumentError, TypeError)
    assert issubclass(runtime.KernelError, RuntimeError)
    assert jit.KernelError is runtime.KernelError


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_kernel_error_names_the_op_and_its_location_and_writes_nothing(engine):
    a, b, _ = _tiles()
    d = np.full((2, 16), 7, dtype=np.int16)
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(DYNAMIC, "k", runtime.Tile(a, (2, 3)), runtime.Tile(b, (2, 4)),
                    runtime.Tile(d, (2, 3)), engine=engine)
    assert str(info.value) == ("'pto.tor' op at -:2:3: valid shape of src1 is 2x4, src0's "
                               "is 2x3; they must be equal")
    assert (d == 7).all()


def test_kernel_error_location_is_the_file(tmp_path):
    path = tmp_path / "kernel.mlir"
    path.write_text(DYNAMIC)
    a, b, _ = _tiles()
    with ir.Context():
        module = ir.Module.parseFile(str(path))
        with pytest.raises(runtime.KernelError, match=rf"^'pto.tor' op at {path}:2:3: "):
            runtime.run(module, "k", runtime.Tile(a, (1, 1)), runtime.Tile(b, (1, 2)),
                        runtime.Tile(a.copy(), (1, 1)))


def test_unsupported_op_raises_kernel_error_when_reached():
    kernel = """func.func @k(%x: f32) -> f32 {
  %y = arith.negf %x : f32
  return %y : f32
}"""
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(kernel, "k", 1.0)
    assert str(info.value) == ("'arith.negf' op at -:2:8: is not supported by the "
                               "interpreter")


def test_jit_engine_rejects_ops_it_cannot_lower():
    # The interpreter runs a loop yielding a buffer allocated in its body;
    # the host lowering frees such a buffer at the end of the body, so it
    # rejects the kernel before anything runs.
    t = "!pto.tile_buf<vec, 1x16xi16>"
    kernel = f"""func.func @k(%a: {t}, %x: {t}, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> ({t}) {{
    %t = pto.alloc_tile : {t}
    pto.tor ins(%acc, %acc : {t}, {t}) outs(%t : {t})
    scf.yield %t : {t}
  }}
  pto.tor ins(%r, %r : {t}, {t}) outs(%x : {t})
  return
}}"""
    a = np.ones((1, 16), dtype=np.int16)
    x = np.zeros((1, 16), dtype=np.int16)
    runtime.run(kernel, "k", a, x, 2, engine="interp")
    assert (x == 1).all()
    x[...] = 0
    with pytest.raises(jit.UnsupportedError) as info:
        runtime.run(kernel, "k", a, x, 2, engine="jit")
    assert str(info.value) == (
        "the kernel cannot be compiled for the host:\n'pto.alloc_tile' op result is "
        "used after the end of its block (by 'scf.yield'), which the host lowering "
        "does not support: it frees the buffer there (allocate it in an enclosing "
        "block)")
    assert (x == 0).all()


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_read_only_out_parameter_is_an_argument_error(engine):
    a, b, _ = _tiles()
    d = np.zeros((2, 16), dtype=np.int16)
    d.setflags(write=False)
    assert _argument_error(LEVEL2, a, b, d, engine=engine) == (
        "argument #2 (!pto.tile_buf<vec, 2x16xi16>): the kernel writes it, but the array "
        "is read-only")


def test_invalid_ir_raises_mlir_error():
    with pytest.raises(ir.MLIRError):
        runtime.run("func.func @k() { pto.nonsense }", "k")


@pytest.mark.parametrize("engine", HOST_ENGINES)
def test_valid_shape_of_bools_is_refused(engine):
    a, b, _ = _tiles()
    d = np.zeros((2, 16), dtype=np.int16)
    assert _argument_error(DYNAMIC, runtime.Tile(a, (True, True)), b, d, engine=engine) == (
        "argument #0 (!pto.tile_buf<vec, 2x16xi16, valid=?x?>): valid shape (True, True) "
        "is not a pair of ints")
    assert _argument_error(DYNAMIC, runtime.Tile(a, (1, np.bool_(True))), b, d,
                           engine=engine) == (
        "argument #0 (!pto.tile_buf<vec, 2x16xi16, valid=?x?>): valid shape (1, np.True_) "
        "is not a pair of ints")


CHOOSE = f"""func.func @k(%c: i1, %a: {B}, %b: {B}, %d: {B}) {{
  scf.if %c {{
    pto.tor ins(%a, %a : {B}, {B}) outs(%d : {B})
  }} else {{
    pto.tor ins(%b, %b : {B}, {B}) outs(%d : {B})
  }}
  return
}}"""


@pytest.mark.parametrize("engine", HOST_ENGINES)
@pytest.mark.parametrize("condition, taken", [
    (True, 0), (False, 1), (1, 0), (0, 1), (np.bool_(True), 0), (np.int8(0), 1)])
def test_i1_takes_a_bool_or_0_or_1_on_both_engines(engine, condition, taken):
    a, b, _ = _tiles()
    d = np.zeros((2, 16), dtype=np.int16)
    assert runtime.run(CHOOSE, "k", condition, a, b, d, engine=engine) is d
    np.testing.assert_array_equal(d, (a, b)[taken])


@pytest.mark.parametrize("engine", HOST_ENGINES)
@pytest.mark.parametrize("condition, shown", [
    (2, "2"), (-1, "-1"), (1.0, "float"), ("1", "str"), (None, "NoneType")])
def test_i1_refuses_anything_else_with_one_message(engine, condition, shown):
    a, b, _ = _tiles()
    d = np.zeros((2, 16), dtype=np.int16)
    assert _argument_error(CHOOSE, condition, a, b, d, engine=engine) == (
        f"argument #0 (i1): expected a bool or 0/1, got {shown}")
    assert not d.any()
