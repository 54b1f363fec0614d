"""Every chronomem MCP tool through the SDK's in-process client, on the real extractor."""

from __future__ import annotations

from datetime import datetime, timezone

import anyio
import pytest

from chronomem.graph import SqliteGraphStore
from chronomem.mcp.access import Caller, Limits
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.server import build_server, stdio_caller
from tests.unit.mcp_server.conftest import call

TORONTO = {"session_id": "s1", "started_at": "2023-01-10T09:00:00Z",
           "turns": [{"speaker": "user", "text": "I live in Toronto and I work at Shopify."}]}
VANCOUVER = {"session_id": "s2", "started_at": "2024-03-12T09:00:00Z",
             "turns": [{"speaker": "user", "text": "I moved to Vancouver last week!", "at": "2024-03-12T09:01"}]}


@pytest.fixture(scope="module")
def extractor():
    from chronomem.extract import SpacyRuleExtractor

    return SpacyRuleExtractor()


@pytest.fixture
def pool(tmp_path, extractor):
    p = MemoryPool(SqliteGraphStore(tmp_path / "m.sqlite"), embedder=None, extractor=extractor,
                   limits=Limits(max_turns=5, max_request_bytes=2_000))
    yield p
    p.close()


def run(server, script):
    from mcp import Client

    async def main():
        async with Client(server) as client:
            return await script(client)

    return anyio.run(main)


def test_remember_then_as_of_answers_over_every_read_tool(pool):
    server = build_server(pool, stdio_caller("team"))

    async def script(client):
        first = await call(client, "remember", **TORONTO)
        assert first["stored"] is True and first["facts_added"] >= 1 and first["session_id"] == "s1"
        again = await call(client, "remember", **TORONTO)
        assert again["stored"] is False and again["facts_added"] == 0
        between = datetime.now(timezone.utc).isoformat()
        await anyio.sleep(0.01)
        moved = await call(client, "remember", **VANCOUVER)
        assert moved["facts_closed"] >= 1
        past = await call(client, "facts", entity="user", predicate="LIVES_IN", as_of="2023-06-01")
        now = await call(client, "facts", entity="user", predicate="LIVES_IN")
        assert [f["object"] for f in past["facts"]] == ["Toronto"]
        assert [f["object"] for f in now["facts"]] == ["Vancouver"]
        believed = await call(client, "facts", entity="user", predicate="LIVES_IN", as_of="2024-06-01",
                              known_at=between)
        assert [f["object"] for f in believed["facts"]] == ["Toronto"]
        line = await call(client, "timeline", entity="user", predicate="LIVES_IN")
        assert [f["object"] for f in line["facts"]] == ["Toronto", "Vancouver"]
        window = await call(client, "changes", since="2024-01-01", until="2024-12-31")
        assert {c["change"] for c in window["changes"]} >= {"began", "ended"}
        hits = await call(client, "recall", query="where does the user live", as_of="2023-06-01", k=5)
        assert hits["results"] and hits["results"][0]["kind"] in ("fact", "turn")
        assert "Toronto" in " ".join(r["text"] for r in hits["results"])
        dated = await call(client, "when", question="When did the user move to Vancouver?")
        assert dated["answers"] and dated["answers"][0]["start"] == "2024-03-05"  # "last week", said 2024-03-12
        assert dated["answers"][0]["evidence"]["turn_id"] == "s2:1"
        block = await call(client, "context", query="where does the user live", as_of="2023-06-01")
        assert "Toronto" in block["context"]
        listed = await call(client, "entities")
        assert {"user", "Toronto", "Vancouver"} <= {e["name"] for e in listed["entities"]}
        assert [e["name"] for e in (await call(client, "entities", name="toronto"))["entities"]] == ["Toronto"]
        return True

    assert run(server, script)


