"""A real ``chronomem serve`` process: 8 concurrent clients on different and shared groups, on
both backends; nothing lost, nothing duplicated, nothing crosses groups, wrong tokens refused."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import anyio
import pytest

from chronomem.mcp.clients import connect_http, free_port, spawn_server
from tests.unit.mcp_server.conftest import call

ROOT = Path(__file__).resolve().parents[3]
TOKENS = {"alpha": "alpha-token-0123456789", "beta": "beta-token-0123456789", "peek": "peek-token-0123456789"}


@pytest.fixture(params=["sqlite", pytest.param("neo4j", marks=pytest.mark.neo4j)])
def server(request, tmp_path):
    """``chronomem serve`` on a free port, with three tokens over fresh groups a, b and shared."""
    suffix = uuid.uuid4().hex[:8]
    groups = {g: f"{g}-{suffix}" for g in ("a", "b", "shared")}
    config = {"tokens": [
        {"name": "alpha", "token": TOKENS["alpha"], "groups": {groups["a"]: "read-write", groups["shared"]: "read-write"}},
        {"name": "beta", "token": TOKENS["beta"], "groups": {groups["b"]: "read-write", groups["shared"]: "read-write"}},
        {"name": "peek", "token": TOKENS["peek"], "groups": {groups["a"]: "read"}}]}
    (tmp_path / "config.json").write_text(json.dumps(config))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if request.param == "sqlite":
        env.pop("NEO4J_URI", None)
        where = ["--store", str(tmp_path / "store")]
    else:
        from tests.conftest import neo4j_or_skip

        neo4j_or_skip().close()
        where = ["--neo4j", os.environ["NEO4J_URI"]]
    port = free_port()
    args = [*where, "serve", "--config", str(tmp_path / "config.json")]
    try:
        proc = spawn_server(args, port=port, env=env, cwd=str(ROOT))
    except RuntimeError as e:
        pytest.fail(str(e))
    yield f"http://127.0.0.1:{port}/mcp", groups, request.param, where
    proc.terminate()
    proc.wait(timeout=30)
    if request.param == "neo4j":
        from chronomem.graph.neo4j_store import Neo4jGraphStore

        store = Neo4jGraphStore.from_env()
        for g in groups.values():
            store.delete_group(g)
        store.close()


def session(client_no: int, n: int) -> dict:
    return {"session_id": f"c{client_no}-s{n}", "started_at": f"2024-0{1 + n}-0{1 + client_no % 8}T10:00:00Z",
            "turns": [{"speaker": f"Person{client_no}x{n}", "text": f"I moved to Town{client_no}x{n} last week."}]}


def test_eight_concurrent_clients_lose_nothing_and_never_cross_groups(server):
    url, groups, _backend, _where = server
    results: dict[int, list] = {}
    errors: list[str] = []

    async def client_run(no: int) -> None:
        token = "alpha" if no < 4 else "beta"
        own = groups["a"] if no < 4 else groups["b"]
        async with connect_http(url, TOKENS[token]) as client:
            out = []
            for n in range(3):  # every session sent twice: stored once
                for _ in range(2):
                    out.append(await call(client, "remember", group=own, **session(no, n)))
            out.append(await call(client, "remember", group=groups["shared"], **session(100 + no, 0)))
            results[no] = out
            errors.extend(r["error"] for r in out if "error" in r)

    async def main():
        async with anyio.create_task_group() as tg:
            for no in range(8):
                tg.start_soon(client_run, no)

    anyio.run(main)
    assert errors == []
    stored = [r for out in results.values() for r in out if r["stored"]]
    assert len(stored) == 8 * 3 + 8  # each session exactly once
    assert sorted(r["session_id"] for r in stored) == sorted(
        [f"c{no}-s{n}" for no in range(8) for n in range(3)] + [f"c{100 + no}-s0" for no in range(8)])

    async def check():
        async with connect_http(url, TOKENS["alpha"]) as alpha, connect_http(url, TOKENS["beta"]) as beta:
            # alpha's group holds alpha's people only, beta's beta's
            a_names = {e["name"] for e in (await call(alpha, "entities", group=groups["a"]))["entities"]}
            b_names = {e["name"] for e in (await call(beta, "entities", group=groups["b"]))["entities"]}
            assert {f"Person{no}x{n}" for no in range(4) for n in range(3)} <= a_names
            assert not any(name.startswith(("Person4", "Person5", "Person6", "Person7")) for name in a_names)
            assert not any(name.startswith(("Person0", "Person1", "Person2", "Person3")) for name in b_names)
            shared = {e["name"] for e in (await call(beta, "entities", group=groups["shared"]))["entities"]}
            assert {f"Person{100 + no}x0" for no in range(8)} <= shared
            # a token can never name a group it does not hold
            denied = await call(alpha, "facts", entity="Person4x0", group=groups["b"])
            assert "no access to group" in denied["error"]
            hits = await call(alpha, "recall", query="Person4x0 moved to Town4x0", group=groups["a"])
            assert not any("Town4" in r["text"] for r in hits["results"])
        async with connect_http(url, TOKENS["peek"]) as peek:
            assert "may only read" in (await call(peek, "remember", **session(9, 9)))["error"]
            assert (await call(peek, "entities", name="Person0x0"))["entities"]
        return True

    assert anyio.run(check)


def test_wrong_or_missing_tokens_are_refused_before_mcp(server):
    import httpx2

    url, *_ = server
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    for headers in ({}, {"Authorization": "Bearer not-a-token-at-all"}, {"Authorization": "Basic abc"}):
        response = httpx2.post(url, json=body, headers=headers)
        assert response.status_code == 401 and "bearer token" in response.json()["error"]
    big = httpx2.post(url, content=b"x" * 2_000_000, headers={"Authorization": f"Bearer {TOKENS['alpha']}",
                                                               "Content-Type": "application/json"})
    assert big.status_code == 413

    async def wrong():
        async with connect_http(url, "Bearer-wrong-token-000000"):
            pass

    with pytest.raises(BaseException):  # the SDK raises its own error types for a 401
        anyio.run(wrong)
