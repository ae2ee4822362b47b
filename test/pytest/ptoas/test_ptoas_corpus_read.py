"""Every file of PTOAS's corpus that ptoas accepts (pinned in
ptoas_corpus.txt), read as `pto-opt FILE` reads it: docs/ptoas.md's
corpus section, the counts by directory and each refused file with what
refuses it, is what tools/ptoas_corpus.py makes of them today, so the set
that reads changes only with the doc (`python tools/ptoas_corpus.py
$PTOAS_SRC` rewrites it)."""
import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__)))))


def _tool():
    path = os.path.join(ROOT, "tools", "ptoas_corpus.py")
    spec = importlib.util.spec_from_file_location("ptoas_corpus", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_pinned_corpus_is_ptoas_accepted_files(ptoas_src):
    # Each pinned file exists in the PTOAS tree (the pin is of a56b18c3).
    files = _tool().pinned()
    assert len(files) == 199
    missing = [path for path, _ in files if not os.path.isfile(os.path.join(ptoas_src, path))]
    assert missing == []


def test_docs_count_what_reads(ptoas_src):
    tool = _tool()
    assert tool.documented() == tool.render(tool.survey(ptoas_src)), \
        "docs/ptoas.md's corpus section is stale: run python tools/ptoas_corpus.py $PTOAS_SRC"
