"""The one exception a kernel's author sees for a mistake in a kernel.

``CompileError`` carries the user's source location: ``file:line:col:
message``. It is raised for Python the language does not take (an unknown
name, an unsupported statement, a tile changing type in a loop), for an op
the dialect's verifier rejects (the verifier's message, at the line of the
op's call) and for a kernel a requested stage cannot compile (e.g. the JIT).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (for annotations only: no import at run time)
    from .. import ir
    from ..pipeline import PipelineError

__all__ = ["CompileError", "SourceLocation", "format_diagnostics", "pipeline_failure"]


class SourceLocation:
    """A point in the user's Python source (col 1-based, as MLIR's)."""

    __slots__ = ("file", "line", "col")

    def __init__(self, file: str, line: int, col: int) -> None:
        self.file, self.line, self.col = file, line, col

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class CompileError(Exception):
    """A kernel cannot be compiled. ``location`` is a SourceLocation (or
    None when the error belongs to no line), ``message`` the reason."""

    def __init__(self, message: str, location: SourceLocation | None = None) -> None:
        self.message = message
        self.location = location
        super().__init__(f"{location}: {message}" if location else message)


_FILE_LOC = re.compile(r'loc\("(?P<file>[^"]*)":(?P<line>\d+):(?P<col>\d+)')


def _location(diagnostic: Any) -> SourceLocation | None:
    match = _FILE_LOC.search(str(diagnostic.location))
    if match is None:
        return None
    return SourceLocation(match["file"], int(match["line"]), int(match["col"]))


def format_diagnostics(error: ir.MLIRError) -> tuple[str, SourceLocation | None]:
    """(message, location) of an ``ir.MLIRError``: its first error's text
    with its notes, at the first diagnostic's file location."""
    diagnostics = list(error.error_diagnostics)
    if not diagnostics:
        return str(error), None
    first = diagnostics[0]
    lines = [first.message]
    for note in first.notes:
        # MLIR's generic print of the failing op adds nothing to the message.
        if not note.message.startswith("see current operation"):
            lines.append(f"note: {note.message}")
    return "\n".join(lines), _location(first)


# How pto_mlir.pipeline's PipelineError prints a diagnostic at a file location.
_PIPELINE_ERROR = re.compile(
    r'error: "(?P<file>[^"]*)":(?P<line>\d+):(?P<col>\d+): (?P<message>.*)')


def pipeline_failure(what: str, error: PipelineError, advice: str = "") -> CompileError:
    """A CompileError for a PipelineError: its first error, at its file
    location when it has one (the kernel's line), after ``what``."""
    match = _PIPELINE_ERROR.search(error.diagnostics)
    if match is None:
        return CompileError(f"{what}:\n{error.diagnostics}{advice}")
    return CompileError(f"{what}: {match['message']}{advice}",
                        SourceLocation(match["file"], int(match["line"]), int(match["col"])))
