"""Token-level mutations of IR text, driven by a ``random.Random``.

Each mutator takes (rng, text) and returns the mutated text, or None when
the text has nothing it can change. ``mutate`` applies one to three of them;
the same rng state always gives the same mutant.
"""
import re

# Numbers where limits live: zero, signs, powers of two around the widths
# the dialect and the host use, and sizes far past every memory.
EXTREME_NUMBERS = [
    "0", "1", "-1", "2", "3", "7", "31", "32", "33", "63", "64", "65", "255", "256",
    "512", "1024", "4096", "32767", "32768", "65535", "65536", "100000000",
    str(2**31 - 1), str(2**31), str(2**32), str(2**32 + 1), str(2**62),
    str(2**63 - 1), str(2**63), str(2**64), str(-2**63), str(-2**31), "?",
]

ELEMENT_TYPES = ["i1", "i4", "i8", "i16", "i32", "i64", "ui4", "ui8", "ui16", "ui32",
                 "ui64", "si8", "si32", "f16", "bf16", "f32", "f64", "index",
                 "f8E4M3FN", "f8E5M2", "none"]

OPS = ["pto.tor", "pto.tinterleave", "pto.tdeinterleave", "pto.treshape", "pto.tsort32",
       "pto.tinsert", "pto.textract", "pto.alloc_tile", "pto.tassign",
       "arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui",
       "arith.remsi", "arith.constant", "arith.cmpi", "arith.select", "arith.index_cast",
       "arith.addf", "scf.for", "scf.if", "scf.yield", "func.call", "func.return"]

# Words that take one of a few spellings: each group's members are swapped.
KEYWORD_GROUPS = [
    ["vec", "mat", "acc", "left", "right", "bias", "scaling"],
    ["row_major", "col_major", "none_box"],
    ["a5", "a2a3"],
    ["!pto.tile<", "!pto.tile_buf<"],
    ["ins(", "outs("],
    ["valid_row", "valid_col"],
    ["blayout", "slayout", "fractal", "pad", "valid"],
    ["loc=", "dtype=", "rows=", "cols=", "v_row=", "v_col="],
    ["zero", "null", "max", "min"],
    ["@tile", "@nope"],
    ["private", "public", "nested"],
]

ATTRIBUTE_VALUES = ["0", "-1", str(2**63 - 1), str(2**64), '"x"', "true", "unit", "1.5",
                    "?", "@tile(0x0)", "[]", "{}", "0 : i64", "-1 : index"]

_NUMBER = re.compile(r"0x[0-9a-fA-F]+|(?<![A-Za-wyz_%@#^$.\d])-?\d+(?:\.\d+(?:[eE][-+]?\d+)?)?")
_ELEMENT = re.compile(r"\b(?:[su]?i(?:1|4|8|16|32|64)|f16|bf16|f32|f64|index|f8E4M3FN|f8E5M2)\b")
_OP = re.compile(r"\b(?:pto|arith|scf|func)\.[a-z_0-9]+")
_ATTRIBUTE = re.compile(r"([A-Za-z_][\w.]*)\s*=\s*([^,\s}>)\]]+)")
_SSA = re.compile(r"%[\w$.]+")
_TOKEN = re.compile(r"%[\w$.]+|@[\w$.]+|[\w.]+|\S")


def _replace_match(rng, pattern, text, choose):
    matches = list(pattern.finditer(text))
    if not matches:
        return None
    m = rng.choice(matches)
    return text[:m.start()] + choose(m) + text[m.end():]


def number_extreme(rng, text):
    return _replace_match(rng, _NUMBER, text, lambda m: rng.choice(EXTREME_NUMBERS))


def element_type(rng, text):
    return _replace_match(rng, _ELEMENT, text, lambda m: rng.choice(ELEMENT_TYPES))


def op_swap(rng, text):
    return _replace_match(rng, _OP, text, lambda m: rng.choice(OPS))


def keyword_swap(rng, text):
    groups = [g for g in KEYWORD_GROUPS if any(w in text for w in g)]
    if not groups:
        return None
    group = rng.choice(groups)
    pattern = re.compile("|".join(re.escape(w) for w in group))
    return _replace_match(rng, pattern, text, lambda m: rng.choice(group))


def attribute_change(rng, text):
    def change(m):
        if rng.random() < 0.25:
            return ""  # the attribute dropped
        return f"{m.group(1)} = {rng.choice(ATTRIBUTE_VALUES)}"
    return _replace_match(rng, _ATTRIBUTE, text, change)


# Attributes a tile op may carry, with values of every kind: the exporters
# spell some of them, and must refuse the others (`{split = 1}` on tor).
ADDED_ATTRIBUTES = ["relu", "saturate", "split = 1", "split = 1",
                    "split = #pto.split<split2>", "acc_to_vec = 0", "acc_to_vec = 0",
                    "acc_to_vec = #pto.acc_to_vec<single_vec0>", 'note = "x"', "relu = 1"]
_TILE_OP_LINE = re.compile(r"pto\.t[a-z0-9_]+")


def attribute_add(rng, text):
    """An attribute dictionary added to a tile op (before its types; after
    `outs(...)` at Level 2)."""
    lines, code = _code_lines(text)
    candidates = [i for i in code if (m := _TILE_OP_LINE.search(lines[i]))
                  and "{" not in lines[i] and " : " in lines[i][m.end():]]
    if not candidates:
        return None
    i = rng.choice(candidates)
    attribute = "{" + rng.choice(ADDED_ATTRIBUTES) + "}"
    line = lines[i]
    if "outs(" in line and line.rstrip().endswith(")"):
        lines[i] = line.rstrip() + " " + attribute
    else:
        at = line.index(" : ", _TILE_OP_LINE.search(line).end())
        lines[i] = line[:at] + " " + attribute + line[at:]
    return "\n".join(lines)


def ssa_swap(rng, text):
    names = sorted(set(_SSA.findall(text)))
    if len(names) < 2:
        return None
    return _replace_match(rng, _SSA, text, lambda m: rng.choice(names))


def _code_lines(text):
    lines = text.split("\n")
    return lines, [i for i, line in enumerate(lines)
                   if line.strip() and not line.lstrip().startswith("//")]


def line_drop(rng, text):
    lines, code = _code_lines(text)
    if not code:
        return None
    del lines[rng.choice(code)]
    return "\n".join(lines)


def line_duplicate(rng, text):
    lines, code = _code_lines(text)
    if not code:
        return None
    i = rng.choice(code)
    lines.insert(rng.choice(code), lines[i])
    return "\n".join(lines)


def line_swap(rng, text):
    lines, code = _code_lines(text)
    if len(code) < 2:
        return None
    i, j = rng.sample(code, 2)
    lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


def token_drop(rng, text):
    return _replace_match(rng, _TOKEN, text, lambda m: "")


def token_duplicate(rng, text):
    return _replace_match(rng, _TOKEN, text, lambda m: m.group(0) + " " + m.group(0))


MUTATORS = [number_extreme, number_extreme, element_type, op_swap, keyword_swap,
            attribute_change, attribute_add, attribute_add, ssa_swap, line_drop,
            line_duplicate, line_swap, token_drop, token_duplicate]


def mutate(rng, text):
    """One to three mutations of ``text``; returns (mutant, mutator names)."""
    applied = []
    for _ in range(rng.choice((1, 1, 2, 3))):
        mutator = rng.choice(MUTATORS)
        changed = mutator(rng, text)
        if changed is not None and changed != text:
            text = changed
            applied.append(mutator.__name__)
    return text, applied
