"""pto.tcmp and pto.tcmps on every element type of their rule tables and
every compare mode, with NaN, signed zeros, infinities, values 1e-9 apart
and 64-bit integers a double cannot tell apart, on partial valid regions
(a mask with fewer words than the row needs, and more), on the interpreter,
the JIT and pto-isa's simulator, bit for bit against tcmp_model.py (written
from include/pto/cpu/TCmp.h and TCmps.hpp); a tcmp mask read back by tsel
on all three engines; pto-isa's own CPU tests (tests/cpu/st/testcase/tcmp,
tcmps: gen_data.py's inputs and goldens); the run-time check of rule c6."""
import os
import re
import subprocess
import sys

import ml_dtypes
import numpy as np
import pytest
from tcmp_model import tcmp, tcmps

from pto_mlir import rules, runtime
from pto_mlir.testing import tile_buf

DTYPES = {"i8": np.int8, "ui8": np.uint8, "i16": np.int16, "ui16": np.uint16,
          "i32": np.int32, "ui32": np.uint32, "i64": np.int64, "ui64": np.uint64,
          "f16": np.float16, "bf16": ml_dtypes.bfloat16, "f32": np.float32}
MODES = ("eq", "ne", "lt", "le", "gt", "ge")
ROWS, COLS = 4, 64


def _modes(target, element):
    """tcmp_c7, tcmps_c7: A2/A3 compares i32 for eq only."""
    return ("eq",) if target == "a2a3" and element == "i32" else MODES


def _values(element, rng, shape):
    """Few distinct values (so that eq holds often) and the edge cases:
    NaN, -0, +-inf, 1e-10 (within TCMPS's 1e-9 of 0) for floats; the ends of
    the range and, for 64 bits, 2**62 + 1 (one double with 2**62)."""
    dtype = np.dtype(DTYPES[element])
    if dtype.kind not in "iu":
        pool = [0.0, -0.0, 1.0, -1.0, 2.5, np.nan, np.inf, -np.inf, 1e-10, -3.0]
    else:
        info = np.iinfo(dtype)
        pool = [0, 1, 2, 3, info.min, info.max] + ([-1, -2] if info.min < 0 else [])
        if dtype.itemsize == 8:
            pool += [2**62, 2**62 + 1]
    return np.array(rng.choice(np.array(pool, dtype=object), shape), dtype=dtype)


def _scalar_arg(element, value):
    """A kernel's integer scalars are signless: an unsigned value goes as its bits."""
    dtype = np.dtype(DTYPES[element])
    if dtype.kind in "iu":
        return int(np.array(value, dtype).view(f"i{dtype.itemsize}"))
    return float(value)


def _scalar_type(element):
    return element if element[0] in "fb" else f"i{np.dtype(DTYPES[element]).itemsize * 8}"


def _kernel(target, op, ins, mask, modes):
    """@k(ins..., masks...): one `op` per mode into its own mask."""
    names = [f"%i{k}" for k in range(len(ins))]
    params = [f"{n}: {t}" for n, t in zip(names, ins)] + [f"%m{k}: {mask}"
                                                           for k in range(len(modes))]
    lines = [f'module attributes {{pto.target_arch = "{target}"}} {{',
             f"func.func @k({', '.join(params)}) {{"]
    for k, mode in enumerate(modes):
        lines.append(f"  pto.{op} ins({', '.join(names)} {{cmpMode = #pto<cmp {mode}>}} : "
                     f"{', '.join(ins)}) outs(%m{k} : {mask})")
    return "\n".join(lines + ["  return", "}", "}"]) + "\n"


def _check_tcmp(target, dst, element, engine, valid, mask_cols, mask_valid):
    rng = np.random.default_rng(sum(f"tcmp{target}{dst}{element}".encode()))
    a, b = _values(element, rng, (ROWS, COLS)), _values(element, rng, (ROWS, COLS))
    modes = _modes(target, element)
    src, mask = tile_buf(ROWS, COLS, element, valid), tile_buf(ROWS, mask_cols, dst, mask_valid)
    masks = [np.full((ROWS, mask_cols), 0x5A, DTYPES[dst]) for _ in modes]
    runtime.run(_kernel(target, "tcmp", [src, src], mask, modes), "k",
                runtime.Tile(a, valid), runtime.Tile(b, valid),
                *[runtime.Tile(m, mask_valid) for m in masks], engine=engine)
    for mode, got in zip(modes, masks):
        want = tcmp(got, a, b, mode, *valid, mask_valid[1])
        assert got.tobytes() == want.tobytes(), (mode, got, want)


