"""A bulk import into a Neo4j group without facts builds the full-text index of its statements after
the load, in the same command, with progress.

Indexing each statement as its transaction commits costs the import a Lucene update per fact and a
refreshed searcher per batch; after the load the same statements are indexed in a few large
batches. Neo4j's full-text indexes are store-wide, so the index itself stays (other groups search
through it meanwhile): the loading group's new versions keep their statement under another
property (:data:`~chronomem.graph.cypher.PENDING_STATEMENT`; every read takes either), and
:meth:`DeferredFulltext.finish` moves each to ``statement``, which indexes it. Until then the
group's facts are read as usual but not found by full text.

A ``(:ChronomemMeta {key: "deferred_fulltext:<group>"})`` marker lives while a load runs: an
import killed halfway leaves it behind, and the next bulk import into that group indexes what the
killed one left before it starts.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from chronomem.graph.cypher import PENDING_STATEMENT

MARK_PREFIX = "deferred_fulltext:"
GROUP_HAS_FACTS = "RETURN EXISTS { MATCH ()-[f:FACT]->() WHERE f.group_id = $g } AS any"
IS_MARKED = "OPTIONAL MATCH (m:ChronomemMeta {key: $key}) RETURN m IS NOT NULL AS marked"
MARK = "MERGE (m:ChronomemMeta {key: $key}) ON CREATE SET m.value = 0"
UNMARK = "MATCH (m:ChronomemMeta {key: $key}) DELETE m"
PENDING_OF_GROUP = f"MATCH ()-[f:FACT]->() WHERE f.group_id = $g AND f.{PENDING_STATEMENT} IS NOT NULL RETURN f.id AS id"
INDEX_PENDING = (f"UNWIND $ids AS id MATCH ()-[f:FACT {{id: id}}]->() USING INDEX f:FACT(id) "
                 f"WHERE f.group_id = $g AND f.{PENDING_STATEMENT} IS NOT NULL "
                 f"SET f.statement = f.{PENDING_STATEMENT} REMOVE f.{PENDING_STATEMENT}")
CHUNK = 10_000  # versions indexed per transaction after the load
Progress = Callable[[int, int], None]


class DeferredFulltext:
    """The versions one bulk import has written without indexing their statements.

    ``run(statement, **params)`` runs one statement in a transaction of its own (the store's) and
    returns its records; ``stream(statement, **params)`` yields them as the server sends them.
    """

    def __init__(self, group_id: str, run: Callable[..., list[Any]], stream: Callable[..., Any]) -> None:
        self.group_id, self._run, self._stream = group_id, run, stream
        self.key = MARK_PREFIX + group_id
        self._ids: list[str] = []
        self._lock = threading.Lock()

    @classmethod
    def start(cls, group_id: str, run: Callable[..., list[Any]], stream: Callable[..., Any], *,
              progress: Progress | None = None) -> DeferredFulltext | None:
        """Before a bulk import into ``group_id``: index what a killed import left, then defer the
        statements of this one when the group has no facts (``None`` when it has some)."""
        if run(IS_MARKED, key=MARK_PREFIX + group_id)[0]["marked"]:
            left = cls(group_id, run, stream)
            left.add(r["id"] for r in stream(PENDING_OF_GROUP, g=group_id))
            left.finish(progress)
        if run(GROUP_HAS_FACTS, g=group_id)[0]["any"]:
            return None
        run(MARK, key=MARK_PREFIX + group_id)
        return cls(group_id, run, stream)

    def add(self, fact_ids: Any) -> None:
        """Record versions written with their statement deferred (thread-safe: writers run in parallel)."""
        ids = list(fact_ids)
        with self._lock:
            self._ids += ids

    def finish(self, progress: Progress | None = None) -> int:
        """Index every recorded statement, :data:`CHUNK` per transaction, then drop the marker;
        ``progress(done, total)`` after each transaction. Returns how many versions were recorded."""
        with self._lock:
            ids, self._ids = self._ids, []
        for start in range(0, len(ids), CHUNK):
            self._index(ids[start : start + CHUNK])
            if progress is not None:
                progress(min(start + CHUNK, len(ids)), len(ids))
        self._run(UNMARK, key=self.key)
        return len(ids)

    def _index(self, ids: Sequence[str]) -> None:
        self._run(INDEX_PENDING, g=self.group_id, ids=list(ids))
