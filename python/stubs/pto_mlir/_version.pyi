# Written by CMake from _version.py.in (pyproject.toml's version).
__version__: str
