"""The servers embed in the background (issue 28, friction): what ``remember`` stores is embedded
as it comes, so a later ``recall`` does not pay for the backlog."""

from __future__ import annotations

import time

import anyio

from chronomem.graph import SqliteGraphStore
from chronomem.mcp.runtime import MemoryPool


def test_remembered_sessions_are_embedded_without_a_recall(tmp_path, rule_extractor):
    pool = MemoryPool(SqliteGraphStore(tmp_path / "m.sqlite"), extractor=rule_extractor, index_in_background=True)
    try:
        mem = pool.memory("g")
        if not mem.has_vectors():  # the embedding model ships with chronomem; without it there is nothing to test
            raise AssertionError("the default embedder is missing")
        for n in range(5):
            anyio.run(pool.remember, "g", {"session_id": f"s{n}", "started_at": f"2024-0{n + 1}-01T10:00:00Z",
                                           "turns": [{"speaker": "user", "text": f"I visited city number {n} today."}]})
        deadline = time.monotonic() + 30
        while mem.status()["search"]["pending"] and time.monotonic() < deadline:
            time.sleep(0.1)
        assert mem.status()["search"]["pending"] == 0 and mem.status()["search"]["indexed"] > 0
    finally:
        pool.close()
