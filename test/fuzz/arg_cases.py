"""Argument sets for ``runtime.run``: a well-formed set for a kernel's
signature, and the ways a caller can get one wrong.

Every case is made from its own ``random.Random``, so case N of a seed is
the same call in every run and in every worker process.
"""
import numpy as np

from pto_mlir import ir
from pto_mlir.runtime import Tile
from pto_mlir.runtime.globals import is_pointer_type, pointer_dtype
from pto_mlir.runtime.values import is_tile_type, tile_spec

WRONG_DTYPES = [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64, np.uint64,
                np.float16, np.float32, np.float64, np.bool_, object]
SCALAR_VALUES = [0, 1, 2, 33, 65536, 10**8, -1, 2**31, 2**63 - 1, 2**63, 2**64, -2**63,
                 -2**63 - 1, True, False, 1.5, -0.0, float("nan"), float("inf"), "7",
                 None, np.int8(5), np.uint64(2**64 - 1), np.float32(1.0), np.bool_(True),
                 np.int64(-1), [1]]
# Index values near the int64 limits, where sizes, offsets and strides
# computed from them wrap (issue 38, item 1): for the index arguments of
# kernels on global memory, which take them as strides and offsets.
INT64_EDGES = [2**62, 2**62 + 1, 2**63 - 2, 2**63 - 1, -2**63, -2**63 + 1, 2**32 + 1,
               2**31 - 1, -2**31 - 1, 2**61 + 3]
# A global array's elements when the kernel's tensors of it have extents or
# strides from its arguments.
POINTER_ELEMENTS = 4096
VALID_SHAPES = ["over_rows", "over_cols", "negative", "huge", "int64_max", "bools",
                "floats", "strings", "short", "long", "nones", "numpy_ints"]


class Param:
    """One argument of the entry: its type and, for tiles, the TileSpec."""

    def __init__(self, position, arg_type, elements=None):
        self.position = position
        self.text = str(arg_type)
        self.is_tile = is_tile_type(arg_type)
        self.spec = tile_spec(arg_type) if self.is_tile else None
        self.type = arg_type
        # A global array (!pto.ptr): its dtype and how many elements the
        # well-formed array has (what the kernel's constant tensors need).
        self.is_pointer = is_pointer_type(arg_type)
        self.dtype = pointer_dtype(arg_type) if self.is_pointer else None
        self.elements = elements or POINTER_ELEMENTS

    @property
    def is_i1(self):
        return isinstance(self.type, ir.IntegerType) and self.type.width == 1


def _random_array(rng, spec):
    seed = rng.randrange(2**32)
    gen = np.random.default_rng(seed)
    if spec.dtype is None:
        return np.zeros(spec.shape, dtype=np.uint8)
    if np.issubdtype(spec.dtype, np.integer):
        info = np.iinfo(spec.dtype)
        return gen.integers(info.min, info.max, size=spec.shape, endpoint=True,
                            dtype=spec.dtype)
    return gen.standard_normal(spec.shape).astype(spec.dtype)


def _random_valid(rng, spec):
    """Valid extents that fit the type: mostly the whole tile."""
    full = spec.shape
    out = []
    for static, extent in zip(spec.static_valid, full):
        if static is not None:
            out.append(static)
        else:
            out.append(extent if rng.random() < 0.6 else rng.randint(0, extent))
    return tuple(out)


def _scalar(rng, param):
    if param.is_i1:
        return rng.choice([True, False])
    width = param.type.width if isinstance(param.type, ir.IntegerType) else None
    if isinstance(param.type, ir.IndexType) or width:
        return rng.choice([0, 1, 2, 3, 4, 8, 16, 31, 32])
    return rng.uniform(-4, 4)


def _random_global(rng, param):
    gen = np.random.default_rng(rng.randrange(2**32))
    if np.issubdtype(param.dtype, np.integer):
        info = np.iinfo(param.dtype)
        return gen.integers(info.min, info.max, size=param.elements, endpoint=True,
                            dtype=param.dtype)
    return gen.standard_normal(param.elements).astype(param.dtype)


def well_formed(rng, params):
    """Arguments that fit the signature."""
    args = []
    for p in params:
        if p.is_pointer:
            args.append(_random_global(rng, p))
        elif p.is_tile:
            array = _random_array(rng, p.spec)
            dynamic = None in p.spec.static_valid
            args.append(Tile(array, _random_valid(rng, p.spec)) if dynamic else array)
        else:
            args.append(_scalar(rng, p))
    return args


def _array_of(value):
    return value.array if isinstance(value, Tile) else value


def _with_array(value, array):
    return Tile(array, value.valid) if isinstance(value, Tile) else array


def _bad_valid(rng, spec, kind):
    rows, cols = spec.shape
    return {
        "over_rows": (rows + 1, cols), "over_cols": (rows, cols + rng.choice([1, 32, 65536])),
        "negative": (-1, cols), "huge": (10**8, cols), "int64_max": (2**63 - 1, 2**63 - 1),
        "bools": (True, True), "floats": (1.5, 2.0), "strings": ("1", "2"), "short": (rows,),
        "long": (rows, cols, 1), "nones": (None, None),
        "numpy_ints": (np.int64(rows), np.uint8(min(cols, 255))),
    }[kind]


