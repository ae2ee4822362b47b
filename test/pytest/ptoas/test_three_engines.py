"""The three engines agree bit for bit: the interpreter, the JIT and pto-isa's
CPU simulator (engine="pto-isa"), on every kernel of the corpus the pto-isa
engine can run and on random programs.

Corpus kernels (corpus.py: the lit tests' splits and examples/*.mlir): every
public function definition whose arguments are all tiles or global arrays
(``!pto.ptr`` reached by tensors of constant extents, so that the arrays can
be sized: globals.pointer_elements) and that the pto-isa engine can express
(``runtime.pto_isa_text`` accepts it: no refusal naming a construct PTOAS
lacks). Each runs on random arrays; the results and the arrays the kernel
writes must come back identical from all three engines. Left out, and why:
- kernels taking scalars (an index, a count, a flag): a random value is no
  meaningful input, and the caller's values are what those kernels test;
- DIVERGENT: kernels whose results the simulator computes otherwise than
  pto-isa's own NPU code, each with the reason (docs/ptoas.md, "Where
  pto-isa's CPU simulator disagrees with its NPU code").
FAILS lists the kernels that fail on all three alike, with the message.
JIT_REFUSES lists the kernels the JIT does not compile (docs/lowering.md):
the other two engines are compared; HOST_REFUSES those neither host engine
runs, which are checked to be refused. Each list is checked to stay true.

Random programs: seeded Level 1 kernels over tiles and global memory:
``tload`` from windows of global tensors, ``tor``, ``textract`` +
``tinsert`` (a piece of one tile moved into another), ``tmov`` copies,
``treshape`` views, results returned and ``tstore`` into a window of a
global output; each also checked against a numpy model of the program.

Needs PTOAS, PTO_ISA_ROOT and g++ (the fixture pto_isa_tools says which is
missing). The compile cache ($PTO_MLIR_CACHE_DIR/pto-isa, or $PTO_CACHE_DIR/pto-isa)
makes a second run fast.
"""
import numpy as np
import pytest

from corpus import splits
from pto_mlir import ir, pipeline, runtime
from pto_mlir.dialects import func, pto
from pto_mlir.runtime import jit, pto_isa
from pto_mlir.runtime.globals import pointer_dtype, pointer_elements
from pto_mlir.runtime.values import is_tile_type, tile_spec

ENGINES = ("interp", "jit", "pto-isa")

# Corpus kernels left out of the comparison with the simulator: key ->
# the documented divergence (docs/ptoas.md).
TSORT32_DIVERGENCE = ("TSORT32: pto-isa's CPU simulator sorts the source's valid rows "
                      "(include/pto/cpu/TSort32.hpp:119, :127) where its NPU code sorts the "
                      "destination's (npu/a2a3/TSort32.hpp:169, npu/a5/TSort32.hpp:189), and "
                      "places f16 records at column 2j (cpu/TSort32.hpp:51) where the NPU "
                      "code's stride is 4 (npu/a2a3/TSort32.hpp:19-20)")
DIVERGENT = {
    "Lowering/tsort32.mlir#0@hardware32": TSORT32_DIVERGENCE,
    "Translate/ptoas/tsort32.mlir#0@hardware": TSORT32_DIVERGENCE,
}


# Kernels the JIT refuses (jit.UnsupportedError, docs/lowering.md): the
# interpreter and the simulator are compared, and the JIT must refuse.
JIT_REFUSES = {
    "Lowering/placement-invalid.mlir#3@viewed_before": "a tile viewed before it is placed",
    "Lowering/unsupported.mlir#12@view_dynamic": "a view with a dynamic valid shape",
    "Lowering/unsupported.mlir#7@level1_block_argument": "a Level 1 tile as a block argument",
    "Lowering/unsupported.mlir#8@tile_buf_block_argument": "a tile buffer as a block argument",
}
# Kernels that fail when they run, on every engine alike (the pto-isa
# engine makes the host engines' run-time checks first, the exported
# program having none): key -> the KernelError all three raise.
FAILS = {
    "Passes/dps-loop-step.mlir#0@constant":
        "'scf.for' op at -:13:8: step is 0; it must be positive",
    "Passes/dps-loop-step.mlir#0@folded":
        "'scf.for' op at -:28:8: step is -10; it must be positive",
}
# Kernels neither host engine runs (the interpreter raises KernelError, the
# JIT UnsupportedError): nothing to compare the simulator with; both must
# refuse.
HOST_REFUSES = {
    "Lowering/unsupported.mlir#10@foreign_user": "an op of another dialect on a tile",
    "Lowering/unsupported.mlir#1@partial_boxes": "a boxed tile that is not whole boxes",
}


