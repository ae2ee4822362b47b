"""Run-time failures with one message per kind, on both engines.

The kinds and their message templates are the dialect's
(``pto/RunTimeFailure.h``, read through ``pto.RUN_TIME_FAILURES``): a
template has ``{field}`` placeholders, text fields known where the check is
(operand names) and value fields, the integers the failing run saw. The
interpreter's ops raise ``failure(kind, **fields)``; the compiled engine
reports the values of its failed check through the kernel's error slot and
formats them here with ``describe_check``. Both give the same text.
"""
from ..dialects import pto
from .errors import OpFailure

__all__ = ["failure", "describe_check", "ERROR_SLOT_WORDS"]

_KINDS = pto.RUN_TIME_FAILURES
ERROR_SLOT_WORDS = pto.ERROR_SLOT_WORDS
_UINT64 = 1 << 64


def _format(kind, fields):
    template, text, values = _KINDS[kind]
    expected = set(text) | set(values)
    if set(fields) != expected:
        raise TypeError(f"internal: failure {kind} takes fields {sorted(expected)}, "
                        f"got {sorted(fields)}")
    return template.format(**fields)


def failure(kind, **fields):
    """The OpFailure of ``kind`` (a name of ``pto.RUN_TIME_FAILURES``) with
    every field of its template."""
    return OpFailure(_format(kind, fields))


def describe_check(check, words):
    """The message of a compiled check that failed: ``check`` is its entry of
    the lowered module's ``pto_host.errors`` (kind, op, text fields, unsigned
    value fields), ``words`` the error slot after the call (the code, then
    the values in the kind's order)."""
    kind = check["kind"]
    _, _, values = _KINDS[kind]
    fields = dict(check["text"])
    for name, word in zip(values, words[1:]):
        fields[name] = word % _UINT64 if name in check["unsigned"] else word
    return f"{check['op']}: {_format(kind, fields)}"
