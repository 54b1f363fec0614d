"""The Neo4j store: entities are nodes, fact versions are ``FACT`` relationships.

It behaves exactly like :class:`~chronomem.graph.sqlite_store.SqliteGraphStore` (one contract
suite runs against both). Writes are ``UNWIND $rows`` batches inside one ``execute_write`` per
batch; the Cypher lives in :mod:`chronomem.graph.cypher`. Times are stored as integer
microseconds since the epoch, so interval filters are plain range comparisons.

Connect with ``Neo4jGraphStore("bolt://localhost:7687", user="neo4j", password="...")`` or
:meth:`Neo4jGraphStore.from_env` (``NEO4J_URI``, ``NEO4J_USER``, ``NEO4J_PASSWORD``,
``NEO4J_DATABASE``). Full-text queries are built from word tokens only:

>>> lucene_query('title:"x" AND (y* OR ~z) O\\'Brien')
'"title" OR "x" OR "and" OR "y" OR "or" OR "z" OR "o\\'brien"'
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

import neo4j
from neo4j.exceptions import (
    AuthError,
    ClientError,
    ConstraintError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
    TransientError,
)

from chronomem.errors import ChronomemError, ConfigError, InputError, StoreError
from chronomem.graph import cypher
from chronomem.graph import cypher_lifecycle as cql
from chronomem.graph.base import (
    FactsAbout,
    SessionRecord,
    TextKind,
    TurnRecord,
    WriteBatch,
    WriteReport,
    breadth_first,
    fact_order,
)
from chronomem.graph.codec import fact_from_mapping, from_us, to_us
from chronomem.graph.cypher_vectors import CREATE_PROPERTY_KEY, PROPERTY_KEYS, VECTOR_INDEXES
from chronomem.graph.erasure import Erasure, ErasureReport
from chronomem.graph.neo4j_deferred_index import deferred_fact_fulltext, index_missing
from chronomem.graph.neo4j_known_entities import KnownEntities
from chronomem.graph.neo4j_lifecycle import Neo4jLifecycle
from chronomem.graph.neo4j_migration import migrate_claims, migrate_current
from chronomem.graph.neo4j_vectors import Neo4jVectors
from chronomem.graph.neo4j_write import CreatedFirst, Neo4jWrite, create_entities_first, fact_props, record_to_entity
from chronomem.graph.turn_scope import migrate_neo4j
from chronomem.graph.writer import write_batch
from chronomem.graph.writing import merge_batch_entities, validate_batch
from chronomem.schema.models import Entity, Fact, normalize_name
from chronomem.schema.timeutil import ensure_utc
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

_WORD = re.compile(r"\w+(?:['\u2019]\w+)*", re.UNICODE)
#: The most matches a full-text query asks Lucene for before falling back to ranking every match.
FULLTEXT_TOP_MAX = 50_000
__all__ = ["Neo4jGraphStore", "fact_props", "lucene_query", "record_to_fact"]
_SCHEMA_EXISTS = ("EquivalentSchemaRuleAlreadyExists", "IndexAlreadyExists", "ConstraintAlreadyExists")
START_HINT = (
    "start Neo4j 5 (Neo4j Desktop, `docker run -p 7687:7687 -e NEO4J_AUTH=neo4j/<password> neo4j:5.26`, Aura, or "
    "`eval \"$(python scripts/neo4j_test_server.py start --state-dir .ci/state/neo4j)\"` in a checkout) and set "
    "NEO4J_URI, NEO4J_USER and NEO4J_PASSWORD"
)


def is_auth_failure(error: BaseException) -> bool:
    """True when Neo4j refused the credentials (wrong or missing user or password, too many attempts)."""
    code = getattr(error, "code", None) or ""
    return isinstance(error, AuthError) or code.rsplit(".", 1)[-1] in ("Unauthorized", "AuthenticationRateLimit",
                                                                          "CredentialsExpired")


def lucene_query(text: str) -> str:
    """A Lucene query that ORs the words of ``text``, each quoted, so no input is syntax."""
    words = list(dict.fromkeys(w.lower() for w in _WORD.findall(text)))[:64]
    return " OR ".join(f'"{w}"' for w in words)


record_to_fact = fact_from_mapping  # a fact record or map (keyed by chronomem.graph.codec.FACT_FIELDS)


def _record_to_turn(r: Any) -> TurnRecord:
    return TurnRecord(id=r["id"], session_id=r["session_id"], group_id=r["group_id"], speaker=r["speaker"],
                      text=r["text"], at=from_us(r["at"]), seq=r["seq"], times=r.get("times"))


class Neo4jGraphStore(Neo4jVectors, Neo4jLifecycle):
    """A :class:`~chronomem.graph.base.GraphStore` on Neo4j 5 (Community or Enterprise, or Aura); it keeps
    vectors with the data (:class:`~chronomem.graph.neo4j_vectors.Neo4jVectors`)."""

    #: Batches a bulk import keeps in flight (:mod:`chronomem.graph.concurrent_write`): one's Python
    #: runs while the other's statements run on the server.
    import_writers = 2

    def __init__(self, uri: str, *, user: str | None = None, password: str | None = None, database: str | None = None,
                 vocabulary: Vocabulary | None = None) -> None:
        self.vocabulary = vocabulary or CORE_VOCABULARY
        self.uri, self.database = uri, database
        self._known_entities = KnownEntities()
        auth = None if user is None and password is None else (user or "neo4j", password or "")
        try:
            # The server notes every property key it has not seen yet ("erased_at" before the first erasure):
            # optional properties, expected. Left on, the driver logs each as a warning, on every query.
            self._driver = neo4j.GraphDatabase.driver(
                uri, auth=auth, notifications_disabled_categories=[neo4j.NotificationDisabledCategory.UNRECOGNIZED])
        except (DriverError, Neo4jError, ValueError) as e:
            raise StoreError(f"cannot use Neo4j URI {uri!r}: {e}; {START_HINT}") from e
        try:
            self._driver.verify_connectivity()
            self._create_schema()
        except (DriverError, Neo4jError, OSError) as e:
            self._driver.close()
            if is_auth_failure(e):
                who = f"user {(user or 'neo4j')!r}" + ("" if password else " with no password")
                raise StoreError(f"Neo4j at {uri} refused the credentials ({who}): {e}; set NEO4J_USER and "
                                 "NEO4J_PASSWORD to an account of that server") from e
            raise StoreError(f"cannot connect to Neo4j at {uri}: {e}; {START_HINT}") from e

    @classmethod
    def from_env(cls, *, vocabulary: Vocabulary | None = None) -> Neo4jGraphStore:
        """Connect with ``NEO4J_URI``, ``NEO4J_USER`` (default ``neo4j``), ``NEO4J_PASSWORD``, ``NEO4J_DATABASE``."""
        uri = os.environ.get("NEO4J_URI")
        if not uri:
            raise ConfigError(f"NEO4J_URI is not set: {START_HINT}")
        return cls(uri, user=os.environ.get("NEO4J_USER") or "neo4j", password=os.environ.get("NEO4J_PASSWORD"),
                   database=os.environ.get("NEO4J_DATABASE") or None, vocabulary=vocabulary)

    def __repr__(self) -> str:
        return f"Neo4jGraphStore({self.uri!r}, database={self.database!r})"

    def close(self) -> None:
        self._driver.close()

    def __enter__(self) -> Neo4jGraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _session(self, *, read: bool = False) -> neo4j.Session:
        mode = {"default_access_mode": neo4j.READ_ACCESS} if read else {}
        return self._driver.session(database=self.database, fetch_size=2000, **mode)

    def _create_schema(self) -> None:
        with self._session() as session:
            for statement in (*cypher.CONSTRAINTS, *cypher.INDEXES, *VECTOR_INDEXES, *cql.CONSTRAINTS):
                try:
                    session.run(statement).consume()
                except ClientError as e:  # a concurrent opener created it first
                    if not any(code in (e.code or "") for code in _SCHEMA_EXISTS):
                        raise
            for statement in cypher.DROPPED_INDEXES:
                session.run(statement).consume()
            for name in PROPERTY_KEYS:
                try:
                    session.run(CREATE_PROPERTY_KEY, name=name).consume()
                except ClientError:  # an account that may not name new keys: reads then only warn
                    break
            session.run(cypher.AWAIT_INDEXES, seconds=300).consume()
            migrate_claims(session)  # first: the turn-id migration rescopes claims where they live now
            migrate_current(session)
            session.run(cypher.START_SEQUENCE, key=cypher.SEQUENCE_KEY).consume()
            session.execute_write(migrate_neo4j)

    def _read(self, statement: str, **params: Any) -> list[Any]:
        """One read statement as an auto-commit transaction: a single round trip (RUN and PULL)
        where a managed transaction adds BEGIN and COMMIT, about a third of a short read's time.
        A transient failure (a leader switch, a dropped connection) falls back to a managed read
        transaction, which the driver retries."""
        def work(tx: neo4j.ManagedTransaction) -> list[Any]:
            return list(tx.run(statement, params))

        try:
            try:
                with self._session(read=True) as session:
                    return list(session.run(statement, params))  # type: ignore[arg-type]
            except (TransientError, SessionExpired, ServiceUnavailable):
                with self._session() as session:
                    return session.execute_read(work)
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"Neo4j query failed at {self.uri}: {e}") from e

    def _stream(self, statement: str, **params: Any) -> Iterator[Any]:
        """A whole-group read as the server sends it (``fetch_size`` records at a time), so that
        a million fact versions are never all in memory at once; no retry, as a stream cannot be
        replayed halfway."""
        try:
            with self._session(read=True) as session:
                yield from session.run(statement, params)  # type: ignore[arg-type]
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"Neo4j query failed at {self.uri}: {e}") from e

    # -- writing -------------------------------------------------------------------------
    def write(self, batch: WriteBatch, *, recorded_at: datetime) -> WriteReport:
        validate_batch(self.vocabulary, batch)
        recorded_at = ensure_utc(recorded_at, what="recorded_at")
        known = self._known_entities if self._known_entities.is_active else None
        writes: list[Neo4jWrite] = []  # the last attempt's (the driver retries transient failures)
        first: CreatedFirst | None = None

        def work(tx: neo4j.ManagedTransaction) -> WriteReport:
            writes.append(Neo4jWrite(tx, batch.group_id, reserve=self.reserve, known=known, created_first=first))
            report = write_batch(writes[-1], self.vocabulary, batch, recorded_at)
            writes[-1].finish()
            return report

        try:
            with self._session() as session:
                if known is not None and batch.session is None and batch.entities:  # a bulk import's batch
                    entities = list(merge_batch_entities(batch.entities).values())
                    first, as_given = session.execute_write(create_entities_first, batch.group_id, entities, known)
                    known.add(as_given)
                report = session.execute_write(work)
        except ChronomemError:
            raise
        except ConstraintError as e:
            raise InputError(f"batch for group {batch.group_id!r} conflicts with stored records: {e}") from e
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"writing to Neo4j at {self.uri} failed (nothing was written): {e}") from e
        if known is not None:  # committed: later batches need not send these again
            known.add(writes[-1].stored_as_given)
        return report

    @contextmanager
    def bulk_load(self, *, index_progress: Callable[[int, int], None] | None = None) -> Iterator[None]:
        """A bulk import's batches (``Memory.import_facts``): an entity a committed batch stored, or
        found stored, exactly as given is not sent again (:mod:`chronomem.graph.neo4j_known_entities`);
        into a store with no facts, the fact full-text index is built after the load
        (:mod:`chronomem.graph.neo4j_deferred_index`; ``index_progress(percent, 100)`` meanwhile)."""
        try:
            with deferred_fact_fulltext(self._session, progress=index_progress), self._known_entities.active():
                yield
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"preparing Neo4j at {self.uri} for a bulk import (or finishing one) failed: {e}") from e

    def reserve(self, group_id: str, count: int) -> int:
        """Take ``count`` consecutive insertion numbers for ``group_id`` in a transaction of its own (a
        few milliseconds; the counter is store-wide, see ``cypher.NEXT_SEQUENCE``) and return the first:
        a write holding the counter until its commit would make every concurrent writer wait for
        that commit. A number taken by a write that then fails is never used (a gap, as in the
        embedded store's rowids)."""
        def take(tx: neo4j.ManagedTransaction) -> int:
            return int(tx.run(cypher.NEXT_SEQUENCE, key=cypher.SEQUENCE_KEY, count=count).single(strict=True)["first"])

        with self._session() as session:
            return session.execute_write(take)

    # -- entities ------------------------------------------------------------------------
    def get_entities(self, group_id: str, ids: Sequence[str]) -> dict[str, Entity]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        return {r["id"]: record_to_entity(r) for r in self._read(cypher.ENTITIES_BY_ID, g=group_id, ids=ids)}

    def find_entities(self, group_id: str, name: str) -> list[Entity]:
        norm = normalize_name(name)
        if not norm:
            return []
        return [record_to_entity(r) for r in self._read(cypher.FIND_ENTITIES, g=group_id, norm=norm)]

    def iter_entities(self, group_id: str) -> Iterator[Entity]:
        yield from (record_to_entity(r) for r in self._stream(cypher.ENTITIES_OF_GROUP, g=group_id))

    # -- facts ---------------------------------------------------------------------------
    def facts_of(self, group_id: str, entity_ids: Sequence[str], *, predicate: str | None = None,
                 as_of: datetime | None = None, known_at: datetime | None = None, include_expired: bool = False) -> list[Fact]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        rows = self._read(cypher.FACTS_OF_ENTITIES, g=group_id, ids=ids, predicate=predicate or None,
                          **_time_params(as_of, known_at, include_expired))
        out = {r["id"]: record_to_fact(r, self.vocabulary) for r in rows}
        return sorted(out.values(), key=fact_order)

    def facts_about(self, group_id: str, name: str, *, predicate: str | None = None, as_of: datetime | None = None,
                    known_at: datetime | None = None, include_expired: bool = False) -> FactsAbout:
        norm = normalize_name(name)
        if not norm:
            return FactsAbout([], [], {})
        (row,) = self._read(cypher.FACTS_ABOUT, g=group_id, norm=norm, predicate=predicate or None,
                            **_time_params(as_of, known_at, include_expired))
        rows = [r for per_entity in row["facts"] for r in per_entity]
        facts = {r["id"]: record_to_fact(r, self.vocabulary) for r in rows}
        touched = {e["id"]: record_to_entity(e) for r in rows for e in (r["s"], r["o"])}
        return FactsAbout([record_to_entity(e) for e in row["entities"]], sorted(facts.values(), key=fact_order), touched)

    def get_facts(self, group_id: str, ids: Sequence[str]) -> list[Fact]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        out = {r["id"]: record_to_fact(r, self.vocabulary) for r in self._read(cypher.FACTS_BY_ID, g=group_id, ids=wanted)}
        return [out[i] for i in ids if i in out]

    def fact_ids_starting(self, group_id: str, prefix: str, *, limit: int = 2) -> list[str]:
        """The ids of fact versions that start with ``prefix`` (a short id), at most ``limit``."""
        return [r["id"] for r in self._read(cypher.FACT_IDS_STARTING, g=group_id, prefix=prefix, limit=limit)]

    def iter_facts(self, group_id: str, *, as_of: datetime | None = None, known_at: datetime | None = None,
                   include_expired: bool = False) -> Iterator[Fact]:
        rows = self._stream(cypher.ALL_FACTS, g=group_id, **_time_params(as_of, known_at, include_expired))
        yield from (record_to_fact(r, self.vocabulary) for r in rows)

    def neighbourhood(self, group_id: str, entity_ids: Sequence[str], *, depth: int = 1, as_of: datetime | None = None,
                      known_at: datetime | None = None, limit: int = 500) -> list[Fact]:
        """Breadth-first, hop by hop, exactly as the embedded store: the filters apply on every hop."""
        def hop(frontier: list[str]) -> Iterator[Fact]:
            rows = self._read(cypher.FIRST_FACTS_OF_ENTITIES, g=group_id, ids=frontier, predicate=None, count=limit,
                              **_time_params(as_of, known_at, False))
            return (record_to_fact(r, self.vocabulary) for r in rows)

        return breadth_first(entity_ids, hop, depth=depth, limit=limit)

    def fact_counts(self, group_id: str, entity_ids: Sequence[str]) -> dict[str, int]:
        ids = list(dict.fromkeys(entity_ids))
        return {r["id"]: int(r["n"]) for r in self._read(cypher.FACT_COUNTS, g=group_id, ids=ids)} if ids else {}

    def changed_between(self, group_id: str, since: datetime, until: datetime) -> list[Fact]:
        rows = self._read(cypher.CHANGED_BETWEEN, g=group_id, since=to_us(since), until=to_us(until))
        return sorted((record_to_fact(r, self.vocabulary) for r in rows), key=fact_order)

    def first_recorded_at(self, group_id: str) -> datetime | None:
        (r,) = self._read(cypher.FIRST_RECORDED, g=group_id)
        return from_us(r["first"])

    # -- text ----------------------------------------------------------------------------
    def fulltext(self, group_id: str, text: str, *, kind: TextKind, limit: int = 20) -> list[tuple[str, float]]:
        query = lucene_query(text)
        if not query:
            return []
        if kind not in cypher.FULLTEXT:
            raise InputError(f"unknown text kind {kind!r}; use fact, entity or turn")
        limit = _limit(limit)
        fetch = max(4 * limit, 200)
        try:
            if fetch <= FULLTEXT_TOP_MAX:  # Lucene keeps a heap of that size: only for modest limits
                (top,) = self._read(cypher.FULLTEXT_TOP[kind], g=group_id, query=query, fetch=fetch)
                hits = sorted(top["hits"], key=lambda h: (-h[1], h[2]))[:limit]  # ties in insertion order
                if top["seen"] < fetch or len(hits) == limit:  # every match, or the group's best scores
                    return [(i, float(score)) for i, score, _ in hits]
            rows = self._read(cypher.FULLTEXT[kind], g=group_id, query=query, limit=limit)
        except StoreError as e:
            if kind == "fact" and index_missing(e):  # a bulk import builds it after its load
                return []
            raise
        return [(r["id"], float(r["score"])) for r in rows]

    # -- sessions and turns --------------------------------------------------------------
    def sessions(self, group_id: str) -> list[SessionRecord]:
        return [SessionRecord(r["id"], r["group_id"], from_us(r["started_at"]), r["turn_count"], json.loads(r["metadata_json"]))
                for r in self._read(cypher.SESSIONS, g=group_id)]

    def get_turns(self, group_id: str, ids: Sequence[str]) -> dict[str, TurnRecord]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        return {r["id"]: _record_to_turn(r) for r in self._read(cypher.TURNS_BY_ID, g=group_id, ids=ids)}

    def turns_of(self, group_id: str, session_id: str) -> list[TurnRecord]:
        return [_record_to_turn(r) for r in self._read(cypher.TURNS_OF_SESSION, g=group_id, session_id=session_id)]

    def iter_turns(self, group_id: str) -> Iterator[TurnRecord]:
        yield from (_record_to_turn(r) for r in self._stream(cypher.TURNS_OF_GROUP, g=group_id))

    def mentions_of(self, group_id: str, turn_id: str) -> list[str]:
        return [r["id"] for r in self._read(cypher.MENTIONS_OF, g=group_id, turn_id=turn_id)]

    def turns_mentioning(self, group_id: str, entity_ids: Sequence[str], *, limit: int = 50) -> list[str]:
        ids = list(dict.fromkeys(entity_ids))[:400]
        if not ids:
            return []
        return [r["id"] for r in self._read(cypher.TURNS_MENTIONING, g=group_id, ids=ids, limit=_limit(limit))]

    # -- housekeeping --------------------------------------------------------------------
    def groups(self) -> list[str]:
        return sorted({r["g"] for r in self._read(cypher.GROUPS)})

    def stats(self, group_id: str) -> dict[str, int]:
        (r,) = self._read(cypher.STATS, g=group_id)
        return {k: int(r[k]) for k in ("entities", "sessions", "turns", "claims", "facts", "fact_versions")}

    def delete_group(self, group_id: str) -> None:
        """Delete every node and relationship of ``group_id``, a few thousand per transaction."""
        def chunk(tx: neo4j.ManagedTransaction, statement: str) -> int:
            return int(tx.run(statement, g=group_id, chunk=5000).single()["n"])

        try:
            with self._session() as session:
                for statement in (*cypher.DELETE_GROUP, *cql.DELETE_GROUP):
                    while session.execute_write(chunk, statement):
                        pass
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"deleting group {group_id!r} from Neo4j at {self.uri} failed: {e}") from e
        finally:
            self._known_entities.clear()

    # -- forget (erasure; see chronomem.graph.erasure) ------------------------------------
    def forget_entities(self, group_id: str, entity_ids: Sequence[str], *, audit: Erasure) -> ErasureReport:
        """Erase the entities ``entity_ids`` of ``group_id`` for good (see :mod:`chronomem.graph.erasure`)."""
        from chronomem.graph.eraser import erase_entities
        from chronomem.graph.neo4j_erasure import Neo4jErase

        ids = list(entity_ids)
        return self._erase(lambda tx: erase_entities(Neo4jErase(tx, group_id, reserve=self.reserve), self.vocabulary,
                                                     group_id, ids, audit))

    def forget_session(self, group_id: str, session_id: str, *, audit: Erasure) -> ErasureReport:
        """Erase the session ``session_id`` of ``group_id`` for good; :class:`InputError` if it is unknown."""
        from chronomem.graph.eraser import erase_session
        from chronomem.graph.neo4j_erasure import Neo4jErase

        return self._erase(lambda tx: erase_session(Neo4jErase(tx, group_id, reserve=self.reserve), self.vocabulary,
                                                    group_id, session_id, audit))

    def erasures(self, group_id: str) -> list[Erasure]:
        """The audit records of every erasure in ``group_id``, oldest first."""
        return [Erasure(kind=r["kind"], target_sha256=r["target_sha256"], erased_at=from_us(r["erased_at"]),
                        erased_by=r["erased_by"], counts=json.loads(r["counts_json"]))
                for r in self._read(cypher.ERASURES, g=group_id)]

    def _erase(self, work: Callable[[neo4j.ManagedTransaction], ErasureReport]) -> ErasureReport:
        try:
            return self._write(work, "erasing from", undone="erased")
        finally:
            self._known_entities.clear()


def _limit(limit: int) -> int:
    """SQLite reads a negative LIMIT as "no limit"; Cypher refuses it."""
    return int(limit) if limit >= 0 else 2**62


def _time_params(as_of: datetime | None, known_at: datetime | None, include_expired: bool) -> dict[str, Any]:
    return {"as_of": to_us(as_of), "known_at": to_us(known_at), "include_expired": bool(include_expired)}
