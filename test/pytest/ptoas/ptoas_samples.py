"""PTOAS's test samples as pto-mlir reads them.

PTOAS (github.com/hw-native-sys/PTOAS) keeps its sample kernels under
test/samples/**/*.pto. ``survey(root)`` lists, for every sample of the PTOAS
tree ``root``, the ops it uses that pto-mlir does not define (none: we read
it) and, for one we read, how it went: parsed and verified, and which of its
functions ran. Run as a script it prints the table of docs/ptoas.md:

    PTO_BUILD_DIR=build python test/pytest/ptoas/ptoas_samples.py $PTOAS_SRC
"""
import glob
import os
import re
import sys

import numpy as np

from pto_mlir import ir
from pto_mlir.dialects import pto
from pto_mlir.runtime.globals import pointer_dtype, pointer_elements

# An op is the first dotted name of a statement: after `=` or at the start.
_OP = re.compile(r"^\s*(?:[%\w#:, ]+=\s*)?\"?([a-z_][a-z_0-9]*\.[a-z_][a-z_0-9.]*)\"?[\s(<{]")


def samples(root):
    """The sample files of the PTOAS tree ``root``, sorted."""
    return sorted(glob.glob(os.path.join(root, "test", "samples", "**", "*.pto"),
                            recursive=True))


def ops_used(text):
    """The op names a sample's statements start with."""
    found = set()
    for line in text.splitlines():
        match = _OP.match(line)
        if match:
            found.add(match.group(1))
    return found


def missing_ops(text, context):
    """The ops of ``text`` that ``context`` does not know."""
    return sorted(name for name in ops_used(text)
                  if not context.is_registered_operation(name))


def argument_arrays(function, rng):
    """Random arrays for a function whose arguments are all pointers, each
    as long as the function's tensors of it need; None when an argument is
    not a pointer or its size is unknown (runtime.globals.pointer_elements)."""
    arrays = []
    for position, arg in enumerate(function.regions[0].blocks[0].arguments):
        if not pto.PtrType.isinstance(arg.type):
            return None
        elements = pointer_elements(function, position)
        dtype = pointer_dtype(arg.type)
        if elements is None or dtype is None:
            return None
        if np.issubdtype(dtype, np.integer):
            info = np.iinfo(dtype)
            arrays.append(rng.integers(info.min, info.max, elements, dtype=dtype,
                                       endpoint=True))
        else:
            arrays.append(rng.standard_normal(elements).astype(dtype))
    return arrays


def survey(root):
    """[(sample path relative to root, missing ops, verified or the error)]."""
    rows = []
    for path in samples(root):
        with open(path) as f:
            text = f.read()
        with ir.Context() as context:
            missing = missing_ops(text, context)
            status = None
            if not missing:
                try:
                    ir.Module.parse(text).operation.verify()
                    status = "verified"
                except ir.MLIRError as error:
                    status = str(error).splitlines()[0]
        rows.append((os.path.relpath(path, root), missing, status))
    return rows


if __name__ == "__main__":
    for name, missing, status in survey(sys.argv[1]):
        print(f"| `{name}` | {status or 'not read: ' + ', '.join(missing)} |")
