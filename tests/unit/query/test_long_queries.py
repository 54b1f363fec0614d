"""Long queries (issue 28, defect 2): linear work, a length cap, and a read that stops when abandoned."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone

import anyio
import pytest

from chronomem import Memory
from chronomem.clock import FixedClock
from chronomem.errors import InputError
from chronomem.graph import SqliteGraphStore
from chronomem.mcp.access import LimitError, Limits
from chronomem.mcp.runtime import MemoryPool
from chronomem.query.search import MAX_QUERY_CHARS
from chronomem.query.slots import implied_predicates

CUES = "where do I live and work these days "
NOW = datetime(2025, 1, 1, tzinfo=timezone.utc)


def test_reading_the_cues_of_a_long_text_is_linear_not_quadratic():
    text = (CUES * 6_000)[:200_000]  # 11,000 cue matches: every pair compared was 9 s
    started = time.perf_counter()
    assert implied_predicates(text) == frozenset({"LIVES_IN"})
    assert time.perf_counter() - started < 1.0


def test_a_query_longer_than_the_cap_is_refused_with_what_to_do():
    with Memory.open(":memory:", embedder=None, clock=FixedClock(NOW)) as mem:
        mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2020"}])
        for read in (mem.search, mem.context):
            with pytest.raises(InputError, match=f"longer than {MAX_QUERY_CHARS:,} characters; ask about its main point"):
                read("x" * (MAX_QUERY_CHARS + 1))
        started = time.perf_counter()
        assert mem.search((CUES + "Ana ")[:40] * (MAX_QUERY_CHARS // 40))  # the longest accepted query still answers
        assert time.perf_counter() - started < 5.0


def test_an_abandoned_read_stops_instead_of_running_on():
    pool = MemoryPool(SqliteGraphStore(":memory:"), embedder=None, limits=Limits(call_seconds=0.3))
    mem = pool.memory("g")
    mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2020"}])
    searches, finished = [], threading.Event()

    def endless() -> None:  # far more than 0.3 s of real searches
        try:
            for _ in range(100_000):
                mem.search("where does Ana live")
                searches.append(1)
        finally:
            finished.set()

    with pytest.raises(LimitError, match="abandoned"):
        anyio.run(pool.read, endless)
    assert finished.wait(5.0), "the abandoned search thread is still running"
    assert len(searches) < 100_000
    pool.close()
