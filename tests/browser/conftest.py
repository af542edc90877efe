"""Fixtures for the browser suite: a throwaway JupyterLab and Debian's Chromium.

This suite is collected only when asked for by path (``pytest tests/browser``,
which is what ``make test-browser`` runs) or by marker (``-m browser``).  A
plain ``pytest`` -- the unit-test step of ``make test`` -- does not even
import it, so it needs neither playwright nor a browser; ``make test`` then
runs ``make test-browser`` as a second step when Chromium is installed.

Once asked for, nothing is skipped: no Chromium, no notebooks or a server that
does not start are failures with a message saying what to do.

Environment variables
---------------------
CHROMIUM
    The browser to drive (default ``/usr/bin/chromium``, Debian's package).
TEACHKIT_BROWSER_NOTEBOOKS
    A folder of notebooks to test instead of ``notebooks/`` (to debug the
    suite itself on a small notebook).
"""

from __future__ import annotations

import os
import pathlib

import pytest

from lab_server import LabServer, notebooks_dir

HERE = pathlib.Path(__file__).resolve().parent
CHROMIUM = os.environ.get("CHROMIUM") or "/usr/bin/chromium"
# Chromium flags that work in a container, as root, on a machine with no
# network: without the background-networking ones, Chromium's own update and
# sync connections are refused and it stalls.
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 900}


def _requested(config) -> bool:
    """Did the command line ask for the browser suite?"""
    if "browser" in (config.getoption("markexpr", "") or "").replace("not browser", ""):
        return True
    for arg in config.args:
        path = pathlib.Path(arg.split("::")[0])
        path = (path if path.is_absolute() else pathlib.Path(config.invocation_params.dir) / path).resolve()
        if path == HERE or HERE in path.parents:
            return True
    return False


def pytest_ignore_collect(collection_path, config):
    # Consulted for every file in this folder; a plain `pytest` leaves it out.
    if not _requested(config):
        return True
    return None


@pytest.fixture(scope="session")
def lab():
    """A JupyterLab server on a free 127.0.0.1 port, serving a copy of the notebooks.

    Stopped by its own PID when the session ends, whatever happened.
    """
    source = notebooks_dir()
    if not source.is_dir():
        pytest.fail(f"no notebook folder at {source}")
    with LabServer(source) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium, driven by playwright (never `playwright install`)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}. Install it (Debian/Ubuntu: apt-get install chromium) "
            "or point CHROMIUM at a Chromium/Chrome binary, then run make test-browser again."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture(scope="session")
def browser_context(browser):
    """One browser context for the session, so JupyterLab's scripts are
    fetched once and then served from the HTTP cache."""
    context = browser.new_context(viewport=VIEWPORT)
    context.set_default_timeout(60_000)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def lab_page(browser_context, lab):
    """JupyterLab, loaded once in one tab; the notebook tests open their
    notebooks in it one after the other (File > Open from Path...)."""
    page = browser_context.new_page()
    try:
        page.goto(f"{lab.url}/lab/workspaces/teachkit-browser-tests?reset", timeout=180_000)
        page.locator(".lm-MenuBar-itemLabel", has_text="File").first.wait_for(timeout=180_000)
        yield page
    finally:
        page.close()


@pytest.fixture()
def page(browser_context):
    """A fresh page (tab) per test; each notebook gets its own JupyterLab workspace."""
    page = browser_context.new_page()
    try:
        yield page
    finally:
        page.close()
