"""Run a student's function in a sandbox and bring back its results as plain data.

Used by ``tools/grade.py`` for "write it yourself" exercises, the only part of a submission that is ever
executed.  The student's cell runs in a separate process that

* sees none of the course (no repository, no answer key, no teachkit): bubblewrap (Debian/Ubuntu
  package ``bubblewrap``) mounts only the Python installation and numpy, read-only, plus an empty
  in-memory ``/tmp``; a home, the network, other processes and the user's files are not there;
* runs without privileges: as uid and gid 65534 (``nobody``) in a user namespace of its own, or, when the grader
  is root, as gid 65534 and a uid of the grading process's own (:func:`runner_uid`), with no capability (see
  :func:`command`);
* is limited in memory (``RLIMIT_AS``), CPU time (``RLIMIT_CPU``), file size (``RLIMIT_FSIZE``), processes
  and threads (``RLIMIT_NPROC``: a fork bomb stops at a few) and wall time (killed with its process group);
* gets its inputs as a pickle written by the grader (the safe direction) and answers on its standard
  output as JSON, which the grader reads as data and never as code.

Whatever the code does (monkeypatching, reading files, ``os.system``, endless loops, huge allocations)
happens inside that process and disappears with it.  The grader compares the returned values with
teachkit's reference in its own process.

One student's functions run in one sandbox (:func:`run_functions`): its runner, process 1 there, forks a
process for each function, with the limits above, and kills whatever that function left before the next one
starts; starting a sandbox (bubblewrap, Python, numpy) once a student instead of once a function is most of
what grading a class's functions costs.  Two students' code never share a sandbox.
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
#: Started by root, the runner takes uid ``ROOT_UID_BASE`` + the grading process's pid: a uid no other grading
#: process (``--jobs``) uses at the same time, since ``RLIMIT_NPROC`` counts every process of a uid on the
#: machine (with no user namespace), so one student's fork bomb must not use up a classmate's processes.
ROOT_UID_BASE = 1_000_000


def runner_uid() -> int:
    """The uid student code runs as: 65534 in a user namespace of its own (a grader run by a user), or, for a
    grader run by root, a uid of this grading process's own (:data:`ROOT_UID_BASE` + its pid)."""
    return ROOT_UID_BASE + os.getpid() if os.geteuid() == 0 else NOBODY

_RUNNER_HEAD = r'''
import json, math, pickle, resource, sys
# Limits set here, before any student code, hard and soft alike: an unprivileged process cannot raise
# a hard limit again.  (Not with subprocess's preexec_fn: the grader starts sandboxes from threads.)
for which, value in LIMITS:
    resource.setrlimit(getattr(resource, which), (value, value))
sys.path[:0] = SITE
payload = pickle.loads(sys.stdin.buffer.read())
'''
#: One function's run: its cell defined, the function called on each input, the results line written.  The
#: runner of one function runs it once; the batch runner, once in each process it forks.
_RUNNER_JOB = r'''out = sys.stdout
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
RUNNER = _RUNNER_HEAD + _RUNNER_JOB


#: Marks the batch runner's frame of each function's result (see :data:`BATCH_RUNNER`).
BATCH_MARK = "@@teachkit-sandbox-batch@@"

BATCH_RUNNER = r'''
import json, math, os, pickle, resource, select, signal, sys, time
for which, value in @RUNNER_LIMITS@:
    resource.setrlimit(getattr(resource, which), (value, value))
sys.path[:0] = @SITE@
batch = pickle.loads(sys.stdin.buffer.read())
if os.getpid() != 1:
    # the sweep below (kill -1) must reach only this sandbox's processes: without a PID namespace of its own,
    # nothing is run (the grader then runs each function in a sandbox of its own)
    sys.exit(3)
try:
    import numpy        # every run imports it to hand its results back: once here, for all of them
except ImportError:
    numpy = None
devnull = os.open("/dev/null", os.O_RDWR)
results = os.dup(1)


def frame(i, status, code, size, line):
    data = b"" if line is None else line.encode("utf-8")
    head = "\n%s %d %s %d %d %d\n" % (@BATCH_MARK@, i, status, code, size, -1 if line is None else len(data))
    view = memoryview(head.encode() + data)
    while view:
        view = view[os.write(results, view):]


