"""The embedded store's half of :class:`~chronomem.graph.lifecycle.LifecycleStore`: usage, policies, evictions.

Three tables: ``usage`` (a turn's or fact version's importance, last use, promotion), ``policies``
(a group's :class:`~chronomem.graph.lifecycle.RetentionPolicy` as JSON) and ``evicted_turns`` (the
id, session and time of each turn retention erased). Triggers delete an item's usage row with
the item (``forget``, ``delete_group``), and a forgotten session's evictions with the session.
:class:`SqliteLifecycle` is mixed into :class:`~chronomem.graph.sqlite_store.SqliteGraphStore`;
:class:`SqliteEvict` holds the eviction primitives (:mod:`chronomem.graph.evictor`).
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from chronomem.errors import StoreError
from chronomem.graph.codec import from_us, to_us
from chronomem.graph.erasure import Erasure
from chronomem.graph.importance import Usage, UsageKind
from chronomem.graph.lifecycle import Eviction, EvictionReport, RetentionPolicy, TurnState, stored_time
from chronomem.graph.sqlite_erasure import SqliteErase
from chronomem.graph.sqlite_lifecycle_sql import (
    DELETE_POLICY,
    EVICTIONS_OF_IDS,
    INSERT_EVICTION,
    LIFECYCLE_SCHEMA,
    MERGED_INTO,
    POLICY_OF_GROUP,
    REPLACE_USAGE,
    SET_POLICY,
    TURN_SESSIONS,
    TURN_STATES,
    USAGE_OF_IDS,
    usage_row,
)
from chronomem.graph.sqlite_tx import immediate
from chronomem.graph.sqlite_write import chunks, marks

T = TypeVar("T")

def create_lifecycle_tables(db: sqlite3.Connection) -> None:
    """Create the tables and triggers (an older store gets them when opened; its items have no usage
    rows, and count with the table's default importance)."""
    db.executescript(LIFECYCLE_SCHEMA)


def _usage(kind: UsageKind, row: Sequence[Any]) -> Usage:
    """The usage of a row ``(id, importance, born_at, used_at, kept)``."""
    return Usage(kind, row[0], float(row[1]), born_at=stored_time(row[2]), used_at=from_us(row[3]), kept=bool(row[4]))


class SqliteLifecycle:
    """Usage, policies and evictions on the embedded store (a mixin of ``SqliteGraphStore``)."""

    if TYPE_CHECKING:
        path: str
        _db: sqlite3.Connection
        _lock: threading.RLock

        def _query(self, statement: str, params: Sequence = ()) -> list[tuple]: ...

        def _erase(self, work: Callable[[sqlite3.Connection], Any]) -> Any: ...

    def usage(self, group_id: str, kind: UsageKind, ids: Sequence[str]) -> dict[str, Usage]:
        out: dict[str, Usage] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            out.update((r[0], _usage(kind, r)) for r in self._query(USAGE_OF_IDS.format(marks(chunk)),
                                                                      [group_id, kind, *chunk]))
        return out

    def put_usage(self, group_id: str, rows: Sequence[Usage]) -> None:
        self._write(lambda db: db.executemany(REPLACE_USAGE, [usage_row(group_id, u) for u in rows]))

    def turn_states(self, group_id: str) -> Iterator[TurnState]:
        for r in self._query(TURN_STATES, (group_id,)):
            usage = None if r[3] is None else _usage("turn", (r[0], *r[3:]))
            yield TurnState(r[0], r[1], stored_time(r[2]), usage)

    def retention_policy(self, group_id: str) -> RetentionPolicy | None:
        rows = self._query(POLICY_OF_GROUP, (group_id,))
        return RetentionPolicy.model_validate_json(rows[0][0]) if rows else None

    def set_retention_policy(self, group_id: str, policy: RetentionPolicy | None) -> None:
        if policy is None:
            self._write(lambda db: db.execute(DELETE_POLICY, (group_id,)))
        else:
            self._write(lambda db: db.execute(SET_POLICY, (group_id, policy.model_dump_json())))

    def evict_turns(self, group_id: str, turn_ids: Sequence[str], *, audit: Erasure,
                    merged_into: Mapping[str, str] | None = None) -> EvictionReport:
        from chronomem.graph.evictor import evict

        return self._erase(lambda db: evict(SqliteEvict(db, group_id), turn_ids, audit, merged_into))

    def evictions(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, Eviction]:
        out: dict[str, Eviction] = {}
        for chunk in chunks(list(dict.fromkeys(turn_ids))):
            rows = self._query(EVICTIONS_OF_IDS.format(marks(chunk)), [group_id, *chunk])
            out.update((r[0], Eviction(r[0], r[1], stored_time(r[2]), r[3])) for r in rows)
        return out

    def merged_into(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, list[Eviction]]:
        out: dict[str, list[Eviction]] = {}
        for chunk in chunks(list(dict.fromkeys(turn_ids))):
            for r in self._query(MERGED_INTO.format(marks(chunk)), [group_id, *chunk]):
                out.setdefault(r[3], []).append(Eviction(r[0], r[1], stored_time(r[2]), r[3]))
        return out

    def _write(self, work: Callable[[sqlite3.Connection], object]) -> None:
        """``work`` in one write transaction."""
        with self._lock:
            try:
                with immediate(self._db) as db:
                    work(db)
            except sqlite3.Error as e:
                raise StoreError(f"writing to {self.path} failed (nothing was written): {e}") from e


class SqliteEvict(SqliteErase):
    """The eviction primitives (:class:`~chronomem.graph.evictor.EvictTransaction`) of one transaction:
    those of ``forget`` (:class:`~chronomem.graph.sqlite_erasure.SqliteErase`), and two of its own."""

    def turn_sessions(self, ids: Sequence[str]) -> dict[str, str]:
        return {turn_id: session_id for turn_id, session_id in self._select(TURN_SESSIONS, ids)}

    def record_evictions(self, rows: Sequence[Eviction]) -> None:
        self.db.executemany(INSERT_EVICTION, [(self.group, e.turn_id, e.session_id, to_us(e.evicted_at), e.merged_into)
                                              for e in rows])
