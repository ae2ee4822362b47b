"""pto.tmrgsort on the three engines: the interpreter, the JIT and pto-isa's
CPU simulator itself (engine="pto-isa", include/pto/cpu/TMrgSort.hpp of
pto-isa 3186c381), which every result is compared with bit for bit: 2, 3
and 4 lists, exhausted or not, f32 and f16 records, the single-list form,
and the cases where the merge order is the simulator's own (ties across
lists, NaN, -0.0 against 0.0, unsorted lists). Beside the simulator, a few
literal expectations and a model of the simulator's loop (written here from
TMrgSort.hpp:118-173) check what the three agree on. Run-time checks of
dynamic operands fail alike on both host engines."""
import os

import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.runtime import pto_isa
from pto_mlir.runtime.errors import KernelError

ENGINES = ("interp", "jit", "pto-isa")
ELEMENTS = {"f32": np.float32, "f16": np.float16}
SLOTS = {"f32": 2, "f16": 4}


def records(element, values, ids):
    """One row of 8-byte records: [value, idx] (f32) or [value, 0, idx] (f16)."""
    slots = SLOTS[element]
    out = np.zeros(len(values) * slots, ELEMENTS[element])
    out[0::slots] = values
    words = out.view(np.uint32).reshape(len(values), -1)
    words[:, -1] = ids
    return out.reshape(1, -1)


def values_of(element, row):
    return row.reshape(-1)[0::SLOTS[element]]


def ids_of(element, row):
    return row.reshape(-1).view(np.uint32).reshape(-1, 2)[:, 1]


def model(lists, count, exhausted):
    """The simulator's loop over (value, id) lists: the head of the first
    list whose value is greater (`>`) than every earlier head."""
    heads, out = [0] * len(lists), []
    while len(out) < count:
        pick, best = -1, None
        for k, lst in enumerate(lists):
            if heads[k] < len(lst) and (pick < 0 or lst[heads[k]][0] > best):
                pick, best = k, lst[heads[k]][0]
        if pick < 0:
            break
        out.append(lists[pick][heads[pick]])
        heads[pick] += 1
        if exhausted and any(h == len(lst) for h, lst in zip(heads, lists)):
            break
    return out


def _view(name, element, cols):
    tensor = f"!pto.tensor_view<1x{cols}x{element}>"
    window = f"!pto.partition_tensor_view<1x{cols}x{element}>"
    return [f"  %n{name} = arith.constant {cols} : index",
            f"  %v{name} = pto.make_tensor_view %{name}, shape = [%c1, %n{name}], "
            f"strides = [%n{name}, %c1] : {tensor}",
            f"  %w{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], "
            f"sizes = [%c1, %n{name}] : {tensor} -> {window}"], window


def lists_kernel(element, cols, dst_cols, exhausted=False, dst_shape=None, executed=None):
    """@k(src0, ..., out): the lists tload-ed, merged, dst tstore-d; dst of
    ``dst_shape`` columns (by default ``dst_cols``), ``dst_cols`` valid;
    with ``executed`` (4 ints), PTOAS's `outs(%dst, %ex)` of that constant."""
    names = [f"s{k}" for k in range(len(cols))]
    params = ", ".join(f"%{n}: !pto.ptr<{element}>" for n in names + ["out"])
    lines = [f"func.func @k({params}) {{", "  %c0 = arith.constant 0 : index",
             "  %c1 = arith.constant 1 : index"]
    tiles = []
    for n, c in zip(names, cols):
        view, window = _view(n, element, c)
        tile = f"!pto.tile_buf<vec, 1x{c}x{element}>"
        lines += view + [f"  %t{n} = pto.alloc_tile : {tile}",
                         f"  pto.tload ins(%w{n} : {window}) outs(%t{n} : {tile})"]
        tiles.append((f"%t{n}", tile))
    view, window = _view("out", element, dst_cols)
    shape = dst_cols if dst_shape is None else dst_shape
    valid = "" if shape == dst_cols else f", valid=1x{dst_cols}"
    dst = f"!pto.tile_buf<vec, 1x{shape}x{element}{valid}>"
    tmp = f"!pto.tile_buf<vec, 1x{sum(cols)}x{element}>"
    flag = "true" if exhausted else "false"
    outs, out_types = "%dst", dst
    if executed is not None:
        lines.append(f"  %ex = arith.constant dense<{list(executed)}> : vector<4xi16>")
        outs, out_types = "%dst, %ex", f"{dst}, vector<4xi16>"
    lines += view + [f"  %tmp = pto.alloc_tile : {tmp}", f"  %dst = pto.alloc_tile : {dst}",
                     f"  pto.tmrgsort ins({', '.join(t for t, _ in tiles)}, %tmp "
                     f"{{exhausted = {flag}}} : {', '.join(t for _, t in tiles)}, {tmp}) "
                     f"outs({outs} : {out_types})",
                     f"  pto.tstore ins(%dst : {dst}) outs(%wout : {window})", "  return", "}"]
    return "\n".join(lines) + "\n"


