"""Where the scripts of tools/ import pto_mlir from: the build tree that
PTO_BUILD_DIR names (its python_packages/), else the installed package."""
import os
import sys


def use_build_tree():
    """Puts PTO_BUILD_DIR's package first on sys.path, when it is set."""
    build = os.environ.get("PTO_BUILD_DIR")
    if build:
        sys.path.insert(0, os.path.join(os.path.abspath(build), "python_packages"))
