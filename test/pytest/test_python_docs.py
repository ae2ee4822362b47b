"""docs/python.md is what tools/gen_python_docs.py makes of the docstrings."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _generator():
    path = os.path.join(ROOT, "tools", "gen_python_docs.py")
    spec = importlib.util.spec_from_file_location("gen_python_docs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_python_md_matches_the_docstrings():
    with open(os.path.join(ROOT, "docs", "python.md")) as f:
        checked_in = f.read()
    assert checked_in == _generator().render(), \
        "docs/python.md is stale: run python tools/gen_python_docs.py"
