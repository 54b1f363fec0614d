"""The embedded store's write primitives (a :class:`~chronomem.graph.writer.WriteTransaction`).

Every statement is a named constant of :mod:`chronomem.graph.sqlite_schema`; the algorithm that
calls these is :func:`chronomem.graph.writer.write_batch`. Lists of ids are read 900 at a time
(SQLite's default limit on parameters is 999).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from datetime import datetime
from typing import Any, TypeVar

from chronomem.errors import StoreError
from chronomem.graph import sqlite_schema as sql
from chronomem.graph.codec import fact_from_values, fact_values, to_us
from chronomem.graph.importance import Usage
from chronomem.graph.sqlite_lifecycle_sql import EVICTED_OF_SESSION, INSERT_USAGE, usage_row
from chronomem.graph.sqlite_tx import immediate
from chronomem.graph.turn_scope import clash_error
from chronomem.graph.turn_times import times_json
from chronomem.graph.writer import SessionContent
from chronomem.schema.models import Entity, Fact, Mention, Session, normalize_name, trusted

T = TypeVar("T")


def marks(items: Sequence[Any]) -> str:
    """``?`` placeholders for ``items``, for a statement's ``{}``."""
    return ", ".join("?" * len(items))


def chunks(items: Sequence[Any], size: int = 900) -> Iterator[Sequence[Any]]:
    """``items`` in consecutive pieces of at most ``size``."""
    for i in range(0, len(items), size):
        yield items[i : i + size]


def next_vector_sequence(db: sqlite3.Connection) -> int:
    """Take the next number of the store's vector sequence, in the caller's write transaction (SQLite
    has one writer at a time, so the numbers follow the commit order; see :mod:`chronomem.graph.vectors`)."""
    (seq,) = db.execute(sql.NEXT_VECTOR_SEQUENCE, (sql.VECTOR_SEQUENCE_KEY,)).fetchone()
    return int(seq)


def row_to_entity(row: Sequence[Any]) -> Entity:
    """The entity of a row ``(id, group_id, name, type, aliases JSON)``."""
    return trusted(Entity, {"id": row[0], "group_id": row[1], "name": row[2], "type": row[3],
                            "aliases": json.loads(row[4])})


