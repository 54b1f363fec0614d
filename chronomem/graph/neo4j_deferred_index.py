"""A bulk import into a Neo4j store with no facts builds the fact full-text index after the load.

Each committed ``FACT`` relationship is otherwise indexed by Lucene in its own transaction's
commit; built once after the load, the index is populated by one scan. As the embedded store
does with its secondary fact indexes (:func:`chronomem.graph.sqlite_write.drop_deferred_indexes`),
only a store holding no facts at all defers it: the index is database-wide, so with facts of
other groups stored, dropping it would leave their full-text search without an index during the
load and rebuild all their entries after it.

While it is deferred, full-text search over facts finds nothing (``Neo4jGraphStore.fulltext``);
entities and turns keep their indexes. A killed import leaves the index to the next open, which
creates every missing index (``Neo4jGraphStore._create_schema``); another process opening the
store during the load creates it too, and the load then simply goes on indexing as it writes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import neo4j

from chronomem.errors import StoreError
from chronomem.graph import cypher

#: The index a bulk import into a store with no facts builds after the load.
FACT_FULLTEXT = "chronomem_fact_statement"
CREATE_FACT_FULLTEXT = next(s for s in cypher.INDEXES if f" {FACT_FULLTEXT} " in s)
DROP_FACT_FULLTEXT = f"DROP INDEX {FACT_FULLTEXT} IF EXISTS"
ANY_FACT = "RETURN EXISTS { MATCH ()-[:FACT]->() } AS any"
INDEX_STATE = ("SHOW INDEXES YIELD name, state, populationPercent WHERE name = $name "
               "RETURN state, populationPercent AS percent")
#: Seconds between two looks at the index's population.
POLL_SECONDS = 0.2

Progress = Callable[[int, int], None]  # (percent done, 100)
Sessions = Callable[[], neo4j.Session]


@contextmanager
def deferred_fact_fulltext(session: Sessions, *, progress: Progress | None = None) -> Iterator[bool]:
    """Around a bulk import: when the store holds no facts, drop the fact full-text index, and
    after the load (also a failed one) create it again and wait until it is online, calling
    ``progress(percent, 100)`` as it is populated. Yields whether the index was deferred."""
    with session() as s:
        deferred = not s.run(ANY_FACT).single(strict=True)["any"]
        if deferred:
            s.run(DROP_FACT_FULLTEXT).consume()
    try:
        yield deferred
    finally:
        if deferred:
            build_fact_fulltext(session, progress=progress)


def build_fact_fulltext(session: Sessions, *, progress: Progress | None = None) -> None:
    """Create the fact full-text index if it is missing and wait until it is online (``progress``
    as in :func:`deferred_fact_fulltext`); :class:`StoreError` if its population fails."""
    with session() as s:
        s.run(CREATE_FACT_FULLTEXT).consume()
        while True:
            row = s.run(INDEX_STATE, name=FACT_FULLTEXT).single()
            if row is None:  # dropped again by a concurrent import into an empty store: it builds it
                return
            if progress is not None:
                progress(int(row["percent"] or 0), 100)
            if row["state"] == "ONLINE":
                return
            if row["state"] == "FAILED":
                raise StoreError(f"building the Neo4j index {FACT_FULLTEXT} after a bulk import failed; "
                                 "opening the store again rebuilds it")
            time.sleep(POLL_SECONDS)


def index_missing(error: BaseException) -> bool:
    """True when a full-text query failed because its index is missing or not online yet (deferred
    by a bulk import: :func:`deferred_fact_fulltext`)."""
    text = str(error).lower()
    return FACT_FULLTEXT in text and ("no such" in text or "not online" in text or "populating" in text
                                      or "does not exist" in text)
