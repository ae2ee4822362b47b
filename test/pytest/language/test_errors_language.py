"""Mistakes in kernels: one exception type (pl.CompileError) at the user's
own file:line:col, with the whole message; call errors (pl.ArgumentError)
and run-time failures (pl.KernelError) at the user's line too."""
import traceback

import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import where

I16 = pl.Tile[16, 32, pl.i16]
F32 = pl.Tile[16, 32, pl.f32]
A = np.zeros((16, 32), np.int16)


def compile_error(kernel, *args):
    with pytest.raises(pl.CompileError) as error:
        kernel(*args)
    return error.value


@pl.kernel
def or_floats(a: F32, b: F32):
    return a | b  # or floats


def test_a_verifier_error_is_reported_at_the_op_call():
    error = compile_error(or_floats, np.zeros((16, 32), np.float32), np.zeros((16, 32), np.float32))
    assert str(error) == (f"{where(__file__, 'or floats', 'a | b')}: 'pto.tor' op dst element "
                          "type f32 is not supported on any target (allowed: i8, ui8, i16, "
                          "ui16, i32, ui32)")
    assert error.location.line == int(where(__file__, "or floats").split(":")[1])
    assert error.message.startswith("'pto.tor' op dst element type f32")


def test_the_traceback_stops_at_the_kernel_call():
    error = compile_error(or_floats, np.zeros((16, 32), np.float32), np.zeros((16, 32), np.float32))
    files = {frame.filename for frame in traceback.extract_tb(error.__traceback__)}
    assert files == {__file__, pl.Kernel.__call__.__code__.co_filename}
    assert error.__cause__ is None and error.__suppress_context__


@pl.kernel
def unknown_name(a: I16):
    return a | nothing_here  # noqa: F821 # unknown


def test_unknown_name():
    assert str(compile_error(unknown_name, A)) == \
        f"{where(__file__, 'unknown', 'nothing_here')}: name 'nothing_here' is not defined"


@pl.kernel
def while_loop(a: I16):
    while True:  # while
        a = a | a
    return a


def test_unsupported_statement():
    assert str(compile_error(while_loop, A)) == \
        f"{where(__file__, 'while')}: a While statement is not supported in a kernel"


@pl.kernel
def type_change(a: I16, n: pl.index):
    acc = a
    for _ in range(n):  # type change
        acc = pl.treshape(acc, pl.Tile[32, 16, pl.i16])
    return acc


def test_a_tile_changing_type_in_a_loop():
    assert str(compile_error(type_change, A, 2)) == (
        f"{where(__file__, 'type change')}: 'acc' changes type in the loop: "
        "!pto.tile<vec, 16x32xi16> before, a value of type !pto.tile<vec, 32x16xi16> after "
        "the body")


@pl.kernel
def return_in_loop(a: I16, n: pl.index):
    for _ in range(n):
        return a  # return in loop
    return a


def test_return_inside_a_loop():
    assert str(compile_error(return_in_loop, A, 1)) == (
        f"{where(__file__, 'return in loop')}: return inside a loop or an if is not "
        "supported: assign the results and return at the end")


@pl.kernel
def python_value_in_loop(a: I16, n: pl.index):
    name = "x"
    for _ in range(n):  # python value
        name = name + "y"
    return a


def test_a_python_value_assigned_in_an_scf_for():
    assert str(compile_error(python_value_in_loop, A, 1)) == (
        f"{where(__file__, 'python value')}: 'name' holds a Python value "
        "(str 'x') and is assigned in the loop; an scf.for carries only IR values and ints "
        "(as index): use pl.static_range to unroll the loop")


@pl.kernel
def branches_disagree(a: I16, flag: pl.index):
    if flag:  # branches
        out = a
    else:
        out = pl.treshape(a, pl.Tile[32, 16, pl.i16])
    return out


def test_if_branches_of_different_types():
    assert str(compile_error(branches_disagree, A, 1)) == (
        f"{where(__file__, 'branches')}: 'out' has type !pto.tile<vec, 16x32xi16> after the if "
        "branch and !pto.tile<vec, 32x16xi16> after the else branch")


@pl.kernel
def returns_scalar(a: I16, n: pl.index):
    return n  # scalar


def test_a_kernel_returns_tiles():
    assert str(compile_error(returns_scalar, A, 1)) == (
        f"{where(__file__, 'scalar', 'n  #')}: a kernel returns tiles; this returns a value of "
        "type index")


@pl.kernel
def insert_without_destination(a: I16):
    return pl.tinsert(a, 0, 0)  # no destination


def test_an_op_called_wrongly():
    assert str(compile_error(insert_without_destination, A)) == (
        f"{where(__file__, 'no destination', 'pl.tinsert')}: pl.tinsert needs the destination: "
        "into=TILE or a result type pl.Tile[...]")


def helper(x):
    return pl.tor(x, 3)


@pl.kernel
def calls_a_helper(a: I16):
    return helper(a)  # helper


