"""Absurd times through every command and every MCP tool, on both backends (issue 28, defect 5):
each call answers or is refused with one clear line, never a traceback or a bare tool error.
Two times run by default; every time of :data:`~tests.reliability.absurd_times.ABSURD` with ``-m reliability``."""

from __future__ import annotations

import uuid
from typing import Any

import anyio
import pytest
from click.testing import CliRunner

from chronomem.cli import cli
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.server import build_server, stdio_caller
from tests.reliability.absurd_times import ABSURD, cli_calls, tool_calls
from tests.unit.mcp_server.conftest import call

BACKENDS = ["embedded", pytest.param("neo4j", marks=pytest.mark.neo4j)]
MAX_LINE = 400
SAMPLE = ("0001-01-01T00:00:00+05:00", "9999-12-31T23:59:59-05:00")
SETUP = {"session_id": "home", "started_at": "2023-06-01T10:00:00Z", "turns": [{"speaker": "user", "text": "I live in Toronto."}]}


def _store_args(backend: str, tmp_path) -> tuple[list[str], Any]:
    """The CLI's store options and a store for the MCP pool, on a fresh group."""
    group = f"t-{uuid.uuid4().hex[:10]}"
    if backend == "embedded":
        from chronomem.graph import SqliteGraphStore

        path = tmp_path / "memory.sqlite"
        return ["--store", str(path), "--group", group], lambda: SqliteGraphStore(path)
    import os

    from tests.conftest import neo4j_or_skip

    neo4j_or_skip().close()
    from chronomem.graph.neo4j_store import Neo4jGraphStore

    return ["--neo4j", os.environ["NEO4J_URI"], "--group", group], Neo4jGraphStore.from_env


def _cli_problems(args: list[str], times: tuple[str, ...], tmp_path) -> list[str]:
    runner = CliRunner()
    setup = tmp_path / "setup.json"
    setup.write_text(__import__("json").dumps(SETUP))
    assert runner.invoke(cli, [*args, "ingest", "-q", "--no-index", str(setup)]).exit_code == 0
    problems = []
    for when in times:
        for label, argv in cli_calls(when, tmp_path):
            res = runner.invoke(cli, [*args, *argv])
            out = res.output or ""
            if res.exception is not None and not isinstance(res.exception, SystemExit) or "Traceback" in out:
                problems.append(f"{label} {when}: crashed with {res.exception!r}")
            elif res.exit_code not in (0, 2):
                problems.append(f"{label} {when}: exit code {res.exit_code}")
            elif any(len(line) > MAX_LINE for line in out.splitlines()):
                problems.append(f"{label} {when}: an error line longer than {MAX_LINE}")
    return problems


def _tool_problems(open_store: Any, group: str, times: tuple[str, ...], extractor: Any) -> list[str]:
    pool = MemoryPool(open_store(), embedder=None, extractor=extractor)
    server = build_server(pool, stdio_caller(group))
    problems: list[str] = []

    async def script() -> None:
        from mcp import Client

        async with Client(server) as client:
            for when in times:
                for tool, arguments in tool_calls(when):
                    answer = await call(client, tool, **arguments)
                    error = answer.get("error") if isinstance(answer, dict) else None
                    if error is None:
                        continue
                    said = error.split(f"Error executing tool {tool}", 1)[-1].strip(": ")
                    if not said or "\n" in error or len(error) > MAX_LINE:
                        problems.append(f"{tool} {arguments} {when}: unclear error {error!r}")

    try:
        anyio.run(script)
    finally:
        pool.close()
    return problems


def _run(backend: str, times: tuple[str, ...], tmp_path, extractor: Any) -> list[str]:
    args, open_store = _store_args(backend, tmp_path)
    return _cli_problems(args, times, tmp_path) + _tool_problems(open_store, args[-1], times, extractor)


@pytest.mark.parametrize("backend", BACKENDS)
def test_absurd_times_get_one_clear_line(backend: str, tmp_path, rule_extractor: Any) -> None:
    assert _run(backend, SAMPLE, tmp_path, rule_extractor) == []


@pytest.mark.reliability
@pytest.mark.parametrize("backend", BACKENDS)
def test_every_absurd_time_through_every_command_and_tool(backend: str, tmp_path, rule_extractor: Any) -> None:
    assert _run(backend, ABSURD, tmp_path, rule_extractor) == []