def sweep():
    # every other process of the sandbox (what the function left behind) killed and reaped: orphans are this
    # process's children, it being process 1
    for _ in range(2):
        try:
            os.kill(-1, signal.SIGKILL)
        except OSError:
            pass
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return
        except InterruptedError:
            continue


def wait(pid, deadline):
    try:
        handle = os.pidfd_open(pid)
    except (AttributeError, OSError):
        handle = None
    try:
        while True:
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                return status
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            if handle is not None:
                select.select([handle], [], [], left)
            else:
                time.sleep(min(left, 0.01))
    finally:
        if handle is not None:
            os.close(handle)


for i, job in enumerate(batch["jobs"]):
    output = os.memfd_create("output")
    sys.stdout.flush()
    sys.stderr.flush()
    try:
        pid = os.fork()
    except OSError:
        os.close(output)
        frame(i, "unrun", 0, 0, None)
        continue
    if pid == 0:
        code = 1
        try:
            for which, value in @JOB_LIMITS@:
                resource.setrlimit(getattr(resource, which), (value, value))
            os.dup2(devnull, 0)
            os.dup2(output, 1)
            os.dup2(devnull, 2)
            os.closerange(3, 1 << 16)
            if numpy is not None:
                numpy.random.seed()          # a fresh process's global random state, not the batch's
            payload = pickle.loads(job)
            del batch, job
            exec(@JOB@)
            # as a Python process ends: its threads joined, its exit functions run, its output flushed
            if "threading" in sys.modules:
                sys.modules["threading"]._shutdown()
            import atexit
            atexit._run_exitfuncs()
            sys.stdout.flush()
            code = 0
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    status = wait(pid, time.monotonic() + batch["timeout"])
    timed_out = status is None
    if timed_out:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    # its CPU time ran out before the clock did (a loaded machine): the same verdict as the clock's
    # (RLIMIT_CPU's soft and hard limits are equal, so the kernel sends SIGKILL, or SIGXCPU)
    timed_out = timed_out or (os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL))
    sweep()
    code = os.waitstatus_to_exitcode(status)
    code = 128 - code if code < 0 else code     # as bubblewrap reports a runner killed by a signal
    os.lseek(output, 0, 0)
    data = b""
    while len(data) <= @FILE_LIMIT@:
        chunk = os.read(output, @FILE_LIMIT@ + 1 - len(data))
        if not chunk:
            break
        data += chunk
    os.close(output)
    lines = [line for line in data.decode("utf-8", "replace").splitlines() if line.startswith(@MARK@)]
    frame(i, "timeout" if timed_out else "done", code, len(data), lines[-1] if lines else None)
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