def _check_tcmps(target, element, engine, valid, mask_cols, mask_valid):
    rng = np.random.default_rng(sum(f"tcmps{target}{element}".encode()))
    a = _values(element, rng, (ROWS, COLS))
    scalars = _values(element, rng, (8,))
    modes = _modes(target, element)
    src, mask = tile_buf(ROWS, COLS, element, valid), tile_buf(ROWS, mask_cols, "ui8", mask_valid)
    ins = [src, _scalar_type(element)]
    for scalar in scalars[:3]:
        masks = [np.full((ROWS, mask_cols), 0x5A, np.uint8) for _ in modes]
        runtime.run(_kernel(target, "tcmps", ins, mask, modes), "k", runtime.Tile(a, valid),
                    _scalar_arg(element, scalar), *[runtime.Tile(m, mask_valid) for m in masks],
                    engine=engine)
        for mode, got in zip(modes, masks):
            want = tcmps(got, a, scalar, mode, *valid, *mask_valid)
            assert got.tobytes() == want.tobytes(), (mode, scalar, got, want)


def _tcmp_cases():
    return [(t, d, e) for t in ("a2a3", "a5") for d in rules.allowed("tcmp_c1", target=t)
            for e in rules.allowed("tcmp_c2", d, target=t)]


TCMPS = [(t, e) for t in ("a2a3", "a5") for e in rules.allowed("tcmps_c1", target=t)]
# (valid, mask columns, mask valid): a ui8 mask of 4 words of the 5 a row
# of 40 needs (the last dropped), one of more than it needs; a ui32 mask of
# 1 word of 2, and of 8.
TCMP_SHAPES = {"ui8": [((3, 40), 32, (3, 4)), ((3, 40), 32, (3, 8))],
               "ui32": [((3, 40), 8, (3, 1)), ((3, 40), 8, (3, 8))]}
# tcmps's stream: 8 bytes per row of src's 64 columns, into dst rows of 4
# (two dst rows per src row), of 8 (one), of 32 (four src rows in one).
TCMPS_SHAPES = [((3, 40), 32, (3, 4)), ((3, 40), 32, (3, 8)), ((4, 64), 32, (4, 32))]


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target,dst,element", _tcmp_cases())
def test_tcmp_host_engines(target, dst, element, engine):
    for shape in TCMP_SHAPES[dst]:
        _check_tcmp(target, dst, element, engine, *shape)


@pytest.mark.parametrize("engine", ["interp", "jit"])
@pytest.mark.parametrize("target,element", TCMPS)
def test_tcmps_host_engines(target, element, engine):
    for shape in TCMPS_SHAPES:
        _check_tcmps(target, element, engine, *shape)


# ptoas's verifiers (PTOAS PTO.cpp:3119-3188): a dst of 8-bit integers, on
# A5 of src0's shape; tcmps (:3191-3245) of i16, i32, f16, f32 (A2/A3) and
# i8 too (A5), `isInteger(n)` of either signedness. bf16 is the
# simulator's half (docs/ptoas.md): host engines only.
PTOAS_TCMP = ("i32", "f16", "f32")
PTOAS_TCMPS = ("i8", "ui8", "i16", "ui16", "i32", "ui32", "f16", "f32")


# The engine passes a tile argument's valid region (tload, tstore): the
# masks are whole tiles there, src's columns partly valid.
@pytest.mark.parametrize("target,dst,element",
                         [c for c in _tcmp_cases() if c[1] == "ui8" and c[2] in PTOAS_TCMP])
def test_tcmp_pto_isa(pto_isa_tools, target, dst, element):
    _check_tcmp(target, dst, element, "pto-isa", (ROWS, 40), COLS, (ROWS, COLS))


@pytest.mark.parametrize("target,element", [c for c in TCMPS if c[1] in PTOAS_TCMPS])
def test_tcmps_pto_isa(pto_isa_tools, target, element):
    _check_tcmps(target, element, "pto-isa", (ROWS, 40), 32, (ROWS, 32))


@pytest.mark.parametrize("engine", ["interp", "jit", "pto-isa"])
def test_tcmp_mask_read_by_tsel(request, engine):
    """TCMP's ui8 mask of 8 bits per cell of each row (dst valid columns
    cols / 8) is TSEL's stream: `tsel(tcmp(a, b, lt), a, b)` is the smaller
    of a and b wherever lt holds."""
    if engine == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    t = "!pto.tile<vec, 4x32xf32>"
    m = "!pto.tile<vec, 4x32xui8, valid=4x4>"
    tmp = "!pto.tile<vec, 1x16xui32>"
    text = ('module attributes {pto.target_arch = "a5"} {\n'
            f"func.func @k(%a: {t}, %b: {t}, %t: {tmp}) -> {t} {{\n"
            f"  %m = pto.tcmp %a, %b {{cmpMode = #pto<cmp lt>}} : ({t}, {t}) -> {m}\n"
            f"  %d = pto.tsel %m, %a, %b, %t : ({m}, {t}, {t}, {tmp}) -> {t}\n"
            f"  return %d : {t}\n}}\n}}\n")
    rng = np.random.default_rng(7)
    a = rng.integers(-4, 4, (4, 32)).astype(np.float32)
    b = rng.integers(-4, 4, (4, 32)).astype(np.float32)
    got = np.asarray(runtime.run(text, "k", a, b, np.zeros((1, 16), np.uint32), engine=engine))
    assert got.tobytes() == np.where(a < b, a, b).tobytes()


