"""The Neo4j store's half of :class:`~chronomem.graph.lifecycle.LifecycleStore`: usage, policies, evictions.

:class:`Neo4jLifecycle` is mixed into :class:`~chronomem.graph.neo4j_store.Neo4jGraphStore`;
:class:`Neo4jEvict` holds the eviction primitives (:mod:`chronomem.graph.evictor`). The Cypher is
:mod:`chronomem.graph.cypher_lifecycle`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from chronomem.errors import ChronomemError, StoreError
from chronomem.graph import cypher
from chronomem.graph import cypher_lifecycle as cql
from chronomem.graph.codec import from_us, to_us
from chronomem.graph.erasure import Erasure
from chronomem.graph.importance import Usage, UsageKind
from chronomem.graph.lifecycle import Eviction, EvictionReport, RetentionPolicy, TurnState, stored_time

if TYPE_CHECKING:
    import neo4j

T = TypeVar("T")
_USAGE_OF = {"turn": cql.TURN_USAGE, "fact": cql.FACT_USAGE}
_REPLACE_USAGE = {"turn": cql.REPLACE_TURN_USAGE, "fact": cql.REPLACE_FACT_USAGE}


def usage_rows(rows: Sequence[Usage]) -> list[dict[str, Any]]:
    """The ``$rows`` of the usage statements."""
    return [{"id": u.id, "importance": u.importance, "used_at": to_us(u.used_at), "kept": u.kept} for u in rows]


def _usage(kind: UsageKind, r: Any) -> Usage:
    return Usage(kind, r["id"], float(r["importance"]), born_at=stored_time(r["born_at"]), used_at=from_us(r["used_at"]),
                 kept=bool(r["kept"]))


class Neo4jLifecycle:
    """Usage, policies and evictions on Neo4j (a mixin of ``Neo4jGraphStore``)."""

    if TYPE_CHECKING:
        uri: str

        def _session(self, *, read: bool = False) -> neo4j.Session: ...

        def _read(self, statement: str, **params: Any) -> list[Any]: ...

        def _stream(self, statement: str, **params: Any) -> Iterator[Any]: ...

    def usage(self, group_id: str, kind: UsageKind, ids: Sequence[str]) -> dict[str, Usage]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return {}
        return {r["id"]: _usage(kind, r) for r in self._read(_USAGE_OF[kind], g=group_id, ids=wanted)}

    def put_usage(self, group_id: str, rows: Sequence[Usage]) -> None:
        def work(tx: neo4j.ManagedTransaction) -> None:
            for kind in ("turn", "fact"):
                mine = [u for u in rows if u.kind == kind]
                if mine:
                    tx.run(_REPLACE_USAGE[kind], g=group_id, rows=usage_rows(mine)).consume()

        self._write(work, "storing usage")

    def turn_states(self, group_id: str) -> Iterator[TurnState]:
        for r in self._stream(cql.TURN_STATES, g=group_id):
            usage = None if r["importance"] is None else Usage(
                "turn", r["id"], float(r["importance"]), born_at=stored_time(r["at"]), used_at=from_us(r["used_at"]),
                kept=bool(r["kept"]))
            yield TurnState(r["id"], r["session_id"], stored_time(r["at"]), usage)

    def retention_policy(self, group_id: str) -> RetentionPolicy | None:
        rows = self._read(cql.POLICY, g=group_id)
        return RetentionPolicy.model_validate_json(rows[0]["body"]) if rows else None

    def set_retention_policy(self, group_id: str, policy: RetentionPolicy | None) -> None:
        def work(tx: neo4j.ManagedTransaction) -> None:
            if policy is None:
                tx.run(cql.DELETE_POLICY, g=group_id).consume()
            else:
                tx.run(cql.SET_POLICY, g=group_id, body=policy.model_dump_json()).consume()

        self._write(work, "storing the retention policy")

    def evict_turns(self, group_id: str, turn_ids: Sequence[str], *, audit: Erasure) -> EvictionReport:
        from chronomem.graph.evictor import evict

        return self._write(lambda tx: evict(Neo4jEvict(tx, group_id), turn_ids, audit), "evicting turns")

    def evictions(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, Eviction]:
        wanted = list(dict.fromkeys(turn_ids))
        if not wanted:
            return {}
        return {r["id"]: Eviction(r["id"], r["session_id"], stored_time(r["evicted_at"]))
                for r in self._read(cql.EVICTIONS, g=group_id, ids=wanted)}

    def _write(self, work: Callable[[neo4j.ManagedTransaction], T], what: str) -> T:
        from neo4j.exceptions import DriverError, Neo4jError

        try:
            with self._session() as session:
                return session.execute_write(work)
        except ChronomemError:
            raise
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"{what} on Neo4j at {self.uri} failed (nothing was written): {e}") from e


class Neo4jEvict:
    """The eviction primitives (:class:`~chronomem.graph.evictor.EvictTransaction`) of one transaction."""

    def __init__(self, tx: neo4j.ManagedTransaction, group: str) -> None:
        self.tx, self.group = tx, group

    def _ids(self, statement: str, **params: Any) -> set[str]:
        return {r["id"] for r in self.tx.run(statement, g=self.group, **params)}

    def turn_sessions(self, ids: Sequence[str]) -> dict[str, str]:
        return {r["id"]: r["session_id"] for r in self.tx.run(cql.TURN_SESSIONS, g=self.group, ids=list(ids))}

    def mentioned_by(self, turn_ids: Sequence[str]) -> set[str]:
        return self._ids(cql.MENTIONED_BY_TURNS, ids=list(turn_ids))

    def delete_turns(self, ids: Sequence[str]) -> None:
        self.tx.run(cypher.ERASE_TURNS, g=self.group, ids=list(ids)).consume()

    def record_evictions(self, rows: Sequence[Eviction]) -> None:
        self.tx.run(cql.CREATE_EVICTIONS, g=self.group, rows=[
            {"id": e.turn_id, "session_id": e.session_id, "evicted_at": to_us(e.evicted_at)} for e in rows]).consume()

    def unused_entities(self, ids: Sequence[str]) -> set[str]:
        return self._ids(cypher.ERASE_UNUSED_ENTITIES, ids=list(ids))

    def delete_entities(self, ids: Sequence[str]) -> None:
        self.tx.run(cypher.ERASE_ENTITIES, g=self.group, ids=list(ids)).consume()

    def record_erasure(self, audit: Erasure) -> None:
        self.tx.run(cypher.CREATE_ERASURE, g=self.group, kind=audit.kind, target_sha256=audit.target_sha256,
                    erased_at=to_us(audit.erased_at), erased_by=audit.erased_by,
                    counts_json=json.dumps(audit.counts)).consume()
