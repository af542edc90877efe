"""Start and stop a throwaway JupyterLab server for the browser tests.

The server must never touch, or collide with, a JupyterLab the user has open:

* it listens on 127.0.0.1 on a port the OS reports free, with ``port_retries=0``
  so it fails loudly instead of drifting to another port;
* the user-level Jupyter config, data and runtime directories (``~/.jupyter``,
  ``~/.local/share/jupyter``) are replaced by fresh temporary ones, and so are
  IPython's and JupyterLab's settings/workspaces.  The environment-level
  directories (``sys.prefix/share/jupyter``, where the ``python3`` kernelspec
  and the ``@jupyter-widgets/jupyterlab-manager`` labextension live, and
  ``sys.prefix/etc/jupyter``) stay on the search path, so the kernel and the
  widget renderer are found exactly as ``make lab`` finds them;
* it serves a *copy* of the notebooks, so running and saving them in the
  browser never rewrites the files in the repository;
* it is stopped by its own PID (and its kernels by theirs), also when a test
  fails, because the fixture that owns it stops it in a ``finally``.
"""

from __future__ import annotations

import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]


def notebooks_dir() -> pathlib.Path:
    """The notebooks under test: ``notebooks/``, or $TEACHKIT_BROWSER_NOTEBOOKS."""
    return pathlib.Path(os.environ.get("TEACHKIT_BROWSER_NOTEBOOKS") or ROOT / "notebooks").resolve()


# JupyterLab settings for a clean, deterministic run.  They go into the
# throwaway settings directory only.
LAB_SETTINGS = {
    # No "Would you like to receive official Jupyter news?" toast and no
    # update check: this machine (and a classroom) may be offline, and the
    # toast would sit on top of the screenshots.
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    # Render every cell into the DOM: with JupyterLab's default windowing,
    # cells far below the viewport are not in the page, and the test could
    # not check their outputs.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
        "windowingMode": "none",
    },
}


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def clear_outputs(path: pathlib.Path) -> None:
    """Blank every output and execution count, as "Edit > Clear Outputs of All Cells" does.

    The run in the browser then starts from empty cells, so whatever the page
    shows afterwards was produced by that run, and a cell that did not run is
    plainly "[ ]" (not an old number saved in the repository).
    """
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
    notebook.get("metadata", {}).pop("widgets", None)  # saved widget state of an old run
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def _children(pid: int) -> list[int]:
    """PIDs whose parent is ``pid`` (read from /proc; empty elsewhere)."""
    kids = []
    for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            kids.append(int(stat.parent.name))
    return kids


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # pragma: no cover - someone else's PID reuse
        return False
    return True


class LabServer:
    """A JupyterLab server on a free port, serving a copy of ``notebooks``.

    Use as a context manager; ``url``, ``root`` (the served copy) and
    ``pid`` are set while it runs.
    """

    def __init__(self, notebooks: pathlib.Path, startup_timeout: float = 90.0, disabled_extensions=()):
        self.source = pathlib.Path(notebooks)
        # Lab extensions to switch off in this server only (the suite's own
        # test uses it to prove that a missing widget renderer is caught).
        self.disabled_extensions = list(disabled_extensions)
        self.startup_timeout = startup_timeout
        self.proc: subprocess.Popen | None = None
        self.tmp: pathlib.Path | None = None

    # -- life cycle -----------------------------------------------------
    def __enter__(self) -> LabServer:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="teachkit-browser-"))
        self.root = self.tmp / "notebooks"
        shutil.copytree(self.source, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        for notebook in self.root.rglob("*.ipynb"):
            clear_outputs(notebook)
        dirs = {name: self.tmp / name
                for name in ("config", "data", "runtime", "ipython", "settings", "workspaces", "mpl")}
        for path in dirs.values():
            path.mkdir()
        for name, value in LAB_SETTINGS.items():
            plugin_dir, file_name = name.rsplit("/", 1)
            target = dirs["settings"] / plugin_dir
            target.mkdir(parents=True, exist_ok=True)
            (target / file_name).write_text(json.dumps(value), encoding="utf-8")

        if self.disabled_extensions:
            (dirs["config"] / "labconfig").mkdir()
            (dirs["config"] / "labconfig" / "page_config.json").write_text(
                json.dumps({"disabledExtensions": {name: True for name in self.disabled_extensions}}), encoding="utf-8"
            )

        env = dict(os.environ)
        env.update(
            JUPYTER_CONFIG_DIR=str(dirs["config"]),
            JUPYTER_DATA_DIR=str(dirs["data"]),
            JUPYTER_RUNTIME_DIR=str(dirs["runtime"]),
            JUPYTERLAB_SETTINGS_DIR=str(dirs["settings"]),
            JUPYTERLAB_WORKSPACES_DIR=str(dirs["workspaces"]),
            IPYTHONDIR=str(dirs["ipython"]),
            MPLCONFIGDIR=str(dirs["mpl"]),
            # Nothing from the outside may be put in front of the venv.
            PYTHONNOUSERSITE="1",
        )
        for var in ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH", "JUPYTER_NO_CONFIG", "JUPYTER_TOKEN",
                    "JUPYTER_PREFER_ENV_PATH"):
            env.pop(var, None)

        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.tmp / "jupyterlab.log"
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(
            [
                sys.executable, "-m", "jupyterlab",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--ServerApp.root_dir={self.root}",
                "--IdentityProvider.token=",
                "--ServerApp.disable_check_xsrf=True",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                # CI containers run as root; harmless for everyone else.
                "--ServerApp.allow_root=True",
                # The extension manager would query PyPI: no network here.
                "--LabApp.extension_manager=readonly",
            ],
            cwd=self.root,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )
        self.pid = self.proc.pid
        deadline = time.monotonic() + self.startup_timeout
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with code {self.proc.returncode} while starting:\n"
                                   f"{self.log_tail()}")
            try:
                self.api("GET", "/api/status")
                self.api("GET", "/lab")
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"JupyterLab did not answer on {self.url} within {self.startup_timeout:.0f} s:\n"
                                   f"{self.log_tail()}")
            time.sleep(0.25)

    def stop(self) -> None:
        """Stop the server and its kernels by their PIDs; remove the temp dirs."""
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            # Kernels run in their own sessions, so note their PIDs first.
            kernels = _children(proc.pid)
            try:
                # The polite way: the server shuts its kernels down itself.
                self.api("POST", "/api/shutdown", timeout=5)
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.send_signal(signal.SIGTERM)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=10)
            for pid in kernels:
                if _alive(pid):
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except ProcessLookupError:
                        pass
        if getattr(self, "_log", None) is not None:
            self._log.close()
            self._log = None
        if self.tmp is not None:
            shutil.rmtree(self.tmp, ignore_errors=True)
            self.tmp = None

    # -- helpers ----------------------------------------------------------
    def api(self, method: str, path: str, timeout: float = 5.0):
        """Call the server's REST API; return the decoded JSON (or None)."""
        request = urllib.request.Request(self.url + path, method=method,
                                         data=b"" if method in ("POST", "PUT") else None)
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        if not body or not response.headers.get("Content-Type", "").startswith("application/json"):
            return None
        return json.loads(body)

    def shutdown_kernels_for(self, notebook: str) -> None:
        """Shut down the kernel session(s) of one notebook so kernels do not pile up."""
        for session in self.api("GET", "/api/sessions") or []:
            if session.get("path") == notebook:
                self.api("DELETE", f"/api/sessions/{session['id']}")

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except (OSError, AttributeError):
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])
