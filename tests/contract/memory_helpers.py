"""A :class:`~chronomem.Memory` over the contract suite's ``store`` fixture (every backend), with a
fixed clock, the shared rule extractor and no embedder (full text only: deterministic)."""

from __future__ import annotations

from datetime import datetime, timezone

from chronomem import Memory
from chronomem.clock import FixedClock

NOW = datetime(2025, 1, 15, 12, tzinfo=timezone.utc)


def memory_on(store, extractor, *, now: datetime = NOW) -> Memory:
    """A memory on ``store``'s test group, at ``now``."""
    return Memory(store, group=store.test_group, clock=FixedClock(now), extractor=extractor, embedder=None)


def session(session_id: str, started_at: str, *lines: str, speaker: str = "user") -> dict:
    """A session of one speaker's lines."""
    return {"session_id": session_id, "started_at": started_at,
            "turns": [{"speaker": speaker, "text": text} for text in lines]}


def told(store, extractor, *sessions: dict) -> Memory:
    """A memory on ``store`` (see :func:`memory_on`) that has ingested ``sessions``."""
    mem = memory_on(store, extractor)
    mem.ingest(list(sessions))
    return mem
