"""Connecting to a chronomem MCP server from Python (tests, benchmarks, scripts).

>>> import anyio
>>> async def facts_of(url, token):
...     async with connect_http(url, token) as client:
...         return (await client.call_tool("facts", {"entity": "user"})).structured_content
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any


@asynccontextmanager
async def connect_http(url: str, token: str | None = None, *, timeout: float = 120.0) -> AsyncIterator[Any]:
    """An initialized SDK ``Client`` for the streamable-HTTP server at ``url`` (``…/mcp``), sending
    ``Authorization: Bearer <token>`` when a token is given."""
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    headers = {"Authorization": f"Bearer {token}"} if token else None
    http = create_mcp_http_client(headers=headers, timeout=httpx2.Timeout(30.0, read=timeout))
    async with http, Client(streamable_http_client(url, http_client=http), read_timeout_seconds=timeout) as client:
        yield client


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def spawn_server(args: list[str], *, port: int, env: dict[str, str] | None = None, cwd: str | None = None,
                 wait_s: float = 60.0) -> Any:
    """Start ``chronomem <args> serve --port PORT`` (``args`` hold the store options before ``serve``
    and any serve options after it) as a subprocess and return it once the port accepts connections;
    :class:`RuntimeError` with its stderr if it exits or does not listen within ``wait_s``."""
    import socket
    import subprocess
    import sys
    import tempfile
    import time

    # stderr goes to a file: a pipe nobody reads fills up, and a server that logs would then block
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen([sys.executable, "-c", "from chronomem.cli import main; main()", *args, "--port", str(port)],
                            env=env, cwd=cwd, stderr=log, text=True)
    deadline = time.monotonic() + wait_s
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            log.close()  # the server keeps writing to its own copy
            return proc
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                proc.wait()
                log.seek(0)
                raise RuntimeError(f"chronomem serve did not start: {log.read()}") from None
            time.sleep(0.2)
