"""The op families, read from the dialect (dialect/include/pto/ElementwiseOps.td).

An op of a family is one row: its name, its family (the operand shape, the
rules, the lowering), its element op (the scalar computation, as pto-isa's
CPU simulator names it) and its element types per target (its rule table
``<mnemonic>_c1``, ``pto_mlir.rules``). The Python builders
(``pto.tadd``), the interpreter's handlers and the ``pl`` functions are made
from these rows, so an op added to a family in ODS appears in all of them::

    >>> families.op("tadd")
    FamilyOp(name='pto.tadd', family='binary_elementwise', element_op='add', ...)

The docs show the rows in generated blocks (a line ``<!-- families: status
-->`` or ``<!-- families: ops <family> -->``, the rows, ``<!-- families:
end -->``): docs/status.md a line per op, each family's page
(docs/ops/<family>.md) its ops with their element types (the rule tables
``<mnemonic>_c1``). ``python -m pto_mlir.families docs/status.md
docs/ops/*.md`` rewrites them; test/pytest/families/test_family_docs.py
fails when one is stale.
"""
import argparse
import re
from typing import NamedTuple

from . import rules
from ._markdown import rewrite_in_place
from ._mlir_libs import _pto

__all__ = ["FAMILY_OPS", "FamilyOp", "op", "render_docs"]


class FamilyOp(NamedTuple):
    """One row: ``name`` ("pto.tadd"), ``family`` ("binary_elementwise"),
    ``element_op`` ("add"), ``isa_name`` ("TADD") and ``sources``, where
    the element types of each target come from ({"a2a3": ..., "a5": ...})."""

    name: str
    family: str
    element_op: str
    isa_name: str
    sources: dict[str, str]

    @property
    def mnemonic(self) -> str:
        """The name without the dialect ("tadd"); it names the op's rules."""
        return self.name.partition(".")[2]


# The rows are constants of the dialect library: read once at import.
FAMILY_OPS: tuple[FamilyOp, ...] = tuple(FamilyOp(*row) for row in _pto.family_ops())
_BY_MNEMONIC = {row.mnemonic: row for row in FAMILY_OPS}


def op(mnemonic: str) -> FamilyOp:
    """The row of ``mnemonic``; ValueError naming the family ops."""
    try:
        return _BY_MNEMONIC[mnemonic]
    except KeyError:
        raise ValueError(f"{mnemonic!r} is not an op of a family (they are: "
                         f"{', '.join(_BY_MNEMONIC)})") from None


# docs/status.md's line for an op of each family.
# The family ops pto-isa 3186c381's CPU simulator has no code for (no
# T<OP>_IMPL in include/pto/cpu, only in the NPU headers): the pto-isa
# engine refuses them (runtime/pto_isa/engine.py).
WITHOUT_SIMULATOR_CODE = frozenset({"tshl", "tshr"})

