"""pto_mlir.rules reads the verifiers' tables; docs/ops shows them.

Literal rows pin a few tables (a changed table must change them too); every
table agrees with the verifier on a module that uses each allowed value and
one that does not; every docs/ops table marked "Table `<rule>`" equals the
table rendered from pto_mlir.rules, and every table has one.
"""
import os
import re

import pytest

from pto_mlir import ir, rules

DOCS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "ops")


def test_literal_rows():
    assert rules.allowed("tor_c1", target="a2a3") == ("i8", "ui8", "i16", "ui16")
    assert rules.allowed("tor_c1", target="a5") == ("i8", "ui8", "i16", "ui16", "i32", "ui32")
    assert rules.allowed("tor_c1") == ("i8", "ui8", "i16", "ui16", "i32", "ui32")
    assert rules.allowed("tsort32_c3", target="a5") == ("ui32",)
    assert rules.allowed("textract_c5", target="a2a3") == ("acc -> mat", "mat -> left",
                                                           "mat -> right")
    assert rules.allowed("tinsert_c9", "acc -> mat", "scalar", "i32", target="a2a3") == (
        "i8", "ui8", "f16", "i16")
    assert rules.allowed("tinsert_c9", "acc -> mat", "none", "i32", target="a2a3") == ()
    assert rules.table("tinsert_c9").keys == ("path", "quant", "src")
    assert rules.TARGETS == ("a2a3", "a5", None)


@pytest.mark.parametrize("call, message", [
    (lambda: rules.table("tor_c9"), "rule 'tor_c9' has no table (rules with tables: "),
    (lambda: rules.allowed("tor_c1", "vec"), "tor_c1 takes 0 keys (none), got 1"),
    (lambda: rules.allowed("tor_c1", target="a3"),
     "unknown target 'a3' (targets: a2a3, a5, None)"),
    (lambda: rules.allowed("tinsert_c9", "acc -> vec", "none", "f32", target="a2a3"),
     "tinsert_c9 has no row for target a2a3 and path='acc -> vec', quant='none', src='f32'"),
])
def test_bad_queries_raise(call, message):
    with pytest.raises(ValueError) as error:
        call()
    assert str(error.value).startswith(message)


def _tor_module(target, element):
    attrs = "" if target is None else f' attributes {{pto.target_arch = "{target}"}}'
    t = f"!pto.tile_buf<vec, 16x64x{element}>"
    return (f"module{attrs} {{\nfunc.func @k(%a: {t}, %b: {t}, %d: {t}) {{\n"
            f"  pto.tor ins(%a, %b : {t}, {t}) outs(%d : {t})\n  return\n}}\n}}\n")


def _verifies(text):
    with ir.Context():
        try:
            return ir.Module.parse(text).operation.verify()
        except ir.MLIRError:
            return False


@pytest.mark.parametrize("target", rules.TARGETS)
def test_tor_table_is_what_the_verifier_accepts(target):
    allowed = rules.allowed("tor_c1", target=target)
    for element in ["i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "f16", "f32"]:
        assert _verifies(_tor_module(target, element)) == (element in allowed), element


def _render(table):
    """The markdown table docs/ops shows for ``table``."""
    header = ["target", *table.keys, table.values]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for (target, *keys), values in table.rows.items():
        cells = [target or "none", *keys, ", ".join(values) or "(none)"]
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def _documented_tables():
    """{rule: (file, markdown lines)} of every "Table `rule`" in docs/ops."""
    found = {}
    for name in sorted(os.listdir(DOCS)):
        lines = open(os.path.join(DOCS, name)).read().splitlines()
        for i, line in enumerate(lines):
            match = re.match(r"^Table `(\w+)`:$", line)
            if not match:
                continue
            start = next(j for j in range(i + 1, len(lines)) if lines[j].startswith("|"))
            end = next((j for j in range(start, len(lines)) if not lines[j].startswith("|")),
                       len(lines))
            assert match.group(1) not in found, f"{match.group(1)} shown twice"
            found[match.group(1)] = (name, lines[start:end])
    return found


def test_docs_show_every_table_as_the_verifier_has_it():
    documented = _documented_tables()
    assert sorted(documented) == sorted(t.rule for t in rules.tables())
    for table in rules.tables():
        name, lines = documented[table.rule]
        assert name == table.rule.split("_c")[0] + ".md"
        assert lines == _render(table), f"docs/ops/{name}, Table `{table.rule}`"
