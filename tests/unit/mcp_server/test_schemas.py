"""The published output schemas are lighter to check and mean the same as pydantic's."""

from __future__ import annotations

import copy
import json
from typing import Any

import anyio
import jsonschema
import pytest
from pydantic import BaseModel

from chronomem.graph import SqliteGraphStore
from chronomem.mcp.models import FactsResult, RecallResult
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.schemas import lighter_schema
from chronomem.mcp.server import build_server, stdio_caller

FACT = {"id": "f1", "statement": "Ana lives in Porto", "subject": "Ana", "subject_id": "e1", "predicate": "LIVES_IN",
        "object": "Porto", "object_id": "e2", "valid_from": "2023-05-01T00:00:00Z", "valid_to": None,
        "recorded_at": "2024-01-01T00:00:00Z", "expired_at": None, "status": "current",
        "sources": [{"session_id": "s1", "turn_id": "t1"}]}
HIT = {"kind": "turn", "id": "t1", "text": "I moved to Porto", "score": 0.5, "speaker": "Ana", "session_id": "s1",
       "at": "2023-05-01T00:00:00Z", "status": "superseded",
       "superseded_by": {"fact_id": "f2", "statement": "Ana lives in Lisbon", "since": "2024-02-01T00:00:00Z"},
       "sources": [{"session_id": "s1", "turn_id": "t1"}]}


def valid(schema: dict[str, Any], data: Any) -> bool:
    return jsonschema.validators.validator_for(schema)(schema).is_valid(data)


def spoiled(data: dict[str, Any]) -> list[dict[str, Any]]:
    """Copies of a one-item result with one thing wrong each."""
    key = "facts" if "facts" in data else "results"
    out = []
    for field, value in (("status", "maybe"), ("valid_to", 3), ("id", None), ("sources", [{"turn_id": "t"}]),
                         ("score", "high"), ("superseded_by", {"fact_id": "f"}), ("kind", "entity")):
        if field in data[key][0]:
            bad = copy.deepcopy(data)
            bad[key][0][field] = value
            out.append(bad)
    return out


@pytest.mark.parametrize(("model", "data"), [(FactsResult, {"facts": [FACT]}), (RecallResult, {"results": [HIT]})])
def test_lighter_schema_accepts_and_refuses_what_the_pydantic_schema_does(model: type[BaseModel], data: dict) -> None:
    full = model.model_json_schema()
    light = lighter_schema(full)
    text = json.dumps(light)
    assert "$ref" not in text and '{"type": "null"}' not in text  # written in place, nullables merged
    assert valid(full, data) and valid(light, data)
    bads = spoiled(data)
    assert len(bads) >= 4
    for bad in bads:
        assert not valid(full, bad), bad
        assert not valid(light, bad), bad


def test_a_recursive_definition_keeps_its_reference() -> None:
    class Node(BaseModel):
        name: str
        children: list[Node] = []

    light = lighter_schema(Node.model_json_schema())
    tree = {"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}
    assert valid(light, tree)
    assert not valid(light, {"name": "a", "children": [{"name": "b", "children": [{"name": 3}]}]})


def test_the_server_publishes_the_lighter_schemas_and_its_results_pass_them(tmp_path) -> None:
    from mcp import Client

    pool = MemoryPool(SqliteGraphStore(tmp_path / "m.sqlite"), embedder=None)
    server = build_server(pool, stdio_caller("default"), profile="memory-server")

    async def main() -> tuple[dict, Any]:
        async with Client(server) as client:
            await client.call_tool("import_facts", {"records": [
                {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}]})
            schemas = {t.name: t.output_schema for t in (await client.list_tools()).tools}
            return schemas, await client.call_tool("facts", {"entity": "Ana"})

    try:
        schemas, facts = anyio.run(main)
    finally:
        pool.close()
    assert not facts.is_error and facts.structured_content["facts"][0]["object"] == "Porto"
    assert valid(schemas["facts"], facts.structured_content)
    for name in ("recall", "facts", "remember", "forget", "retract", "read_graph"):
        assert "$defs" not in schemas[name] and '{"type": "null"}' not in json.dumps(schemas[name]), name