def single_kernel(element, cols, block_len):
    """@k(src, out): TMRGSORT(dst, src, blockLen) as the vendor's kernel."""
    src_view, src_window = _view("src", element, cols)
    out_view, out_window = _view("out", element, cols)
    tile = f"!pto.tile_buf<vec, 1x{cols}x{element}>"
    lines = [f"func.func @k(%src: !pto.ptr<{element}>, %out: !pto.ptr<{element}>) {{",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index",
             f"  %len = arith.constant {block_len} : i32", *src_view, *out_view,
             f"  %ts = pto.alloc_tile : {tile}", f"  %td = pto.alloc_tile : {tile}",
             f"  pto.tload ins(%wsrc : {src_window}) outs(%ts : {tile})",
             f"  pto.tmrgsort ins(%ts, %len : {tile}, i32) outs(%td : {tile})",
             f"  pto.tstore ins(%td : {tile}) outs(%wout : {out_window})", "  return", "}"]
    return "\n".join(lines) + "\n"


def run_all(text, inputs, out_shape, dtype, engines=ENGINES):
    """The output of every engine, checked identical; returns it."""
    outs = []
    for engine in engines:
        out = np.zeros(out_shape, dtype)
        runtime.run(text, "k", *inputs, out, engine=engine)
        outs.append(out)
    for engine, out in zip(engines[1:], outs[1:]):
        assert out.tobytes() == outs[0].tobytes(), (engine, outs[0], out)
    return outs[0]


def _sorted_lists(rng, element, lengths, low=-8, high=8):
    """Descending lists of few distinct values (ties within and across)."""
    lists, next_id = [], 0
    for n in lengths:
        values = np.sort(rng.integers(low, high, n).astype(np.float32))[::-1]
        lists.append([(float(v), next_id + i) for i, v in enumerate(values)])
        next_id += 1000
    return lists


def _as_rows(element, lists):
    return [records(element, [v for v, _ in lst], [i for _, i in lst]) for lst in lists]


@pytest.mark.parametrize("element", ["f32", "f16"])
@pytest.mark.parametrize("lengths", [(16, 16), (32, 16, 8), (16, 16, 16, 16), (8, 24, 4, 32)])
@pytest.mark.parametrize("exhausted", [False, True])
def test_lists_match_the_simulator(element, lengths, exhausted, pto_isa_tools):
    rng = np.random.default_rng(sum(lengths) + exhausted)
    lists = _sorted_lists(rng, element, lengths)
    slots = SLOTS[element]
    cols = [n * slots for n in lengths]
    dst_cols = sum(cols)
    out = run_all(lists_kernel(element, cols, dst_cols, exhausted), _as_rows(element, lists),
                  (1, dst_cols), ELEMENTS[element])
    expected = model(lists, sum(lengths), exhausted)
    n = len(expected)
    assert values_of(element, out)[:n].tolist() == [v for v, _ in expected]
    assert ids_of(element, out)[:n].tolist() == [i for _, i in expected]
    assert not out.reshape(-1)[n * slots:].any()     # the rest not written: zeros


