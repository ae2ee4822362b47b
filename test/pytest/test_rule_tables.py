"""pto_mlir.rules reads the verifiers' tables; docs/ops shows them.

Literal rows pin a few tables (a changed table must change them too); the
tor table agrees with what the verifier accepts on each target; every table
is shown once in docs/ops, as the verifier has it.
"""
import os

import pytest

from pto_mlir import families, ir, rules

DOCS = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "ops")


def test_literal_rows():
    # pto-isa 3186c381: 4-byte integers on a2a3 too (docs/rules.md).
    assert rules.allowed("tor_c1", target="a2a3") == ("i8", "ui8", "i16", "ui16", "i32", "ui32")
    assert rules.allowed("tor_c1", target="a5") == ("i8", "ui8", "i16", "ui16", "i32", "ui32")
    assert rules.allowed("tor_c1") == ("i8", "ui8", "i16", "ui16", "i32", "ui32")
    assert rules.allowed("tsort32_c3", target="a5") == ("ui32",)
    assert rules.allowed("textract_c5", target="a2a3") == ("acc -> mat", "vec -> vec",
                                                           "mat -> left", "mat -> right")
    assert rules.allowed("tinsert_c5", target="a2a3") == ("acc -> mat", "vec -> vec")
    assert rules.allowed("textract_c14", "vec -> vec", target="a2a3") == (
        "i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "bf16", "f32")
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


def test_markdown_of_a_table():
    assert rules.markdown("tsort32_c1") == (
        "| target | dst element types |\n"
        "|---|---|\n"
        "| a2a3 | f16, f32 |\n"
        "| a5 | f16, f32 |\n"
        "| none | f16, f32 |\n")


def test_render_docs_replaces_only_the_tables_shown():
    text = ("Intro.\n\nTable `tsort32_c3`:\n\n| target | old |\n|---|---|\n| a5 | x |\n\n"
            "More text.\n")
    assert rules.documented_rules(text) == ["tsort32_c3"]
    assert rules.render_docs(text) == (
        "Intro.\n\nTable `tsort32_c3`:\n\n| target | idx element types |\n|---|---|\n"
        "| a2a3 | ui32 |\n| a5 | ui32 |\n| none | ui32 |\n\nMore text.\n")


def test_docs_show_every_table_as_the_verifier_has_it():
    """Each table once, in the page of the op its rule belongs to, as the
    verifier has it (else: python -m pto_mlir.rules docs/ops/*.md)."""
    shown_in = {}
    for name in sorted(os.listdir(DOCS)):
        with open(os.path.join(DOCS, name)) as f:
            text = f.read()
        assert rules.render_docs(text) == text, f"docs/ops/{name} shows an old table"
        for rule in rules.documented_rules(text):
            shown_in.setdefault(rule, []).append(name)
    assert shown_in == {t.rule: [_page(t.rule.split("_c")[0])] for t in rules.tables()}


def _page(op):
    """docs/ops/<family>.md for an op of a family, else docs/ops/<op>.md."""
    rows = [row for row in families.FAMILY_OPS if row.mnemonic == op]
    return (rows[0].family if rows else op) + ".md"
