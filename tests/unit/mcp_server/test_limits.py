"""The server's bounds: non-loopback binds need tokens, calls have a time limit, writes a bounded wait."""

from __future__ import annotations

import time

import anyio
import pytest

from chronomem.errors import ConfigError, InputError
from chronomem.graph import SqliteGraphStore
from chronomem.mcp.access import LimitError, Limits, ServerConfig, load_config
from chronomem.mcp.http import http_app
from chronomem.mcp.runtime import MemoryPool


@pytest.fixture
def pool():
    p = MemoryPool(SqliteGraphStore(":memory:"), embedder=None,
                   limits=Limits(call_seconds=0.2, write_wait_seconds=0.1))
    yield p
    p.close()


def test_refuses_a_reachable_address_without_tokens(pool):
    with pytest.raises(ConfigError, match="refusing to serve 0.0.0.0 without tokens"):
        http_app(pool, ServerConfig(), host="0.0.0.0")
    config = ServerConfig.model_validate({"tokens": [{"name": "a", "token": "x" * 16, "groups": {"g": "read"}}]})
    assert http_app(pool, config, host="0.0.0.0") is not None
    assert http_app(pool, ServerConfig(), host="127.0.0.1") is not None


def test_a_slow_call_is_abandoned_with_a_clear_error(pool):
    with pytest.raises(LimitError, match="longer than 0.2 s"):
        anyio.run(pool.read, lambda: time.sleep(1))


def test_a_write_waits_for_the_writer_a_bounded_time(pool):
    pool._writer.acquire()
    try:
        with pytest.raises(LimitError, match="busy with other writes"):
            anyio.run(pool.write, lambda: 1)
    finally:
        pool._writer.release()
    assert anyio.run(pool.write, lambda: 2) == 2


def test_config_errors_say_where(tmp_path, monkeypatch):
    bad = tmp_path / "c.json"
    bad.write_text('{"tokens": [{"name": "a", "token": "short", "groups": {"g": "read"}}]}')
    with pytest.raises(ConfigError, match=r"invalid at tokens.0.token"):
        load_config(bad)
    monkeypatch.setenv("CHRONOMEM_MCP_TOKENS", '[{"name": "a", "token": "0123456789abcdef", "groups": {"g": "read"}}]')
    assert [t.name for t in load_config().tokens] == ["a"]


class CountingExtractor:
    """No facts; remembers how many sessions each extraction batch held."""

    def __init__(self):
        self.batches: list[int] = []

    def extract_many(self, sessions):
        from chronomem.schema import ExtractionResult

        sessions = list(sessions)
        self.batches.append(len(sessions))
        for s in sessions:
            yield s, ExtractionResult()


def test_concurrent_remembers_are_committed_together_each_once():
    extractor = CountingExtractor()
    pool = MemoryPool(SqliteGraphStore(":memory:"), embedder=None, extractor=extractor)
    sessions = [{"session_id": f"s{n % 6}", "started_at": "2024-01-01T00:00:00Z",
                 "turns": [{"speaker": "u", "text": f"turn {n % 6}"}]} for n in range(12)]  # each sent twice

    async def main():
        results = {}
        async with anyio.create_task_group() as tg:
            for n, s in enumerate(sessions):
                async def one(n=n, s=s):
                    results[n] = await pool.remember("g", s)
                tg.start_soon(one)
        return results

    try:
        pool._writer.acquire()  # the writer is busy: all twelve queue up
        import threading

        threading.Timer(0.5, pool._writer.release).start()
        results = anyio.run(main)
        assert sum(r.session_added for r in results.values()) == 6  # stored exactly once each
        assert len(pool.store.sessions("g")) == 6
        assert len(extractor.batches) <= 2 and sum(extractor.batches) == 12  # in one (or two) batches, not 12
        with pytest.raises(InputError, match="cannot read 'someday' as a time"):  # a malformed one is refused alone
            anyio.run(pool.remember, "g", {**sessions[0], "started_at": "someday"})
    finally:
        pool.close()
