"""Delta debugging (Zeller's ddmin) of a crashing input.

``minimize(text, still_crashes)`` removes top-level ops, then lines, then
tokens, as long as
``still_crashes(candidate)`` holds (the same crash signature on the same
pipeline), and returns a 1-minimal input at that granularity or the best
found within ``max_tests`` checks.
"""
import re

# A token with the white space after it, so that removing tokens keeps the
# rest readable.
_TOKEN = re.compile(r"\s*(?:%[\w$.]+|@[\w$.]+|[\w.]+|\S)\s*")


def ddmin(parts, test, join, budget):
    """The smallest sublist of ``parts`` (keeping order) for which
    ``test(join(sublist))`` holds, found by removing complements of ever
    finer partitions; ``budget`` is a one-element list of remaining tests."""
    granularity = 2
    while len(parts) >= 2 and budget[0] > 0:
        chunk = max(1, len(parts) // granularity)
        starts = range(0, len(parts), chunk)
        reduced = False
        for start in starts:
            if budget[0] <= 0:
                break
            complement = parts[:start] + parts[start + chunk:]
            budget[0] -= 1
            if complement and test(join(complement)):
                parts = complement
                granularity = max(granularity - 1, 2)
                reduced = True
                break
        if not reduced:
            if granularity >= len(parts):
                break
            granularity = min(len(parts), granularity * 2)
    return parts


def top_level_ops(text):
    """The text cut after every line that closes all open braces: whole
    functions (and whatever else sits at the top level) in order."""
    pieces, current, depth = [], [], 0
    for line in text.split("\n"):
        current.append(line)
        depth += line.count("{") - line.count("}")
        if depth <= 0:
            pieces.append("\n".join(current))
            current, depth = [], 0
    if current:
        pieces.append("\n".join(current))
    return pieces


def minimize(text, still_crashes, max_tests=600):
    """A smaller input on which ``still_crashes`` holds (whole top-level
    ops, then lines, then tokens)."""
    budget = [max_tests]
    text = "\n".join(ddmin(top_level_ops(text), still_crashes, "\n".join, budget))
    lines = ddmin(text.split("\n"), still_crashes, "\n".join, budget)
    text = "\n".join(lines)
    kept = ddmin(_TOKEN.findall(text), still_crashes, "".join, budget)
    return "".join(kept)
