"""The web table served for tests: uvicorn in a thread, on a free port of 127.0.0.1, stopped at
the end of the test (and by itself after ``lifetime`` seconds, whatever happens)."""
from __future__ import annotations

import os
import socket
import threading
import time
from contextlib import contextmanager

import pytest

REQUIRED = os.environ.get("CI") == "true"      # CI installs the extra and the browser: never skip there


def need(module: str):
    """Import an optional module, or skip (fail in CI, which must run these tests)."""
    try:
        return __import__(module)
    except ImportError:
        if REQUIRED:
            raise
        pytest.skip(f"{module} is not installed (pip install 'manastack[web]' playwright httpx2)",
                    allow_module_level=True)


@contextmanager
def served(lifetime: float = 600.0, cards=None):
    """The base URL of a web table running for the duration of the ``with`` block, dealing
    games from ``cards`` (a card database; the bundled cards when None)."""
    uvicorn = need("uvicorn")
    from manastack.web.app import create_app
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(cards=cards), host="127.0.0.1", port=port, log_level="warning",
                                           ws_max_size=65_536))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    stopper = threading.Timer(lifetime, lambda: setattr(server, "should_exit", True))
    stopper.daemon = True
    stopper.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the web table did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        stopper.cancel()
        server.should_exit = True
        thread.join(10)
