"""Random Level 1 kernels through pto-ssa-to-dps: straight-line tile ops
(tor, tinterleave, a shift made of textract and tinsert),
views, scf.for (inits given twice, read again in the body), scf.while,
scf.if and calls, nested two deep; and kernels of tiles with dynamic valid
rows. The interpreter runs each kernel on Level 1 as
written; the JIT runs it after pto-ssa-to-dps. Both must give the same bits
(agreement.agree), so a buffer the pass shares between two live values
shows: the ops are mostly permutations and moves of random bits."""
import numpy as np
import pytest

from agreement import agree
from pto_mlir import runtime

pytest.importorskip("pto_mlir.runtime.jit")

T, H, V = ("!pto.tile<vec, 8x32xi32>", "!pto.tile<vec, 8x16xi32>",
           "!pto.tile<vec, 16x16xi32>")

# @twist(x, y) -> (x | y, y with its left half moved right).
TWIST = f"""func.func @twist(%x: {T}, %y: {T}) -> ({T}, {T}) {{
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %o = pto.tor %x, %y : ({T}, {T}) -> {T}
  %h = pto.textract %y, %c0, %c0 : ({T}, index, index) -> {H}
  %s = pto.tinsert %h, %c0, %c16 into %y : ({H}, index, index) -> {T}
  return %o, %s : {T}, {T}
}}"""


# The same with dynamic (`?`) valid rows: ops that determine their results'
# valid shape (tor, tinterleave; textract, tinsert and views do not), calls
# of @mix, scf.for and scf.if (pto-ssa-to-dps carries no such tile through
# scf.while).
D = "!pto.tile<vec, 8x32xi32, valid=?x32>"

# @mix(x, y) -> (x | y, the first half of interleaving y with x).
MIX = f"""func.func @mix(%x: {D}, %y: {D}) -> ({D}, {D}) {{
  %o = pto.tor %x, %y : ({D}, {D}) -> {D}
  %i:2 = pto.tinterleave %y, %x : ({D}, {D}) -> ({D}, {D})
  return %o, %i#0 : {D}, {D}
}}"""

STATIC = (T, TWIST, "@twist", ["tor", "interleave", "interleave", "shift", "shift", "view",
                               "call"], ["for", "if", "while"])
DYNAMIC = (D, MIX, "@mix", ["tor", "interleave", "interleave", "call"], ["for", "if"])