@pytest.mark.parametrize("lengths", [(16, 16), (32, 16, 8), (8, 24, 4, 32)])
@pytest.mark.parametrize("exhausted", [False, True])
@pytest.mark.parametrize("executed", [(0, 0, 0, 0), (128, 64, 0, 0), (50000, 40000, 32768, 65535)])
def test_ptoas_executed_counts_out(lengths, exhausted, executed, pto_isa_tools):
    """PTOAS's lists form with the executed counts after dst (`outs(%dst,
    %ex : D, vector<4xi16>)`, PTOAS's test/basic/tmrgsort_executed_constant
    _emitc.pto), read and dropped (nothing can read them back; the export
    writes PTOAS's zero constant there): dst is the same, bit for bit, as
    without them, on the three engines."""
    rng = np.random.default_rng(sum(lengths) + 7 * exhausted)
    lists = _sorted_lists(rng, "f32", lengths)
    cols = [n * 2 for n in lengths]
    rows = _as_rows("f32", lists)
    text = lists_kernel("f32", cols, sum(cols), exhausted, executed=executed)
    assert "outs(%dst, %ex : " in text
    out = run_all(text, rows, (1, sum(cols)), np.float32)
    plain = run_all(lists_kernel("f32", cols, sum(cols), exhausted), rows, (1, sum(cols)),
                    np.float32, engines=("pto-isa",))
    assert out.tobytes() == plain.tobytes()
    expected = model(lists, sum(lengths), exhausted)
    assert ids_of("f32", out)[:len(expected)].tolist() == [i for _, i in expected]


def test_ptoas_executed_constant_file_runs(ptoas_src, pto_isa_tools):
    """PTOAS's own file runs on the three engines (its tiles are neither
    loaded nor stored: the run shows that each engine takes the form)."""
    path = os.path.join(ptoas_src, "test/basic/tmrgsort_executed_constant_emitc.pto")
    with open(path) as f:
        text = f.read()
    for engine in ENGINES:
        runtime.run(text, "tmrgsort_executed_constant_emitc", engine=engine)


def test_ties_keep_the_earlier_list_and_nan_and_signed_zeros(pto_isa_tools):
    """`>` decides: equal values (and 0.0 against -0.0) keep the earlier
    list; NaN is greater than nothing and nothing is greater than it, so a
    NaN head is taken only when the lists before it are used up or it is
    list 0's; unsorted lists are merged as they are."""
    nan = float("nan")
    a = [(1.0, 1), (-0.0, 2), (nan, 3), (5.0, 4)]
    b = [(nan, 11), (1.0, 12), (0.0, 13), (7.0, 14)]
    rows = [records("f32", [v for v, _ in x], [i for _, i in x]) for x in (a, b)]
    out = run_all(lists_kernel("f32", [8, 8], 16), rows, (1, 16), np.float32)
    # heads 1.0 | NaN: 1 (NaN > 1.0 is false); -0.0 | NaN: -0.0; NaN | NaN: a's NaN;
    # 5.0 | NaN: 5.0; a used up: b's NaN, 1.0, 0.0, 7.0.
    assert ids_of("f32", out).tolist() == [1, 2, 3, 4, 11, 12, 13, 14]
    assert np.signbit(values_of("f32", out)[1])
    assert ids_of("f32", out).tolist() == [i for _, i in model([a, b], 8, False)]


def test_exhausted_stops_after_the_record_that_uses_a_list_up(pto_isa_tools):
    a = [(9.0, 1), (8.5, 2), (8.0, 3), (7.5, 4)]
    b = [(7.0, 11), (6.0, 12), (5.0, 13), (4.0, 14), (3.0, 15), (2.0, 16), (1.0, 17), (0.5, 18)]
    rows = _as_rows("f32", [a, b])
    out = run_all(lists_kernel("f32", [8, 16], 24, exhausted=True), rows, (1, 24), np.float32)
    assert ids_of("f32", out).tolist() == [1, 2, 3, 4] + [0] * 8
    out = run_all(lists_kernel("f32", [8, 16], 24, exhausted=False), rows, (1, 24), np.float32)
    assert ids_of("f32", out).tolist() == [1, 2, 3, 4] + list(range(11, 19))