def _argument(function, position, arg_type):
    """(dtype, shape) of a random argument, or None when it is a scalar
    or a pointer of unknown size."""
    if is_tile_type(arg_type):
        spec = tile_spec(arg_type)
        return spec.dtype, spec.shape
    if pto.PtrType.isinstance(arg_type):
        elements = pointer_elements(function, position)
        return None if elements is None else (pointer_dtype(arg_type), (elements,))
    return None


def _corpus_kernels():
    """{key: (module text, entry, [(dtype, shape)] per argument)} of the
    kernels the pto-isa engine runs (the module docstring)."""
    kernels = {}
    for path, number, text in splits():
        with ir.Context():
            try:
                module = ir.Module.parse(text)
            except ir.MLIRError:
                continue
            for op in module.body.operations:
                if (not isinstance(op, func.FuncOp) or not op.regions[0].blocks
                        or "sym_visibility" in op.attributes):
                    continue
                inputs = runtime.function_type(op.operation).inputs
                arguments = [_argument(op.operation, i, t) for i, t in enumerate(inputs)]
                if None in arguments:
                    continue
                name = op.sym_name.value
                try:
                    runtime.pto_isa_text(text, name)
                except (pto_isa.UnsupportedError, pipeline.PipelineError, ir.MLIRError):
                    # (MLIRError: invalid once PTOAS's layouts are in the
                    # view types, test/Passes/view-layouts-invalid.mlir.)
                    continue
                kernels[f"{path}#{number}@{name}"] = (text, name, arguments)
    return kernels


CORPUS = _corpus_kernels()


def _random_array(rng, dtype, shape):
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    return rng.standard_normal(shape).astype(dtype)


def _as_list(returned):
    return [] if returned is None else list(returned) if isinstance(returned, tuple) else [returned]


def _run_all(text, entry, arrays, engines=ENGINES):
    """Each engine's returned arrays and its copies of the arguments after
    the run."""
    results = {}
    for engine in engines:
        copies = [a.copy() for a in arrays]
        returned = _as_list(runtime.run(text, entry, *copies, engine=engine))
        results[engine] = [np.asarray(r) for r in returned] + copies
    return results


def _assert_identical(results):
    reference = results["interp"]
    for engine in list(results)[1:]:
        assert len(results[engine]) == len(reference), engine
        for position, (want, got) in enumerate(zip(reference, results[engine])):
            assert want.dtype == got.dtype and want.shape == got.shape, (engine, position)
            assert want.tobytes() == got.tobytes(), (engine, position)


def test_the_corpus_has_kernels_for_the_three_engines():
    """The walk finds tile kernels, global-memory kernels and the examples,
    and every divergence it lists is a kernel it found."""
    for expected in ("examples/tor_chain.mlir#0@tor_chain", "examples/or_reduce.mlir#0@or_reduce",
                     "Passes/ssa-to-dps-global-memory.mlir#0@load_or_store",
                     "Lowering/tor.mlir#0@tor_static"):
        assert expected in CORPUS
    assert set(DIVERGENT) | set(JIT_REFUSES) | set(HOST_REFUSES) | set(FAILS) <= set(CORPUS)


def _random_arguments(key):
    rng = np.random.default_rng(sum(key.encode()))
    return [_random_array(rng, dtype, shape) for dtype, shape in CORPUS[key][2]]


@pytest.mark.parametrize("key", sorted(set(CORPUS) - set(DIVERGENT) - set(HOST_REFUSES)
                                       - set(FAILS)))
def test_corpus_kernel_on_three_engines(pto_isa_tools, key):
    text, entry, _ = CORPUS[key]
    arrays = _random_arguments(key)
    if key in JIT_REFUSES:
        with pytest.raises(jit.UnsupportedError):
            runtime.run(text, entry, *arrays, engine="jit")
        _assert_identical(_run_all(text, entry, arrays, engines=("interp", "pto-isa")))
    else:
        _assert_identical(_run_all(text, entry, arrays))


