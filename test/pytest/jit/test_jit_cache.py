"""The compiled-module cache of pto_mlir.runtime.jit is bounded, and a
kernel handed out keeps working after its module leaves the cache."""
import numpy as np
import pytest

from pto_mlir.testing import tor_kernel

jit = pytest.importorskip("pto_mlir.runtime.jit")


def test_cache_is_bounded_and_evicted_kernels_still_run():
    first = jit.compile(tor_kernel(1, 32, "i8"), "tor")
    size = jit._compiled.cache_info().maxsize
    for k in range(size):  # as many other modules as the cache holds
        jit.compile(tor_kernel(1, 64 + 32 * k, "i8"), "tor")
    assert jit._compiled.cache_info().currsize == size
    a = np.arange(32, dtype=np.int8).reshape(1, 32)
    b = np.full((1, 32), 0x40, np.int8)
    d = np.zeros((1, 32), np.int8)
    first(a, b, d)
    assert d.tolist() == [[x | 0x40 for x in range(32)]]
    misses = jit._compiled.cache_info().misses
    jit.compile(tor_kernel(1, 32, "i8"), "tor")  # it was evicted: compiled again
    assert jit._compiled.cache_info().misses == misses + 1
