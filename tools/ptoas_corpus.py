"""What pto-mlir reads of PTOAS's corpus: every file of PTOAS's test/ that
ptoas accepts, pinned in test/pytest/ptoas/ptoas_corpus.txt, parsed and
verified in a pto_mlir context, as `pto-opt --pto-arch=ARCH FILE` does
(without the memref dialect, which pto-opt has), ARCH the target ptoas
reads the file for with its pinned flags. The table of docs/ptoas.md ("PTOAS's
corpus") is made here, and test/pytest/ptoas/test_ptoas_corpus_read.py
checks it:

    PTO_BUILD_DIR=build python tools/ptoas_corpus.py $PTOAS_SRC         # rewrite the table
    PTO_BUILD_DIR=build python tools/ptoas_corpus.py --pin $PTOAS_SRC   # re-pin with $PTOAS

A file reads when it parses and verifies; a refused one is listed with the
first error it gets, the construct that refuses it.
"""
import argparse
import os
import re
import subprocess
import sys
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = os.path.join(ROOT, "test", "pytest", "ptoas", "ptoas_corpus.txt")
DOC = os.path.join(ROOT, "docs", "ptoas.md")
BEGIN = "<!-- ptoas corpus: made by tools/ptoas_corpus.py -->"
END = "<!-- end of ptoas corpus -->"

# The flag sets tried after a file's own RUN lines, in order.
_FALLBACK_FLAGS = [[], ["--pto-arch=a5"], ["--pto-level=level3"],
                   ["--pto-arch=a5", "--pto-level=level3"]]
_RUN = re.compile(r"RUN:\s*(not\s+)?ptoas\s+([^|]*)")
_UNKNOWN_OP = re.compile(r"custom op '([^']+)' is unknown")
_LOCATION = re.compile(r"^[^:\n]*:\d+:\d+: (?:error: )?")


def pinned():
    """[(path relative to the PTOAS tree, ptoas flags)] of the pinned corpus."""
    files = []
    with open(PINNED) as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            path, _, flags = line.rstrip("\n").partition("\t")
            files.append((path, flags.split()))
    return files


def _accepted_flags(ptoas, path):
    """The flags ptoas accepts ``path`` with, or None when it refuses it."""
    with open(path, errors="replace") as f:
        text = f.read()
    candidates = [[arg for arg in match.group(2).split() if arg.startswith("--")]
                  for match in _RUN.finditer(text) if not match.group(1)]
    for flags in candidates + _FALLBACK_FLAGS:
        try:
            done = subprocess.run([ptoas, *flags, path, "-o", os.devnull],
                                  capture_output=True, timeout=60)
        except subprocess.TimeoutExpired:
            continue
        if done.returncode == 0:
            return flags
    return None


def pin(root, ptoas):
    """Rewrites the pinned list from the PTOAS tree ``root`` with ``ptoas``."""
    with open(PINNED) as f:
        header = [line for line in f if line.startswith("#")]
    lines = []
    for dirpath, _, names in sorted(os.walk(os.path.join(root, "test"))):
        for name in sorted(names):
            if not name.endswith((".pto", ".mlir")):
                continue
            path = os.path.join(dirpath, name)
            flags = _accepted_flags(ptoas, path)
            if flags is not None:
                relative = os.path.relpath(path, root)
                lines.append(relative + ("\t" + " ".join(flags) if flags else "") + "\n")
    with open(PINNED, "w") as f:
        f.writelines(header + sorted(lines))


# ptoas's module target in the text (tools/ptoas/ptoas.cpp:939-946).
_TEXT_ARCH = re.compile(r'"?pto\.target_arch"?\s*=\s*"(\w+)"')


def parser_arch(flags, text):
    """The target ptoas reads ``text`` for when run with ``flags``: its
    --pto-arch, else the text's pto.target_arch, else a3
    (PTOAS a56b18c3 tools/ptoas/ptoas.cpp:899-958)."""
    for flag in flags:
        if flag.startswith("--pto-arch="):
            return flag.split("=", 1)[1]
    found = _TEXT_ARCH.search(text)
    arch = found.group(1).lower() if found else "a3"
    return arch if arch in ("a3", "a5") else "a3"


def refusal(text, arch=None):
    """None when ``text`` parses and verifies as ``pto-opt --pto-arch=arch``
    reads it, else the construct that refuses it: the unknown op's name, or
    the first error's message without its location."""
    from pto_mlir import ir, ptoas

    with ir.Context():
        try:
            ptoas.parse(text, arch).operation.verify()
            return None
        except ir.MLIRError as error:
            messages = [d.message for d in error.error_diagnostics] or [str(error)]
    first = messages[0].splitlines()[0]
    unknown = _UNKNOWN_OP.search(first)
    if unknown:
        return f"`{unknown.group(1)}` (not an op of pto-mlir)"
    return _LOCATION.sub("", first)


def survey(root):
    """[(path, None or the refusing construct)] for the pinned corpus."""
    rows = []
    for path, flags in pinned():
        with open(os.path.join(root, path), errors="replace") as f:
            text = f.read()
        rows.append((path, refusal(text, parser_arch(flags, text))))
    return rows


def directory(path):
    """The row a file counts in: test/basic, or its sample's directory."""
    parts = path.split("/")
    return "/".join(parts[:3]) if parts[1] == "samples" else "/".join(parts[:2])


def render(rows):
    """The corpus section of docs/ptoas.md, between its markers."""
    total, reads = Counter(), Counter()
    for path, refused in rows:
        total[directory(path)] += 1
        reads[directory(path)] += refused is None
    lines = [BEGIN, "",
             f"pto-opt reads {sum(reads.values())} of the {len(rows)} files.", "",
             "| directory | files ptoas accepts | read by pto-opt |", "|---|---|---|"]
    lines += [f"| `{name}` | {total[name]} | {reads[name]} |" for name in sorted(total)]
    lines += ["", "What refuses each of the others (its first error):", "",
              "| file | refused by |", "|---|---|"]
    lines += [f"| `{path}` | {refused.replace('|', '&#124;')} |"
              for path, refused in rows if refused is not None]
    causes = Counter(refused for _, refused in rows if refused is not None)
    lines += ["", "The refusals by count:", "", "| refused by | files |", "|---|---|"]
    lines += [f"| {cause.replace('|', '&#124;')} | {count} |"
              for cause, count in sorted(causes.items(), key=lambda c: (-c[1], c[0]))]
    return "\n".join(lines + ["", END])


def documented():
    """The corpus section as docs/ptoas.md has it."""
    with open(DOC) as f:
        text = f.read()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    return text[start:end]


def write_doc(section):
    with open(DOC) as f:
        text = f.read()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    with open(DOC, "w") as f:
        f.write(text[:start] + section + text[end:])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ptoas_src", help="a PTOAS source tree (a56b18c3)")
    parser.add_argument("--pin", action="store_true",
                        help="first re-pin the corpus by running $PTOAS on every file")
    args = parser.parse_args(argv)
    if args.pin:
        pin(args.ptoas_src, os.environ.get("PTOAS", "ptoas"))
    write_doc(render(survey(args.ptoas_src)))


if __name__ == "__main__":
    from build_tree import use_build_tree

    use_build_tree()
    main(sys.argv[1:])
