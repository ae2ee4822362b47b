"""The docs' generated blocks are the rows' (python -m pto_mlir.families
docs/status.md docs/ops/*.md rewrites them): a line per op in
docs/status.md, each family's ops and tables in its page."""
import os

import pytest

from pto_mlir import families

DOCS = os.path.join(os.path.dirname(__file__), "..", "..", "..", "docs")
PAGES = ["status.md", *sorted(os.path.join("ops", f"{family}.md")
                              for family in {row.family for row in families.FAMILY_OPS})]


@pytest.mark.parametrize("page", PAGES)
def test_generated_blocks_are_current(page):
    with open(os.path.join(DOCS, page)) as f:
        text = f.read()
    assert "<!-- families: " in text
    assert families.render_docs(text) == text, (
        f"docs/{page} is stale: python -m pto_mlir.families docs/status.md docs/ops/*.md")


def test_every_op_has_its_status_line_and_table():
    with open(os.path.join(DOCS, "status.md")) as f:
        status = f.read()
    for row in families.FAMILY_OPS:
        assert f"| `{row.name}` | yes" in status
        with open(os.path.join(DOCS, "ops", f"{row.family}.md")) as f:
            assert f"Table `{row.mnemonic}_c1`:" in f.read()


def test_a_stale_block_is_rewritten():
    stale = "Intro.\n\n<!-- families: status -->\n| old |\n<!-- families: end -->\nMore.\n"
    rendered = families.render_docs(stale)
    assert "| old |" not in rendered and rendered.startswith("Intro.\n\n<!-- families: status")
    assert rendered.endswith("<!-- families: end -->\nMore.\n")
    assert all(f"| `{row.name}` |" in rendered for row in families.FAMILY_OPS)
