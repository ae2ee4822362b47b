"""Every rule the verifiers check is stated in the docs, every stated rule
is checked, and docs/rules.md's index of them is current (issue 33, item 5;
tools/rule_index.py)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import rule_index  # noqa: E402

from pto_mlir.families import FAMILY_OPS  # noqa: E402


def test_every_rule_the_dialect_checks_is_stated_in_a_page():
    stated = rule_index.stated_ids(FAMILY_OPS)
    assert sorted(rule_index.checked_ids() - set(stated)) == []


def test_every_stated_rule_is_checked():
    stated = rule_index.stated_ids(FAMILY_OPS)
    # A family page's `<m>_cN` rows stand for each op of the family; the
    # C++ names them by pattern (ElementwiseOps.td), not one by one.
    families = {row.mnemonic for row in FAMILY_OPS}
    by_pattern = {rule for rule in stated if rule.rsplit("_c", 1)[0] in families}
    assert sorted(set(stated) - rule_index.checked_ids() - by_pattern) == []


def test_docs_rules_index_is_current():
    with open(rule_index.RULES_MD) as f:
        text = f.read()
    assert rule_index.rendered_docs(text, rule_index.stated_ids(FAMILY_OPS)) == text, \
        "docs/rules.md's index is stale: run PTO_BUILD_DIR=build python tools/rule_index.py"
