"""Kernels in a module with string annotations (PEP 563)."""
from __future__ import annotations

import numpy as np
import pytest

import pto_mlir.language as pl
from language_checks import assert_same, where


@pl.kernel
def or_self(a: pl.Tile[4, 32, pl.i16], n: pl.index):
    return a | a


def test_string_annotations_are_evaluated_in_the_module(engine):
    a = np.arange(128, dtype=np.int16).reshape(4, 32)
    assert_same(or_self(a, 1, engine=engine), a)


def test_an_annotation_naming_a_local():
    local = pl.Tile[4, 32, pl.i16]
    with pytest.raises(pl.CompileError) as error:
        @pl.kernel
        def uses_a_local(a: local):  # local
            return a
    assert str(error.value) == (
        f"{where(__file__, 'local', 'def')}: the annotation 'local' of parameter 'a' cannot "
        "be evaluated in the kernel's module: name 'local' is not defined")
    assert local.rows == 4