def test_import_retract_and_forget(pool):
    server = build_server(pool, stdio_caller("team"))

    async def script(client):
        done = await call(client, "import_facts", records=[
            {"subject": "Ana", "predicate": "USES", "object": "Redis", "valid_from": "2020-01-01"},
            {"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2021-02-01"}])
        assert done["records"] == 2 and done["facts_added"] == 2
        (redis,) = (await call(client, "facts", entity="Ana", predicate="USES"))["facts"]
        gone = await call(client, "retract", fact_id=redis["id"])
        assert gone["expired_fact_ids"] == [redis["id"]]
        assert (await call(client, "facts", entity="Ana", predicate="USES"))["facts"] == []
        erased = await call(client, "forget", entity="Ana")
        assert erased["kind"] == "entity" and erased["erased_by"] == "stdio" and "Ana" not in str(erased)
        assert (await call(client, "facts", entity="Ana"))["facts"] == []
        await call(client, "remember", **TORONTO)
        assert (await call(client, "forget", session_id="s1"))["counts"]["sessions"] == 1
        return True

    assert run(server, script)


def test_errors_are_one_clear_line(pool):
    server = build_server(pool, stdio_caller("team"))

    async def script(client):
        bad_time = await call(client, "facts", entity="user", as_of="last tuesday-ish")
        assert "error" in bad_time and "Traceback" not in bad_time["error"]
        other = await call(client, "facts", entity="user", group="someone-else")
        assert "no access to group 'someone-else'" in other["error"]
        too_many = await call(client, "remember", started_at="2024-01-01",
                              turns=[{"speaker": "u", "text": "hi"}] * 6)
        assert "at most 5" in too_many["error"]
        too_big = await call(client, "remember", started_at="2024-01-01", turns=[{"speaker": "u", "text": "x" * 3000}])
        assert "at most 2000" in too_big["error"]
        nothing = await call(client, "forget")
        assert "exactly one" in nothing["error"]
        return True

    assert run(server, script)


def test_read_tokens_cannot_write_and_groups_stay_apart(pool):
    callers = {"w": Caller("writer", {"a": "read-write"}), "r": Caller("reader", {"a": "read", "b": "read-write"})}
    writer, reader = (build_server(pool, lambda ctx, c=c: c) for c in callers.values())

    async def as_writer(client):
        await call(client, "remember", **TORONTO)
        return True

    async def as_reader(client):
        denied = await call(client, "remember", group="a", **VANCOUVER)
        assert "may only read group 'a'" in denied["error"]
        assert [f["object"] for f in (await call(client, "facts", entity="user", predicate="LIVES_IN",
                                                 group="a"))["facts"]] == ["Toronto"]
        assert (await call(client, "facts", entity="user"))["facts"]  # default: the token's first group, a
        assert (await call(client, "facts", entity="user", group="b"))["facts"] == []  # nothing leaks into b
        return True

    assert run(writer, as_writer)
    assert run(reader, as_reader)


def test_remember_refuses_a_reused_session_id_with_other_content(pool):
    server = build_server(pool, stdio_caller("team"))
    quito = {"session_id": "s1", "started_at": "2023-06-01T10:00:00Z", "turns": [{"speaker": "user", "text": "I live in Quito."}]}
    lima = {**quito, "turns": [{"speaker": "user", "text": "I moved to Lima and I work at Globant."}]}

    async def script(client):
        assert (await call(client, "remember", **quito))["stored"] is True
        refused = await call(client, "remember", **lima)
        assert "session 's1' is already stored with different content (turn 1 differs)" in refused["error"]
        assert "\n" not in refused["error"] and "chronomem " not in refused["error"]
        found = await call(client, "entities", name="Globant")
        return found["entities"]

    assert run(server, script) == []


def test_tool_errors_speak_to_an_agent_not_a_shell_user(pool):
    server = build_server(pool, stdio_caller("team"))

    async def script(client):
        assert client.server_info.version  # serverInfo.version is the package's
        other = await call(client, "facts", entity="user", group="elsewhere")
        unknown = await call(client, "retract", fact_id="f_nothing")
        missing = await call(client, "forget", entity="Nobody")
        gone = await call(client, "forget", session_id="never")
        return other["error"], [unknown["error"], missing["error"], gone["error"]]

    other, errors = run(server, script)
    assert "token 'stdio'" not in other and "this stdio server" in other
    for error in errors:
        assert "`chronomem" not in error and "Memory." not in error and "--" not in error, error
