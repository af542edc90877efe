"""Run a student's function in a sandbox and bring back its results as plain data.

Used by ``tools/grade.py`` for "write it yourself" exercises, the only part of a submission that is ever
executed.  The student's cell runs in a separate process that

* sees none of the course (no repository, no answer key, no teachkit): bubblewrap (Debian/Ubuntu
  package ``bubblewrap``) mounts only the Python installation and numpy, read-only, plus an empty
  in-memory ``/tmp``; a home, the network, other processes and the user's files are not there;
* is limited in memory (``RLIMIT_AS``), CPU time (``RLIMIT_CPU``), file size (``RLIMIT_FSIZE``) and wall
  time (killed with its process group);
* gets its inputs as a pickle written by the grader (the safe direction) and answers on its standard
  output as JSON, which the grader reads as data and never as code.

Whatever the code does (monkeypatching, reading files, ``os.system``, endless loops, huge allocations)
happens inside that process and disappears with it.  The grader compares the returned values with
teachkit's reference in its own process.
"""

from __future__ import annotations

import math
import os
import pathlib
import pickle
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

import handins  # noqa: E402  (tools/ is on the path when the tools run as scripts)

#: Marks the runner's one line of results on standard output (student code may print anything else).
MARK = "@@teachkit-sandbox-result@@"
MEMORY_LIMIT = 1 << 30        # bytes of address space: far above what any exercise needs
FILE_LIMIT = 8 << 20          # bytes a file (its output too) may grow to; results of a few inputs are far smaller
RESULT_DEPTH = 32             # nesting of the results line: values are numbers or arrays of a few dimensions

RUNNER = r'''
import json, math, pickle, resource, sys
# Limits set here, before any student code, hard and soft alike: an unprivileged process cannot raise
# a hard limit again.  (Not with subprocess's preexec_fn: the grader starts sandboxes from threads.)
for which, value in LIMITS:
    resource.setrlimit(getattr(resource, which), (value, value))
sys.path[:0] = SITE
payload = pickle.loads(sys.stdin.buffer.read())
out = sys.stdout
sys.stdout = sys.stderr            # what the student's code prints does not reach the results line

def plain(value):
    try:
        import numpy as np
        if isinstance(value, np.ndarray):
            value = value.tolist()
        elif isinstance(value, np.generic):
            value = value.item()
    except ImportError:
        pass
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int):
        return float(value) if abs(value) < 2**1023 else str(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return repr(value)[:200]

results = {"error": None, "values": []}
try:
    namespace = {"__name__": "__student__"}
    exec(compile(payload["source"], "<your cell>", "exec"), namespace)
    function = namespace.get(payload["name"])
    if not callable(function):
        results["error"] = "no function " + payload["name"] + " is defined in the cell"
    else:
        for kwargs in payload["cases"]:
            try:
                results["values"].append(["ok", plain(function(**kwargs))])
            except Exception as err:
                results["values"].append(["raised", type(err).__name__ + ": " + str(err)[:200]])
                break
except BaseException as err:
    results["error"] = "the cell raised " + type(err).__name__ + ": " + str(err)[:200]
out.write("\n" + MARK + json.dumps(results) + "\n")
out.flush()
'''


class SandboxUnavailable(RuntimeError):
    """bubblewrap is missing or cannot start here."""


def _python_home() -> pathlib.Path:
    # The interpreter itself, not the virtual environment (whose site-packages holds the course's
    # editable teachkit): its prefix holds the executable and the standard library.
    return pathlib.Path(sys.base_prefix).resolve()


def _numpy_dirs() -> list[pathlib.Path]:
    import numpy

    root = pathlib.Path(numpy.__file__).resolve().parent
    return [p for p in (root, root.parent / "numpy.libs") if p.exists()]