class SqliteWrite:
    """The primitives of one write transaction of group ``group`` on the connection ``db``."""

    def __init__(self, db: sqlite3.Connection, group: str) -> None:
        self.db, self.group = db, group

    def _select(self, statement: str, ids: Sequence[str], *, grouped: bool = True) -> Iterator[tuple[Any, ...]]:
        """Rows of ``statement`` (its ``{}`` the placeholders of ``ids``), 900 ids at a time."""
        for chunk in chunks(ids):
            params = [self.group, *chunk] if grouped else list(chunk)
            yield from self.db.execute(statement.format(marks(chunk)), params)

    def stored_entities(self, ids: Sequence[str]) -> dict[str, Entity]:
        return {r[0]: row_to_entity(r) for r in self._select(sql.ENTITIES_BY_ID, ids, grouped=False)}

    def put_entities(self, entities: Sequence[tuple[Entity, bool]]) -> None:
        # New entities are written in bulk; the pending rows are flushed before any update, so the
        # statements (and the full-text rowids) come in the same order as one entity at a time.
        pending = _EntityRows()
        for e, new in entities:
            if new:
                pending.entities.append((e.id, e.group_id, e.name, e.type, json.dumps(e.aliases)))
            else:
                pending.flush(self.db)
                self.db.execute(sql.UPDATE_ENTITY, (e.name, e.type, json.dumps(e.aliases), e.id))
                self.db.execute(sql.DELETE_ENTITY_FULLTEXT, (e.id,))
            names = [e.name, *e.aliases]
            pending.names.extend((e.group_id, norm, e.id) for norm in map(normalize_name, names) if norm)
            pending.fts.append((" ; ".join(names), e.group_id, e.id))
        pending.flush(self.db)

    def put_session(self, s: Session) -> bool:
        cur = self.db.execute(sql.INSERT_SESSION, (self.group, s.session_id, to_us(s.started_at),
                                                   json.dumps(s.metadata, default=str)))
        if cur.rowcount == 0:  # stored already: immutable, its turns are what they are
            return False
        clashes: list[tuple[str, str]] = []
        for chunk in chunks([t.id for t in s.turns if t.id is not None]):
            clashes += self.db.execute(sql.TURN_CLASHES.format(marks(chunk)),
                                       [self.group, *chunk, s.session_id]).fetchall()
        if clashes:
            raise clash_error(self.group, s.session_id, clashes)
        self.db.executemany(sql.INSERT_TURN, [(self.group, t.id, s.session_id, t.speaker, t.text, to_us(t.at), n,
                                               times_json(t.text, t.at or s.started_at))
                                              for n, t in enumerate(s.turns)])
        return True

    def stored_session(self, session_id: str) -> SessionContent | None:
        started = self.db.execute(sql.SESSION_STARTED_AT, (self.group, session_id)).fetchone()
        if started is None:
            return None
        return started[0], [tuple(r) for r in self.db.execute(sql.SESSION_CONTENT, (self.group, session_id))]

    def put_mentions(self, mentions: Sequence[Mention]) -> None:
        self.db.executemany(sql.INSERT_MENTION, [(self.group, m.turn_id, m.entity_id) for m in mentions])

    def claim_ids(self, slots: Sequence[str]) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for slot, cid in self._select(sql.CLAIM_IDS_OF_SLOTS, slots):
            out.setdefault(slot, set()).add(cid)
        return out

    def claim_bodies(self, slots: Sequence[str]) -> Iterable[tuple[str, str, str]]:
        return self._select(sql.CLAIMS_OF_SLOTS, slots)

    def insert_claims(self, rows: Sequence[tuple[str, str, str]], recorded_at: datetime) -> None:
        rec = to_us(recorded_at)
        self.db.executemany(sql.INSERT_CLAIM, [(self.group, slot, cid, body, rec) for slot, cid, body in rows])

    def current_versions(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = {}
        for r in sorted(self._select(sql.CURRENT_OF_SLOTS, slots), key=lambda r: r[0]):  # rowid: insertion order
            out.setdefault(r[3], []).append(fact_from_values(r[1:]))
        return out

    def expire_versions(self, expired: Sequence[tuple[str, datetime]]) -> None:
        if not expired:
            return
        seq = next_vector_sequence(self.db)  # the expired versions' vectors leave every side-index
        self.db.executemany(sql.EXPIRE_FACT, [(to_us(at), seq, fid, self.group) for fid, at in expired])

    def insert_versions(self, facts: Sequence[Fact]) -> None:
        (last_rowid,) = self.db.execute(sql.LAST_FACT_ROWID).fetchone()
        self.db.executemany(sql.INSERT_FACT, [fact_values(f) for f in facts])
        self.db.execute(sql.INDEX_NEW_FACTS, (last_rowid,))

    def put_usage(self, rows: Sequence[Usage]) -> None:
        self.db.executemany(INSERT_USAGE, [usage_row(self.group, u) for u in rows])

    def evicted_of_session(self, session_id: str) -> set[str]:
        return {i for (i,) in self.db.execute(EVICTED_OF_SESSION, (self.group, session_id))}


class _EntityRows:
    """Entity rows waiting to be written in bulk (see :meth:`SqliteWrite.put_entities`)."""

    def __init__(self) -> None:
        self.entities: list[tuple[Any, ...]] = []
        self.names: list[tuple[Any, ...]] = []
        self.fts: list[tuple[Any, ...]] = []

    def flush(self, db: sqlite3.Connection) -> None:
        """Write the pending rows: entities, then their names, then their full-text rows."""
        db.executemany(sql.INSERT_ENTITY, self.entities)
        db.executemany(sql.INSERT_ENTITY_NAME, self.names)
        db.executemany(sql.INSERT_ENTITY_FULLTEXT, self.fts)
        self.entities, self.names, self.fts = [], [], []


def drop_deferred_indexes(db: sqlite3.Connection) -> list[str]:
    """Drop the secondary fact indexes (:data:`~chronomem.graph.sqlite_schema.DEFERRED_FACT_INDEXES`)
    when the store holds no facts yet, in one transaction; returns the names dropped (none when
    it has facts: rebuilding their indexes would cost more than keeping them up to date)."""
    with immediate(db):
        (empty,) = db.execute(sql.NO_FACTS).fetchone()
        dropped = list(sql.DEFERRED_FACT_INDEXES) if empty else []
        for name in dropped:
            db.execute(sql.DROP_INDEX.format(name))
    return dropped


def build_indexes(db: sqlite3.Connection, names: Sequence[str]) -> None:
    """Build the deferred fact indexes ``names`` (each one sort over the table), in one transaction."""
    if not names:
        return
    with immediate(db):
        for name in names:
            db.execute(sql.DEFERRED_FACT_INDEXES[name])


@contextmanager
def bulk_import(db: sqlite3.Connection, lock: AbstractContextManager[Any], path: str) -> Iterator[None]:
    """Around a bulk import into the store at ``path`` (``db`` its connection, ``lock`` its writers'
    lock): a larger page cache (``BULK_CACHE_SIZE``) and, into a store without facts, the secondary
    fact indexes dropped first and built once at the end, also when the import fails (a killed
    import leaves them to the next open, which creates missing indexes)."""
    with lock:
        dropped = _preparing(path, lambda: drop_deferred_indexes(db))
        db.execute(sql.BULK_CACHE_SIZE)
    try:
        yield
    finally:
        with lock:
            try:
                _preparing(path, lambda: build_indexes(db, dropped))
            finally:
                db.execute(sql.CACHE_SIZE)


def _preparing(path: str, work: Callable[[], T]) -> T:
    """``work()``, its SQLite errors as a :class:`StoreError` about the bulk import into ``path``."""
    try:
        return work()
    except sqlite3.Error as e:
        raise StoreError(f"preparing {path} for a bulk import (or finishing one) failed: {e}") from e
