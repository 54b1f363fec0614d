"""The Neo4j store's half of :class:`~chronomem.graph.lifecycle.LifecycleStore`: usage, policies, evictions.

:class:`Neo4jLifecycle` is mixed into :class:`~chronomem.graph.neo4j_store.Neo4jGraphStore`;
:class:`Neo4jEvict` holds the eviction primitives (:mod:`chronomem.graph.evictor`). The Cypher is
:mod:`chronomem.graph.cypher_lifecycle`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from chronomem.errors import ChronomemError, StoreError
from chronomem.graph import cypher_lifecycle as cql
from chronomem.graph.codec import from_us, to_us
from chronomem.graph.erasure import Erasure
from chronomem.graph.importance import Usage, UsageKind
from chronomem.graph.lifecycle import Eviction, EvictionReport, RetentionPolicy, TurnState, stored_time
from chronomem.graph.neo4j_erasure import Neo4jErase
from chronomem.graph.neo4j_write import usage_rows

if TYPE_CHECKING:
    import neo4j

    from chronomem.graph.neo4j_known_entities import KnownEntities

T = TypeVar("T")
_USAGE_OF = {"turn": cql.TURN_USAGE, "fact": cql.FACT_USAGE}
_REPLACE_USAGE = {"turn": cql.REPLACE_TURN_USAGE, "fact": cql.REPLACE_FACT_USAGE}


def _usage(kind: UsageKind, r: Any) -> Usage:
    return Usage(kind, r["id"], float(r["importance"]), born_at=stored_time(r["born_at"]), used_at=from_us(r["used_at"]),
                 kept=bool(r["kept"]))


def _eviction(r: Any) -> Eviction:
    return Eviction(r["id"], r["session_id"], stored_time(r["evicted_at"]), r["merged_into"])


class Neo4jLifecycle:
    """Usage, policies and evictions on Neo4j (a mixin of ``Neo4jGraphStore``)."""

    if TYPE_CHECKING:
        uri: str
        _known_entities: KnownEntities

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

        self._write(work, "storing usage on")

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

        self._write(work, "storing the retention policy on")

    def evict_turns(self, group_id: str, turn_ids: Sequence[str], *, audit: Erasure,
                    merged_into: Mapping[str, str] | None = None) -> EvictionReport:
        from chronomem.graph.evictor import evict

        try:
            return self._write(lambda tx: evict(Neo4jEvict(tx, group_id), turn_ids, audit, merged_into),
                               "evicting turns on", undone="evicted")
        finally:
            self._known_entities.clear()  # entities only evicted turns named are gone

    def evictions(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, Eviction]:
        wanted = list(dict.fromkeys(turn_ids))
        if not wanted:
            return {}
        return {r["id"]: _eviction(r) for r in self._read(cql.EVICTIONS, g=group_id, ids=wanted)}

    def merged_into(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, list[Eviction]]:
        wanted = list(dict.fromkeys(turn_ids))
        out: dict[str, list[Eviction]] = {}
        for r in self._read(cql.MERGED_INTO, g=group_id, ids=wanted) if wanted else ():
            out.setdefault(r["merged_into"], []).append(_eviction(r))
        return out

    def _write(self, work: Callable[[neo4j.ManagedTransaction], T], what: str, *, undone: str = "written") -> T:
        """``work`` in one managed write transaction; its failure is a :class:`StoreError` saying what
        was being done (``"evicting turns on"``) and that nothing was (``undone``)."""
        from neo4j.exceptions import DriverError, Neo4jError

        try:
            with self._session() as session:
                return session.execute_write(work)
        except ChronomemError:
            raise
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"{what} Neo4j at {self.uri} failed (nothing was {undone}): {e}") from e


class Neo4jEvict(Neo4jErase):
    """The eviction primitives (:class:`~chronomem.graph.evictor.EvictTransaction`) of one transaction:
    those of ``forget`` (:class:`~chronomem.graph.neo4j_erasure.Neo4jErase`), and two of its own."""

    def turn_sessions(self, ids: Sequence[str]) -> dict[str, str]:
        return {r["id"]: r["session_id"] for r in self.tx.run(cql.TURN_SESSIONS, g=self.group, ids=list(ids))}

    def record_evictions(self, rows: Sequence[Eviction]) -> None:
        self.tx.run(cql.CREATE_EVICTIONS, g=self.group, rows=[
            {"id": e.turn_id, "session_id": e.session_id, "evicted_at": to_us(e.evicted_at), "merged_into": e.merged_into}
            for e in rows]).consume()
