"""Benchmarks of the compiled engine: `python bench/run.py [--quick]`.

Prints, per op and workload, the time per call of the reference interpreter,
the JIT, a vectorized numpy expression of the same semantics and a memcpy of
the bytes the op reads (the bandwidth limit), as ratios to memcpy from one
run; then JIT compile times and `pto-opt` times on modules of growing size
(to show they scale linearly). Needs PYTHONPATH to reach pto_mlir and
pto-opt on PATH (or PTO_BUILD_DIR=build). `--only conversions`: only the
conversions of tinsert on boxed tiles, each kind at 64x1024.
"""
import argparse
import functools
import os
import shutil
import subprocess
import sys
import tempfile
import time

import numpy as np

build = os.environ.get("PTO_BUILD_DIR")
if build:
    sys.path.insert(0, os.path.join(os.path.abspath(build), "python_packages"))
    os.environ["PATH"] = (os.path.join(os.path.abspath(build), "bin") + os.pathsep
                          + os.environ["PATH"])

from pto_mlir.runtime import jit  # noqa: E402
from pto_mlir.runtime.dtypes import numpy_dtype  # noqa: E402
from pto_mlir.testing import (  # noqa: E402
    dps_kernel,
    random_data,
    random_tile,
    tile_buf,
    tor_kernel,
    window_kernel,
)


def interpreter():
    from pto_mlir import runtime
    return runtime.run


# Wall time, or with --cpu the CPU time of this thread (what a loaded,
# shared machine does not inflate: time spent waiting for a core is left out).
clock = time.perf_counter


def per_call(fn, budget):
    """Seconds per call: repeats until `budget` seconds, best of 3 rounds."""
    fn()
    calls, start = 0, time.perf_counter()
    while time.perf_counter() - start < budget / 3:
        fn()
        calls += 1
    calls = max(calls, 1)
    best = float("inf")
    for _ in range(3):
        start = clock()
        for _ in range(calls):
            fn()
        best = min(best, (clock() - start) / calls)
    return best


def chain_kernel(rows, cols, element, length):
    """`@chain(a, d)`: `length` pto.tor ops, each `d = d | a`."""
    t = tile_buf(rows, cols, element)
    op = f"  pto.tor ins(%d, %a : {t}, {t}) outs(%d : {t})\n"
    return f"func.func @chain(%a: {t}, %d: {t}) {{\n{op * length}  return\n}}\n"


def fmt(seconds):
    return "n/a" if seconds is None else f"{seconds * 1e6:10.2f} us"


def ratio(seconds, base):
    return "" if seconds is None else f"({seconds / base:7.2f}x)"


def report(name, shape, times, budget):
    memcpy = times["memcpy"]
    cells = [f"{k} {fmt(v)} {ratio(v, memcpy)}" for k, v in times.items()]
    print(f"{name:14s} {shape[0]:>4d}x{shape[1]:<5d} " + "  ".join(cells))


def bench_tor(shape, budget):
    rng = np.random.default_rng(0)
    a, b, d = (random_tile(rng, shape, np.int16) for _ in range(3))
    kernel = tor_kernel(*shape, "i16")
    compiled = jit.compile(kernel, "tor")
    scratch_src = np.concatenate([a, b])
    scratch_dst = np.empty_like(scratch_src)
    interp = interpreter()
    times = {
        "interp": per_call(lambda: interp(kernel, "tor", a, b, d), budget) if interp else None,
        "jit": per_call(lambda: compiled(a, b, d), budget),
        "numpy": per_call(lambda: np.bitwise_or(a, b, out=d), budget),
        "memcpy": per_call(lambda: np.copyto(scratch_dst, scratch_src), budget),
    }
    report("tor", shape, times, budget)


def bench_op(name, shape, kernel, args, numpy_fn, read, budget):
    """One Level 2 kernel `@k` on `args`; memcpy copies `read` (the bytes
    the op reads)."""
    compiled = jit.compile(kernel, "k")
    scratch = np.empty_like(read)
    interp = interpreter()
    times = {
        "interp": per_call(lambda: interp(kernel, "k", *args), budget) if interp else None,
        "jit": per_call(lambda: compiled(*args), budget),
        "numpy": per_call(numpy_fn, budget),
        "memcpy": per_call(lambda: np.copyto(scratch, read), budget),
    }
    report(name, shape, times, budget)
    return times


