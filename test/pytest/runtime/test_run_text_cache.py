"""runtime.run on kernel text parses each text once (a bounded cache by
content); every call still binds, checks and runs afresh."""
import numpy as np
import pytest

import pto_mlir.runtime as runtime
from pto_mlir import ir
from pto_mlir.testing import tile_buf, tor_kernel


def _tor_args(value):
    a = np.full((1, 32), value, np.int16)
    return a, np.full((1, 32), 0x0100, np.int16), np.zeros((1, 32), np.int16)


def test_text_is_parsed_once_and_each_call_runs():
    text = tor_kernel(1, 32, "i16")
    first = runtime.run(text, "tor", *_tor_args(1))
    module = runtime._parsed_modules[text][0]
    second = runtime.run(text, "tor", *_tor_args(2))
    assert runtime._parsed_modules[text][0] is module
    assert first.tolist() == [[0x0101] * 32]
    assert second.tolist() == [[0x0102] * 32]


def test_cached_text_still_checks_arguments():
    text = tor_kernel(1, 32, "i16")
    runtime.run(text, "tor", *_tor_args(1))
    with pytest.raises(runtime.ArgumentError,
                       match=r"^no func.func @other in the module \(found: tor\)$"):
        runtime.run(text, "other", *_tor_args(1))


def test_invalid_text_raises_every_time_and_is_not_cached():
    t = tile_buf(1, 32, "i16")
    text = f"func.func @k(%a: {t}) {{\n  pto.tor ins(%a : {t}) outs(%a : {t})\n  return\n}}\n"
    for _ in range(2):
        with pytest.raises(ir.MLIRError):
            runtime.run(text, "k", np.zeros((1, 32), np.int16))
    assert text not in runtime._parsed_modules


def test_text_cache_is_bounded_least_recently_used_first():
    texts = [tor_kernel(1, 32 * n, "i16") for n in range(1, runtime._PARSED_MAX + 2)]
    for n, text in enumerate(texts, 1):
        a = np.zeros((1, 32 * n), np.int16)
        runtime.run(text, "tor", a, a.copy(), a.copy())
        assert len(runtime._parsed_modules) <= runtime._PARSED_MAX
    assert texts[0] not in runtime._parsed_modules
    assert texts[-1] in runtime._parsed_modules
