"""Materializing an ExecutionEngine's code, with LLVM's link errors.

The engine compiles and links a module at its first lookup. When the code
calls a symbol nothing defines (a compiler-runtime helper LLVM emits for
this CPU, such as ``__truncsfbf2`` for an f32 -> bf16 conversion on a CPU
without AVX512-BF16), LLVM's JIT writes "JIT session error: Symbols not
found: [...]" to the process's standard error and the lookup returns a null
address: calling it would jump to address 0. ``lookup`` turns that into an
error with LLVM's text.
"""
import os
import sys
from typing import Any


def _with_stderr_captured(call: Any) -> tuple[Any, str]:
    """``call()`` with file descriptor 2 sent to a file: (its result, what
    was written there). LLVM writes with write(2), below sys.stderr."""
    import tempfile  # (compiling only: a cached kernel's first call does not need it)
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with tempfile.TemporaryFile() as capture:
            os.dup2(capture.fileno(), 2)
            try:
                result = call()
            finally:
                os.dup2(saved, 2)
            capture.seek(0)
            text = capture.read().decode(errors="replace")
    finally:
        os.close(saved)
    return result, text


def lookup(engine: Any, function: str, error: type[Exception]) -> int:
    """The address of ``function``'s packed entry point in ``engine``,
    materializing the module's code on the first call; raises ``error`` with
    LLVM's message when the code could not be linked. Anything else LLVM
    wrote goes on to standard error."""
    address, text = _with_stderr_captured(lambda: engine.raw_lookup(function))
    if address:
        if text:
            os.write(2, text.encode())
        return int(address)
    reason = text.strip() or "LLVM gave no reason"
    raise error(f"the kernel cannot be compiled for the host: LLVM could not link "
                f"@{function}'s code ({reason})")
