"""runtime.run(..., grid=...): a kernel run once per core of a grid, each
core reading its position with the core queries, alike on the three engines
(runtime/grid.py)."""
import numpy as np
import pytest

from pto_mlir import runtime
from pto_mlir.tools import pto_run


@pytest.fixture(params=["interp", "jit", "pto-isa"])
def engine(request):
    if request.param == "pto-isa":
        request.getfixturevalue("pto_isa_tools")
    return request.param

# Core c = block * subblocks + subblock of cores = blocks * subblocks copies
# row c of %src into row (cores - 1 - c) of %dst: every query shapes the
# result, and a core that reads another position writes another row (or
# fails: a row outside the tensor).
MIRROR = """func.func @mirror(%src: !pto.ptr<i16>, %dst: !pto.ptr<i16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %b64 = pto.get_block_idx
  %nb64 = pto.get_block_num
  %s64 = pto.get_subblock_idx
  %ns64 = pto.get_subblock_num
  %b = arith.index_cast %b64 : i64 to index
  %nb = arith.index_cast %nb64 : i64 to index
  %s = arith.index_cast %s64 : i64 to index
  %ns = arith.index_cast %ns64 : i64 to index
  %first = arith.muli %b, %ns : index
  %core = arith.addi %first, %s : index
  %cores = arith.muli %nb, %ns : index
  %last = arith.subi %cores, %c1 : index
  %row = arith.subi %last, %core : index
  %sv = pto.make_tensor_view %src, shape = [%c8, %c16], strides = [%c16, %c1] : !pto.tensor_view<8x16xi16>
  %dv = pto.make_tensor_view %dst, shape = [%c8, %c16], strides = [%c16, %c1] : !pto.tensor_view<8x16xi16>
  %sp = pto.partition_view %sv, offsets = [%core, %c0], sizes = [%c1, %c16] : !pto.tensor_view<8x16xi16> -> !pto.partition_tensor_view<1x16xi16>
  %dp = pto.partition_view %dv, offsets = [%row, %c0], sizes = [%c1, %c16] : !pto.tensor_view<8x16xi16> -> !pto.partition_tensor_view<1x16xi16>
  %t = pto.alloc_tile : !pto.tile_buf<vec, 1x16xi16>
  pto.tload ins(%sp : !pto.partition_tensor_view<1x16xi16>) outs(%t : !pto.tile_buf<vec, 1x16xi16>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 1x16xi16>) outs(%dp : !pto.partition_tensor_view<1x16xi16>)
  return
}"""  # noqa: E501


def _arrays():
    src = np.arange(8 * 16, dtype=np.int16).reshape(8, 16)
    dst = np.full((8, 16), -1, np.int16)
    return src, dst


def _mirrored(src, cores):
    # Written out from the kernel's definition: rows 0..cores-1 of dst are
    # src's rows cores-1..0; the others keep their -1.
    expected = np.full((8, 16), -1, np.int16)
    for core in range(cores):
        expected[cores - 1 - core] = src[core]
    return expected


@pytest.mark.parametrize("grid, cores", [(1, 1), (3, 3), (8, 8), ((2, 2), 4), ((4, 2), 8)])
def test_each_core_reads_its_position(engine, grid, cores):
    src, dst = _arrays()
    runtime.run(MIRROR, "mirror", src.reshape(-1), dst.reshape(-1), engine=engine, grid=grid)
    assert dst.tolist() == _mirrored(src, cores).tolist()


# Core c copies row c: on 9 cores, cores 0..7 copy their rows and core 8's
# window is past the 8-row tensor.
COPY = MIRROR.replace("%row = arith.subi %last, %core : index",
                      "%row = arith.addi %core, %c0 : index")


def test_a_failing_core_leaves_the_arrays_untouched(engine):
    src, dst = _arrays()
    runtime.run(COPY, "mirror", src.reshape(-1), dst.reshape(-1), engine=engine, grid=8)
    assert dst.tolist() == src.tolist()
    dst[...] = -1
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(COPY, "mirror", src.reshape(-1), dst.reshape(-1), engine=engine, grid=9)
    # The same text on every engine (the pto-isa engine's is the
    # interpreter's run-time check, before the simulator runs).
    assert str(info.value) == ("'pto.partition_view' op at -:21:9: window [8, 9) of dimension "
                               "0 exceeds the tensor's extent 8")
    assert (dst == -1).all()


# On the JIT the cores run on threads, in runs of consecutive cores
# (PTO_JIT_THREADS of them; jit/engine.py), side by side on the same
# arrays: what running the cores one by one gives, whatever the number of
# threads, a failing core included (its failure, the arrays untouched).
@pytest.mark.parametrize("threads", ["1", "2", "3", "8"])
def test_the_jit_runs_a_grid_on_threads_as_one_by_one(monkeypatch, threads):
    monkeypatch.setenv("PTO_JIT_THREADS", threads)
    src, dst = _arrays()
    runtime.run(MIRROR, "mirror", src.reshape(-1), dst.reshape(-1), engine="jit", grid=(4, 2))
    assert dst.tolist() == _mirrored(src, 8).tolist()
    dst[...] = -1
    with pytest.raises(runtime.KernelError) as info:
        runtime.run(COPY, "mirror", src.reshape(-1), dst.reshape(-1), engine="jit", grid=9)
    assert str(info.value) == ("'pto.partition_view' op at -:21:9: window [8, 9) of dimension "
                               "0 exceeds the tensor's extent 8")
    assert (dst == -1).all()


