"""Command-line entry points of pto_mlir (pto-run, pto-lit) and the location
of LLVM's test tools for your own lit suites (``filecheck_path()``)."""
from .llvm_tools import LLVMToolsMissing, filecheck_path, llvm_tools_dir

__all__ = ["LLVMToolsMissing", "filecheck_path", "llvm_tools_dir"]
