"""The layers depend downwards only (docs/architecture.md): the dialect on
nothing of ours, the passes and the host lowering on the dialect, the
translators on the dialect. Each layer's C API library includes only its own
layer's headers (and those below), so linking one C API never drags in the
layers above it (issue 27)."""
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
INCLUDE = re.compile(r'^#include "(pto(?:-c)?/[^"]+)"', re.M)

# The headers each layer provides, by the folder they live in.
LAYER_HEADERS = {
    "dialect": {p.relative_to(ROOT / "dialect/include").as_posix()
                for p in (ROOT / "dialect/include").rglob("*.h")},
    "passes": {p.relative_to(ROOT / "passes/include").as_posix()
               for p in (ROOT / "passes/include").rglob("*.h")},
    "translate": {p.relative_to(ROOT / "translate/include").as_posix()
                  for p in (ROOT / "translate/include").rglob("*.h")},
}
# What each layer may include besides its own headers.
ALLOWED_BELOW = {"dialect": set(), "passes": {"dialect"}, "translate": {"dialect"}}


def included_headers(folder):
    for path in sorted((ROOT / folder).rglob("*")):
        if path.suffix in (".h", ".cpp"):
            for header in INCLUDE.findall(path.read_text()):
                yield path.relative_to(ROOT).as_posix(), header


@pytest.mark.parametrize("layer", sorted(LAYER_HEADERS))
def test_layer_includes_only_itself_and_below(layer):
    allowed = LAYER_HEADERS[layer].union(*(LAYER_HEADERS[b] for b in ALLOWED_BELOW[layer]))
    ours = set().union(*LAYER_HEADERS.values())
    upward = [f"{path} includes {header}" for path, header in included_headers(layer)
              if header in ours and header not in allowed]
    assert upward == []


def test_each_layer_has_its_c_api():
    assert {"pto-c/Dialect.h"} <= LAYER_HEADERS["dialect"]
    assert {"pto-c/Passes.h", "pto-c/Lowering.h"} <= LAYER_HEADERS["passes"]
    assert {"pto-c/Translate.h"} <= LAYER_HEADERS["translate"]
