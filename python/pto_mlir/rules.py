"""The verifiers' rule tables, read from the dialect (pto/PtoRules.h).

Rules that allow a list of values (element types, location paths,
conversion pairs) are written once, in C++, beside their verifier; this
module reads those lists. A table is named by its rule id (``tor_c1``, as in
docs/ops) and has one row per target (``"a2a3"``, ``"a5"``, ``None`` for a
module without ``pto.target_arch``) and per value of its keys::

    >>> rules.allowed("tor_c1", target="a2a3")
    ('i8', 'ui8', 'i16', 'ui16')
    >>> rules.allowed("tinsert_c9", "acc -> mat", "scalar", "f32", target="a2a3")
    ('i8',)

docs/ops shows each table below a line "Table `<rule>`:"; after a table
changes, ``python -m pto_mlir.rules docs/ops/*.md`` rewrites them.
"""
from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeAlias

from ._markdown import rewrite_in_place
from ._mlir_libs import _pto

if TYPE_CHECKING:
    # For the annotations only (typing.Unpack is Python 3.11's).
    from typing_extensions import Unpack

__all__ = ["RuleTable", "TARGETS", "allowed", "documented_rules", "markdown",
           "render_docs", "table", "tables"]

# A row of a table: (target, *keys), the target None for a module without
# pto.target_arch.
_RowKey: TypeAlias = "tuple[str | None, Unpack[tuple[str, ...]]]"


class RuleTable:
    """One rule's table: ``rule`` (its id), ``values`` (what the values
    are), ``keys`` (the row keys besides the target) and ``rows``, a dict
    ``{(target, *keys): values}`` in the verifier's order."""

    def __init__(self, rule: str, values: str, keys: tuple[str, ...],
                 rows: Iterable[tuple[str | None, tuple[str, ...], tuple[str, ...]]]) -> None:
        self.rule, self.values, self.keys = rule, values, keys
        self.rows: dict[_RowKey, tuple[str, ...]] = {
            (target, *row_keys): row_values for target, row_keys, row_values in rows}

    def __repr__(self) -> str:
        return f"RuleTable({self.rule!r}: {self.values})"


# The tables are constants of the dialect library: read once at import.
_TABLES = {rule: RuleTable(rule, values, keys, rows)
           for rule, values, keys, rows in _pto.rule_tables()}

# The targets tables have rows for (the dialect's targets, then None).
TARGETS: tuple[str | None, ...] = tuple(dict.fromkeys(target for t in _TABLES.values()
                              for target, *_ in t.rows))


def tables() -> tuple[RuleTable, ...]:
    """Every rule table, op family by op family."""
    return tuple(_TABLES.values())


def table(rule: str) -> RuleTable:
    """The table of ``rule``; ValueError naming the rules that have one."""
    try:
        return _TABLES[rule]
    except KeyError:
        raise ValueError(f"rule {rule!r} has no table (rules with tables: "
                         f"{', '.join(_TABLES)})") from None


def allowed(rule: str, *keys: str, target: str | None = None) -> tuple[str, ...]:
    """The values ``rule`` allows on ``target`` for ``keys`` (in the
    table's key order), as a tuple of strings. ValueError for an unknown
    rule, a wrong number of keys or a row the table does not have."""
    t = table(rule)
    if len(keys) != len(t.keys):
        raise ValueError(f"{rule} takes {len(t.keys)} keys ({', '.join(t.keys) or 'none'}), "
                         f"got {len(keys)}")
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r} (targets: "
                         f"{', '.join(map(str, TARGETS))})")
    try:
        row: _RowKey = (target, *keys)
        return t.rows[row]
    except KeyError:
        raise ValueError(f"{rule} has no row for target {target} and "
                         f"{', '.join(f'{k}={v!r}' for k, v in zip(t.keys, keys))}") from None


def markdown(rule: str) -> str:
    """The table of ``rule`` in markdown: a column for the target and each
    key, then the values (``(none)`` for an empty list)."""
    t = table(rule)
    header = ["target", *t.keys, t.values]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for (target, *keys), values in t.rows.items():
        cells = [target or "none", *keys, ", ".join(values) or "(none)"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


# "Table `rule`:", a blank line, then the table's lines.
_DOCUMENTED_TABLE = re.compile(r"^Table `(\w+)`:\n\n((?:\|.*\n)*)", re.MULTILINE)


def documented_rules(text: str) -> list[str]:
    """The rules whose tables the markdown ``text`` shows, in order."""
    return [m.group(1) for m in _DOCUMENTED_TABLE.finditer(text)]


def render_docs(text: str) -> str:
    """``text`` with every table it shows replaced by the current one."""
    return _DOCUMENTED_TABLE.sub(
        lambda m: f"Table `{m.group(1)}`:\n\n{markdown(m.group(1))}", text)


def _main() -> None:
    parser = argparse.ArgumentParser(
        description="Rewrites the rule tables shown in markdown files.")
    parser.add_argument("files", nargs="+", help="markdown files (docs/ops/*.md)")
    rewrite_in_place(parser.parse_args().files, render_docs)


if __name__ == "__main__":
    _main()
