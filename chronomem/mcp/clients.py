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
    async with create_mcp_http_client(headers=headers, timeout=httpx2.Timeout(30.0, read=timeout)) as http:
        async with Client(streamable_http_client(url, http_client=http), read_timeout_seconds=timeout) as client:
            yield client