_STATUS = {
    "binary_elementwise": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c4; trem also c5, txor c5..c6, tprelu c5..c7; per target) | yes (in place "
        "over dead operands, elementwise; txor and tprelu not on a2a3: they keep their tiles "
        "apart) | yes ({engines}) | "
        "yes | the family's "
        "([binary_elementwise](ops/binary_elementwise.md)): rules and both levels per op, every "
        "element type on three engines vs a model of the simulator |"),
    "unary_elementwise": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c4, per target) | yes (in place over dead operands, elementwise) | "
        "yes ({engines}) | yes | the family's "
        "([unary_elementwise](ops/unary_elementwise.md)): rules and both levels per op, every "
        "element type on three engines and every f16 input on two vs a model of the "
        "simulator |"),
    "tile_scalar": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c4; tdivs, texpands, trems, tands, tors also c5, txors c5..c6; "
        "per target) | yes (in place over dead operands, elementwise; tands, tors, txors "
        "never: they keep their tiles apart) | yes ({engines}) | yes | the family's "
        "([tile_scalar](ops/tile_scalar.md)): rules and both levels per op, every element "
        "type and special scalars on three engines vs a model of the simulator |"),
    "ternary_elementwise": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c5, per target) | yes (in place over dead operands, elementwise) | "
        "yes ({engines}) | yes | the family's "
        "([ternary_elementwise](ops/ternary_elementwise.md)): rules and both levels per op, "
        "every element type on three engines vs a model of the simulator |"),
    "part": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c4, per target) | yes (in place over dead operands, elementwise) | "
        "yes ({engines}) | yes | the family's ([part](ops/part.md)): rules and both levels "
        "per op, every element type and every overlap of the sources on three engines vs a "
        "model of the simulator |"),
    "row_reduce": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c7, per target) | yes (not in place: a reduction) | yes (interpreter; "
        "JIT; pto-isa) | yes | the family's ([row_reduce](ops/row_reduce.md)): rules and both "
        "levels per op, every element type with NaN, signed zeros and overflow on three "
        "engines vs a model of the simulator |"),
    "col_reduce": (
        "| `pto.{m}` | yes (both levels, manual mode; tcolsum's optional tmp and isBinary) | "
        "yes (the generic tile-op form) | yes ({m}_c1..c7; tcolsum also c8..c10; per target) | "
        "yes (not in place: a reduction) | yes (interpreter; JIT; pto-isa) | yes | the family's "
        "([col_reduce](ops/col_reduce.md)): rules and both levels per op, every element type "
        "with NaN, signed zeros and overflow on three engines vs a model of the simulator |"),
    "row_arg_reduce": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c8, per target) | yes (not in place: a reduction) | yes (interpreter; "
        "JIT; pto-isa) | yes | the family's ([row_arg_reduce](ops/row_arg_reduce.md)): rules "
        "and both levels per op, every element type with ties, NaN and signed zeros on three "
        "engines vs a model of the simulator, and pto-isa's own test shapes |"),
    "col_arg_reduce": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | "
        "yes ({m}_c1..c8, per target) | yes (not in place: a reduction) | yes (interpreter; "
        "JIT; pto-isa) | yes | the family's ([col_arg_reduce](ops/col_arg_reduce.md)): rules "
        "and both levels per op, every element type with ties, NaN and signed zeros, ND and "
        "DN sources on three engines vs a model of the simulator, and pto-isa's own test "
        "shapes |"),
    "row_expand": (
        "| `pto.{m}` | yes (both levels, manual mode; optional tmp) | yes (the generic "
        "tile-op form) | yes ({m}_c1..c6, per target) | yes (not in place: a broadcast) | yes "
        "(interpreter; JIT; pto-isa) | yes | the family's ([row_expand](ops/row_expand.md)): "
        "rules and both levels per op, both broadcast modes and either operand expanded, every "
        "element type on three engines vs a model of the simulator |"),
    "col_expand": (
        "| `pto.{m}` | yes (both levels, manual mode) | yes (the generic tile-op form) | yes "
        "({m}_c1..c5, per target) | yes (not in place: a broadcast) | yes (interpreter; JIT; "
        "pto-isa) | yes | the family's ([col_expand](ops/col_expand.md)): rules and both "
        "levels per op, every element type on three engines vs a model of the simulator |"),
}


def _status_lines(_family: str | None) -> list[str]:
    return ["| op | parse/print | PTO-AS | verifier | bufferization | runtime | lowering | tests |",
            "|---|---|---|---|---|---|---|---|",
            *(_STATUS[row.family].format(m=row.mnemonic, engines=_engines(row.mnemonic))
              for row in FAMILY_OPS)]


def _engines(mnemonic: str) -> str:
    if mnemonic in WITHOUT_SIMULATOR_CODE:
        return "interpreter; JIT; pto-isa refuses it: the simulator has no code for it"
    return "interpreter; JIT; pto-isa"


def _op_lines(family: str | None) -> list[str]:
    lines = []
    for row in FAMILY_OPS:
        if row.family != family:
            continue
        lines += [f"### pto.{row.mnemonic} ({row.isa_name}, element op `{row.element_op}`)", "",
                  *(f"- {target}: pto-isa 3186c381 {source}"
                    for target, source in row.sources.items()), "",
                  f"Table `{row.mnemonic}_c1`:", "", rules.markdown(f"{row.mnemonic}_c1")]
    return lines


_BLOCKS = {"status": _status_lines, "ops": _op_lines}
_BLOCK = re.compile(r"^<!-- families: (status|ops) ?(\w*) -->\n.*?^<!-- families: end -->\n",
                    re.MULTILINE | re.DOTALL)


def render_docs(text: str) -> str:
    """``text`` with each generated block made again from the rows."""
    def block(match: re.Match[str]) -> str:
        kind, family = match.group(1), match.group(2) or None
        lines = _BLOCKS[kind](family)
        return "\n".join([f"<!-- families: {match.group(1)}"
                          f"{' ' + family if family else ''} -->", *lines,
                          "<!-- families: end -->"]) + "\n"
    return _BLOCK.sub(block, text)


def _main() -> None:
    parser = argparse.ArgumentParser(description="Rewrites the family blocks of markdown files.")
    parser.add_argument("files", nargs="+", help="markdown files (docs/status.md docs/ops/*.md)")
    rewrite_in_place(parser.parse_args().files, render_docs)


if __name__ == "__main__":
    _main()
