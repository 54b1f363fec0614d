"""Wiring: an ``MCPServer`` with the chronomem tools, for stdio (one group) or HTTP (tokens).

>>> from chronomem.graph import SqliteGraphStore
>>> server = build_server(MemoryPool(SqliteGraphStore(":memory:"), embedder=None), stdio_caller("default"))
>>> import anyio; sorted(t.name for t in anyio.run(server.list_tools))[:3]
['changes', 'context', 'entities']
"""

from __future__ import annotations

from typing import Any, Literal

from chronomem.mcp import require_sdk
from chronomem.mcp.access import Caller
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.schemas import ToolCollector
from chronomem.mcp.tools import CallerOf, register_tools

Profile = Literal["chronomem", "memory-server"]
INSTRUCTIONS = (
    "chronomem is a temporal memory: it knows when each fact was true. Call `remember` after a conversation, "
    "`recall` (or `context`) before answering, `when` for questions about when something happened, and pass "
    "`as_of` (an ISO date) for questions about the past; `facts`, `timeline` and `changes` answer structured "
    "questions about an entity or a time window."
)


def stdio_caller(group: str) -> CallerOf:
    """Every call of a stdio server is the local user, with read-write access to ``group`` only."""
    caller = Caller("stdio", {group: "read-write"}, who="this stdio server (it serves the group it was started with)")
    return lambda ctx: caller


def build_server(pool: MemoryPool, caller_of: CallerOf, *, profile: Profile = "chronomem") -> Any:
    """An ``MCPServer`` whose tools work on ``pool``; ``profile="memory-server"`` adds the reference
    memory server's tools (create_entities, …, open_nodes) mapped onto chronomem."""
    require_sdk()
    from mcp.server.mcpserver import MCPServer

    tools = ToolCollector()  # the tools' output schemas are published in their lighter form
    register_tools(tools, pool, caller_of)
    if profile == "memory-server":
        from chronomem.mcp.compat import register_memory_server_tools

        register_memory_server_tools(tools, pool, caller_of)
    from mcp.server.mcpserver.exceptions import ToolError
    from pydantic import ValidationError

    class ChronomemServer(MCPServer):  # type: ignore[misc]
        """Arguments that fail validation are reported in one line, like every other tool error."""

        async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as e:
                if isinstance(e.__cause__, ValidationError):
                    raise ToolError(f"{name}: {one_line(e.__cause__)}") from e.__cause__
                raise

    from chronomem import __version__

    return ChronomemServer(name="chronomem", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING",
                           tools=tools.tools)


def one_line(e: Any) -> str:
    """A pydantic ``ValidationError`` as one line: the first problem's place and message, and how many more.

    >>> from pydantic import BaseModel, ValidationError
    >>> class Args(BaseModel):
    ...     k: int
    >>> try:
    ...     Args.model_validate({"k": "many"})
    ... except ValidationError as e:
    ...     print(one_line(e))
    invalid argument k: Input should be a valid integer, unable to parse string as an integer
    """
    errors = e.errors()
    first = errors[0]
    where = ".".join(str(p) for p in first["loc"]) or "arguments"
    message = str(first["msg"]).removeprefix("Value error, ")
    more = f" (and {len(errors) - 1} more problems)" if len(errors) > 1 else ""
    return f"invalid argument {where}: {message}{more}"