def command(cpu_seconds: int = 60) -> list[str]:
    """The bubblewrap command line that runs the runner, limited to ``cpu_seconds`` of CPU time."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxUnavailable("grading students' functions needs bubblewrap, which runs them without access "
                                 "to the course or the network: apt-get install bubblewrap (make grade installs "
                                 "it where apt is available).")
    home = _python_home()
    args = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--clearenv",
            "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--chdir", "/tmp"]
    for system in ("/usr", "/lib", "/lib64", "/bin", "/etc/alternatives"):
        if os.path.exists(system):
            args += ["--ro-bind", system, system]
    args += ["--ro-bind", str(home), str(home)]
    site = []
    for folder in _numpy_dirs():
        target = f"/sandbox-site/{folder.name}"
        args += ["--ro-bind", str(folder), target]
        site.append("/sandbox-site")
    interpreter = pathlib.Path(sysconfig.get_config_var("BINDIR") or home / "bin") / "python3"
    if not interpreter.exists():
        interpreter = pathlib.Path(os.path.realpath(sys.executable))
    runner = (RUNNER.replace("LIMITS", repr(_limits(cpu_seconds)), 1)
              .replace("SITE", repr(sorted(set(site))), 1).replace("MARK", repr(MARK)))
    return args + [str(interpreter), "-I", "-S", "-c", runner]


def _limits(cpu_seconds: int) -> list[tuple[str, int]]:
    return [("RLIMIT_AS", MEMORY_LIMIT), ("RLIMIT_CPU", cpu_seconds), ("RLIMIT_FSIZE", FILE_LIMIT),
            ("RLIMIT_CORE", 0)]


def run_function(source: str, name: str, cases: list[dict], timeout: float = 60) -> dict:
    """Define ``name`` from ``source`` in the sandbox, call it on every case, return plain results.

    Returns
    -------
    dict
        ``{"error": str or None, "values": [["ok", value] or ["raised", message], ...]}``; on a timeout,
        a crash or unreadable output, ``error`` says what happened and ``values`` is empty.
    """
    payload = pickle.dumps({"source": source, "name": name, "cases": cases})
    # Its output goes to a file, not a pipe: RLIMIT_FSIZE then caps how much it can write, so a
    # submission that prints without end cannot fill the grader's memory.  What it prints to
    # standard error is thrown away.
    with tempfile.TemporaryFile() as output:
        proc = subprocess.Popen(command(max(1, math.ceil(timeout))), stdin=subprocess.PIPE, stdout=output,
                                stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            proc.communicate(payload, timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            return {"error": f"it did not finish within {timeout:g} s (an endless loop?)", "values": []}
        output.seek(0)
        stdout = output.read(FILE_LIMIT + 1)
    lines = [line for line in stdout.decode("utf-8", "replace").splitlines() if line.startswith(MARK)]
    if not lines and len(stdout) >= FILE_LIMIT:
        return {"error": f"it was stopped for printing more than {FILE_LIMIT >> 20} MiB", "values": []}
    if not lines:
        why = "it was stopped for using too much memory or time" if proc.returncode < 0 else "it ended without a result"
        return {"error": why, "values": []}
    # The line may be forged by the student's code (it can write to the real standard output): it is read
    # as data within limits, its nesting checked before json.loads would recurse into it.
    try:
        result = handins.loads(lines[-1][len(MARK):], limit=RESULT_DEPTH)
    except ValueError:
        return {"error": "its output could not be read", "values": []}
    if not isinstance(result, dict) or not isinstance(result.get("values"), list):
        return {"error": "its output could not be read", "values": []}
    return result


def check_available() -> None:
    """Raise :class:`SandboxUnavailable` unless a trivial function runs in the sandbox."""
    result = run_function("def f():\n    return 1\n", "f", [{}], timeout=30)
    if result.get("values") != [["ok", 1.0]]:
        raise SandboxUnavailable(f"bubblewrap is installed but the sandbox does not run here ({result.get('error')}); "
                                 "grading students' functions needs it.")
