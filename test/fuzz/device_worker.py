"""Worker of device_fuzz.py: kernels on the pto-isa engine against the host
engines, then damaged compile-cache entries. Prints ``PROGRESS`` lines and,
last, ``REPORT {json}``.

    python device_worker.py SEED KERNELS DAMAGES

The pto-isa engine's compile cache is a directory of this run's own (the
user's cache is not damaged); the precompiled headers of the user's cache
are linked into it, so that they are not compiled again.
"""
import glob
import json
import os
import random
import signal
import sys
import tempfile

_build = os.environ.get("PTO_BUILD_DIR")
if _build:
    sys.path.insert(0, os.path.join(os.path.abspath(_build), "python_packages"))

import arg_cases  # noqa: E402
import arg_worker  # noqa: E402
from pto_mlir import runtime  # noqa: E402
from pto_mlir.runtime import device_tools, pto_isa  # noqa: E402

HOST_ENGINES = ("interp", "jit")
# What the pto-isa engine documents it raises (docs/runtime.md).
DOCUMENTED = (*arg_worker.DOCUMENTED, pto_isa.UnsupportedError, pto_isa.EngineError,
              device_tools.ToolMissingError)
# A case whose host engines take longer than this is not compared: some
# corpus kernels loop forever on some inputs, as written (test/Passes/
# buffer-plan.mlir's @while_loop, an analysis test, for any %n > 0), and the
# pto-isa engine's own host checks would loop too.
HOST_SECONDS = 60
# The ways an entry is damaged: what is left of the built program.
DAMAGES = ("truncated", "other bytes", "deleted", "not executable")


def _private_cache():
    """PTO_CACHE_DIR for this run: a new directory, holding links to the
    precompiled headers and overlays of the cache the user has (none when
    the user's cache is off, PTO_MLIR_CACHE_DIR="")."""
    users = pto_isa.cache_dir()
    root = tempfile.mkdtemp(prefix="fuzz-pto-isa-cache-")
    mine = os.path.join(root, "pto-isa")
    os.makedirs(mine)
    shared_entries = [] if users is None else (glob.glob(os.path.join(users, "prelude-*"))
                                               + glob.glob(os.path.join(users, "overlay-*")))
    for shared in shared_entries:
        if os.path.isdir(shared) and "-tmp-" not in os.path.basename(shared):
            os.symlink(shared, os.path.join(mine, os.path.basename(shared)))
    os.environ["PTO_CACHE_DIR"] = root
    return mine


def _outcome(kernel, engine, index, seed):
    """One engine's answer on case ``index``'s arguments (made afresh)."""
    rng = random.Random(f"{seed}:device:{index}")
    args = arg_cases.well_formed(rng, kernel.params)
    outcome = arg_worker.call(kernel, engine, args, None)
    if "error" in outcome:
        error = outcome["error"].rsplit(".", 1)[-1]
        outcome["documented"] = outcome["documented"] or error in {
            e.__name__ for e in DOCUMENTED}
    return outcome


def _expressible(kernel):
    try:
        runtime.pto_isa_text(kernel.text, kernel.entry)
    except Exception:  # refused (or not runnable at all): not this surface's
        return False
    return True


def _compare(kernel, index, seed, findings, cache, built):
    """Runs case ``index`` on every engine; True when pto-isa refused it,
    "too long" when the host engines did not finish in HOST_SECONDS.
    ``built`` gets the kernel's program in ``cache``, if one was built and
    ran."""
    name = f"{kernel.origin} @{kernel.entry}"
    outcomes = _host_outcomes(kernel, index, seed)
    if outcomes is None:
        return "too long"
    before = set(os.listdir(cache))
    outcomes["pto-isa"] = _outcome(kernel, "pto-isa", index, seed)
    program = _program(cache, before)
    if program is not None and "error" not in outcomes["pto-isa"]:
        # (A kernel that fails there tells nothing about its damaged entry.)
        built[name] = (program, index, outcomes["pto-isa"])
    device = outcomes["pto-isa"]
    for engine, outcome in outcomes.items():
        if "error" in outcome and not outcome["documented"]:
            findings.append({"kind": "device_undocumented",
                             "what": f"{engine} raised {outcome['error']}: "
                                     f"{outcome['message'][:300]} ({name})"})
    if "error" in device and device["error"].endswith("UnsupportedError"):
        return True
    if "error" in device and device["error"].endswith("EngineError"):
        findings.append({"kind": "device_engine_failures",
                         "what": f"{name}: {device['message'][:500]}"})
        return False
    host = outcomes["interp"]
    if ("error" in host) != ("error" in device) or (
            "error" not in host and host != device):
        findings.append({"kind": "device_mismatches",
                         "what": f"{name}: interp {json.dumps(host)[:300]} / pto-isa "
                                 f"{json.dumps(device)[:300]}"})
    return False


