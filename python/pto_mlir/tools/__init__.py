"""Command-line entry points of pto_mlir (pto-run, pto-lit), the location
of LLVM's test tools for your own lit suites (``filecheck_path()``) and of
the C++ package for frontends written in C++ (``cmake_dir()``)."""
from .cxx_package import CxxPackageMissing, cmake_dir
from .llvm_tools import LLVMToolsMissing, filecheck_path, llvm_tools_dir

__all__ = ["CxxPackageMissing", "LLVMToolsMissing", "cmake_dir", "filecheck_path",
           "llvm_tools_dir"]
