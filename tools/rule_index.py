"""The index of every verifier rule in docs/rules.md, and its check.

A rule id (`<op>_cN`, `tile_cN`) is checked in the dialect's C++ (the
verifiers and the ODS files name each id where it is checked) and stated in
one docs table, a row `| `id` | rule | ... |` of docs/ops/*.md, docs/types.md
or docs/ptoas.md; a family page (docs/ops/<family>.md) states its rules once
as `<m>_cN`, for every op of the family. The index block of docs/rules.md
(between `<!-- rule index: begin -->` and `<!-- rule index: end -->`) lists,
by op, the ids and the page that states them:

    PTO_BUILD_DIR=build python tools/rule_index.py          # rewrite the index
    PTO_BUILD_DIR=build python tools/rule_index.py --check  # exit 1 if stale

test/pytest/test_rule_index.py checks the index and that every id the C++
checks is stated in a page, and every stated id is checked.
"""
import argparse
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RULES_MD = os.path.join(ROOT, "docs", "rules.md")
_ID = re.compile(r"\b([a-z][a-z0-9_]*_c\d+)\b")
_ROW = re.compile(r"^\| `([a-z<>][a-z0-9_<>]*_c(\d+))` \|", re.MULTILINE)
_BLOCK = re.compile(r"(<!-- rule index: begin -->\n).*?(<!-- rule index: end -->)", re.DOTALL)
# The pages that state rules (docs/rules.md is the audit and this index).
_PAGES = ("docs/ops/*.md", "docs/types.md", "docs/ptoas.md")


def checked_ids():
    """The rule ids the dialect's C++ and ODS files name."""
    ids = set()
    for pattern in ("dialect/lib/*.cpp", "dialect/include/pto/*.h", "dialect/include/pto/*.td"):
        for path in glob.glob(os.path.join(ROOT, pattern)):
            with open(path) as f:
                ids.update(_ID.findall(f.read()))
    return ids


def stated_ids(family_ops):
    """{id: page (relative to docs/)} of every rule a page states;
    ``family_ops`` is pto_mlir.families.FAMILY_OPS, whose family pages'
    `<m>_cN` rows stand for each op of the family."""
    by_family = {}
    for row in family_ops:
        by_family.setdefault(row.family, []).append(row.mnemonic)
    stated = {}
    for pattern in _PAGES:
        for path in sorted(glob.glob(os.path.join(ROOT, pattern))):
            page = os.path.relpath(path, os.path.join(ROOT, "docs"))
            family = os.path.splitext(os.path.basename(path))[0]
            with open(path) as f:
                for rule, number in _ROW.findall(f.read()):
                    names = ([f"{m}_c{number}" for m in by_family.get(family, [])]
                             if rule.startswith("<m>") else [rule])
                    for name in names:
                        stated.setdefault(name, page)
    return stated


def _op_of(rule):
    return rule.rsplit("_c", 1)[0]


def render(stated):
    """The index block's lines: a row per op (or type), its ids in order."""
    by_op = {}
    for rule, page in stated.items():
        by_op.setdefault((_op_of(rule), page), []).append(rule)
    lines = [f"{len(stated)} rules of {len(by_op)} ops and types, each stated once:", "",
             "| op | rules | stated in |", "|---|---|---|"]
    for (op, page), ids in sorted(by_op.items()):
        ids.sort(key=lambda rule: int(rule.rsplit("_c", 1)[1]))
        shown = (f"`{ids[0]}` ... `{ids[-1]}`" if len(ids) > 3 else
                 ", ".join(f"`{rule}`" for rule in ids))
        lines.append(f"| `{op}` | {shown} ({len(ids)}) | [{page}]({page}) |")
    return "\n".join(lines) + "\n"


def rendered_docs(text, stated):
    """docs/rules.md's ``text`` with its index block made from ``stated``."""
    if not _BLOCK.search(text):
        raise ValueError("docs/rules.md has no '<!-- rule index: begin -->' block")
    return _BLOCK.sub(lambda m: m.group(1) + render(stated) + m.group(2), text)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the index is stale")
    args = parser.parse_args(argv)
    from pto_mlir.families import FAMILY_OPS

    with open(RULES_MD) as f:
        text = f.read()
    rendered = rendered_docs(text, stated_ids(FAMILY_OPS))
    if args.check:
        return 0 if rendered == text else 1
    if rendered != text:
        with open(RULES_MD, "w") as f:
            f.write(rendered)
        print("updated docs/rules.md")
    return 0


if __name__ == "__main__":
    from build_tree import use_build_tree

    use_build_tree()
    sys.exit(main(sys.argv[1:]))
