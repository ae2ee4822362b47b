"""`agree`: one kernel run by both engines of pto_mlir.runtime.run, which
must leave the same bytes in every buffer and return the same results (the
same out-parameters, the same bytes and valid shapes of fresh results), or
both fail with the same KernelError message (the op, its location and the
failure with its values)."""
import numpy as np

from pto_mlir import runtime


def _copy(arg):
    if isinstance(arg, runtime.Tile):
        return runtime.Tile(arg.array.copy(order="K"), arg.valid)
    return arg.copy(order="K") if isinstance(arg, np.ndarray) else arg


def _bytes(value):
    """The bytes of an array, or of a Tile's array with its valid shape."""
    if isinstance(value, runtime.Tile):
        return value.valid, _bytes(value.array)
    return np.ascontiguousarray(value).view(np.uint8).tobytes()


def _run(engine, kernel, entry, args):
    args = [_copy(a) for a in args]
    try:
        results = runtime.run(kernel, entry, *args, engine=engine)
    except runtime.KernelError as error:
        return "error", str(error), args
    if not isinstance(results, tuple):
        results = () if results is None else (results,)
    # Out-parameters are returned as the caller passed them: compared by
    # position (the same on both engines, decided from the IR) and as
    # buffers below; Level 1 results are fresh arrays, compared by bytes.
    returned = [[i for i, a in enumerate(args) if r is a] or _bytes(r) for r in results]
    return "ok", returned, args


def agree(kernel, args, entry="k"):
    """Runs both engines; returns "ok", or the message of the KernelError
    both raised."""
    interp = _run("interp", kernel, entry, args)
    jit = _run("jit", kernel, entry, args)
    assert interp[:2] == jit[:2]
    for a, b in zip(interp[2], jit[2]):
        if isinstance(a, (np.ndarray, runtime.Tile)):
            assert _bytes(a) == _bytes(b)
    return "ok" if interp[0] == "ok" else interp[1]
