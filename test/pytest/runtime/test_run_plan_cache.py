"""runtime.run on an ir.Module verifies and plans it once while it is
unchanged (its fingerprint_ir), again after the caller changes it; every call
still checks its arguments and runs afresh, with the same errors."""
import numpy as np
import pytest

import pto_mlir.runtime as runtime
from pto_mlir import ir
from pto_mlir._mlir_libs._pto import fingerprint_ir
from pto_mlir.testing import tile_buf, tor_kernel

S, D = tile_buf(1, 16, "i32"), tile_buf(1, 32, "i32")
# dst[0, c] = src[0, c - k] for c >= k: where the window lands follows the
# constant k, which the tests change in place.
SHIFT = f"""func.func @k(%s: {S}, %d: {D}) {{
  %c0 = arith.constant 0 : index
  %k = arith.constant 4 : index
  pto.tinsert ins(%s, %c0, %k : {S}, index, index) outs(%d : {D})
  return
}}"""


def _parse(text):
    with ir.Context():
        return ir.Module.parse(text)


def _ops(module, name):
    return [op for op in module.body.operations[0].regions[0].blocks[0].operations
            if op.operation.name == name]


def _tor_args(value):
    return (np.full((1, 32), value, np.int16), np.full((1, 32), 0x0100, np.int16),
            np.zeros((1, 32), np.int16))


def _shift(module):
    src = np.arange(1, 17, dtype=np.int32).reshape(1, 16)
    dst = np.zeros((1, 32), np.int32)
    runtime.run(module, "k", src, dst)
    return dst[0].tolist()


def test_an_unchanged_module_is_planned_once_and_each_call_runs():
    module = _parse(tor_kernel(1, 32, "i16"))
    first = runtime.run(module, "tor", *_tor_args(1))
    program = runtime._planned_modules[id(module)][2]
    second = runtime.run(module, "tor", *_tor_args(2))
    assert runtime._planned_modules[id(module)][2] is program
    assert first.tolist() == [[0x0101] * 32]
    assert second.tolist() == [[0x0102] * 32]


def test_fingerprint_follows_the_ir():
    module = _parse(SHIFT)
    before = fingerprint_ir(module.operation)
    assert fingerprint_ir(module.operation) == before
    constant = _ops(module, "arith.constant")[1]
    with module.context:
        constant.attributes["value"] = ir.IntegerAttr.get(ir.IndexType.get(), 4)
    assert fingerprint_ir(module.operation) == before   # the same value again
    with module.context:
        constant.attributes["value"] = ir.IntegerAttr.get(ir.IndexType.get(), 8)
    assert fingerprint_ir(module.operation) != before


def test_a_changed_module_is_planned_again():
    module = _parse(SHIFT)
    assert _shift(module) == [0] * 4 + list(range(1, 17)) + [0] * 12
    _set_k(module, 10)
    assert _shift(module) == [0] * 10 + list(range(1, 17)) + [0] * 6


def _set_k(module, k):
    with module.context:
        _ops(module, "arith.constant")[1].attributes["value"] = ir.IntegerAttr.get(
            ir.IndexType.get(), k)


def test_a_module_made_invalid_is_verified_again_on_every_call():
    module = _parse(SHIFT)
    expected = _shift(module)
    # index_col 20 puts the 16-column window past the 32 columns of dst.
    _set_k(module, 20)
    for _ in range(2):
        with pytest.raises(ir.MLIRError) as info:
            _shift(module)
        assert str(info.value) == (
            "Verification failed:\n"
            "error: \"-\":4:3: 'pto.tinsert' op index_col 20 + src valid cols 16 = 36 "
            "exceeds dst cols 32\n"
            " note: \"-\":4:3: see current operation: \"pto.tinsert\"(%arg0, %0, %1, %arg1) "
            "<{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0, 1>}> : "
            "(!pto.tile_buf<vec, 1x16xi32>, "
            "index, index, !pto.tile_buf<vec, 1x32xi32>) -> ()")
    _set_k(module, 4)
    assert _shift(module) == expected


def test_an_erased_op_is_seen():
    module = _parse(tor_kernel(1, 32, "i16"))
    assert runtime.run(module, "tor", *_tor_args(1)).tolist() == [[0x0101] * 32]
    _ops(module, "pto.tor")[0].operation.erase()
    a, b, d = _tor_args(1)
    # Nothing writes d any more: no out-parameter, d untouched.
    assert runtime.run(module, "tor", a, b, d) is None
    assert d.tolist() == [[0] * 32]


def test_renamed_entry_is_seen():
    module = _parse(tor_kernel(1, 32, "i16"))
    runtime.run(module, "tor", *_tor_args(1))
    with module.context:
        module.body.operations[0].attributes["sym_name"] = ir.StringAttr.get("other")
    for _ in range(2):
        with pytest.raises(runtime.ArgumentError) as info:
            runtime.run(module, "tor", *_tor_args(1))
        assert str(info.value) == "no func.func @tor in the module (found: other)"
    assert runtime.run(module, "other", *_tor_args(3)).tolist() == [[0x0103] * 32]