def command(cpu_seconds: int = 60, batch: int | None = None) -> list[str]:
    """The bubblewrap command line that runs the runner, limited to ``cpu_seconds`` of CPU time.

    Student code never runs as root.  Started by a user, bubblewrap makes a user namespace in which the
    runner is uid 65534 (the kernel counts ``RLIMIT_NPROC`` per user namespace, so only the sandbox's own
    processes count).  Started by root (a container, CI), where a user namespace would leave the code root
    to the kernel (which exempts root from ``RLIMIT_NPROC``), the sandbox gets no user namespace and
    ``setpriv`` changes the runner's real uid to one of this grading process's own (:func:`runner_uid`, so
    that sandboxes run side by side do not share ``RLIMIT_NPROC``) and its gid to 65534, clearing its groups
    and every capability, before Python starts.  With ``batch`` (a number of functions), the runner is
    :data:`BATCH_RUNNER`, which runs that many functions, each in a process of its own (:func:`run_functions`).
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
        drop = [setpriv, f"--reuid={runner_uid()}", f"--regid={NOBODY}", "--clear-groups", "--inh-caps=-all",
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
    if batch is None:
        runner = (RUNNER.replace("LIMITS", repr(_limits(cpu_seconds)), 1)
                  .replace("SITE", repr(sorted(set(site))), 1).replace("MARK", repr(MARK)))
    else:
        job = _RUNNER_JOB.replace("MARK", repr(MARK))
        runner = (BATCH_RUNNER.replace("@RUNNER_LIMITS@", repr(_batch_limits(cpu_seconds, batch)), 1)
                  .replace("@JOB_LIMITS@", repr(_job_limits(cpu_seconds)), 1)
                  .replace("@SITE@", repr(sorted(set(site))), 1).replace("@MARK@", repr(MARK))
                  .replace("@BATCH_MARK@", repr(BATCH_MARK)).replace("@FILE_LIMIT@", repr(FILE_LIMIT))
                  .replace("@JOB@", repr(job), 1))
    return args + drop + [str(interpreter), "-I", "-S", "-c", runner]


def _limits(cpu_seconds: int) -> list[tuple[str, int]]:
    # RLIMIT_NPROC counts the processes and threads of the runner's uid (in its user namespace, if any)
    return [("RLIMIT_AS", MEMORY_LIMIT), ("RLIMIT_CPU", cpu_seconds), ("RLIMIT_FSIZE", FILE_LIMIT),
            ("RLIMIT_CORE", 0), ("RLIMIT_NPROC", PROCESS_LIMIT)]


def _job_limits(cpu_seconds: int) -> list[tuple[str, int]]:
    # a batch's function: the runner's limits, its CPU time counted from the fork; one more process, since the
    # batch runner (which forked it, and waits) is a process of the same uid that a lone runner does not have
    return [(which, PROCESS_LIMIT + 1 if which == "RLIMIT_NPROC" else value) for which, value in _limits(cpu_seconds)]


def _batch_limits(cpu_seconds: int, batch: int) -> list[tuple[str, int]]:
    # the batch runner runs no student code: its own CPU time is its start and the reading of results; it writes
    # at most one results line (of at most FILE_LIMIT bytes) per function.  No RLIMIT_NPROC: it counts every
    # process of uid 65534, so a classmate's fork bomb in another sandbox would stop this one's forks.
    return [("RLIMIT_AS", MEMORY_LIMIT), ("RLIMIT_CPU", cpu_seconds * (batch + 1)),
            ("RLIMIT_FSIZE", (FILE_LIMIT + 1024) * (batch + 1)), ("RLIMIT_CORE", 0)]


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
            _kill(proc)
            return {"error": f"it did not finish within {timeout:g} s (an endless loop?)", "values": []}
        output.seek(0)
        stdout = output.read(FILE_LIMIT + 1)
    lines = [line for line in stdout.decode("utf-8", "replace").splitlines() if line.startswith(MARK)]
    if not lines and proc.returncode in (128 + signal.SIGXCPU, 128 + signal.SIGKILL):
        # its CPU time ran out before the clock did (a loaded machine): the same verdict as the clock's
        return {"error": f"it did not finish within {timeout:g} s (an endless loop?)", "values": []}
    return _result(lines[-1] if lines else None, len(stdout), proc.returncode)


def _kill(proc: subprocess.Popen) -> None:
    """Stop a sandbox that ran out of time: the runner first, then bubblewrap's process group.

    The runner is in a session of its own (``--new-session``), so killing bubblewrap's group does not reach it,
    and as root ``setpriv``'s change of uid clears the parent-death signal ``--die-with-parent`` sets: killed
    alone, bubblewrap left the runner running (an endless loop until its CPU limit, a sleeping thread for as long
    as it slept), holding processes of uid 65534.  Killing the runner, process 1 of the sandbox's PID namespace,
    makes the kernel kill everything in the sandbox."""
    for pid in _descendants(proc.pid):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    try:
        proc.communicate(timeout=5)        # bubblewrap reaps the runner and ends
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        pass
    proc.communicate()


def _descendants(pid: int) -> list[int]:
    """The processes under ``pid`` (by their parents in /proc), children first."""
    parents = {}
    for entry in pathlib.Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat[stat.rfind(")") + 2:].split()
            if len(fields) > 1 and fields[1].isdigit():
                parents.setdefault(int(fields[1]), []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        children = parents.get(todo.pop(), [])
        found += children
        todo += children
    return found


def _result(line: str | None, size: int, returncode: int) -> dict:
    """What a run gave: the last results line of its output (None: none), its output's size in bytes (read up
    to ``FILE_LIMIT + 1``) and its exit code."""
    if line is None and size >= FILE_LIMIT:
        return {"error": f"it was stopped for printing more than {FILE_LIMIT >> 20} MiB", "values": []}
    if line is None:
        why = "it was stopped for using too much memory or time" if returncode < 0 else "it ended without a result"
        return {"error": why, "values": []}
    # The line may be forged by the student's code (it can write to the real standard output): it is read
    # as data within limits, its nesting checked before json.loads would recurse into it.
    try:
        result = handins.loads(line[len(MARK):], limit=RESULT_DEPTH)
    except ValueError:
        return {"error": "its output could not be read", "values": []}
    if not isinstance(result, dict) or not isinstance(result.get("values"), list):
        return {"error": "its output could not be read", "values": []}
    return result


#: Seconds a batch's runner may take to start (bubblewrap, Python, numpy), and to hand each function's result
#: back, on a loaded machine, beyond the functions' own time limits; past them, the functions without a result
#: are run again, each on its own.
BATCH_START, BATCH_SLACK = 60, 5


def run_functions(jobs: list[tuple[str, str, list[dict]]], timeout: float = 60) -> list[dict]:
    """:func:`run_function` of each ``(source, name, cases)`` of ``jobs`` (one student's functions), with the
    same results, in one sandbox.

    The sandbox starts once (bubblewrap, Python, numpy: most of the cost of a function's run); inside it, each
    function runs in a process of its own, forked from the runner, with the limits a lone run has (memory,
    ``timeout`` of CPU and of wall time, file size, processes), its output in a file of its own; once it is
    done, every process it left is killed before the next starts.  So one function's monkeypatching, endless
    loop, crash or forked processes reach no other function, as when each ran in a sandbox of its own.  A
    function the batch did not run to its end (the runner could not fork, the batch stopped) is run again on its
    own with :func:`run_function`.  One student's functions only: never batch two students' code.
    """
    if len(jobs) <= 1:
        return [run_function(*job, timeout=timeout) for job in jobs]
    try:
        if _UNAVAILABLE is not None:
            raise SandboxUnavailable(_UNAVAILABLE)
        cmd = command(max(1, math.ceil(timeout)), batch=len(jobs))
    except SandboxUnavailable as err:
        return [{"error": f"not run: {err}", "values": []} for _ in jobs]
    payload = pickle.dumps({"timeout": timeout, "jobs": [pickle.dumps(
        {"source": source, "name": name, "cases": cases}) for source, name, cases in jobs]})
    with tempfile.TemporaryFile() as output:
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=output, stderr=subprocess.DEVNULL,
                                start_new_session=True)
        try:
            proc.communicate(payload, timeout=BATCH_START + len(jobs) * (timeout + BATCH_SLACK))
        except subprocess.TimeoutExpired:
            _kill(proc)
        output.seek(0)
        frames = _frames(output.read((FILE_LIMIT + 1024) * (len(jobs) + 1)), len(jobs))
    results = []
    for i, job in enumerate(jobs):
        status, code, size, line = frames.get(i, ("unrun", 0, 0, None))
        if status == "timeout":
            results.append({"error": f"it did not finish within {timeout:g} s (an endless loop?)", "values": []})
        elif status == "done":
            results.append(_result(line, size, code))
        else:                            # not run to its end in the batch: on its own, as before batches
            results.append(run_function(*job, timeout=timeout))
    return results


def _frames(data: bytes, count: int) -> dict[int, tuple[str, int, int, str | None]]:
    """``{function's index: (status, exit code, output's size, last results line or None)}`` from a batch
    runner's output (the last frame of an index wins: the runner writes it once the function's processes are
    gone).  What is not a well-formed frame is skipped; a function without one is run again."""
    marker = b"\n" + BATCH_MARK.encode() + b" "
    found, at = {}, 0
    while (at := data.find(marker, at)) >= 0:
        end = data.find(b"\n", at + len(marker))
        if end < 0:
            break
        fields = data[at + len(marker):end].split()
        at = end
        try:
            i, status, code, size, length = int(fields[0]), fields[1].decode(), *map(int, fields[2:5])
        except (ValueError, IndexError, UnicodeDecodeError):
            continue
        if len(fields) != 5 or not 0 <= i < count or status not in ("done", "timeout", "unrun"):
            continue
        body = data[end + 1:end + 1 + max(length, 0)]
        if len(body) < length:
            break
        try:
            line = body.decode("utf-8") if length >= 0 else None
        except UnicodeDecodeError:
            continue
        found[i] = (status, code, size, line)
        at = end + 1 + max(length, 0)
    return found


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
