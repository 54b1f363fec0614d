"""Retention on serve's schedule: groups with a policy are compacted, the others left alone, and each
run says what it evicted."""

from __future__ import annotations

import time

from chronomem import Memory
from chronomem.graph import SqliteGraphStore
from chronomem.mcp.compactor import Compactor, compact_groups
from chronomem.mcp.runtime import MemoryPool


def chat(sid: str, n: int) -> dict:
    return {"session_id": sid, "started_at": "2024-03-12T10:00:00Z",
            "turns": [{"speaker": "Bo", "text": f"haha ok {i}"} for i in range(n)]}


def test_compact_groups_follows_each_groups_policy(tmp_path, rule_extractor):
    store = SqliteGraphStore(tmp_path / "memory.sqlite")
    for group in ("capped", "free"):
        Memory(store, group=group, extractor=rule_extractor, embedder=None).ingest([chat("s1", 5)])
    Memory(store, group="capped", embedder=None).set_policy(max_turns=2)
    pool = MemoryPool(store, embedder=None, extractor=rule_extractor)
    lines: list[str] = []
    try:
        assert compact_groups(pool, log=lines.append) == 3
        assert compact_groups(pool, log=lines.append) == 0  # already within the policy
        assert store.stats("capped")["turns"] == 2 and store.stats("free")["turns"] == 5
        assert len(lines) == 1 and lines[0].startswith("group 'capped': evicted 3 of 5 turns (0 expired, 3 over the cap)")
        assert [e.kind for e in store.erasures("capped")] == ["retention"] and store.erasures("free") == []
    finally:
        pool.close()


def test_the_compactor_runs_on_its_schedule(tmp_path, rule_extractor):
    store = SqliteGraphStore(tmp_path / "memory.sqlite")
    Memory(store, group="g", extractor=rule_extractor, embedder=None).ingest([chat("s1", 4)])
    Memory(store, group="g", embedder=None).set_policy(max_turns=1)
    pool = MemoryPool(store, embedder=None, extractor=rule_extractor)
    lines: list[str] = []
    compactor = Compactor(pool, every=0.05, log=lines.append).start()
    try:
        deadline = time.monotonic() + 20
        while store.stats("g")["turns"] > 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.stats("g")["turns"] == 1
    finally:
        compactor.stop()
        pool.close()
    assert any(line.startswith("retention: 3 turns evicted") for line in lines)
