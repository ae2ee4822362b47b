"""The examples written in the language, on both engines, against
their independent numpy expressions, bit for bit."""
import importlib.util
import os

import numpy as np
import pytest

from language_checks import assert_same

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "..", "examples")


def _example(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(EXAMPLES, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [0, 1])
def test_topk(engine, seed):
    topk = _example("topk")
    scores = np.random.default_rng(seed).standard_normal((topk.ROWS, topk.COLS))
    scores = scores.astype(np.float32)
    for got, expected in zip(topk.topk(scores, engine=engine), topk.reference(scores)):
        assert_same(got, expected)


@pytest.mark.parametrize("scale, offset", [(0.75, 3), (0.125, 0), (2.0, 100)])
def test_quant_epilogue(engine, scale, offset):
    epilogue = _example("quant_epilogue")
    rng = np.random.default_rng(2)
    blocks = [(rng.standard_normal((16, 16)) * 40).astype(np.float32) for _ in range(4)]
    out = epilogue.epilogue(*blocks, epilogue.quant_word(scale, offset), engine=engine)
    assert_same(out, epilogue.reference(blocks, scale, offset))


def test_interleave_roundtrip(engine):
    roundtrip = _example("interleave_roundtrip")
    rng = np.random.default_rng(3)
    x, y = (rng.integers(-2**15, 2**15, (16, 64), dtype=np.int16) for _ in range(2))
    for got, expected in zip(roundtrip.roundtrip(x, y, engine=engine),
                             roundtrip.reference(x, y)):
        assert_same(got, expected)


@pytest.mark.parametrize("rows", [16, 48])
def test_sort_blocks_global(engine, rows):
    example = _example("sort_blocks_global")
    scores = np.random.default_rng(rows).standard_normal((rows, example.COLS))
    scores = scores.astype(np.float32)
    values = np.full(scores.shape, -1, np.float32)
    columns = np.full(scores.shape, 99, np.uint32)
    assert example.sort_blocks(scores, values, columns, engine=engine) is None
    expected_values, expected_columns = example.reference(scores)
    assert_same(values, expected_values)
    assert_same(columns, expected_columns)


@pytest.mark.parametrize("seed", [0, 1])
def test_softmax(engine, seed):
    example = _example("softmax")
    x = np.random.default_rng(seed).standard_normal((example.ROWS, example.COLS))
    x = (x * 4).astype(np.float32)
    assert_same(example.softmax(x, engine=engine), example.reference(x))


@pytest.mark.parametrize("seed", [0, 1])
def test_rmsnorm(engine, seed):
    example = _example("rmsnorm")
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((example.ROWS, example.COLS)).astype(np.float32)
    gamma = rng.standard_normal((1, example.COLS)).astype(np.float32)
    assert_same(example.rmsnorm(x, gamma, engine=engine), example.reference(x, gamma))


def test_softmax_and_rmsnorm_on_pto_isa(pto_isa_tools):
    """The two kernels on pto-isa's CPU simulator, bit for bit as on the
    host engines (f32 throughout)."""
    softmax, rmsnorm = _example("softmax"), _example("rmsnorm")
    rng = np.random.default_rng(7)
    x = rng.standard_normal((softmax.ROWS, softmax.COLS)).astype(np.float32)
    assert_same(softmax.softmax(x, engine="pto-isa"), softmax.reference(x))
    x = rng.standard_normal((rmsnorm.ROWS, rmsnorm.COLS)).astype(np.float32)
    gamma = rng.standard_normal((1, rmsnorm.COLS)).astype(np.float32)
    assert_same(rmsnorm.rmsnorm(x, gamma, engine="pto-isa"), rmsnorm.reference(x, gamma))


@pytest.mark.parametrize("name", ["topk", "quant_epilogue", "interleave_roundtrip",
                                  "sort_blocks_global", "softmax", "rmsnorm"])
def test_main(name, capsys):
    _example(name).main()
    assert " exact; row 0:" in capsys.readouterr().out
