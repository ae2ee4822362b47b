"""Runs the code blocks of a Markdown document, in order, as a reader would.

- A ```python block runs in one namespace shared by the document's blocks;
  when a ```text block follows it directly, that is what the block must
  print, exactly.
- A block preceded by the line ``<!-- file: PATH -->`` is written to PATH
  (relative to the working directory) instead of being run.
- A ```sh block runs in bash (``set -euo pipefail``) and must succeed.
"""
import contextlib
import io
import os
import re
import subprocess
import textwrap

_FENCE = re.compile(r"(?:<!-- file: (?P<file>\S+) -->\n)?```(?P<lang>\w*)\n(?P<body>.*?)^```$",
                    re.S | re.M)


def blocks(markdown):
    """(language, body, file or None, expected output or None) per block."""
    found = list(_FENCE.finditer(markdown))
    result, skip = [], set()
    for i, match in enumerate(found):
        if i in skip:
            continue
        expected = None
        following = found[i + 1] if i + 1 < len(found) else None
        if (match["lang"] == "python" and following is not None and following["lang"] == "text"
                and markdown[match.end():following.start()].strip() == ""):
            expected = following["body"]
            skip.add(i + 1)
        result.append((match["lang"], match["body"], match["file"], expected))
    return result


def run_blocks(markdown, workdir, languages=("python", "sh")):
    """Runs the blocks of ``markdown`` in ``workdir``; raises AssertionError
    naming the block that failed or printed something else."""
    namespace = {"__name__": "__doc__"}
    old_cwd = os.getcwd()
    os.chdir(workdir)
    try:
        for number, (lang, body, path, expected) in enumerate(blocks(markdown), 1):
            where = f"block {number} ({lang}):\n{textwrap.indent(body, '    ')}"
            if path is not None:
                os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
                with open(path, "w") as f:
                    f.write(body)
            elif lang == "python" and lang in languages:
                # A real file, so that inspect (pto_mlir.language) finds the source.
                source = f"doc_block_{number}.py"
                with open(source, "w") as f:
                    f.write(body)
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    exec(compile(body, os.path.abspath(source), "exec"), namespace)
                if expected is not None:
                    assert out.getvalue() == expected, \
                        f"{where}\nprinted:\n{out.getvalue()}\nthe document shows:\n{expected}"
            elif lang == "sh" and lang in languages:
                proc = subprocess.run(["bash", "-euo", "pipefail", "-c", body],
                                      capture_output=True, text=True)
                assert proc.returncode == 0, f"{where}\nfailed:\n{proc.stdout}\n{proc.stderr}"
    finally:
        os.chdir(old_cwd)
