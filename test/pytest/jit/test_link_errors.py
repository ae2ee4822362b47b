"""A kernel whose code LLVM cannot link is an UnsupportedError with LLVM's
reason, never a call of the null address LLVM's JIT hands back (on a CPU
without AVX512-BF16, code that converted f32 to bf16 called __truncsfbf2,
which the process does not define, and crashed the interpreter)."""
import os

import pytest

from pto_mlir.runtime.jit import UnsupportedError, materialize

MISSING = "JIT session error: Symbols not found: [ __truncsfbf2 ]\n"


class _Engine:
    """Stands in for an ExecutionEngine: what raw_lookup writes to file
    descriptor 2, as LLVM does, and the address it returns."""

    def __init__(self, address, text):
        self.address, self.text = address, text

    def raw_lookup(self, name):
        os.write(2, self.text.encode())
        return self.address


def test_a_link_error_is_raised_with_llvms_reason(capfd):
    with pytest.raises(UnsupportedError) as raised:
        materialize.lookup(_Engine(0, MISSING), "k", UnsupportedError)
    assert str(raised.value) == (
        "the kernel cannot be compiled for the host: LLVM could not link @k's code "
        "(JIT session error: Symbols not found: [ __truncsfbf2 ])")
    assert capfd.readouterr().err == ""


def test_a_link_error_without_text_still_says_so():
    with pytest.raises(UnsupportedError) as raised:
        materialize.lookup(_Engine(0, ""), "k", UnsupportedError)
    assert str(raised.value) == ("the kernel cannot be compiled for the host: LLVM could "
                                 "not link @k's code (LLVM gave no reason)")


def test_what_llvm_writes_on_success_reaches_stderr(capfd):
    assert materialize.lookup(_Engine(4096, "a warning\n"), "k", UnsupportedError) == 4096
    assert capfd.readouterr().err == "a warning\n"