def test_a_shorter_dst_keeps_the_first_records(pto_isa_tools):
    """dst of fewer records than the lists: the top of the merge (top-k),
    alike on both host engines. PTOAS takes dst and tmp of one shape only
    (lib/PTO/IR/PTO.cpp:6026): the pto-isa engine refuses it, naming that."""
    rng = np.random.default_rng(3)
    lists = _sorted_lists(rng, "f32", (64, 64, 64, 64), -1000, 1000)
    text = lists_kernel("f32", [128] * 4, 64)
    out = run_all(text, _as_rows("f32", lists), (1, 64), np.float32, engines=("interp", "jit"))
    assert ids_of("f32", out).tolist() == [i for _, i in model(lists, 32, False)]
    # dst as large as tmp, 64 columns valid: PTOAS's form, on the simulator too.
    out = run_all(lists_kernel("f32", [128] * 4, 64, dst_shape=512), _as_rows("f32", lists),
                  (1, 64), np.float32)
    assert ids_of("f32", out).tolist() == [i for _, i in model(lists, 32, False)]
    with pytest.raises(pto_isa.UnsupportedError, match="'pto.tmrgsort' with dst of 64 cols and "
                       "tmp of 512 has no PTOAS form: PTOAS's tmrgsort takes dst and tmp of one "
                       "shape"):
        runtime.run(text, "k", *_as_rows("f32", lists), np.zeros((1, 64), np.float32),
                    engine="pto-isa")


