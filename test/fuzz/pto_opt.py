"""Running pto-opt as a subprocess and telling a crash from a clean failure.

pto-opt exits 0 (success) or 1 (a diagnostic); anything else is a crash: a
signal, an abort with a stack dump, an assertion, "LLVM ERROR", another exit
code, or no answer within the time limit.
"""
import os
import re
import shutil
import subprocess

# Each named pipeline as pto-opt's command-line options (passes/, and
# `pto-opt --help`); "verify" parses, verifies and prints.
PIPELINES = {
    "verify": [],
    "pto-to-dps": ["--pto-to-dps"],
    "pto-to-dps-manual": ["--pass-pipeline=builtin.module(pto-to-dps{placement=manual})"],
    "pto-ssa-to-dps": ["--pto-ssa-to-dps"],
    "pto-plan-memory": ["--pto-plan-memory"],
    "pto-plan-memory-manual": ["--pto-plan-memory=mode=manual"],
    "pto-to-std": ["--pto-to-std"],
    "pto-to-llvm": ["--pto-to-llvm"],
    "canonicalize-cse": ["--canonicalize", "--cse"],
}

TIMEOUT_SECONDS = 30
_CRASH_MARKERS = ("Stack dump", "PLEASE submit a bug report", "LLVM ERROR", "Assertion")
_ASSERTION = re.compile(r"Assertion `(.*?)' failed")
_TEMPLATE = re.compile(r"\[with (?:.*?; )?(To|ConcreteT) = ([\w:]+)")
_LLVM_ERROR = re.compile(r"LLVM ERROR: (.*)")
# A frame of the stack dump: "#8 0x... name(args) File.cpp:0:0" or
# "... name(args) (binary+0x...)".
_FRAME = re.compile(r"^\s*#\d+\s+0x[0-9a-f]+\s+(.*?)\s*$", re.M)
# Frames of the crash machinery itself, not of the code that crashed.
_MACHINERY = ("llvm::sys::", "SignalHandler", "pthread_kill", "raise", "abort",
              "_nl_load_domain", "__assert", "libc.so")


def find_tool(name="pto-opt"):
    """build/bin/``name`` when PTO_BUILD_DIR names a build tree, else the
    ``name`` on PATH (pto-opt, pto-translate)."""
    build = os.environ.get("PTO_BUILD_DIR")
    if build:
        candidate = os.path.join(os.path.abspath(build), "bin", name)
        if os.path.exists(candidate):
            return candidate
    found = shutil.which(name)
    if found is None:
        raise SystemExit(f"fuzz: no {name} (set PTO_BUILD_DIR=build or install the package)")
    return found


def find_pto_opt():
    return find_tool("pto-opt")


class Outcome:
    """One pto-opt run: ``crash`` is None or the crash's signature."""

    __slots__ = ("returncode", "stdout", "stderr", "crash")

    def __init__(self, returncode, stdout, stderr, crash):
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        self.crash = crash


def _frame_name(frame):
    """The function of a frame, without its arguments, file or offset."""
    frame = re.sub(r"\s+\(\S+\+0x[0-9a-f]+\)$|\s+\S+:\d+:\d+$", "", frame)
    frame = frame.replace("(anonymous namespace)::", "")
    return frame.split("(", 1)[0].strip()


def first_frame(stderr):
    """The innermost frame of the stack dump that is not the crash
    machinery (signal handler, abort, libc)."""
    for frame in _FRAME.findall(stderr):
        if not frame.startswith("(/") and not any(m in frame for m in _MACHINERY):
            name = _frame_name(frame)
            if name:
                return name
    return "no stack"


def crash_signature(returncode, stderr):
    """What identifies a crash across inputs: the assertion or LLVM error
    (with the type a failed cast or type construction was for) and the
    innermost frame; the signal or exit code when there is neither. None
    when the run ended cleanly."""
    if returncode in (0, 1) and not any(m in stderr for m in _CRASH_MARKERS):
        return None
    where = first_frame(stderr)
    m = _ASSERTION.search(stderr)
    if m:
        template = _TEMPLATE.search(stderr)
        kind = f" [{template.group(1)} = {template.group(2)}]" if template else ""
        return f"assertion `{m.group(1)}`{kind} in {where}"
    m = _LLVM_ERROR.search(stderr)
    if m:
        return f"LLVM ERROR: {re.sub(r'[0-9]+', 'N', m.group(1).strip())} in {where}"
    kind = f"signal {-returncode}" if returncode < 0 else f"exit {returncode}"
    return f"{kind} in {where}"


def run(pto_opt, options, text):
    """pto-opt ``options`` on ``text`` (standard input)."""
    try:
        proc = subprocess.run([pto_opt, *options, "-"], input=text, capture_output=True,
                              text=True, timeout=TIMEOUT_SECONDS, errors="replace")
    except subprocess.TimeoutExpired:
        return Outcome(None, "", "", f"hang: no answer in {TIMEOUT_SECONDS} s")
    return Outcome(proc.returncode, proc.stdout, proc.stderr,
                   crash_signature(proc.returncode, proc.stderr))
