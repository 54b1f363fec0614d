"""An in-process MCP client on a fresh embedded store (no embedder: search is full text)."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytest.importorskip("mcp", reason='the MCP tests need the mcp extra: pip install "chronomem[mcp]"')


async def call(client: Any, tool: str, **arguments: Any) -> Any:
    """Call ``tool``; its structured result, or the error text as ``{"error": ...}``."""
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        return {"error": " ".join(c.text for c in result.content)}
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)
