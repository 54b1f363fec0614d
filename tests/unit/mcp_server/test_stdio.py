"""A real ``chronomem mcp`` subprocess, driven over stdio by the SDK's client."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio

from tests.unit.mcp_server.conftest import call

ROOT = Path(__file__).resolve().parents[3]


def server_parameters(*args: str):
    from mcp.client.stdio import StdioServerParameters

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("NEO4J_URI", None)
    return StdioServerParameters(command=sys.executable, args=["-c", "from chronomem.cli import main; main()", *args],
                                 env=env, cwd=str(ROOT))


def test_stdio_server_remembers_and_answers_as_of(tmp_path):
    from mcp import Client

    params = server_parameters("--store", str(tmp_path / "store"), "--group", "desk", "mcp")

    async def main():
        async with Client(params, read_timeout_seconds=120) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"remember", "recall", "when", "context", "facts", "timeline", "changes", "entities", "import_facts",
                    "retract", "forget"} <= names
            await call(client, "remember", session_id="s1", started_at="2023-01-10",
                       turns=[{"speaker": "user", "text": "I live in Toronto."}])
            await call(client, "remember", session_id="s2", started_at="2024-03-12",
                       turns=[{"speaker": "user", "text": "I moved to Vancouver last week!"}])
            past = await call(client, "facts", entity="user", predicate="LIVES_IN", as_of="2023-06-01")
            now = await call(client, "facts", entity="user", predicate="LIVES_IN")
            other = await call(client, "facts", entity="user", group="elsewhere")
            return [f["object"] for f in past["facts"]], [f["object"] for f in now["facts"]], other

    past, now, other = anyio.run(main)
    assert (past, now) == (["Toronto"], ["Vancouver"])
    assert "no access to group 'elsewhere'" in other["error"]
