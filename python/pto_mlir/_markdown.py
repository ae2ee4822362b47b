"""Rewriting generated blocks of markdown files in place (the docs
generators of pto_mlir.rules and pto_mlir.families share it)."""
from __future__ import annotations

from collections.abc import Callable, Iterable


def rewrite_in_place(paths: Iterable[str], render: Callable[[str], str]) -> None:
    """Replaces each file's text by ``render(text)``, naming each file that
    changed."""
    for path in paths:
        with open(path) as f:
            text = f.read()
        rendered = render(text)
        if rendered != text:
            with open(path, "w") as f:
                f.write(rendered)
            print(f"updated {path}")