BAD_GRIDS = [0, -1, 2**31, True, 2.0, "4", (2,), (1, 2, 3), (2, 0), (0, 2), (2**16, 2**15)]


@pytest.mark.parametrize("grid", BAD_GRIDS, ids=repr)
def test_a_bad_grid_is_an_argument_error(grid):
    src, dst = _arrays()
    with pytest.raises(runtime.ArgumentError) as info:
        runtime.run(MIRROR, "mirror", src.reshape(-1), dst.reshape(-1), grid=grid)
    assert str(info.value) == (
        f"grid must be a number of blocks or a (blocks, subblocks) pair, each from 1 to "
        f"2147483647 and at most 2147483647 cores in all; got {grid!r}")


TILE_ARGUMENT = """func.func @k(%a: !pto.tile_buf<vec, 2x16xi16>, %d: !pto.tile_buf<vec, 2x16xi16>) {
  pto.tor ins(%a, %a : !pto.tile_buf<vec, 2x16xi16>, !pto.tile_buf<vec, 2x16xi16>) outs(%d : !pto.tile_buf<vec, 2x16xi16>)
  return
}"""  # noqa: E501

RESULT = """func.func @k() -> i64 {
  %b = pto.get_block_idx
  return %b : i64
}"""


def test_a_grid_kernel_takes_no_tiles_and_returns_nothing():
    a = np.zeros((2, 16), np.int16)
    with pytest.raises(runtime.ArgumentError) as info:
        runtime.run(TILE_ARGUMENT, "k", a, a.copy(), grid=2)
    assert str(info.value) == (
        "@k has tile arguments #0, #1: a kernel run on a grid of more than one core takes "
        "global arrays and scalars only and returns nothing (each core would have its own)")
    with pytest.raises(runtime.ArgumentError) as info:
        runtime.run(RESULT, "k", grid=(1, 2))
    assert str(info.value) == (
        "@k has 1 result: a kernel run on a grid of more than one core takes global arrays "
        "and scalars only and returns nothing (each core would have its own)")
    # On one core both run as before.
    assert runtime.run(RESULT, "k", grid=(1, 1)) == 0


def test_pto_run_grid(tmp_path, capsys):
    kernel, output = tmp_path / "mirror.mlir", tmp_path / "out.npz"
    kernel.write_text(MIRROR)
    src, dst = _arrays()
    np.savez(tmp_path / "in.npz", arg0=src.reshape(-1), arg1=dst.reshape(-1))
    assert pto_run.main([str(kernel), "--entry", "mirror", "--inputs", str(tmp_path / "in.npz"),
                         "--grid", "2x3", "--output", str(output)]) == 0
    assert np.load(output)["arg1"].reshape(8, 16).tolist() == _mirrored(src, 6).tolist()


@pytest.mark.parametrize("value", ["0", "2x0"])
def test_pto_run_bad_grid_counts(tmp_path, capsys, value):
    kernel = tmp_path / "mirror.mlir"
    kernel.write_text(MIRROR)
    assert pto_run.main([str(kernel), "--entry", "mirror", "--random-inputs",
                         "--grid", value]) == 1
    grid = "0" if value == "0" else "(2, 0)"
    assert capsys.readouterr().err == (
        f"pto-run: error: grid must be a number of blocks or a (blocks, subblocks) pair, each "
        f"from 1 to 2147483647 and at most 2147483647 cores in all; got {grid}\n")


@pytest.mark.parametrize("value", ["x", "2x", "2x3x4", "-1", "two"])
def test_pto_run_grid_syntax(tmp_path, capsys, value):
    with pytest.raises(SystemExit):
        pto_run.main(["k.mlir", "--entry", "k", "--grid", value])
    assert capsys.readouterr().err.endswith(
        f"pto-run: error: argument --grid: '{value}' is not BLOCKS or BLOCKSxSUBBLOCKS "
        f"(e.g. 8, 4x2)\n")


def test_pl_kernel_on_a_grid(engine):
    import pto_mlir.language as pl

    @pl.kernel
    def mirror(src: pl.Tensor[8, 16, pl.i16], dst: pl.Tensor[8, 16, pl.i16]):
        core = pl.block_idx() * pl.subblock_num() + pl.subblock_idx()
        row = pl.block_num() * pl.subblock_num() - 1 - core
        pl.tstore(pl.tload(pl.partition_view(src, [core, 0], [1, 16])),
                  pl.partition_view(dst, [row, 0], [1, 16]))

    src, dst = _arrays()
    mirror(src, dst, engine=engine, grid=(3, 2))
    assert dst.tolist() == _mirrored(src, 6).tolist()
