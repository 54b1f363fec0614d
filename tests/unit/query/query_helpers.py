"""Helpers shared by the search tests: UTC days, an extractor that finds nothing, sessions."""

from __future__ import annotations

from datetime import datetime, timezone

from chronomem.schema import ExtractionResult


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


class NoClaims:
    def extract_many(self, sessions):
        for s in sessions:
            yield s, ExtractionResult()


def session(sid, at, *lines):
    return {"session_id": sid, "started_at": at.isoformat(),
            "turns": [{"speaker": who, "text": text} for who, text in lines]}


def memory(store, now):
    """A Memory on the test's group of ``store`` at the fixed time ``now``: no extraction, a
    hashing-embedder side-index kept in memory."""
    from chronomem import FixedClock, Memory
    from chronomem.graph.embedders import HashingEmbedder
    from chronomem.graph.side_index import SideIndex

    index = SideIndex(store, store.test_group, embedder=HashingEmbedder(256), path=None)
    return Memory(store, group=store.test_group, clock=FixedClock(now), extractor=NoClaims(), index=index)
