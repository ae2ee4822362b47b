"""A kernel's Python source: its ``def`` as an AST with the file's own lines
and columns, and the names its body may read (globals, closure, builtins)."""
import ast
import builtins
import inspect
import textwrap

from .errors import CompileError, SourceLocation

__all__ = ["KernelSource"]


class KernelSource:
    def __init__(self, fn):
        self.name = fn.__name__
        try:
            lines, first_line = inspect.getsourcelines(fn)
            self.file = inspect.getsourcefile(fn) or inspect.getfile(fn)
        except (OSError, TypeError) as error:
            raise CompileError(f"cannot read the source of {fn.__qualname__}: {error} "
                               "(a kernel must be defined in a file)") from None
        text = "".join(lines)
        dedented = textwrap.dedent(text)
        # Columns in the AST are of the dedented text; this shifts them back.
        self.col_shift = len(lines[0]) - len(lines[0].lstrip()) - (
            len(dedented.splitlines()[0]) - len(dedented.splitlines()[0].lstrip()))
        tree = ast.parse(dedented)
        ast.increment_lineno(tree, first_line - 1)
        self.tree = next(n for n in tree.body
                         if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)))
        self.globals = fn.__globals__
        self._fn = fn

    def where(self, node):
        """The SourceLocation of an AST node (columns 1-based)."""
        return SourceLocation(self.file, node.lineno, node.col_offset + 1 + self.col_shift)

    def lookup(self, name):
        """A free name of the body: closure, then globals, then builtins."""
        code = self._fn.__code__
        if name in code.co_freevars:
            cell = self._fn.__closure__[code.co_freevars.index(name)]
            try:
                return cell.cell_contents
            except ValueError:
                raise NameError(f"free variable '{name}' has no value yet") from None
        for scope in (self.globals, vars(builtins)):
            if name in scope:
                return scope[name]
        raise NameError(f"name '{name}' is not defined")
