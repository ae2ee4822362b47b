"""Seeded fuzz of the device path's surfaces (issue 38, item 7): random
kernels on the pto-isa engine compared bit for bit with the two host
engines (windows of two to five dimensions, ND and DN, with or without a
layout on the view, strides passed at run time: the export's layouts go
through ptoas and its C++ through g++), and random damage to the pto-isa
compile cache's entries (each must be compiled again and give the first
run's bits). The seeds are fixed, so a failure reproduces; test/fuzz may
call ``random_window_kernel(seed)`` and ``damage_entry(path, seed)`` for
long runs.

Needs PTOAS, PTO_ISA_ROOT and g++ (the fixture pto_isa_tools).
"""
import os

import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa

KERNELS = os.path.join(os.path.dirname(__file__), "kernels")


def random_window_kernel(seed):
    """``(text, arguments)``: a kernel loading a random window of a random
    global tensor into a tile and storing the tile to a 2-D output, with its
    arguments (the source, a zeroed output, the source's strides)."""
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(2, 6))
    dn = bool(rng.integers(2))
    dims = [int(d) for d in rng.integers(1, 4, rank)]
    if dn:   # the tile's rows: the second-to-last dimension, 32-byte columns
        dims[-2] = int(rng.choice([8, 16]))
    else:    # the tile's columns: the last dimension, 32-byte rows
        dims[-1] = int(rng.choice([8, 16]))
    padded = [1] * (5 - rank) + dims
    rows = padded[3] if dn else int(np.prod(padded[:4]))
    cols = int(np.prod(padded[:3]) * padded[4]) if dn else padded[4]
    strides = [1] * rank
    for i in range(rank - 2, -1, -1):
        strides[i] = strides[i + 1] * dims[i + 1] + int(rng.integers(0, 3))
    size = sum((d - 1) * s for d, s in zip(dims, strides)) + 1
    layout = rng.choice(["", "nd" if not dn else "dn"])
    blayout = ", blayout=col_major" if dn else ""
    tile = f"!pto.tile_buf<vec, {rows}x{cols}xf32{blayout}>"
    shape = "x".join(map(str, dims))
    window = f"!pto.partition_tensor_view<{shape}xf32>"
    consts = sorted({0, 1, rows, cols, *dims})
    lines = [f"  %c{c} = arith.constant {c} : index" for c in consts]
    attr = f" {{layout = #pto.layout<{layout}>}}" if layout else ""
    out_strides = f"[%c1, %c{rows}]" if dn else f"[%c{cols}, %c1]"
    params = ", ".join(f"%s{i}: index" for i in range(rank))
    zeros = ", ".join("%c0" for _ in dims)
    extents = ", ".join(f"%c{d}" for d in dims)
    stride_names = ", ".join(f"%s{i}" for i in range(rank))
    text = "\n".join([
        f"func.func @k(%src: !pto.ptr<f32>, %out: !pto.ptr<f32>, {params}) {{",
        *lines,
        f"  %v = pto.make_tensor_view %src, shape = [{extents}], strides = [{stride_names}]{attr}"
        f" : !pto.tensor_view<{shape}xf32>",
        f"  %w = pto.partition_view %v, offsets = [{zeros}], sizes = [{extents}]"
        f" : !pto.tensor_view<{shape}xf32> -> {window}",
        f"  %o = pto.make_tensor_view %out, shape = [%c{rows}, %c{cols}], strides = "
        f"{out_strides} : !pto.tensor_view<{rows}x{cols}xf32>",
        f"  %ow = pto.partition_view %o, offsets = [%c0, %c0], sizes = [%c{rows}, %c{cols}]"
        f" : !pto.tensor_view<{rows}x{cols}xf32> -> !pto.partition_tensor_view<{rows}x{cols}xf32>",
        f"  %t = pto.alloc_tile : {tile}",
        f"  pto.tload ins(%w : {window}) outs(%t : {tile})",
        f"  pto.tstore ins(%t : {tile}) outs(%ow : !pto.partition_tensor_view<{rows}x{cols}xf32>)",
        "  return",
        "}",
    ])
    source = rng.standard_normal(size).astype(np.float32)
    return text, [source, np.zeros(rows * cols, np.float32), *strides]


@pytest.mark.parametrize("seed", range(8))
def test_random_window_kernels_on_three_engines(pto_isa_tools, seed):
    text, arguments = random_window_kernel(seed)
    outs = {}
    for engine in ("interp", "jit", "pto-isa"):
        out = arguments[1].copy()
        runtime.run(text, "k", arguments[0], out, *arguments[2:], engine=engine)
        outs[engine] = out.tobytes()
    assert outs["jit"] == outs["interp"], text
    assert outs["pto-isa"] == outs["interp"], text
    # Every element of the source window was moved: none is left zero.
    assert np.count_nonzero(np.frombuffer(outs["interp"], np.float32)) == arguments[1].size


def damage_entry(path, seed):
    """Damages the cache entry at ``path`` one random way: bytes flipped,
    truncated, emptied, extended with junk, or replaced by another file."""
    rng = np.random.default_rng(seed)
    data = bytearray(path.read_bytes())
    how = int(rng.integers(5))
    if how == 0:
        for position in rng.integers(0, len(data), int(rng.integers(1, 9))):
            data[position] ^= int(rng.integers(1, 256))
    elif how == 1:
        data = data[:int(rng.integers(0, len(data)))]
    elif how == 2:
        data = bytearray()
    elif how == 3:
        data += rng.integers(0, 256, int(rng.integers(1, 64)), dtype=np.uint8).tobytes()
    else:
        data = bytearray(rng.integers(0, 256, len(data), dtype=np.uint8).tobytes())
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("seed", range(4))
def test_random_cache_damage_is_compiled_again(pto_isa_tools, tmp_path, monkeypatch, seed):
    monkeypatch.delenv("PTO_CACHE_DIR", raising=False)
    monkeypatch.setenv("PTO_MLIR_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pto_isa, "_programs", {})
    with open(os.path.join(KERNELS, "or_rows.pto"), encoding="utf-8") as f:
        text = f.read()
    kinds = ["buffer", "buffer", "buffer", "int"]
    rng = np.random.default_rng(seed)
    a, b = (rng.integers(-2**15, 2**15, (32, 32), dtype=np.int16) for _ in range(2))
    out = np.zeros((32, 32), np.int16)
    expected = [r.tobytes() for r in
                pto_isa.build(text, "or_rows", kinds, level="level2").run([a, b, out, 8])]
    [entry] = (tmp_path / "pto-isa").glob("*.ptojit")
    damage_entry(entry, seed)
    pto_isa._programs.clear()
    program = pto_isa.build(text, "or_rows", kinds, level="level2")
    assert [r.tobytes() for r in program.run([a, b, out, 8])] == expected
