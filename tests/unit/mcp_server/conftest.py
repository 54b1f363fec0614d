"""Helpers of the MCP tests (they need the mcp extra; the checkout's conftest.py skips them without it)."""

from __future__ import annotations

import json
from typing import Any


async def call(client: Any, tool: str, **arguments: Any) -> Any:
    """Call ``tool``; its structured result, or the error text as ``{"error": ...}``."""
    result = await client.call_tool(tool, arguments)
    if result.is_error:
        return {"error": " ".join(c.text for c in result.content)}
    if result.structured_content is not None:
        return result.structured_content
    return json.loads(result.content[0].text)