@pytest.mark.parametrize("element", ["f32", "f16"])
@pytest.mark.parametrize("cols,block_len", [(256, 64), (512, 64), (1024, 256), (512, 128)])
def test_single_list_matches_the_simulator(element, cols, block_len, pto_isa_tools):
    """Each group of 4 sorted blocks of blockLen columns merged in place of
    the group (cpu/TMrgSort.hpp:178-225)."""
    rng = np.random.default_rng(cols + block_len)
    slots = SLOTS[element]
    per_block = block_len // slots
    blocks = _sorted_lists(rng, element, [per_block] * (cols // block_len))
    row = np.concatenate(_as_rows(element, blocks), axis=1)
    out = run_all(single_kernel(element, cols, block_len), [row], (1, cols), ELEMENTS[element])
    expected = []
    for g in range(0, len(blocks), 4):
        expected += model(blocks[g:g + 4], 4 * per_block, False)
    assert ids_of(element, out).tolist() == [i for _, i in expected]


def _dynamic_single(element):
    t = f"!pto.tile<vec, 1x512x{element}>"
    return f"""func.func @k(%s: {t}, %len: i32) -> {t} {{
  %d = pto.tmrgsort %s, %len : ({t}, i32) -> {t}
  return %d : {t}
}}"""


@pytest.mark.parametrize("block_len", [0, -64, 96, 256, 1024])
def test_a_dynamic_block_len_is_checked_alike(block_len):
    """tmrgsort_c7 and c8 at run time: the same failure on both engines
    (`mrgsort_block_len`); 512 columns take blockLen 64 or 128 only."""
    src = np.zeros((1, 512), np.float32)
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(KernelError) as error:
            runtime.run(_dynamic_single("f32"), "k", src, block_len, engine=engine)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert (f"blockLen is {block_len} and src has 512 valid columns; blockLen must be a "
            "positive multiple of 64 and the columns 1 to 255 groups of 4 blocks") in messages[0]


def test_a_good_dynamic_block_len_runs_alike():
    rng = np.random.default_rng(5)
    blocks = _sorted_lists(rng, "f32", [32] * 8)
    row = np.concatenate(_as_rows("f32", blocks), axis=1)
    outs = [runtime.run(_dynamic_single("f32"), "k", row, 64, engine=e) for e in ("interp", "jit")]
    assert outs[0].tobytes() == outs[1].tobytes()
    expected = model(blocks[:4], 128, False) + model(blocks[4:], 128, False)
    assert ids_of("f32", outs[0]).tolist() == [i for _, i in expected]


def _dynamic_lists():
    a = "!pto.tile_buf<vec, 1x64xf32, valid=1x?>"
    d = "!pto.tile_buf<vec, 1x128xf32, valid=1x?>"
    t = "!pto.tile_buf<vec, 1x128xf32>"
    return f"""func.func @k(%x: !pto.tile_buf<vec, 1x64xf32>, %y: !pto.tile_buf<vec, 1x64xf32>,
                 %o: !pto.tile_buf<vec, 1x128xf32>, %n: index, %m: index) {{
  %a = pto.alloc_tile valid_col = %n : {a}
  %b = pto.alloc_tile valid_col = %n : {a}
  %t = pto.alloc_tile : {t}
  %d = pto.alloc_tile valid_col = %m : {d}
  pto.tmrgsort ins(%a, %b, %t : {a}, {a}, {t}) outs(%d : {d})
  return
}}"""


@pytest.mark.parametrize("n,m,message", [
    (7, 8, "src0 has 7 valid columns, not a whole number of 2-column records"),
    (8, 18, "dst has 18 valid columns, more than the 16 of the lists it merges"),
    (8, 7, "dst has 7 valid columns, not a whole number of 2-column records"),
])
def test_dynamic_lists_are_checked_alike(n, m, message):
    """tmrgsort_c11 (`partial_record`) and c12 (`merge_exceeds_lists`) at
    run time, alike on both engines."""
    x, y, o = (np.zeros((1, c), np.float32) for c in (64, 64, 128))
    messages = []
    for engine in ("interp", "jit"):
        with pytest.raises(KernelError) as error:
            runtime.run(_dynamic_lists(), "k", x, y, o, n, m, engine=engine)
        messages.append(str(error.value))
    assert messages[0] == messages[1]
    assert message in messages[0], messages[0]


def _placed_over_list_kernel(list_address):
    """@k(s0, s1, out): list src0 placed at ``list_address``, inside dst's
    bytes (dst at 0x0, 1x256 f32: 0x0..0x400), src1 and tmp apart."""
    dst, half = "!pto.tile_buf<vec, 1x256xf32>", "!pto.tile_buf<vec, 1x128xf32>"
    lines = ["func.func @k(%s0: !pto.ptr<f32>, %s1: !pto.ptr<f32>, %out: !pto.ptr<f32>) {",
             "  %c0 = arith.constant 0 : index", "  %c1 = arith.constant 1 : index"]
    windows = {}
    for name, cols in (("s0", 128), ("s1", 128), ("out", 256)):
        view, windows[name] = _view(name, "f32", cols)
        lines += view
    lines += [f"  %d = pto.alloc_tile : {dst}", f"  %a = pto.alloc_tile : {half}",
              f"  %b = pto.alloc_tile : {half}", f"  %tmp = pto.alloc_tile : {dst}",
              "  pto.tassign %d, @tile(0x0)", f"  pto.tassign %a, @tile({list_address:#x})",
              "  pto.tassign %b, @tile(0x400)", "  pto.tassign %tmp, @tile(0x800)",
              f"  pto.tload ins(%ws0 : {windows['s0']}) outs(%a : {half})",
              f"  pto.tload ins(%ws1 : {windows['s1']}) outs(%b : {half})",
              f"  pto.tmrgsort ins(%a, %b, %tmp {{exhausted = false}} : {half}, {half}, {dst}) "
              f"outs(%d : {dst})",
              f"  pto.tstore ins(%d : {dst}) outs(%wout : {windows['out']})", "  return", "}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("list_address", [0x0, 0x200])
def test_dst_placed_over_a_list_merges_as_the_npu(list_address, pto_isa_tools):
    """dst sharing bytes with a list (placements): the host engines read the
    lists before writing dst, as the NPU merges into tmp first
    (a2a3/TMrgSort.hpp:123-127), and give the merge of the lists. The
    simulator writes dst while it reads them (cpu/TMrgSort.hpp:133-160):
    the pto-isa engine refuses the kernel, naming both byte ranges."""
    lists = [[(float(128 - 2 * i), i) for i in range(64)],
             [(float(127 - 2 * i), 100 + i) for i in range(64)]]
    text = _placed_over_list_kernel(list_address)
    out = run_all(text, _as_rows("f32", lists), (1, 256), np.float32, engines=("interp", "jit"))
    assert ids_of("f32", out).tolist() == [i for _, i in model(lists, 128, False)]
    end = list_address + 0x200
    with pytest.raises(pto_isa.UnsupportedError) as error:
        runtime.run(text, "k", *_as_rows("f32", lists), np.zeros((1, 256), np.float32),
                    engine="pto-isa")
    assert str(error.value) == (
        f"the pto-isa engine cannot run @k: its pto.tmrgsort at -:23:3 has dst (bytes "
        f"0x0..0x400) over src0 (bytes {list_address:#x}..{end:#x}), which pto-isa's CPU "
        f"simulator merges in place, writing dst while it still reads the lists "
        f"(include/pto/cpu/TMrgSort.hpp:133-160), where the NPU merges into tmp first "
        f"(include/pto/npu/a2a3/TMrgSort.hpp:123-127) as the host engines do, so it runs on "
        f"the interpreter and the JIT only")
