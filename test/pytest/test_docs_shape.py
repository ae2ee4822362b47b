"""The docs are references, not logs (issue 27): each table cell stays short
enough to read in a table, and docs/performance.md holds the current figures
only (the history is in CHANGELOG.md, "Performance history")."""
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]
MAX_CELL = 400
MAX_PERFORMANCE_LINES = 300


def table_cells(line):
    """The cells of a Markdown table row (`\\|` is a literal bar, not a border)."""
    return [c.strip() for c in line.strip().strip("|").replace("\\|", "\0").split("|")]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_table_cell_is_a_paragraph(doc):
    long_cells = [
        f"{doc.relative_to(ROOT)}:{n}: {len(cell)} characters: {cell[:60]}..."
        for n, line in enumerate(doc.read_text().splitlines(), 1) if line.startswith("|")
        for cell in table_cells(line) if len(cell) > MAX_CELL
    ]
    assert long_cells == []


def test_performance_doc_is_current_figures_only():
    text = (ROOT / "docs" / "performance.md").read_text()
    assert len(text.splitlines()) < MAX_PERFORMANCE_LINES
    assert "## How to reproduce" in text and "## Current figures" in text
    assert "## Performance history" in (ROOT / "CHANGELOG.md").read_text()


def test_table_cells_split_on_borders_only():
    assert table_cells("| a | b \\| c | d |") == ["a", "b \0 c", "d"]