def test_argument_and_kernel_errors_are_raised_on_every_call():
    dynamic = _parse(tor_kernel(1, 32, "i16", valid=(None, None)))
    a, b, d = _tor_args(1)
    d.setflags(write=False)
    for _ in range(2):
        with pytest.raises(runtime.ArgumentError) as info:
            runtime.run(dynamic, "tor", *(runtime.Tile(x, (1, 4)) for x in (a, b, d)))
        assert str(info.value) == (f"argument #2 ({tile_buf(1, 32, 'i16', (None, None))}): "
                                   "the kernel writes it, but the array is read-only")
        with pytest.raises(runtime.ArgumentError) as info:
            runtime.run(dynamic, "tor", a.astype(np.int32), b, d)
        assert str(info.value) == (f"argument #0 ({tile_buf(1, 32, 'i16', (None, None))}): "
                                   "dtype is int32, expected int16")
    d = np.full((1, 32), 7, np.int16)
    for _ in range(2):
        with pytest.raises(runtime.KernelError) as info:
            runtime.run(dynamic, "tor", runtime.Tile(a, (1, 4)), runtime.Tile(b, (1, 5)),
                        runtime.Tile(d, (1, 4)))
        assert str(info.value) == ("'pto.tor' op at -:2:3: valid shape of src1 is 1x5, "
                                   "src0's is 1x4; they must be equal")
        assert d.tolist() == [[7] * 32]


def test_module_cache_is_bounded_least_recently_used_first():
    modules = [_parse(tor_kernel(1, 32, "i16")) for _ in range(runtime._PARSED_MAX + 1)]
    for module in modules:
        runtime.run(module, "tor", *_tor_args(1))
        assert len(runtime._planned_modules) <= runtime._PARSED_MAX
    assert id(modules[0]) not in runtime._planned_modules
    assert runtime._planned_modules[id(modules[-1])][0] is modules[-1]


@pytest.mark.parametrize("layout, storage", [
    ("", lambda v: v.reshape(-1)),
    (", blayout=col_major", lambda v: v.T.reshape(-1))])
@pytest.mark.parametrize("order", ["C", "F"])
def test_inputs_read_in_place_or_copied_give_the_same_bits_and_stay_untouched(
        layout, storage, order):
    # ND and DN sources viewed as their storage bytes: an array in the
    # tile's storage order (C order for ND, Fortran order for DN) is read in
    # place, the other is copied.
    src, dst = f"!pto.tile<vec, 32x32xf16{layout}>", "!pto.tile<vec, 1x1024xf16>"
    kernel = f"""func.func @k(%s: {src}) -> {dst} {{
  %d = pto.treshape %s : {src} -> {dst}
  return %d : {dst}
}}"""
    values = np.asarray(np.arange(1024).reshape(32, 32) - 100, np.float16, order=order)
    values.setflags(write=False)
    kept = values.copy()
    for _ in range(2):
        result = runtime.run(kernel, "k", values)
        assert result.tobytes() == storage(kept).tobytes()
        assert values.tobytes() == kept.tobytes()


# @k(a, b, d): one tor writing d from a; the tests move its destination.
T = tile_buf(1, 32, "i16")
WRITES_D = f"""func.func @k(%a: {T}, %b: {T}, %d: {T}) {{
  pto.tor ins(%a, %a : {T}, {T}) outs(%d : {T})
  return
}}"""


def _counting_writes(monkeypatch):
    """The entries whose written arguments are derived from the IR, in order."""
    from pto_mlir.runtime import kernel
    walked, derive = [], kernel.written_arguments

    def counting(module, entry):
        walked.append(entry)
        return derive(module, entry)
    monkeypatch.setattr(kernel, "written_arguments", counting)
    return walked


def _abd():
    return (np.full((1, 32), 0x0101, np.int16), np.full((1, 32), 0x0010, np.int16),
            np.full((1, 32), 0x0200, np.int16))


def test_written_arguments_are_derived_once_per_planned_text(monkeypatch):
    walked = _counting_writes(monkeypatch)
    text = WRITES_D + "\n// once per planned text"
    for _ in range(3):
        a, b, d = _abd()
        assert runtime.run(text, "k", a, b, d) is d
        assert d.tolist() == [[0x0101] * 32]
        assert b.tolist() == [[0x0010] * 32]
    assert walked == ["k"]
    assert runtime._parsed_modules[text][1].kernel("k").parameters.written == frozenset({2})


def test_written_arguments_of_a_changed_module_are_derived_again(monkeypatch):
    walked = _counting_writes(monkeypatch)
    module = _parse(WRITES_D)
    for _ in range(2):
        a, b, d = _abd()
        assert runtime.run(module, "k", a, b, d) is d
        assert d.tolist() == [[0x0101] * 32]
    assert walked == ["k"]
    # The tor now writes b: b is the out-parameter, d is only read (so a
    # read-only d is accepted and a read-only b refused).
    tor = _ops(module, "pto.tor")[0]
    tor.operation.operands[2] = module.body.operations[0].regions[0].blocks[0].arguments[1]
    for _ in range(2):
        a, b, d = _abd()
        d.setflags(write=False)
        assert runtime.run(module, "k", a, b, d) is b
        assert b.tolist() == [[0x0101] * 32]
        assert d.tolist() == [[0x0200] * 32]
        b.setflags(write=False)
        with pytest.raises(runtime.ArgumentError) as info:
            runtime.run(module, "k", a, b, d)
        assert str(info.value) == (f"argument #1 ({T}): "
                                   "the kernel writes it, but the array is read-only")
    assert walked == ["k", "k"]
    assert runtime._planned_modules[id(module)][2].kernel("k").parameters.written == \
        frozenset({1})