def bench_tinterleave(shape, budget):
    rng = np.random.default_rng(0)
    a, b, d0, d1 = (random_tile(rng, shape, np.int16) for _ in range(4))
    t = tile_buf(*shape, "i16")
    stream = np.empty((shape[0], 2 * shape[1]), np.int16)
    half = shape[1]

    def numpy_fn():
        stream[:, 0::2] = a
        stream[:, 1::2] = b
        d0[...] = stream[:, :half]
        d1[...] = stream[:, half:]

    bench_op("tinterleave", shape, dps_kernel("k", "pto.tinterleave", [t, t], [t, t]),
             [a, b, d0, d1], numpy_fn, np.concatenate([a, b]), budget)


def bench_treshape(shape, budget):
    rng = np.random.default_rng(0)
    src = random_tile(rng, shape, np.int16)
    dst = np.zeros((shape[0] * 2, shape[1] // 2), np.int16)
    kernel = dps_kernel("k", "pto.treshape", [tile_buf(*shape, "i16")],
                        [tile_buf(shape[0] * 2, shape[1] // 2, "i16")])
    flat_src, flat_dst = src.reshape(-1), dst.reshape(-1)
    bench_op("treshape", shape, kernel, [src, dst],
             lambda: np.copyto(flat_dst, flat_src), src, budget)


def bench_tsort32(shape, budget, element="f32"):
    dtype = np.dtype(element.replace("f", "float"))
    rng = np.random.default_rng(0)
    src = random_data(rng, shape, dtype)
    dst, idx = np.zeros(shape, dtype), np.zeros(shape, np.uint32)
    t, ti = tile_buf(*shape, element), tile_buf(*shape, "ui32")
    blocks = src.reshape(shape[0], -1, 32)
    base = np.arange(0, shape[1], 32, dtype=np.uint32)[None, :, None]

    def numpy_fn():
        # Stable descending sort per block; NaN order differs from the op's.
        order = np.argsort(-blocks, axis=2, kind="stable")
        dst[...] = np.take_along_axis(blocks, order, axis=2).reshape(shape)
        idx[...] = (order + base).reshape(shape)

    return bench_op(f"tsort32 {element}", shape, dps_kernel("k", "pto.tsort32", [t], [t, ti]),
                    [src, dst, idx], numpy_fn, src, budget)


def bench_tsort32_records(shape, budget, element="f32"):
    """The hardware form: idx an input, dst one 8-byte [value, idx] record
    per element; numpy as in bench_tsort32, then the records."""
    dtype = np.dtype(element.replace("f", "float"))
    slots = 8 // dtype.itemsize
    rng = np.random.default_rng(0)
    src = random_data(rng, shape, dtype)
    ids = rng.integers(0, 2**32, shape, dtype=np.uint32)
    dst = np.zeros((shape[0], shape[1] * slots), dtype)
    t, ti = tile_buf(*shape, element), tile_buf(*shape, "ui32")
    blocks, id_blocks = src.reshape(shape[0], -1, 32), ids.reshape(shape[0], -1, 32)
    records = dst.view(np.uint8).reshape(shape[0], shape[1], 8)

    def numpy_fn():
        order = np.argsort(-blocks, axis=2, kind="stable")
        values = np.take_along_axis(blocks, order, axis=2).reshape(shape)
        sorted_ids = np.take_along_axis(id_blocks, order, axis=2).reshape(shape)
        records[..., :dtype.itemsize] = values.view(np.uint8).reshape(*shape, -1)
        records[..., 4:] = sorted_ids.view(np.uint8).reshape(*shape, 4)

    kernel = dps_kernel("k", "pto.tsort32", [t, ti],
                        [tile_buf(shape[0], shape[1] * slots, element)])
    return bench_op(f"tsort32-hw {element}", shape, kernel, [src, ids, dst], numpy_fn, src, budget)


def bench_trowsum(shape, budget, element="f16"):
    """pto.trowsum of an f16 tile (f32 does not fit in ub at 64x1024,
    tile_c8): the JIT's fold keeps the simulator's left-to-right order, one
    add after another per row; numpy's sum is pairwise (other bits, the
    speed of a free order)."""
    rng = np.random.default_rng(0)
    dtype = np.float16 if element == "f16" else np.float32
    a = rng.standard_normal(shape).astype(dtype)
    cols = 32 // a.itemsize
    d = np.zeros((shape[0], cols), dtype)
    t, dt = tile_buf(*shape, element), tile_buf(shape[0], cols, element, (shape[0], 1))
    kernel = (f"func.func @k(%a: {t}, %d: {dt}) {{\n"
              f"  pto.trowsum ins(%a, %a : {t}, {t}) outs(%d : {dt})\n  return\n}}\n")
    bench_op(f"trowsum {element}", shape, kernel, [a, d],
             lambda: np.sum(a, axis=1, dtype=np.float32), a, budget)


def bench_trowexpandmul(shape, budget, element="f16"):
    """pto.trowexpandmul of an f16 tile by one value per row (a DN column,
    the pages' Mode 1, as PTOAS's RMSNorm samples): one multiply per
    element, the row's value loaded once."""
    rng = np.random.default_rng(0)
    dtype = np.float16 if element == "f16" else np.float32
    a = rng.standard_normal(shape).astype(dtype)
    v = rng.standard_normal((shape[0], 1)).astype(dtype)
    d = np.zeros(shape, dtype)
    t = tile_buf(*shape, element)
    tv = f"!pto.tile_buf<vec, {shape[0]}x1x{element}, blayout=col_major>"
    kernel = (f"func.func @k(%a: {t}, %v: {tv}, %d: {t}) {{\n"
              f"  pto.trowexpandmul ins(%a, %v : {t}, {tv}) outs(%d : {t})\n  return\n}}\n")
    bench_op(f"trowexpandmul {element}", shape, kernel, [a, v, d], lambda: a * v, a, budget)


def bench_tmrgsort(records, budget, lists=4):
    """pto.tmrgsort of `lists` sorted lists of `records` f32 records each
    (issue 36: 4 lists of 1024); numpy: the stable argsort of all their
    values, descending (the same order for sorted lists without NaN)."""
    rng = np.random.default_rng(0)
    cols = 2 * records
    srcs = []
    for k in range(lists):
        row = np.zeros((1, cols), np.float32)
        row[0, 0::2] = np.sort(rng.standard_normal(records).astype(np.float32))[::-1]
        row.view(np.uint32)[0, 1::2] = np.arange(records) + k * records
        srcs.append(row)
    dst, tmp = (np.zeros((1, cols * lists), np.float32) for _ in range(2))
    t, td = tile_buf(1, cols, "f32"), tile_buf(1, cols * lists, "f32")
    kernel = dps_kernel("k", "pto.tmrgsort", [t] * lists + [td], [td])
    values = np.concatenate([s[0, 0::2] for s in srcs])
    bench_op(f"tmrgsort x{lists}", (1, records), kernel, [*srcs, tmp, dst],
             lambda: np.argsort(-values, kind="stable"), np.concatenate(srcs), budget)


def bench_tmatmul(m, k, n, element, budget, splits=1):
    """pto.tmatmul of an m x k by a k x n matrix (issue 35 item 5): the
    JIT's chains, one fused step per k in k order (docs/lowering.md),
    against numpy's matmul (BLAS: another order of summation, so other
    bits) and the interpreter; memcpy copies both inputs. K is split into
    `splits` tmatmul + tmatmul.acc steps where one left or right tile of the
    whole K would not fit in L0A/L0B (64 KiB, tile_c8), as the cube unit
    splits it; the acc tile (256 KiB at 256x256 f32) fits a5's L0C."""
    rng = np.random.default_rng(0)
    acc = "i32" if element == "i8" else "f32"
    if element == "i8":
        a = rng.integers(-128, 128, (m, k)).astype(np.int8)
        b = rng.integers(-128, 128, (k, n)).astype(np.int8)
        a32, b32 = a.astype(np.int32), b.astype(np.int32)
        numpy_fn = lambda: a32 @ b32  # noqa: E731
    else:
        a = rng.standard_normal((m, k)).astype(np.float32)
        b = rng.standard_normal((k, n)).astype(np.float32)
        numpy_fn = lambda: a @ b  # noqa: E731
    d = np.zeros((m, n), np.int32 if element == "i8" else np.float32)
    kc = k // splits
    lhs = [np.ascontiguousarray(a[:, i * kc:(i + 1) * kc]) for i in range(splits)]
    rhs = [np.ascontiguousarray(b[i * kc:(i + 1) * kc]) for i in range(splits)]
    nz, zn = "blayout=col_major, slayout=row_major", "blayout=row_major, slayout=col_major"
    ta = f"!pto.tile_buf<left, {m}x{kc}x{element}, {nz}>"
    tb = f"!pto.tile_buf<right, {kc}x{n}x{element}, {zn}>"
    tc = f"!pto.tile_buf<acc, {m}x{n}x{acc}, {nz}, fractal=1024>"
    params = ", ".join([f"%a{i}: {ta}, %b{i}: {tb}" for i in range(splits)] + [f"%c: {tc}"])
    body = f"  pto.tmatmul ins(%a0, %b0 : {ta}, {tb}) outs(%c : {tc})\n" + "".join(
        f"  pto.tmatmul.acc ins(%c, %a{i}, %b{i} : {tc}, {ta}, {tb}) outs(%c : {tc})\n"
        for i in range(1, splits))
    kernel = (f'module attributes {{pto.target_arch = "a5"}} {{\n'
              f"func.func @k({params}) {{\n{body}  return\n}}\n}}\n")
    args = [x for pair in zip(lhs, rhs) for x in pair] + [d]
    compiled = jit.compile(kernel, "k")
    storage = [x.ravel() for x in args]
    read = np.concatenate([a.ravel(), b.ravel()])
    scratch = np.empty_like(read)
    from pto_mlir import runtime
    times = {
        # (the split tiles are arguments, together more than L0A holds)
        "interp": per_call(lambda: runtime.run(kernel, "k", *args, placement="none"), budget),
        # the compiled call takes each tile's storage: the same elements in
        # the boxes' order, which the work does not depend on
        "jit": per_call(lambda: compiled(*storage), budget),
        "numpy": per_call(numpy_fn, budget),
        "memcpy": per_call(lambda: np.copyto(scratch, read), budget),
    }
    flops = 2 * m * k * n
    print(f"tmatmul {element:3s} {m}x{k}x{n}: " + "  ".join(
        f"{name} {fmt(t)} ({flops / t / 1e9:6.2f} GFLOP/s)" for name, t in times.items()
        if name != "memcpy") + f"  jit/numpy {times['jit'] / times['numpy']:6.1f}x")
    return times


def bench_tmatmul_section(budget):
    """`--only tmatmul`: issue 35 item 5's rows."""
    bench_tmatmul(128, 128, 128, "f32", budget)
    bench_tmatmul(256, 256, 256, "f32", budget, splits=4)
    bench_tmatmul(128, 128, 128, "i8", budget)


def bench_window(op, shape, budget):
    """tinsert: an f16 tile of half the columns into the right half of
    `shape`; textract: that half out of it (the same bytes move)."""
    rng = np.random.default_rng(0)
    rows, cols = shape
    half = cols // 2
    part, whole = random_data(rng, (rows, half), np.float16), random_data(rng, shape, np.float16)
    t_part, t_whole = tile_buf(rows, half, "f16"), tile_buf(rows, cols, "f16")
    if op == "pto.tinsert":
        kernel, args = window_kernel(op, t_part, t_whole), [part, 0, half, whole]

        def numpy_fn():
            whole[:, half:] = part
    else:
        kernel, args = window_kernel(op, t_whole, t_part), [whole, 0, half, part]

        def numpy_fn():
            part[...] = whole[:, half:]
    bench_op(op[4:], shape, kernel, args, numpy_fn, part.copy(), budget)


def bench_quantize(shape, budget):
    """tinsert of an f32 acc tile (NZ, 16x16 boxes) into an i8 mat tile (NZ,
    16x32 boxes) of the same shape, scalar quant word and relu; the JIT and
    numpy work on the tiles' storage (the interpreter on logical arrays)."""
    rng = np.random.default_rng(0)
    rows, cols = shape
    acc = (rng.standard_normal(shape) * 100).astype(np.float32)
    nz = "blayout=col_major, slayout=row_major"
    t_acc = f"!pto.tile_buf<acc, {rows}x{cols}xf32, {nz}, fractal=1024>"
    t_mat = f"!pto.tile_buf<mat, {rows}x{cols}xi8, {nz}>"
    kernel = (f'module attributes {{pto.target_arch = "a2a3"}} {{\n'
              f"func.func @k(%s: {t_acc}, %w: i64, %d: {t_mat}) {{\n"
              f"  %c0 = arith.constant 0 : index\n"
              f"  pto.tinsert ins(%s, %c0, %c0, %w : {t_acc}, index, index, i64) "
              f"outs(%d : {t_mat}) {{relu}}\n  return\n}}\n}}\n")
    scale, offset = np.float32(0.5), np.float32(3.0)
    word = int(scale.view(np.uint32)) | (3 << 37) | (1 << 46)   # signed clamp
    # NZ storage: element (r, c) at (c // w) * rows * w + r * w + c % w.
    acc_storage = np.ascontiguousarray(acc.reshape(rows, cols // 16, 16).transpose(1, 0, 2))
    mat_storage = np.zeros(rows * cols, np.int8)
    acc_logical = acc_storage.transpose(1, 0, 2)                  # (rows, boxes, 16) view
    mat_logical = mat_storage.reshape(cols // 32, rows, 32).transpose(1, 0, 2)

    def numpy_fn():
        y = acc_logical * scale
        y += offset
        np.rint(y, out=y)
        np.clip(y, -128, 127, out=y)
        np.fmax(y, 0, out=y)                                      # relu; NaN -> 0
        mat_logical[...] = y.reshape(rows, cols // 32, 32)

    compiled = jit.compile(kernel, "k")
    read = acc_storage.reshape(-1)
    scratch = np.empty_like(read)
    interp = interpreter()
    mat = np.zeros(shape, np.int8)
    times = {
        "interp": per_call(lambda: interp(kernel, "k", acc, word, mat), budget) if interp else None,
        "jit": per_call(lambda: compiled(read, word, mat_storage), budget),
        "numpy": per_call(numpy_fn, budget),
        "memcpy": per_call(lambda: np.copyto(scratch, read), budget),
    }
    report("tinsert-q", shape, times, budget)


# The conversions of tinsert on boxed tiles (a5): an acc tile (NZ, 16x16
# boxes) of `shape` into a destination of the same shape at (0, 0). Each kind:
# (name, acc element, dst location, dst element, dst layout, quant, attrs).
CONVERSIONS = [
    ("relu", "f32", "mat", "f32", "nz", "none", "relu"),
    ("acc->mat f16", "f32", "mat", "f16", "nz", "none", ""),
    ("acc->mat bf16", "f32", "mat", "bf16", "nz", "none", ""),
    ("acc->vec f16", "f32", "vec", "f16", "nd", "none", ""),
    ("scalar quant", "f32", "mat", "i8", "nz", "scalar", "relu"),
    ("saturate", "f32", "mat", "f16", "nz", "scalar", "saturate"),
    ("vector quant", "i32", "mat", "i8", "nz", "vector", ""),
]


def _nz_views(rows, cols, dtype, width):
    """A flat NZ storage array of `dtype` with boxes `width` columns wide,
    and its (rows, boxes, width) logical view."""
    storage = np.zeros(rows * cols, dtype)
    return storage, storage.reshape(cols // width, rows, width).transpose(1, 0, 2)


def _bf16_bits(y):
    """f32 -> bf16 bits, round half to even (NaN not special-cased)."""
    bits = y.view(np.uint32)
    return ((bits + np.uint32(0x7FFF) + ((bits >> 16) & np.uint32(1))) >> 16).astype(np.uint16)


def bench_conversion(kind, shape, budget):
    """One kind of CONVERSIONS; the JIT and numpy on the tiles' storage;
    memcpy copies the acc source."""
    name, src_el, loc, dst_el, layout, quant, attrs = kind
    rows, cols = shape
    rng = np.random.default_rng(0)
    nz = "blayout=col_major, slayout=row_major"
    t_acc = f"!pto.tile_buf<acc, {rows}x{cols}x{src_el}, {nz}, fractal=1024>"
    t_dst = f"!pto.tile_buf<{loc}, {rows}x{cols}x{dst_el}" + (f", {nz}>" if layout == "nz" else ">")
    t_fp = f"!pto.tile_buf<scaling, 1x{cols}xui64>"
    quant_arg = {"none": "", "scalar": ", %w: i64", "vector": f", %w: {t_fp}"}[quant]
    quant_in = {"none": ("", ""), "scalar": (", %w", ", i64"),
                "vector": (", %w", f", {t_fp}")}[quant]
    kernel = (f'module attributes {{pto.target_arch = "a5"}} {{\n'
              f"func.func @k(%s: {t_acc}{quant_arg}, %d: {t_dst}) {{\n"
              f"  %c0 = arith.constant 0 : index\n"
              f"  pto.tinsert ins(%s, %c0, %c0{quant_in[0]} : {t_acc}, index, index{quant_in[1]}) "
              f"outs(%d : {t_dst})" + (f" {{{attrs}}}" if attrs else "") + "\n  return\n}\n}\n")
    src_dtype = np.float32 if src_el == "f32" else np.int32
    acc_storage, acc = _nz_views(rows, cols, src_dtype, 16)
    if src_el == "f32":
        acc[...] = rng.standard_normal(acc.shape) * 100
    else:
        acc[...] = rng.integers(-300, 300, acc.shape)
    scale, offset = np.float32(0.5), np.float32(3.0)
    word = int(scale.view(np.uint32)) | (3 << 37) | (1 << 46)   # signed clamp
    words = np.full((1, cols), word, np.uint64)
    np_dtype = numpy_dtype(dst_el)
    if layout == "nz":
        dst_storage, dst = _nz_views(rows, cols, np_dtype, 32 // np.dtype(np_dtype).itemsize)
        jit_dst = dst_storage
    else:
        jit_dst = np.zeros(shape, np_dtype)
        dst = jit_dst.reshape(rows, cols // 16, 16)

    def store(y):
        dst[...] = y.reshape(dst.shape)

    # numpy: the kind's formula over the box-order view of acc.
    if quant == "none" and attrs == "relu":
        def numpy_fn():
            store(np.maximum(acc, 0))
    elif quant == "none" and dst_el == "bf16":
        bits = dst.view(np.uint16)

        def numpy_fn():
            bits[...] = _bf16_bits(np.ascontiguousarray(acc)).reshape(bits.shape)
    elif quant == "none":
        def numpy_fn():
            store(acc.astype(np_dtype))
    elif dst_el == "i8":
        column_scale = (np.full(cols, scale, np.float32).reshape(cols // 16, 1, 16)
                        .transpose(1, 0, 2))

        def numpy_fn():
            y = acc * (scale if quant == "scalar" else column_scale)
            y += offset
            np.rint(y, out=y)
            np.clip(y, -128, 127, out=y)
            if attrs == "relu":
                np.fmax(y, 0, out=y)                              # NaN -> 0
            store(y.astype(np.int8))
    else:                                                         # saturate
        def numpy_fn():
            y = acc * scale
            np.nan_to_num(y, copy=False, nan=0.0)
            np.clip(y, -65504, 65504, out=y)
            store(y.astype(np.float16))

    compiled = jit.compile(kernel, "k")
    args = [acc_storage] + ([] if quant == "none" else [word if quant == "scalar" else words])
    scratch = np.empty_like(acc_storage)
    times = {
        "jit": per_call(lambda: compiled(*args, jit_dst), budget),
        "numpy": per_call(numpy_fn, budget),
        "memcpy": per_call(lambda: np.copyto(scratch, acc_storage), budget),
    }
    report(name, shape, times, budget)


def bench_conversions(budget):
    print("tinsert conversions on boxed tiles (f32/i32 acc NZ -> dst), "
          "time per call (ratio to memcpy of the acc tile)")
    for kind in CONVERSIONS:
        bench_conversion(kind, (64, 1024), budget)


def bench_chain(shape, length, budget):
    rng = np.random.default_rng(0)
    a, d = (random_tile(rng, shape, np.int16) for _ in range(2))
    kernel = chain_kernel(*shape, "i16", length)
    start = time.perf_counter()
    compiled = jit.compile(kernel, "chain")
    compile_time = time.perf_counter() - start

    def numpy_chain():
        for _ in range(length):
            np.bitwise_or(d, a, out=d)

    scratch_src = np.concatenate([a, d])
    scratch_dst = np.empty_like(scratch_src)

    def memcpy_chain():
        for _ in range(length):
            np.copyto(scratch_dst, scratch_src)

    interp = interpreter()
    times = {
        "interp": per_call(lambda: interp(kernel, "chain", a, d), budget) if interp else None,
        "jit": per_call(lambda: compiled(a, d), budget),
        "numpy": per_call(numpy_chain, budget),
        "memcpy": per_call(memcpy_chain, budget),
    }
    report(f"chain{length}", shape, times, budget)
    print(f"{'':10s} JIT compile of the {length}-op kernel: {compile_time * 1e3:.1f} ms")


def interleaved_per_call(fns, budget, rounds=5):
    """per_call of each of ``fns`` in ``rounds`` turns (the best of each):
    a burst of load on the shared machine then slows them alike, instead of
    the one measured at the time (the interpreter's figures are a few us)."""
    best = [float("inf")] * len(fns)
    for _ in range(rounds):
        for k, fn in enumerate(fns):
            best[k] = min(best[k], per_call(fn, budget / rounds))
    return best


def bench_interpreter(budget):
    """The reference interpreter on a 1x32 tor kernel: per call when given
    the text (parsed once, then cached) and an ir.Module (fingerprinted on
    every call, verified again when it changed), and per op from a 100-op chain given as text."""
    from pto_mlir import ir, runtime
    rng = np.random.default_rng(0)
    a, b, d = (random_tile(rng, (1, 32), np.int16) for _ in range(3))
    text, chain = tor_kernel(1, 32, "i16"), chain_kernel(1, 32, "i16", 100)
    with ir.Context():
        module = ir.Module.parse(text)
    per_text, per_module, per_chain = interleaved_per_call(
        [lambda: runtime.run(text, "tor", a, b, d),
         lambda: runtime.run(module, "tor", a, b, d),
         lambda: runtime.run(chain, "chain", a, d)], budget)
    print(f"interpreter, tor 1x32: {fmt(per_text)} per call (text), {fmt(per_module)} "
          f"per call (ir.Module); {fmt((per_chain - per_text) / 99)} per op (100-op chain)")


def bench_interp_section(budget):
    """`--only interp`: the interpreter's per-call and per-op figures, and
    its time on a 64x1024 tor (against memcpy of the bytes it reads)."""
    bench_interpreter(budget)
    from pto_mlir import runtime
    rng = np.random.default_rng(0)
    a, b, d = (random_tile(rng, (64, 1024), np.int16) for _ in range(3))
    kernel = tor_kernel(64, 1024, "i16")
    scratch_src = np.concatenate([a, b])
    scratch_dst = np.empty_like(scratch_src)
    interp = per_call(lambda: runtime.run(kernel, "tor", a, b, d), budget)
    memcpy = per_call(lambda: np.copyto(scratch_dst, scratch_src), budget)
    print(f"interpreter, tor 64x1024: {fmt(interp)} per call {ratio(interp, memcpy)} of memcpy")


def bench_pto_opt(sizes):
    tool = shutil.which("pto-opt")
    if tool is None:
        print("pto-opt not found: skipped")
        return
    print("pto-opt on a module of N pto.tor ops (one function), seconds:")
    print(f"{'N':>8s} {'parse+print':>12s} {'per op':>9s} {'pto-to-llvm':>12s} {'per op':>9s}")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = os.path.join(tmp, f"chain{n}.mlir")
            with open(path, "w") as f:
                f.write(chain_kernel(1, 32, "i16", n))
            row = [f"{n:8d}"]
            for args in ([], ["--pto-to-llvm"]):
                start = time.perf_counter()
                subprocess.run([tool, path, *args, "-o", os.devnull], check=True)
                seconds = time.perf_counter() - start
                row.append(f"{seconds:12.3f} {seconds / n * 1e6:7.2f}us")
            print(" ".join(row))


def bench_threads(budget):
    """Issue 15 item 3: 256x4096 as 16 calls on 64x1024 tiles (tsort32: f32,
    page form; tinsert-q: an NZ f32 acc tile quantized into an NZ i8 mat
    tile), each call on one thread (threads=1) and with its rows split
    across every CPU (parallel_bytes=1: every call splits). Wall time: the
    threads' CPU time is what splitting spreads, so --cpu does not apply."""
    global clock
    clock = time.perf_counter
    threads = len(os.sched_getaffinity(0))
    rows, cols = 64, 1024
    rng = np.random.default_rng(0)
    nz = "blayout=col_major, slayout=row_major"
    t_acc = f"!pto.tile_buf<acc, {rows}x{cols}xf32, {nz}, fractal=1024>"
    t_mat = f"!pto.tile_buf<mat, {rows}x{cols}xi8, {nz}>"
    quantize = (f'module attributes {{pto.target_arch = "a2a3"}} {{\n'
                f"func.func @k(%s: {t_acc}, %w: i64, %d: {t_mat}) {{\n"
                f"  %c0 = arith.constant 0 : index\n"
                f"  pto.tinsert ins(%s, %c0, %c0, %w : {t_acc}, index, index, i64) "
                f"outs(%d : {t_mat}) {{relu}}\n  return\n}}\n}}\n")
    word = int(np.float32(0.5).view(np.uint32)) | (3 << 37) | (1 << 46)
    t16, t32, tu = (tile_buf(rows, cols, e) for e in ("i16", "f32", "ui32"))
    i16 = [random_tile(rng, (rows, cols), np.int16) for _ in range(4)]
    workloads = [
        ("tor i16", dps_kernel("k", "pto.tor", [t16, t16], [t16]), i16[:3]),
        ("tinterleave i16", dps_kernel("k", "pto.tinterleave", [t16, t16], [t16, t16]), i16),
        ("tinsert-q", quantize,
         [(rng.standard_normal(rows * cols) * 100).astype(np.float32), word,
          np.zeros(rows * cols, np.int8)]),
        ("tsort32 f32", dps_kernel("k", "pto.tsort32", [t32], [t32, tu]),
         [random_data(rng, (rows, cols), np.float32), np.zeros((rows, cols), np.float32),
          np.zeros((rows, cols), np.uint32)]),
    ]
    print(f"256x4096 as 16 calls of {rows}x{cols}, wall time; rows on 1 thread and split "
          f"across {threads}")
    for name, kernel, args in workloads:
        one = jit.compile(kernel, "k", threads=1)
        split = jit.compile(kernel, "k", threads=threads, parallel_bytes=1)
        before = jit.parallel_stats()["calls"]
        single = per_call(functools.partial(one, *args), budget) * 16
        calls = jit.parallel_stats()["calls"]
        multi = per_call(functools.partial(split, *args), budget) * 16
        assert jit.parallel_stats()["calls"] > calls == before, "the split did not happen"
        print(f"{name:16s} 1 thread {fmt(single)}  {threads} threads {fmt(multi)}  "
              f"speedup {single / multi:5.2f}x")


def bench_tsort32_totals(budget):
    """`--only tsort32`: both forms and element types on one 1x32 block and
    on 256x4096 rows, run as tiles of 64x1024 (page form) or 32x1024
    (record form, whose dst is 4x the bytes) since a 256x4096 vec tile does
    not fit in ub; the totals are the per-call times times the calls."""
    full = (256, 4096)
    totals = []
    for element in ("f32", "f16"):
        for form, bench, tile in (("page", bench_tsort32, (64, 1024)),
                                  ("record", bench_tsort32_records, (32, 1024))):
            single = bench((1, 32), budget, element)
            calls = full[0] * full[1] // (tile[0] * tile[1])
            times = bench(tile, budget, element)
            totals.append((f"{form} {element}", single, calls, times))
    print(f"tsort32 at {full[0]}x{full[1]} (calls x per-call time) and 1x32:")
    for name, single, calls, times in totals:
        total = {k: v * calls for k, v in times.items()}
        print(f"  {name:10s} {calls:2d} calls: jit {total['jit'] * 1e3:7.3f} ms "
              f"({total['jit'] / total['memcpy']:5.1f}x memcpy, "
              f"numpy {total['numpy'] * 1e3:7.2f} ms = "
              f"{total['numpy'] / total['jit']:5.1f}x jit); "
              f"1x32 jit {single['jit'] * 1e6:5.3f} us "
              f"({single['jit'] / single['memcpy']:4.2f}x memcpy, "
              f"numpy {single['numpy'] / single['jit']:5.1f}x jit)")


# `--only NAME`: one section's figures, each printing its own ratios.
SECTIONS = {
    "conversions": bench_conversions,
    "interp": bench_interp_section,
    "tsort32": bench_tsort32_totals,
    "threads": bench_threads,
    "tmatmul": bench_tmatmul_section,
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="short timing budget")
    parser.add_argument("--cpu", action="store_true",
                        help="CPU time of the calling thread instead of wall time")
    parser.add_argument("--only", choices=sorted(SECTIONS),
                        help="run one section (the figures of one issue-15 item) instead of all")
    args = parser.parse_args()
    global clock
    if args.cpu:
        clock = time.thread_time
        # The calling thread's CPU time misses what other threads do: every
        # op on the calling thread (the threads section sets its own).
        os.environ["PTO_JIT_THREADS"] = "1"
    budget = 0.3 if args.quick else 1.0
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.2f} at start; "
          f"{'thread CPU' if args.cpu else 'wall'} time")
    if args.only:
        SECTIONS[args.only](budget)
        print(f"load average {os.getloadavg()[0]:.2f} at the end")
        return
    print("time per call (ratio to memcpy of the bytes the op reads)")
    for shape in [(1, 32), (64, 1024)]:
        bench_tor(shape, budget)
        bench_tinterleave(shape, budget)
        bench_treshape(shape, budget)
        for element in ("f32", "f16"):
            bench_tsort32(shape, budget, element)
            # The record form's dst is twice the source's columns of f32
            # records: at 64 rows it would not fit in ub (tile_c8).
            bench_tsort32_records((min(shape[0], 32), shape[1]), budget, element)
        bench_window("pto.tinsert", shape, budget)
        bench_window("pto.textract", shape, budget)
        bench_trowsum(shape, budget)
        bench_trowexpandmul(shape, budget)
    bench_tmrgsort(1024, budget)
    bench_tmatmul_section(budget)
    for shape in [(16, 32), (64, 1024)]:
        bench_quantize(shape, budget)
    for shape in [(1, 32), (64, 1024)]:
        bench_chain(shape, 1000, budget)
    bench_interpreter(budget)
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    bench_pto_opt([1_000, 10_000] if args.quick else [1_000, 10_000, 100_000])


if __name__ == "__main__":
    main()
