"""On-chip memories and their capacities, as pto.location_capacity reports
them (the table of dialect/lib/PtoMemory.cpp)."""
import pytest

from pto_mlir.dialects import pto

KiB = 1024


@pytest.mark.parametrize("target, location, capacity", [
    ("a2a3", "vec", 192 * KiB), ("a5", "vec", 256 * KiB),
    ("a2a3", "mat", 512 * KiB), ("a5", "mat", 512 * KiB),
    ("a2a3", "left", 64 * KiB), ("a2a3", "right", 64 * KiB),
    ("a2a3", "acc", 128 * KiB), ("a5", "acc", 256 * KiB),
    # bias and scaling tiles live in UB, as on the CPU simulator
    ("a2a3", "bias", 192 * KiB), ("a5", "scaling", 256 * KiB),
    # no target: the larger of the two
    (None, "vec", 256 * KiB), (None, "acc", 256 * KiB),
])
def test_location_capacity(target, location, capacity):
    assert pto.location_capacity(target, location) == capacity


@pytest.mark.parametrize("location, space", [
    ("vec", "ub"), ("bias", "ub"), ("scaling", "ub"), ("mat", "l1"),
    ("left", "l0a"), ("right", "l0b"), ("acc", "l0c")])
def test_memory_space(location, space):
    assert pto.memory_space(location) == space


def test_unknown_names_raise():
    with pytest.raises(ValueError, match=r"^unknown target 'a6' \(targets: a2a3, a5\)$"):
        pto.location_capacity("a6", "vec")
    locations = r"\(locations: vec, mat, acc, left, right, bias, scaling\)$"
    with pytest.raises(ValueError, match=r"^unknown tile location 'ub' " + locations):
        pto.location_capacity(None, "ub")
    with pytest.raises(ValueError, match=r"^unknown tile location 'ub' " + locations):
        pto.memory_space("ub")
