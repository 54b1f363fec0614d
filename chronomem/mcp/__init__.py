"""chronomem as an MCP server: the memory an agent can ask about time.

``chronomem mcp`` serves one group over stdio (desktop clients); ``chronomem serve`` serves
streamable HTTP with bearer tokens mapped to groups. Built on the official ``mcp`` SDK (2.x),
an extra: ``pip install "chronomem[mcp]"``. See docs/mcp.md.
"""

from __future__ import annotations

from typing import Any

from chronomem.errors import ConfigError

INSTALL_HINT = 'the MCP server needs the mcp extra: pip install "chronomem[mcp]"'


def require_sdk() -> Any:
    """The ``mcp`` SDK module, or a :class:`ConfigError` saying how to install it."""
    try:
        import mcp
        from mcp.server.mcpserver import MCPServer  # noqa: F401  (2.x: the server API we use)
    except ImportError as e:
        raise ConfigError(f"{INSTALL_HINT} ({e})") from e
    return mcp
