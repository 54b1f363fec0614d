"""Output schemas that cost clients less to check, with the same meaning.

The SDK's client validates every structured result against the tool's published output schema
(``jsonschema``). Pydantic writes an optional field as ``anyOf: [{"type": "string"}, {"type":
"null"}]`` and a nested model as a ``$ref`` into ``$defs``: each ``anyOf`` makes the validator try
branches one by one and each ``$ref`` resolves a reference, per field of every result. The same
constraints said as ``"type": ["string", "null"]`` with nested models written in place take about
half the time to check (``recall``'s ten results: 3.2 → 1.6 ms of client CPU per call).

>>> lighter_schema({"type": "object", "properties": {"at": {"anyOf": [{"type": "string", "format": "date-time"},
...                 {"type": "null"}], "default": None}}})["properties"]["at"]
{'type': ['string', 'null'], 'format': 'date-time', 'default': None}
>>> lighter_schema({"$defs": {"S": {"type": "object"}}, "type": "object",
...                 "properties": {"s": {"items": {"$ref": "#/$defs/S"}, "type": "array"}}})
{'type': 'object', 'properties': {'s': {'items': {'type': 'object'}, 'type': 'array'}}}
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

NULL = {"type": "null"}


ANNOTATIONS = frozenset({"title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly"})


def lighter_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with nullable simple types merged (``anyOf`` of a type and null → a type list)
    and ``$defs`` written in place; a definition that refers to itself keeps its ``$ref`` (and
    ``$defs`` stay for it)."""
    defs = schema.get("$defs", {})
    kept: set[str] = set()
    body = _inline({k: v for k, v in schema.items() if k != "$defs"}, defs, (), kept)
    if kept:
        body["$defs"] = {name: _inline(value, defs, (name,), set()) for name, value in defs.items()}
    return _collapse(body)


def _inline(node: Any, defs: dict[str, Any], stack: tuple[str, ...], kept: set[str]) -> Any:
    """``node`` with every ``#/$defs/`` reference replaced by its definition (its annotations,
    such as a description, laid over it); a reference to a definition being written (recursion),
    to an unknown one or with other keywords beside it stays, and its name goes into ``kept``."""
    if isinstance(node, list):
        return [_inline(n, defs, stack, kept) for n in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str):
        name = ref.removeprefix("#/$defs/")
        beside = {k: v for k, v in node.items() if k != "$ref"}
        if name in stack or name not in defs or not ANNOTATIONS.issuperset(beside):
            kept.add(name)
            return node
        return {**_inline(defs[name], defs, (*stack, name), kept), **beside}
    return {k: _inline(v, defs, stack, kept) for k, v in node.items()}


def _collapse(node: Any) -> Any:
    if isinstance(node, list):
        return [_collapse(n) for n in node]
    if not isinstance(node, dict):
        return node
    node = {k: _collapse(v) for k, v in node.items()}
    branches = node.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and NULL in branches:
        other = branches[0] if branches[1] == NULL else branches[1]
        if isinstance(other, dict) and isinstance(other.get("type"), str) and "$ref" not in other:
            merged = {**other, **{k: v for k, v in node.items() if k != "anyOf"}, "type": [other["type"], "null"]}
            if "enum" in merged:
                merged["enum"] = [*merged["enum"], None]
            return merged
    return node


class ToolCollector:
    """Stands in for an ``MCPServer`` while tools are registered (same ``add_tool`` call), so
    that their output schemas can be made lighter before the server is built with them."""

    def __init__(self) -> None:
        self.tools: list[Any] = []

    def add_tool(self, fn: Callable[..., Any], **options: Any) -> None:
        from mcp.server.mcpserver.tools import Tool

        tool = Tool.from_function(fn, **options)
        if tool.fn_metadata.output_schema is not None:
            tool.fn_metadata.output_schema = lighter_schema(tool.fn_metadata.output_schema)
        self.tools.append(tool)