def test_an_error_in_a_python_helper_is_reported_at_its_call():
    assert str(compile_error(calls_a_helper, A)) == (
        f"{where(__file__, 'helper', 'helper(a)')}: pl.tor: src1 is int, expected a tile "
        "(the tile ops run inside a @pl.kernel function)")


def test_a_missing_annotation_is_reported_at_the_def():
    with pytest.raises(pl.CompileError) as error:
        @pl.kernel
        def no_annotation(a):  # no annotation
            return a
    assert str(error.value) == (f"{where(__file__, 'no annotation')}: "
                                "parameter 'a' needs an annotation: pl.Tile[...], "
                                "pl.Tensor[...], pl.Ptr[...], pl.index or an element type "
                                "such as pl.i32")


def test_the_ops_outside_a_kernel():
    with pytest.raises(TypeError) as error:
        pl.tor(A, A)
    assert str(error.value) == ("pl.tor: src0 is ndarray, expected a tile (the tile ops run "
                                "inside a @pl.kernel function)")


@pl.kernel
def or_pair(a: I16, b: I16):
    return a | b


def test_an_argument_of_the_wrong_dtype(engine):
    with pytest.raises(pl.ArgumentError) as error:
        or_pair(A, A.astype(np.int32), engine=engine)
    assert str(error.value) == ("argument #1 'b' (!pto.tile<vec, 16x32xi16>): dtype is "
                                "int32, expected int16")


def test_call_errors_end_their_traceback_at_the_call(engine):
    with pytest.raises(pl.ArgumentError) as error:
        or_pair(A, A.astype(np.int32), engine=engine)
    files = {frame.filename for frame in traceback.extract_tb(error.value.__traceback__)}
    assert files == {__file__, pl.Kernel.__call__.__code__.co_filename}


def test_a_wrong_number_of_arguments(engine):
    with pytest.raises(pl.ArgumentError) as error:
        or_pair(A, engine=engine)
    assert str(error.value) == "@or_pair takes 2 arguments, got 1"


def test_a_wrong_number_of_arguments_on_the_first_call(engine):
    # The first call builds the kernel from its arguments: too few once
    # failed inside the builder ("Expected 1 locations, got: 2").
    def or_two(a: I16, b: I16):
        return a | b

    kernel = pl.kernel(or_two)
    for args in ((A,), (A, A, A), ()):
        with pytest.raises(pl.ArgumentError) as error:
            kernel(*args, engine=engine)
        assert str(error.value) == f"@or_two takes 2 arguments, got {len(args)}"
    assert kernel(A, A, engine=engine).tobytes() == A.tobytes()


def test_an_unknown_engine():
    with pytest.raises(pl.ArgumentError) as error:
        or_pair(A, A, engine="gpu")
    assert str(error.value) == "engine 'gpu' is unknown (engines: interp, jit, pto-isa)"


@pl.kernel
def generic(a: pl.Tile):
    return a | a


def test_the_stages_of_a_generic_kernel_need_a_signature():
    generic.cache_clear()
    with pytest.raises(pl.CompileError) as error:
        generic.mlir
    assert str(error.value) == (
        "@generic is generic (its tile shapes or element types come from the arguments): "
        "call it or use generic.specialize(*arrays) first")


@pl.kernel(target="a5")
def window(src: pl.Tile[16, 32, pl.f16], r: pl.index):
    return pl.textract(src, r, 0, pl.Tile[8, 32, pl.f16])  # run time


def test_a_run_time_failure_names_the_user_line(engine):
    with pytest.raises(pl.KernelError) as error:
        window(A.astype(np.float16), 12, engine=engine)
    assert str(error.value).startswith(
        f"'pto.textract' op at {where(__file__, 'run time', 'pl.textract')}: ")


ACC = pl.Tile(16, 16, pl.f32, loc="acc", layout="nz", fractal=1024)


@pl.kernel(target="a5")
def unknown_mode(acc: ACC):
    return pl.tinsert(acc, 0, 0, pl.Tile[16, 16, pl.f16], acc_to_vec="bogus")  # mode


@pl.kernel(target="a5")
def unknown_location(acc: ACC):
    return pl.tinsert(acc, 0, 0, pl.Tile(16, 16, pl.f16, loc="nowhere"))  # location


def test_an_unknown_mode_name():
    with pytest.raises(pl.CompileError) as error:
        unknown_mode.mlir
    assert str(error.value) == (
        f"{where(__file__, 'mode', 'pl.tinsert')}: acc_to_vec is 'bogus'; expected one of "
        "single_vec0, single_vec1, dual_split_m, dual_split_n or a member of AccToVecMode")


def test_a_result_type_the_dialect_rejects():
    with pytest.raises(pl.CompileError) as error:
        unknown_location.mlir
    assert str(error.value) == (
        f"{where(__file__, 'location', 'pl.tinsert')}: unknown location 'nowhere'")


@pl.kernel
def recursive(a: I16):  # recursive
    return recursive(a)


def test_a_recursive_kernel():
    with pytest.raises(pl.CompileError) as error:
        recursive.mlir
    assert str(error.value) == (f"{where(__file__, 'recursive', 'def')}: recursive kernel "
                                "calls are not supported (recursive -> recursive)")