@pytest.mark.parametrize("key", sorted(FAILS))
def test_corpus_kernel_failing_alike_on_three_engines(pto_isa_tools, key):
    text, entry, _ = CORPUS[key]
    arrays = _random_arguments(key)
    for engine in ENGINES:
        with pytest.raises(runtime.KernelError) as error:
            runtime.run(text, entry, *arrays, engine=engine)
        assert str(error.value) == FAILS[key], engine


@pytest.mark.parametrize("key", sorted(HOST_REFUSES))
def test_corpus_kernel_the_host_engines_refuse(key):
    text, entry, _ = CORPUS[key]
    arrays = _random_arguments(key)
    with pytest.raises(runtime.KernelError):
        runtime.run(text, entry, *arrays, engine="interp")
    with pytest.raises(jit.UnsupportedError):
        runtime.run(text, entry, *arrays, engine="jit")


# -- random programs -----------------------------------------------------------

# tor's element types (tor_c1, a5). Of them textract takes i8 and i32
# (textract_c14), and PTOAS's A5 textract only i8 (the exporter refuses i32,
# test/Translate/ptoas/export-invalid.mlir): only i8 programs move pieces.
_ELEMENTS = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
             "i32": np.int32, "ui32": np.uint32}
_MOVABLE = ("i8",)


