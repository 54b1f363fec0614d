"""--profile memory-server, called with the reference memory server's own argument shapes."""

from __future__ import annotations

from datetime import datetime, timezone

import anyio
import pytest

from chronomem.graph import SqliteGraphStore
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.server import build_server, stdio_caller
from tests.unit.mcp_server.conftest import call


@pytest.fixture
def server(tmp_path):
    pool = MemoryPool(SqliteGraphStore(tmp_path / "m.sqlite"), embedder=None)
    yield build_server(pool, stdio_caller("g"), profile="memory-server")
    pool.close()


def test_reference_tool_calls_work_and_gain_time(server):
    from mcp import Client

    async def script():
        async with Client(server) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"create_entities", "create_relations", "add_observations", "delete_entities", "delete_observations",
                    "delete_relations", "read_graph", "search_nodes", "open_nodes", "facts"} <= names
            created = await call(client, "create_entities", entities=[
                {"name": "John_Smith", "entityType": "person", "observations": ["Speaks fluent Spanish"]},
                {"name": "Anthropic", "entityType": "organization", "observations": []}])
            assert [e["name"] for e in created["result"]] == ["John_Smith", "Anthropic"]
            await call(client, "create_relations", relations=[{"from": "John_Smith", "to": "Anthropic",
                                                              "relationType": "works_at"}])
            added = await call(client, "add_observations", observations=[
                {"entityName": "John_Smith", "contents": ["Graduated in 2019", "Speaks fluent Spanish"]}])
            assert added["result"] == [{"entityName": "John_Smith", "addedObservations": ["Graduated in 2019"]}]
            graph = await call(client, "read_graph")
            john = next(e for e in graph["entities"] if e["name"] == "John_Smith")
            assert john["entityType"] == "person"
            assert sorted(john["observations"]) == ["Graduated in 2019", "Speaks fluent Spanish"]
            assert graph["relations"] == [{"from": "John_Smith", "to": "Anthropic", "relationType": "works_at"}]
            assert {e["name"] for e in graph["entities"]} == {"John_Smith", "Anthropic"}  # no observation nodes
            # the relation is a real chronomem fact, with time
            (job,) = (await call(client, "facts", entity="John_Smith", predicate="WORKS_AT"))["facts"]
            assert job["object"] == "Anthropic"
            found = await call(client, "search_nodes", query="spanish")
            assert [e["name"] for e in found["entities"]] == ["John_Smith"]
            opened = await call(client, "open_nodes", names=["John_Smith", "Anthropic"])
            assert len(opened["entities"]) == 2 and len(opened["relations"]) == 1
            before = datetime.now(timezone.utc).isoformat()
            await anyio.sleep(0.01)
            await call(client, "delete_observations", deletions=[{"entityName": "John_Smith",
                                                                 "observations": ["Graduated in 2019"]}])
            await call(client, "delete_relations", relations=[{"from": "John_Smith", "to": "Anthropic",
                                                              "relationType": "works_at"}])
            graph = await call(client, "read_graph")
            assert graph["relations"] == []
            assert next(e for e in graph["entities"] if e["name"] == "John_Smith")["observations"] == [
                "Speaks fluent Spanish"]
            # gained: what was believed before the deletion
            then = await call(client, "facts", entity="John_Smith", predicate="WORKS_AT", known_at=before)
            assert [f["object"] for f in then["facts"]] == ["Anthropic"]
            await call(client, "delete_entities", entityNames=["John_Smith"])
            graph = await call(client, "read_graph")
            assert [e["name"] for e in graph["entities"]] == ["Anthropic"]
            missing = await call(client, "add_observations", observations=[{"entityName": "Nobody", "contents": ["x"]}])
            assert "not found" in missing["error"]
            return True

    assert anyio.run(script)
