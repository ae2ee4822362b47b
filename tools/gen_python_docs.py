"""Writes docs/python.md, the reference of pto_mlir's public Python API, from
the docstrings of the installed (or PTO_BUILD_DIR-built) package.

    python tools/gen_python_docs.py            # rewrite docs/python.md
    python tools/gen_python_docs.py --check    # exit 1 if it is stale

test/pytest/test_python_docs.py runs the check, so a changed docstring or
signature fails the suite until this script is run again.
"""
import argparse
import importlib
import inspect
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUTPUT = os.path.join(ROOT, "docs", "python.md")

def _pto_names():
    """The pto module's documented names: its types and facts, the builders
    of the family ops (one per row, pto_mlir.families) and the others'."""
    from pto_mlir import families
    return ["TileType", "TileBufType", "memory_space", "location_capacity", "declared_target",
            *(row.mnemonic for row in families.FAMILY_OPS), "tinterleave", "tdeinterleave",
            "treshape", "tsort32", "tinsert", "textract"]


# (module, names documented: a list, a function giving it (run once the
# package is importable) or None: the module's __all__), in reading order.
SECTIONS = [
    ("pto_mlir", []),
    ("pto_mlir.pipeline", None),
    ("pto_mlir.runtime", None),
    ("pto_mlir.runtime.jit", None),
    ("pto_mlir.dialects.pto", _pto_names),
    ("pto_mlir.rules", None),
    ("pto_mlir.families", ["FamilyOp", "op", "render_docs"]),
    ("pto_mlir.asm", None),
    ("pto_mlir.ptoas", None),
    ("pto_mlir.language", None),
    ("pto_mlir.tools", None),
]

HEADER = """\
# Python API reference

The public API of the `pto_mlir` package besides the MLIR bindings themselves
(`pto_mlir.ir`, `pto_mlir.passmanager`, `pto_mlir.dialects.func/arith/scf`,
which are upstream MLIR's, documented at https://mlir.llvm.org/docs/Bindings/Python/).
Generated from the docstrings by `tools/gen_python_docs.py`; do not edit by
hand (`test/pytest/test_python_docs.py` fails when this file is stale).
"""


def _split_top_level(text):
    """Splits ``text`` at the commas outside brackets and quotes."""
    parts, depth, quote, start = [], 0, None, 0
    for i, ch in enumerate(text):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(text[start:i].strip())
            start = i + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


def _native_signature(name, signature_line):
    """``name(params)`` from a nanobind signature line, without the type
    annotations (they name binding internals that vary between versions)."""
    params_text = signature_line[signature_line.index("(") + 1:signature_line.rindex(")")]
    params = []
    for part in _split_top_level(params_text):
        head, _, default = part.partition(" = ")
        param = head.split(":", 1)[0].strip()
        if param in ("self", "cls"):
            continue
        params.append(f"{param}={default}" if default else param)
    return f"{name}({', '.join(params)})"


def _is_native(obj):
    return hasattr(obj, "__nb_signature__") or type(obj).__name__ == "nb_func"


class _Written(str):
    """An annotation as the source writes it: the modules annotate under
    ``from __future__ import annotations``, so inspect holds strings, which
    it would print quoted."""

    def __repr__(self):
        return str(self)


def _python_signature(obj):
    signature = inspect.signature(obj)
    params = [p.replace(annotation=_Written(p.annotation)) if isinstance(p.annotation, str)
              else p for p in signature.parameters.values()]
    returns = signature.return_annotation
    return signature.replace(parameters=params, return_annotation=(
        _Written(returns) if isinstance(returns, str) else returns))


def _signature_and_doc(name, obj):
    doc = inspect.getdoc(obj) or ""
    if _is_native(obj):
        first, _, rest = doc.partition("\n")
        return _native_signature(name, first), rest.strip()
    try:
        return f"{name}{_python_signature(obj)}", doc
    except (TypeError, ValueError):
        return name, doc


def _require_doc(qualname, doc):
    if not doc:
        raise SystemExit(f"gen_python_docs: {qualname} has no docstring")
    return doc


def _function(module_name, name, obj, level="###"):
    signature, doc = _signature_and_doc(name, obj)
    return [f"{level} `{signature}`", "", _require_doc(f"{module_name}.{name}", doc), ""]


def _class_members(cls):
    """Public methods and properties the class itself defines, sorted."""
    for name in sorted(vars(cls)):
        if name.startswith("_"):
            continue
        member = vars(cls)[name]
        if isinstance(member, (classmethod, staticmethod)):
            member = member.__func__
        if isinstance(member, property) or callable(member) or _is_native(member):
            yield name, member


def _class(module_name, name, cls):
    bases = [b.__name__ for b in cls.__bases__ if b is not object]
    title = f"class {name}" + (f"({', '.join(bases)})" if bases else "")
    lines = [f"### `{title}`", "", _require_doc(f"{module_name}.{name}", inspect.getdoc(cls)), ""]
    members = list(_class_members(cls))
    for member_name, member in members:
        qualname = f"{module_name}.{name}.{member_name}"
        if isinstance(member, property):
            doc = inspect.getdoc(member) or ""
            if doc.startswith(f"{member_name}("):   # nanobind's signature line
                doc = doc.partition("\n")[2].strip()
            lines += [f"- `{member_name}` (property)" + (f": {doc}" if doc else "")]
        else:
            signature, doc = _signature_and_doc(member_name, member)
            if not _is_native(member):           # ours must say what they do
                _require_doc(qualname, doc)
            lines += [f"- `{signature}`" + (": " + doc.replace("\n", "\n  ") if doc else "")]
    return lines + [""] if members else lines


def _constant(module_name, name, value):
    return [f"### `{name}`", "", f"`{value!r}`", ""]


def render():
    lines = [HEADER]
    for module_name, names in SECTIONS:
        module = importlib.import_module(module_name)
        lines += [f"## `{module_name}`", ""]
        lines += [_require_doc(module_name, inspect.getdoc(module)), ""]
        if callable(names):
            names = names()
        for name in names if names is not None else module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj):
                lines += _class(module_name, name, obj)
            elif callable(obj):
                lines += _function(module_name, name, obj)
            else:
                lines += _constant(module_name, name, obj)
    return "\n".join(lines).rstrip("\n") + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 when docs/python.md differs from the docstrings")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        with open(OUTPUT) as f:
            if f.read() != text:
                print("docs/python.md is stale: run python tools/gen_python_docs.py",
                      file=sys.stderr)
                return 1
        return 0
    with open(OUTPUT, "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    from build_tree import use_build_tree

    use_build_tree()
    sys.exit(main())
