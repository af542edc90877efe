"""Run a student's function in a sandbox and bring back its results as plain data.

Used by ``tools/grade.py`` for "write it yourself" exercises, the only part of a submission that is ever
executed.  The student's cell runs in a separate process that

* sees none of the course (no repository, no answer key, no teachkit): bubblewrap (Debian/Ubuntu
  package ``bubblewrap``) mounts only the Python installation and numpy, read-only, plus an empty
  in-memory ``/tmp``; a home, the network, other processes and the user's files are not there;
* runs without privileges: as uid and gid 65534 (``nobody``), with no capability, whether the grader is a
  user or root (see :func:`command`);
* is limited in memory (``RLIMIT_AS``), CPU time (``RLIMIT_CPU``), file size (``RLIMIT_FSIZE``), processes
  and threads (``RLIMIT_NPROC``: a fork bomb stops at a few) and wall time (killed with its process group);
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
#: Processes and threads the sandbox's uid may have (the runner is one; numpy is told to start no threads).
PROCESS_LIMIT = 8
#: The system's folders the sandbox sees, read-only (the interpreter's shared libraries).
SYSTEM_FOLDERS = ("/usr", "/lib", "/lib64", "/bin", "/etc/alternatives")
#: The uid and gid student code runs as (``nobody``): owns nothing, in or out of the sandbox.
NOBODY = 65534

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
        return value       # json.dumps writes inf and nan as Infinity and NaN, which json.loads reads back
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
    """The bubblewrap command line that runs the runner, limited to ``cpu_seconds`` of CPU time.

    Student code never runs as root.  Started by a user, bubblewrap makes a user namespace in which the
    runner is uid 65534 (the kernel counts ``RLIMIT_NPROC`` per user namespace, so only the sandbox's own
    processes count).  Started by root (a container, CI), where a user namespace would leave the code root
    to the kernel (which exempts root from ``RLIMIT_NPROC``), the sandbox gets no user namespace and
    ``setpriv`` changes the runner's real uid and gid to 65534, clearing its groups and every capability,
    before Python starts.
    """
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        raise SandboxUnavailable("grading students' functions needs bubblewrap, which runs them without access "
                                 "to the course or the network: apt-get install bubblewrap (make grade installs "
                                 "it where apt is available).")
    home = _python_home()
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            raise SandboxUnavailable("grading as root needs setpriv (package util-linux) to run students' "
                                     "functions as an unprivileged user: apt-get install util-linux.")
        namespaces = ["--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
                      "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        drop = [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--inh-caps=-all",
                "--bounding-set=-all", "--no-new-privs", "--"]
    else:
        namespaces, drop = ["--unshare-all", "--unshare-user", "--uid", str(NOBODY), "--gid", str(NOBODY)], []
    # --as-pid-1: the runner is process 1 of its own PID namespace, so bubblewrap (outside it) is not in the
    # sandbox's /proc, nor its command line (the folders bound); what /proc/1/cmdline says is the runner's own
    # command, which the student's code can see as sys.argv anyway.
    args = [bwrap, *namespaces, "--as-pid-1", "--die-with-parent", "--new-session", "--clearenv",
            "--setenv", "PATH", "/usr/bin:/bin", "--setenv", "HOME", "/tmp",
            # numpy's BLAS and OpenMP start no threads: each would count against PROCESS_LIMIT
            "--setenv", "OPENBLAS_NUM_THREADS", "1", "--setenv", "OMP_NUM_THREADS", "1",
            "--setenv", "MKL_NUM_THREADS", "1",
            "--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--chdir", "/tmp"]
    for system in SYSTEM_FOLDERS:
        if os.path.exists(system):
            args += ["--ro-bind", system, system]
    # the folders above the Python bound at its own path are made here, open to all (bubblewrap would make
    # them 0700, which uid 65534 could not walk through)
    bound = [pathlib.Path(p) for p in SYSTEM_FOLDERS]
    for parent in reversed(home.parents[:-1]):
        if not any(parent == b or b in parent.parents for b in bound):
            args += ["--perms", "0755", "--dir", str(parent)]
    args += ["--ro-bind", str(home), str(home), "--perms", "0755", "--dir", "/sandbox-site"]
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
    return args + drop + [str(interpreter), "-I", "-S", "-c", runner]


def _limits(cpu_seconds: int) -> list[tuple[str, int]]:
    # RLIMIT_NPROC counts the processes and threads of the runner's uid (in its user namespace, if any)
    return [("RLIMIT_AS", MEMORY_LIMIT), ("RLIMIT_CPU", cpu_seconds), ("RLIMIT_FSIZE", FILE_LIMIT),
            ("RLIMIT_CORE", 0), ("RLIMIT_NPROC", PROCESS_LIMIT)]


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
    try:
        if _UNAVAILABLE is not None:
            raise SandboxUnavailable(_UNAVAILABLE)
        cmd = command(max(1, math.ceil(timeout)))
    except SandboxUnavailable as err:
        return {"error": f"not run: {err}", "values": []}
    with tempfile.TemporaryFile() as output:
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=output, stderr=subprocess.DEVNULL,
                                start_new_session=True)
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
    """Raise :class:`SandboxUnavailable` unless a trivial function runs in the sandbox.

    Once it has failed, :func:`run_function` runs nothing and says why (the grader goes on with the
    numbers, which never wait on the sandbox).
    """
    global _UNAVAILABLE
    _UNAVAILABLE = None
    try:
        command()                   # SandboxUnavailable without bubblewrap
        result = run_function("def f():\n    return 1\n", "f", [{}], timeout=30)
        if result.get("values") != [["ok", 1.0]]:
            raise SandboxUnavailable(f"bubblewrap is installed but the sandbox does not run here "
                                     f"({result.get('error')}); grading students' functions needs it.")
    except SandboxUnavailable as err:
        _UNAVAILABLE = str(err)
        raise


#: Why the sandbox cannot run here, once :func:`check_available` has found out (None: it runs).
_UNAVAILABLE: str | None = None
