"""The README says what is true: its Python examples print what it shows, and
its commands are the ones CI runs with the requirements they need."""
import os
import re

from doc_blocks import blocks, run_blocks

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _read(*path):
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def _section(markdown, title):
    start = markdown.index(f"\n## {title}\n")
    end = markdown.find("\n## ", start + 1)
    return markdown[start:end if end >= 0 else None]


def test_python_examples_print_what_the_readme_shows(tmp_path):
    readme = _read("README.md")
    shown = [b for b in blocks(readme) if b[0] == "python"]
    assert shown and all(expected is not None for _, _, _, expected in shown)
    run_blocks(readme, tmp_path, languages=("python",))


def test_ci_runs_the_two_commands_exactly():
    commands = [body.strip() for lang, body, _, _ in blocks(_section(_read("README.md"),
                                                                    "The two commands"))
                if lang == "sh"]
    assert len(commands) == 2
    ci = _read(".ci", "run")
    for command in commands:
        assert f"time ({command})\n" in ci


def _pyproject_list(pyproject, key):
    """The strings of the TOML array ``key = [...]`` (first occurrence)."""
    body = re.search(rf"^{re.escape(key)} = \[(.*?)\]$", pyproject, re.S | re.M)[1]
    return re.findall(r'"([^"]+)"', re.sub(r"#.*", "", body))


def _requirement_lines(text):
    return [line for line in text.splitlines() if line and not line.startswith("#")]


def test_build_requirements_are_pyprojects():
    pyproject = _read("pyproject.toml")
    build = _pyproject_list(pyproject, "requires")
    listed = _requirement_lines(_read("requirements-build.txt"))
    assert listed[:len(build)] == build
    # scikit-build-core fetches these itself only in an isolated build.
    assert listed[len(build):] == ["cmake>=3.20", "ninja>=1.10"]


def test_developing_recipe_installs_every_dependency():
    recipe = _section(_read("README.md"), "Developing")
    pyproject = _read("pyproject.toml")
    needed = _pyproject_list(pyproject, "dependencies") + _pyproject_list(pyproject, "test")
    install = next(line for line in recipe.splitlines()
                   if line.startswith("pip install -r requirements-build.txt "))
    installed = {re.split(r"[<>=!\[]", word)[0]
                 for word in install.split()[4:]
                 + _requirement_lines(_read("requirements-build.txt"))}
    missing = {re.split(r"[<>=!\[]", r)[0] for r in needed} - installed
    assert missing == set(), f"the Developing recipe does not install {missing}"