class _Program:
    """One random Level 1 kernel @k(%g0: !pto.ptr, %out: !pto.ptr, %a, %b: T)
    -> (T, T) and its numpy model (``self.model``: name -> array)."""

    def __init__(self, seed):
        self.rng = rng = np.random.default_rng(seed)
        # Every third program moves pieces (needs an element type of _MOVABLE).
        self.element = _MOVABLE[0] if seed % 3 == 0 else str(rng.choice(list(_ELEMENTS)))
        self.dtype = np.dtype(_ELEMENTS[self.element])
        self.rows = int(rng.integers(1, 5)) * 2
        self.cols = (32 // self.dtype.itemsize) * 2
        self.tile = f"!pto.tile<vec, {self.rows}x{self.cols}x{self.element}>"
        self.lines, self.consts, self.count = [], {}, 0
        # Global tensors: one input, one output, larger than a tile.
        self.shape = (self.rows + int(rng.integers(0, 4)), self.cols + 8 * int(rng.integers(0, 3)))
        self.arrays = [self._random(self.shape), self._random(self.shape),
                       self._random((self.rows, self.cols)), self._random((self.rows, self.cols))]
        self.model = {"%a": self.arrays[2], "%b": self.arrays[3]}
        self.pool = ["%a", "%b"]
        self._window_load()
        for _ in range(int(rng.integers(3, 8))):
            self._step()
        self._finish()

    def _random(self, shape):
        return _random_array(self.rng, self.dtype, shape)

    def _const(self, n):
        if n not in self.consts:
            self.consts[n] = f"%c{n}"
        return self.consts[n]

    def _fresh(self):
        self.count += 1
        return f"%v{self.count}"

    def _window(self, pointer, offset):
        view = f"!pto.tensor_view<{self.shape[0]}x{self.shape[1]}x{self.element}>"
        window = f"!pto.partition_tensor_view<{self.rows}x{self.cols}x{self.element}>"
        tensor, part = self._fresh(), self._fresh()
        self.lines.append(f"{tensor} = pto.make_tensor_view {pointer}, shape = "
                          f"[{self._const(self.shape[0])}, {self._const(self.shape[1])}], "
                          f"strides = [{self._const(self.shape[1])}, {self._const(1)}] : {view}")
        self.lines.append(f"{part} = pto.partition_view {tensor}, offsets = "
                          f"[{self._const(offset[0])}, {self._const(offset[1])}], sizes = "
                          f"[{self._const(self.rows)}, {self._const(self.cols)}] : {view} -> "
                          f"{window}")
        return part, window

    def _offset(self):
        return (int(self.rng.integers(0, self.shape[0] - self.rows + 1)),
                int(self.rng.integers(0, (self.shape[1] - self.cols) // 8 + 1)) * 8)

    def _window_load(self):
        offset = self._offset()
        part, window = self._window("%g0", offset)
        name = self._fresh()
        self.lines.append(f"{name} = pto.tload {part} : {window} -> {self.tile}")
        r, c = offset
        self.model[name] = self.arrays[0][r:r + self.rows, c:c + self.cols].copy()
        self.pool.append(name)

    def _pick(self):
        return self.pool[int(self.rng.integers(0, len(self.pool)))]

    def _step(self):
        kind = self.rng.choice(["tor", "tmov", "reshape"]
                               + (["shift"] if self.element in _MOVABLE else []))
        name, t = self._fresh(), self.tile
        if kind == "tor":
            x, y = self._pick(), self._pick()
            self.lines.append(f"{name} = pto.tor {x}, {y} : ({t}, {t}) -> {t}")
            self.model[name] = self.model[x] | self.model[y]
        elif kind == "shift":
            # Columns [c0, c0 + w) of x moved to columns [c1, c1 + w) of y.
            x, y = self._pick(), self._pick()
            step = 32 // self.dtype.itemsize
            width = step * int(self.rng.integers(1, self.cols // step))
            c0 = step * int(self.rng.integers(0, (self.cols - width) // step + 1))
            c1 = step * int(self.rng.integers(0, (self.cols - width) // step + 1))
            piece = f"!pto.tile<vec, {self.rows}x{width}x{self.element}>"
            part = self._fresh()
            self.lines.append(f"{part} = pto.textract {x}, {self._const(0)}, {self._const(c0)} : "
                              f"({t}, index, index) -> {piece}")
            self.lines.append(f"{name} = pto.tinsert {part}, {self._const(0)}, {self._const(c1)} "
                              f"into {y} : ({piece}, index, index) -> {t}")
            moved = self.model[y].copy()
            moved[:, c1:c1 + width] = self.model[x][:, c0:c0 + width]
            self.model[name] = moved
        elif kind == "tmov":
            x = self._pick()
            self.lines.append(f"{name} = pto.tmov {x} : {t} -> {t}")
            self.model[name] = self.model[x].copy()
        else:
            # A view of x as (rows/2) x (2 cols), ORed with itself and viewed back.
            x = self._pick()
            wide = f"!pto.tile<vec, {self.rows // 2}x{self.cols * 2}x{self.element}>"
            view, ored = self._fresh(), self._fresh()
            self.lines.append(f"{view} = pto.treshape {x} : {t} -> {wide}")
            self.lines.append(f"{ored} = pto.tor {view}, {view} : ({wide}, {wide}) -> {wide}")
            self.lines.append(f"{name} = pto.treshape {ored} : {wide} -> {t}")
            self.model[name] = self.model[x].copy()
        self.pool.append(name)

    def _finish(self):
        stored, first, second = self._pick(), self.pool[-1], self._pick()
        offset = self._offset()
        part, window = self._window("%out", offset)
        self.lines.append(f"pto.tstore {stored}, {part} : ({self.tile}, {window}) -> ()")
        r, c = offset
        out = self.arrays[1].copy()
        out[r:r + self.rows, c:c + self.cols] = self.model[stored]
        t = self.tile
        constants = [f"{name} = arith.constant {n} : index" for n, name in self.consts.items()]
        body = "\n    ".join(constants + self.lines + [f"return {first}, {second} : {t}, {t}"])
        pointer = f"!pto.ptr<{self.element}>"
        self.text = (f'module attributes {{pto.target_arch = "a5"}} {{\n'
                     f"  func.func @k(%g0: {pointer}, %out: {pointer}, %a: {t}, %b: {t}) -> "
                     f"({t}, {t}) {{\n    {body}\n  }}\n}}\n")
        # run()'s results (the two tiles, the written output), then the
        # arguments after the run.
        self.expected = [self.model[first], self.model[second], out,
                         self.arrays[0], out, *self.arrays[2:]]


@pytest.mark.parametrize("seed", range(12))
def test_random_program_on_three_engines(pto_isa_tools, seed):
    program = _Program(seed)
    results = _run_all(program.text, "k", program.arrays)
    _assert_identical(results)
    for want, got in zip(program.expected, results["interp"]):
        assert want.tobytes() == got.tobytes()