class _Kernel:
    """Builds one random kernel @k(%a, %b, %n: index, %p: i1) of tiles of
    one type (STATIC or DYNAMIC: the tile type, the callee, its name, the
    kinds of step and of control flow to pick from)."""

    def __init__(self, seed, flavour=STATIC):
        self.rng = np.random.default_rng(seed)
        self.lines = []
        self.count = 0
        self.tile, self.callee, self.callee_name, self.kinds, self.controls = flavour

    def _fresh(self):
        self.count += 1
        return f"%v{self.count}"

    def _pick(self, pool):
        """Mostly one of the latest values: those are the kernel's own
        buffers, dead soon after, which the pass reuses."""
        back = min(self.rng.geometric(0.45), len(pool))
        return pool[len(pool) - back]

    def _emit(self, depth, line):
        self.lines.append("  " * (depth + 1) + line)

    def _results(self, count):
        name = self._fresh()
        if count == 1:
            return name, [name]
        return f"{name}:{count}", [f"{name}#{i}" for i in range(count)]

    def _steps(self, pool, depth, count):
        for _ in range(count):
            self._step(pool, depth)

    def _step(self, pool, depth):
        # Mostly permutations and moves: ORs of random bits soon saturate
        # to all ones, which would hide a wrong buffer.
        kind = self.kinds[self.rng.integers(len(self.kinds))]
        if depth < 2 and self.rng.integers(3) == 0:
            kind = self.controls[self.rng.integers(len(self.controls))]
        T = self.tile
        if kind == "interleave":
            head, names = self._results(2)
            self._emit(depth, f"{head} = pto.tinterleave {self._pick(pool)}, {self._pick(pool)} "
                              f": ({T}, {T}) -> ({T}, {T})")
            pool.extend(names)
        elif kind == "tor":
            result = self._fresh()
            self._emit(depth, f"{result} = pto.tor {self._pick(pool)}, {self._pick(pool)} "
                              f": ({T}, {T}) -> {T}")
            pool.append(result)
        elif kind == "shift":
            half, result = self._fresh(), self._fresh()
            src, dst = self._pick(["%c0", "%c16"]), self._pick(["%c0", "%c16"])
            self._emit(depth, f"{half} = pto.textract {self._pick(pool)}, %c0, {src} "
                              f": ({T}, index, index) -> {H}")
            self._emit(depth, f"{result} = pto.tinsert {half}, %c0, {dst} into "
                              f"{self._pick(pool)} : ({H}, index, index) -> {T}")
            pool.append(result)
        elif kind == "view":
            square, back = self._fresh(), self._fresh()
            self._emit(depth, f"{square} = pto.treshape {self._pick(pool)} : {T} -> {V}")
            self._emit(depth, f"{back} = pto.treshape {square} : {V} -> {T}")
            pool.append(back)
        elif kind == "call":
            head, names = self._results(2)
            self._emit(depth, f"{head} = func.call {self.callee_name}({self._pick(pool)}, "
                              f"{self._pick(pool)}) : ({T}, {T}) -> ({T}, {T})")
            pool.extend(names)
        elif kind == "for":
            self._for(pool, depth)
        elif kind == "while":
            self._while(pool, depth)
        else:
            self._if(pool, depth)

    def _for(self, pool, depth):
        T = self.tile
        count = 1 + self.rng.integers(2)
        inits = [self._pick(pool) for _ in range(count)]
        if self.rng.integers(2):
            inits = [inits[0]] * count   # one value for every iter_arg
        args = [self._fresh() for _ in range(count)]
        head, names = self._results(count)
        carried = ", ".join(f"{a} = {i}" for a, i in zip(args, inits))
        types = ", ".join([T] * count)
        self._emit(depth, f"{head} = scf.for %i{self.count} = %c0 to %n step %c1 "
                          f"iter_args({carried}) -> ({types}) {{")
        # The inits last but the iter_args: the body often reads an init
        # again, which the next iteration must still see.
        body = [v for v in pool if v not in inits] + inits + args
        self._steps(body, depth + 1, 1 + self.rng.integers(3))
        yielded = ", ".join(self._pick(body[len(pool):]) for _ in range(count))
        self._emit(depth + 1, f"scf.yield {yielded} : {types}")
        self._emit(depth, "}")
        pool.extend(names)

    def _while(self, pool, depth):
        """n rounds: the before region passes 1-2 tiles on (and the count),
        the after region yields 1-2 tiles back (and the count plus one)."""
        T = self.tile
        count_in, count_out = 1 + self.rng.integers(2), 1 + self.rng.integers(2)
        inits = [self._pick(pool) for _ in range(count_in)]
        before = [self._fresh() for _ in range(count_in)]
        after = [self._fresh() for _ in range(count_out)]
        rounds, go, passed_rounds, next_round = (self._fresh() for _ in range(4))
        head, names = self._results(count_out + 1)
        types_in = ", ".join([T] * count_in + ["index"])
        types_out = ", ".join([T] * count_out + ["index"])
        carried = ", ".join(f"{a} = {i}" for a, i in zip(before + [rounds], inits + ["%c0"]))
        self._emit(depth, f"{head} = scf.while ({carried}) : ({types_in}) -> ({types_out}) {{")
        body = pool + before
        self._steps(body, depth + 1, self.rng.integers(3))
        self._emit(depth + 1, f"{go} = arith.cmpi slt, {rounds}, %n : index")
        passed = [self._pick(body) for _ in range(count_out)] + [rounds]
        self._emit(depth + 1, f"scf.condition({go}) {', '.join(passed)} : {types_out}")
        arguments = ", ".join(f"{a}: {T}" for a in after)
        self._emit(depth, f"}} do {{\n{'  ' * (depth + 1)}"
                          f"^bb0({arguments}, {passed_rounds}: index):")
        body = pool + after
        self._steps(body, depth + 1, self.rng.integers(3))
        self._emit(depth + 1, f"{next_round} = arith.addi {passed_rounds}, %c1 : index")
        yielded = [self._pick(body) for _ in range(count_in)] + [next_round]
        self._emit(depth + 1, f"scf.yield {', '.join(yielded)} : {types_in}")
        self._emit(depth, "}")
        pool.extend(names[:count_out])

    def _if(self, pool, depth):
        T = self.tile
        count = 1 + self.rng.integers(2)
        head, names = self._results(count)
        types = ", ".join([T] * count)
        self._emit(depth, f"{head} = scf.if %p -> ({types}) {{")
        for branch in range(2):
            if branch:
                self._emit(depth, "} else {")
            body = list(pool)
            self._steps(body, depth + 1, self.rng.integers(3))
            yielded = ", ".join(self._pick(body) for _ in range(count))
            self._emit(depth + 1, f"scf.yield {yielded} : {types}")
        self._emit(depth, "}")
        pool.extend(names)

    def text(self):
        T = self.tile
        pool = ["%a", "%b"]
        self._steps(pool, 0, 3 + self.rng.integers(4))
        returned = [self._pick(pool) for _ in range(1 + self.rng.integers(2))]
        types = ", ".join([T] * len(returned))
        return "\n".join([
            self.callee,
            f"func.func @k(%a: {T}, %b: {T}, %n: index, %p: i1) -> ({types}) {{",
            "  %c0 = arith.constant 0 : index",
            "  %c1 = arith.constant 1 : index",
            "  %c16 = arith.constant 16 : index",
            *self.lines,
            f"  return {', '.join(returned)} : {types}",
            "}"])


def _sparse_bits(rng):
    """One random bit per element: ORs of such tiles do not saturate to all
    ones, so a wrong operand changes the result."""
    return (np.uint32(1) << rng.integers(0, 32, (8, 32)).astype(np.uint32)).view(np.int32)


@pytest.mark.parametrize("seed", range(30))
def test_both_engines_agree_on_a_random_kernel(seed):
    kernel = _Kernel(seed).text()
    rng = np.random.default_rng(1000 + seed)
    for n, p in [(0, True), (2, False), (3, True)]:
        a, b = (_sparse_bits(rng) for _ in range(2))
        assert agree(kernel, [a, b, n, p]) == "ok", kernel


@pytest.mark.parametrize("seed", range(20))
def test_both_engines_agree_on_a_random_kernel_of_dynamic_valid_tiles(seed):
    kernel = _Kernel(seed, DYNAMIC).text()
    rng = np.random.default_rng(2000 + seed)
    for n, p in [(0, True), (2, False), (3, True)]:
        rows = int(rng.integers(0, 9))
        a, b = (runtime.Tile(_sparse_bits(rng), (rows, 32)) for _ in range(2))
        assert agree(kernel, [a, b, n, p]) == "ok", kernel