class _TooLong(BaseException):
    """Not an Exception: arg_worker.call records every Exception as the
    engine's answer. Raised in the interpreter, which runs first (the JIT's
    compiled loop would not see the signal)."""


def _host_outcomes(kernel, index, seed):
    """The host engines' outcomes of case ``index``, or None when they take
    longer than HOST_SECONDS."""
    def expire(signum, frame):
        raise _TooLong

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(HOST_SECONDS)
    try:
        return {e: _outcome(kernel, e, index, seed) for e in HOST_ENGINES}
    except _TooLong:
        return None
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _program(cache, before):
    """The built program made since ``before`` (a set of the cache's
    entries then), or None: the DiskCache's checksummed ``*.ptojit`` file
    (runtime/disk_cache.py), which holds the program's bytes."""
    made = sorted(set(os.listdir(cache)) - before)
    for name in made:
        path = os.path.join(cache, name)
        if name.endswith(".ptojit") and os.path.isfile(path):
            return path
    return None


def _damage(path, how):
    if how == "truncated":
        with open(path, "r+b") as f:
            f.truncate(os.path.getsize(path) // 2)
    elif how == "other bytes":
        with open(path, "wb") as f:
            f.write(b"#!/bin/sh\nexit 0\n")
    elif how == "deleted":
        os.unlink(path)
    else:
        os.chmod(path, 0o644)


def main(argv):
    seed, kernel_count, damage_count = argv[0], int(argv[1]), int(argv[2])
    reason = device_tools.missing("PTOAS", "PTO_ISA_ROOT")
    if reason is not None:
        print("REPORT " + json.dumps({"skipped": reason, "findings": []}), flush=True)
        return
    cache = _private_cache()
    pool = arg_worker.pool(seed, 0)
    random.Random(f"{seed}:device").shuffle(pool)
    chosen = []
    for kernel in pool:
        if len(chosen) == max(kernel_count, damage_count):
            break
        if _expressible(kernel):
            chosen.append(kernel)
    findings, refused, too_long, damaged, built = [], 0, 0, 0, {}
    for index, kernel in enumerate(chosen[:kernel_count]):
        verdict = _compare(kernel, index, seed, findings, cache, built)
        too_long += verdict == "too long"
        refused += verdict is True
        print(f"PROGRESS {index + 1}/{kernel_count} kernels", flush=True)
    # Damaged entries: a built program damaged, then the same call again in
    # this process (which has run it) must answer as before.
    # Every kind of damage in turn, in an order the seed chooses.
    order = random.Random(f"{seed}:damage").sample(DAMAGES, len(DAMAGES))
    for index in range(damage_count):
        if index >= len(built) and len(chosen) > len(built):
            kernel = chosen[len(built)]
            _compare(kernel, len(built), seed, findings, cache, built)
        if not built:
            break
        name = sorted(built)[index % len(built)]
        program, case, first = built[name]
        how = order[index % len(order)]
        _damage(program, how)
        damaged += 1
        kernel = next(k for k in chosen if f"{k.origin} @{k.entry}" == name)
        again = _outcome(kernel, "pto-isa", case, seed)
        if again != first:
            findings.append({"kind": "cache_entries_not_rebuilt",
                             "what": f"{how} program of {name}: first {json.dumps(first)[:300]}"
                                     f" / then {json.dumps(again)[:300]}"})
        print(f"PROGRESS {index + 1}/{damage_count} damaged entries", flush=True)
    print("REPORT " + json.dumps({"kernels": min(len(chosen), kernel_count),
                                  "refused": refused, "too_long": too_long,
                                  "damaged": damaged,
                                  "findings": findings}), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
