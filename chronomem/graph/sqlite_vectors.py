"""The embedded store's vectors (a :class:`~chronomem.graph.base.VectorStore`): each entity, fact
version and turn row keeps its vector (see :mod:`chronomem.graph.vectors`). The statements are the
vector constants of :mod:`chronomem.graph.sqlite_schema`.

>>> from chronomem.graph import SqliteGraphStore
>>> from chronomem.extract.parse.importer import batches_from_records
>>> from datetime import datetime, timezone
>>> store = SqliteGraphStore(":memory:")
>>> t = datetime(2024, 1, 1, tzinfo=timezone.utc)
>>> (batch,) = batches_from_records([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon"}],
...                                 group_id="g", vocabulary=store.vocabulary, said_at=t)
>>> (fact_id,) = store.write(batch, recorded_at=t).new_fact_ids
>>> store.unembedded("g", "fact", after=0) == [(fact_id, 1)]
True
>>> store.put_vectors("g", "fact", [(fact_id, b"\\x01\\x02")], model="m"), store.vector_sequence()
(1, 1)
>>> [(r.id == fact_id, r.seq, r.vector) for r in store.changed_vectors("g", "fact", after=0, upto=1)]
[(True, 1, b'\\x01\\x02')]
>>> store.unembedded("g", "fact", after=0), store.put_vectors("g", "fact", [(fact_id, b"\\x01\\x02")], model="m")
([], 0)
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from chronomem.errors import InputError, StoreError
from chronomem.graph import sqlite_schema as sql
from chronomem.graph.sqlite_tx import immediate
from chronomem.graph.sqlite_write import chunks, marks, next_vector_sequence
from chronomem.graph.vectors import Kind, StoredVector, whole_changes


def _row(r: Sequence[Any]) -> StoredVector:
    return StoredVector(id=r[0], seq=r[1], model=r[2], vector=None if r[3] is None else bytes(r[3]),
                        gone=bool(r[4]), speaker=r[5])


def _parts(kind: str) -> dict[str, str]:
    if kind not in sql.VECTOR_ROW_PARTS:
        raise InputError(f"unknown kind {kind!r}; use fact, entity or turn")
    return sql.VECTOR_ROW_PARTS[kind]


class SqliteVectors:
    """The :class:`~chronomem.graph.base.VectorStore` methods of
    :class:`~chronomem.graph.sqlite_store.SqliteGraphStore` (which provides ``_db``, ``_lock``, ``_query``)."""

    if TYPE_CHECKING:
        _db: sqlite3.Connection
        _lock: threading.RLock
        path: str

        def _query(self, statement: str, params: Sequence = ()) -> list[tuple]: ...

    def vector_sequence(self) -> int:
        return int(self._query(sql.VECTOR_SEQUENCE, (sql.VECTOR_SEQUENCE_KEY,))[0][0])

    def changed_vectors(self, group_id: str, kind: Kind, *, after: int, upto: int,
                        limit: int = 5_000) -> list[StoredVector]:
        parts = _parts(kind)
        page = [_row(r) for r in self._query(sql.CHANGED_VECTORS.format(**parts), (group_id, after, upto, limit))]
        return whole_changes(page, limit, lambda seq: [
            _row(r) for r in self._query(sql.VECTORS_OF_CHANGE.format(**parts), (group_id, seq))])

    def stored_vectors(self, group_id: str, kind: Kind, ids: Sequence[str]) -> dict[str, StoredVector]:
        statement = sql.STORED_VECTORS[kind].format(**_parts(kind), ids="{ids}")  # {ids}: filled per chunk
        out: dict[str, StoredVector] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            out.update((r[0], _row(r)) for r in self._query(statement.format(ids=marks(chunk)), [*chunk, group_id]))
        return out

    def put_vectors(self, group_id: str, kind: Kind, rows: Sequence[tuple[str, bytes]], *, model: str) -> int:
        if not rows:
            return 0
        statement = sql.PUT_VECTOR.format(**_parts(kind))
        with self._lock:
            db = self._db
            try:
                with immediate(db):
                    before = db.total_changes
                    seq = next_vector_sequence(db)
                    db.executemany(statement, [(vec, model, seq, item, group_id) for item, vec in rows])
                    return db.total_changes - before - 1  # the sequence's own row
            except sqlite3.Error as e:
                raise StoreError(f"storing vectors in {self.path} failed: {e}") from e

    def unembedded(self, group_id: str, kind: Kind, *, after: int, limit: int = 5_000) -> list[tuple[str, int]]:
        _parts(kind)
        return [(r[0], int(r[1])) for r in self._query(sql.UNEMBEDDED[kind], (after, group_id, limit))]

    def insertion_mark(self) -> int:
        return int(self._query(sql.INSERTION_MARK)[0][0])

    def speakers(self, group_id: str) -> set[str]:
        return {r[0] for r in self._query(sql.ERASE_SPEAKERS, (group_id,))}