def _tile_mutation(rng, value, param):
    """(new value, name) for one wrong tile argument."""
    array = _array_of(value)
    spec = param.spec
    kind = rng.choice(["dtype", "shape", "fortran", "strided", "readonly", "list", "none",
                       "scalar", "special_values", "valid", "tile_for_static", "zero_size"])
    if kind == "dtype":
        dtype = rng.choice(WRONG_DTYPES)
        return _with_array(value, array.astype(dtype)), f"dtype {np.dtype(dtype)}"
    if kind == "shape":
        change = rng.choice(["transpose", "extra_row", "flat", "3d"])
        shaped = {"transpose": lambda a: np.ascontiguousarray(a.T),
                  "extra_row": lambda a: np.concatenate([a, a[:1]]),
                  "flat": lambda a: a.reshape(-1),
                  "3d": lambda a: a.reshape(1, *a.shape)}[change](array)
        return _with_array(value, shaped), f"shape {change}"
    if kind == "fortran":
        return _with_array(value, np.asfortranarray(array)), "fortran-order"
    if kind == "strided":
        doubled = np.repeat(array, 2, axis=1)
        return _with_array(value, doubled[:, ::2]), "strided-view"
    if kind == "readonly":
        frozen = array.copy()
        frozen.setflags(write=False)
        return _with_array(value, frozen), "read-only"
    if kind == "list":
        return array.tolist(), "list"
    if kind == "none":
        return None, "None"
    if kind == "scalar":
        return rng.choice([0, 1.5, True, "tile"]), "non-array"
    if kind == "special_values":
        special = array.copy()
        flat = special.reshape(-1)
        if np.issubdtype(special.dtype, np.integer):
            info = np.iinfo(special.dtype)
            picks = [info.min, info.max, 0, -1 if info.min < 0 else 1]
        else:
            picks = [np.nan, np.inf, -np.inf, -0.0, 65504.0, 1e-8]
        for k in range(0, flat.size, max(1, flat.size // 7)):
            flat[k] = rng.choice(picks)
        return _with_array(value, special), "special-values"
    if kind == "valid":
        shape_kind = rng.choice(VALID_SHAPES)
        return Tile(array, _bad_valid(rng, spec, shape_kind)), f"valid-shape {shape_kind}"
    if kind == "tile_for_static":
        valid = rng.choice([spec.shape, (0, 0), (1, 1)])
        return Tile(array, valid), "valid-for-static-type"
    return np.zeros((0, spec.cols), dtype=array.dtype), "zero-rows"


def _pointer_mutation(rng, array, param):
    """(new value, name) for one wrong global array."""
    kind = rng.choice(["dtype", "matrix", "reversed", "readonly", "empty", "list", "2d"])
    if kind == "dtype":
        dtype = rng.choice(WRONG_DTYPES)
        return array.astype(dtype), f"dtype {np.dtype(dtype)}"
    if kind == "matrix":   # an ndarray subclass that indexes rows (issue 38, item 3)
        return np.asmatrix(array.reshape(1, -1)), "np.matrix"
    if kind == "reversed":
        return array[::-1], "reversed-view"
    if kind == "readonly":
        frozen = array.copy()
        frozen.setflags(write=False)
        return frozen, "read-only"
    if kind == "empty":
        return array[:0], "empty"
    if kind == "list":
        return array.tolist(), "list"
    return array.reshape(-1, 2) if array.size % 2 == 0 else array, "2-D"


# A kernel with a loop may take a scalar as its trip count or a bound:
# values past this (either sign) would run for hours (a count, not a
# fault), so such kernels get none.
LOOP_COUNT_LIMIT = 1024


def mutate(rng, args, params, loops=False):
    """(args, names): one or two wrong arguments, or the arity changed;
    ``loops``: the kernel has loops (no scalar past LOOP_COUNT_LIMIT)."""
    scalar_values = [v for v in SCALAR_VALUES if not loops or not isinstance(v, int)
                     or abs(v) <= LOOP_COUNT_LIMIT]
    args = list(args)
    names = []
    # Index arguments of a kernel on global memory are its strides and
    # offsets: they get INT64_EDGES too.
    pointers_taken = any(p.is_pointer for p in params)
    changed = set()  # each argument is changed once: a change assumes a good value
    for _ in range(rng.choice((1, 1, 2))):
        roll = rng.random()
        if roll < 0.06:
            if args and rng.random() < 0.5:
                args.pop()
                names.append("arity: one argument too few")
            else:
                args.append(args[0] if args else 0)
                names.append("arity: one argument too many")
            continue
        tiles = [i for i, p in enumerate(params)
                 if p.is_tile and i < len(args) and i not in changed]
        scalars = [i for i, p in enumerate(params)
                   if not p.is_tile and not p.is_pointer and i < len(args)
                   and i not in changed]
        pointers = [i for i, p in enumerate(params)
                    if p.is_pointer and i < len(args) and i not in changed]
        if pointers and rng.random() < 0.3:
            i = rng.choice(pointers)
            args[i], name = _pointer_mutation(rng, args[i], params[i])
            changed.add(i)
            names.append(f"#{i} {name}")
            continue
        if roll < 0.12 and len(tiles) >= 2:
            i, j = rng.sample(tiles, 2)
            args[j] = args[i]
            changed.update((i, j))
            names.append(f"#{j} aliasing #{i}")
            continue
        if scalars and (not tiles or rng.random() < 0.4):
            i = rng.choice(scalars)
            edges = pointers_taken and isinstance(params[i].type, ir.IndexType)
            edge = edges and rng.random() < 0.5
            args[i] = rng.choice(INT64_EDGES if edge else scalar_values)
            changed.add(i)
            names.append(f"#{i} {'int64-edge' if edge else 'scalar-value'} {args[i]!r}")
        elif tiles:
            i = rng.choice(tiles)
            args[i], name = _tile_mutation(rng, args[i], params[i])
            changed.add(i)
            names.append(f"#{i} {name}")
    return args, names