_CASE = re.compile(r"^TCMPS?Test\.case_(?P<types>[a-z0-9_]+?)_(\d+)x(\d+)_(\d+)x(\d+)_(\d+)x(\d+)"
                   r"_(?P<mode>[A-Z]+)$")
_VENDOR_TYPES = {"float": "f32", "half": "f16", "int8": "i8", "uint8": "ui8", "int16": "i16",
                 "uint16": "ui16", "int32": "i32", "uint32": "ui32"}


def _vendor_cases(st, op, scratch):
    """[(name, folder)] of ``op``'s gen_data.py, run in ``scratch`` as the
    vendor runs it (without bf16)."""
    env = dict(os.environ, PYTHONPATH=st)
    env.pop("PTO_CPU_SIM_ENABLE_BF16", None)
    subprocess.run([sys.executable, os.path.join(st, "testcase", op, "gen_data.py")],
                   cwd=scratch, env=env, check=True, capture_output=True)
    return sorted((n, os.path.join(scratch, n)) for n in os.listdir(scratch)
                  if n.startswith(f"{op.upper()}Test."))


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_the_vendors_tcmp_cases(pto_isa_st, tmp_path, engine):
    """tests/cpu/st/testcase/tcmp: each case's inputs into a src tile of
    its shape, a dst of the case's element type with ceil(cols / B) valid
    columns (tcmp_kernel.cpp's kPackedCols), the whole dst its golden."""
    cases = _vendor_cases(pto_isa_st, "tcmp", tmp_path)
    assert len(cases) == 11, cases
    for name, folder in cases:
        match = _CASE.match(name)
        src_name, dst_name = match["types"].split("_")
        rows, cols = int(match[4]), int(match[5])
        element, dst = _VENDOR_TYPES[src_name], _VENDOR_TYPES[dst_name]
        dtype = DTYPES[element]
        a, b = (np.fromfile(os.path.join(folder, f), dtype).reshape(rows, cols)
                for f in ("input1.bin", "input2.bin"))
        golden = np.fromfile(os.path.join(folder, "golden.bin"), DTYPES[dst]).reshape(rows, cols)
        packed = -(-cols // (np.dtype(DTYPES[dst]).itemsize * 8))
        src, mask = tile_buf(rows, cols, element), tile_buf(rows, cols, dst, (rows, packed))
        got = np.zeros((rows, cols), DTYPES[dst])
        runtime.run(_kernel("a5", "tcmp", [src, src], mask, [match["mode"].lower()]), "k",
                    a, b, runtime.Tile(got, (rows, packed)), engine=engine)
        assert got.tobytes() == golden.tobytes(), name


@pytest.mark.parametrize("engine", ["interp", "jit"])
def test_the_vendors_tcmps_cases(pto_isa_st, tmp_path, engine):
    """tests/cpu/st/testcase/tcmps: src of the case's shape, its scalar
    input2.bin[0], dst a fully valid ui8 tile of src's shape
    (tcmps_kernel.cpp), whose first rows * cols / 8 bytes are the golden."""
    cases = _vendor_cases(pto_isa_st, "tcmps", tmp_path)
    assert len(cases) == 20, cases
    for name, folder in cases:
        match = _CASE.match(name)
        rows, cols = int(match[4]), int(match[5])
        element = _VENDOR_TYPES[match["types"]]
        dtype = DTYPES[element]
        a = np.fromfile(os.path.join(folder, "input1.bin"), dtype).reshape(rows, cols)
        scalar = np.fromfile(os.path.join(folder, "input2.bin"), dtype)[0]
        golden = np.fromfile(os.path.join(folder, "golden.bin"), np.uint8)
        src, mask = tile_buf(rows, cols, element), tile_buf(rows, cols, "ui8")
        got = np.zeros((rows, cols), np.uint8)
        runtime.run(_kernel("a5", "tcmps", [src, _scalar_type(element)], mask,
                            [match["mode"].lower()]), "k",
                    a, _scalar_arg(element, scalar), got, engine=engine)
        assert got.reshape(-1)[:golden.size].tobytes() == golden.tobytes(), name
        assert not got.reshape(-1)[golden.size:].any(), name
