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
from chronomem.graph.erasure import Erasure, ErasureReport, unknown_session
from chronomem.graph.sqlite_store import from_us, sources_from_json, to_us
from chronomem.graph.turn_scope import clash_error, migrate_neo4j
from chronomem.graph.writing import file_claims_by_id, merge_batch_entities, merge_entity, plan_slots, summarize, validate_batch
from chronomem.schema.models import Claim, Entity, Fact, normalize_name, trusted
from chronomem.schema.timeutil import ensure_utc
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

_WORD = re.compile(r"\w+(?:['\u2019]\w+)*", re.UNICODE)
_FULLTEXT = {"entity": cypher.FULLTEXT_ENTITIES, "fact": cypher.FULLTEXT_FACTS, "turn": cypher.FULLTEXT_TURNS}
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


def record_to_fact(r: Any) -> Fact:
    return trusted(Fact, {
        "id": r["id"], "group_id": r["group_id"], "slot": r["slot"], "subject_id": r["subject_id"], "predicate": r["predicate"],
        "object_id": r["object_id"], "qualifiers": json.loads(r["qualifiers_json"]), "statement": r["statement"],
        "valid_from": from_us(r["valid_from"]), "valid_to": from_us(r["valid_to"]),
        "valid_from_precision": r["valid_from_precision"], "valid_to_precision": r["valid_to_precision"],
        "start_observed": bool(r["start_observed"]), "recorded_at": from_us(r["recorded_at"]),
        "expired_at": from_us(r["expired_at"]), "confidence": r["confidence"],
        "sources": list(sources_from_json(r["sources_json"])),
    })


def fact_props(f: Fact, ord_: int) -> dict[str, Any]:
    """The ``FACT`` relationship's properties (``None`` values are simply not stored)."""
    return {
        "id": f.id, "group_id": f.group_id, "slot": f.slot, "predicate": f.predicate, "statement": f.statement,
        "qualifiers_json": json.dumps(f.qualifiers, sort_keys=True), "valid_from": to_us(f.valid_from),
        "valid_to": to_us(f.valid_to), "valid_from_precision": f.valid_from_precision,
        "valid_to_precision": f.valid_to_precision, "start_observed": bool(f.start_observed),
        "recorded_at": to_us(f.recorded_at), "expired_at": to_us(f.expired_at), "confidence": float(f.confidence),
        "sources_json": json.dumps([[s.session_id, s.turn_id or ""] for s in f.sources]), "ord": ord_,
    }


def _record_to_entity(r: Any) -> Entity:
    return trusted(Entity, {"id": r["id"], "group_id": r["group_id"], "name": r["name"], "type": r["type"],
                            "aliases": list(r["aliases"] or [])})


def _record_to_turn(r: Any) -> TurnRecord:
    return TurnRecord(id=r["id"], session_id=r["session_id"], group_id=r["group_id"], speaker=r["speaker"],
                      text=r["text"], at=from_us(r["at"]), seq=r["seq"])


class Neo4jGraphStore:
    """A :class:`~chronomem.graph.base.GraphStore` on Neo4j 5 (Community or Enterprise, or Aura)."""

    def __init__(self, uri: str, *, user: str | None = None, password: str | None = None, database: str | None = None,
                 vocabulary: Vocabulary | None = None) -> None:
        self.vocabulary = vocabulary or CORE_VOCABULARY
        self.uri, self.database = uri, database
        auth = None if user is None and password is None else (user or "neo4j", password or "")
        try:
            self._driver = neo4j.GraphDatabase.driver(uri, auth=auth)
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
            for statement in (*cypher.CONSTRAINTS, *cypher.INDEXES):
                try:
                    session.run(statement).consume()
                except ClientError as e:  # a concurrent opener created it first
                    if not any(code in (e.code or "") for code in _SCHEMA_EXISTS):
                        raise
            session.run(cypher.AWAIT_INDEXES, seconds=300).consume()
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
        try:
            with self._session() as session:
                return session.execute_write(self._write_tx, batch, recorded_at)
        except ChronomemError:
            raise
        except ConstraintError as e:
            raise InputError(f"batch for group {batch.group_id!r} conflicts with stored records: {e}") from e
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"writing to Neo4j at {self.uri} failed (nothing was written): {e}") from e

    def _write_tx(self, tx: neo4j.ManagedTransaction, batch: WriteBatch, recorded_at: datetime) -> WriteReport:
        g, session = batch.group_id, batch.session
        entities_added = self._upsert_entities(tx, g, batch.entities)
        session_added = False
        if session is not None:
            session_added = bool(tx.run(cypher.MERGE_SESSION, g=g, id=session.session_id, started_at=to_us(session.started_at),
                                        metadata_json=json.dumps(session.metadata, default=str)).single()["created"])
        filed = file_claims_by_id(self.vocabulary, batch.claims)
        touched, earlier, claims_added = self._insert_claims(tx, g, filed, to_us(recorded_at))
        # Every claim of a touched slot in claim-id order: the batch's as given (a stored claim is its
        # model_dump_json), the earlier ones parsed from the store. A slot's versions come from its
        # claims, so only slots that had claims before can have versions to read.
        all_claims: dict[str, list[Claim]] = {}
        for slot in touched:
            by_id = {**earlier.get(slot, {}), **filed[slot]}
            all_claims[slot] = [by_id[cid] for cid in sorted(by_id)]
        current: dict[str, list[Fact]] = {slot: [] for slot in touched}
        reread = [slot for slot in touched if slot in earlier]
        if reread:
            for r in tx.run(cypher.CURRENT_OF_SLOTS, g=g, slots=reread):
                current[r["slot"]].append(record_to_fact(r))
        plans = plan_slots(self.vocabulary, g, all_claims, current, recorded_at=recorded_at)
        inserts = [f for plan in plans.values() for f in plan.insert]
        referenced = {i for f in inserts for i in (f.subject_id, f.object_id)} | {m.entity_id for m in batch.mentions}
        missing = [r["id"] for r in tx.run(cypher.MISSING_ENTITIES, g=g, ids=sorted(referenced))] if referenced else []
        if missing:  # what a foreign key does in the embedded store
            raise InputError(f"batch for group {g!r} refers to unknown entities {missing[:5]}; "
                             "include them in the batch's entities")
        turns = session.turns if session is not None else []
        first = 0
        if turns or inserts:  # insertion order per group (the embedded store's rowid)
            first = tx.run(cypher.NEXT_SEQUENCE, g=g, count=len(turns) + len(inserts)).single()["first"]
        if session is not None and turns:
            others = tx.run(cypher.TURNS_OF_OTHER_SESSIONS, g=g, session_id=session.session_id, ids=[t.id for t in turns])
            clashes = [(r["id"], r["session_id"]) for r in others]
            if clashes:
                raise clash_error(g, session.session_id, clashes)
            tx.run(cypher.MERGE_TURNS, g=g, session_id=session.session_id, rows=[
                {"id": t.id, "speaker": t.speaker, "text": t.text, "at": to_us(t.at), "seq": n, "ord": first + n}
                for n, t in enumerate(turns)]).consume()
        if batch.mentions:
            unknown = [r["id"] for r in tx.run(cypher.MISSING_TURNS, g=g, ids=sorted({m.turn_id for m in batch.mentions}))]
            if unknown:
                raise InputError(f"mentions of unknown turns {unknown[:5]} in group {g!r}")
            tx.run(cypher.MERGE_MENTIONS, g=g, rows=[{"turn_id": m.turn_id, "entity_id": m.entity_id}
                                                      for m in batch.mentions]).consume()
        expire = [{"id": fid, "expired_at": to_us(plan.recorded_at)} for plan in plans.values() for fid in plan.expire]
        if expire:
            tx.run(cypher.EXPIRE_FACTS, g=g, rows=expire).consume()
        if inserts:
            tx.run(cypher.CREATE_FACTS, rows=[{"subject_id": f.subject_id, "object_id": f.object_id,
                                               "props": fact_props(f, first + len(turns) + n)}
                                              for n, f in enumerate(inserts)]).consume()
        report = summarize(plans, current)
        report.entities_added, report.claims_added, report.session_added = entities_added, claims_added, session_added
        return report

    @staticmethod
    def _insert_claims(tx: neo4j.ManagedTransaction, g: str, filed: dict[str, dict[str, Claim]],
                       rec: int | None) -> tuple[list[str], dict[str, dict[str, Claim]], int]:
        """Lock the batch's slots and store the claims not seen before.

        Returns the slots that got new claims, the claims those slots held before (by slot, then
        id; the batch's own objects where it restates one) and the count of claims stored. Slots
        the store has never seen cost one index lookup and no bodies read back.
        """
        if not filed:
            return [], {}, 0
        slots = sorted(filed)
        tx.run(cypher.LOCK_SLOTS, g=g, slots=slots).consume()  # serializes writers of the same slots
        prior: dict[str, set[str]] = {}
        for r in tx.run(cypher.PRIOR_CLAIM_IDS, g=g, slots=slots):
            prior.setdefault(r["slot"], set()).add(r["id"])
        rows = [{"slot": slot, "id": cid, "body": c.model_dump_json()}
                for slot, by_id in filed.items() for cid, c in by_id.items() if cid not in prior.get(slot, ())]
        touched = list(dict.fromkeys(r["slot"] for r in rows))
        earlier: dict[str, dict[str, Claim]] = {}
        reread = [slot for slot in touched if slot in prior]
        if reread:  # before the new claims exist: only the earlier ones come back
            for r in tx.run(cypher.CLAIMS_OF_SLOTS, g=g, slots=reread):
                given = filed[r["slot"]].get(r["id"])
                earlier.setdefault(r["slot"], {})[r["id"]] = given if given is not None else Claim.model_validate_json(r["body"])
        if rows:
            tx.run(cypher.CREATE_CLAIMS, g=g, rows=rows, recorded_at=rec).consume()
        return touched, earlier, len(rows)

    def _upsert_entities(self, tx: neo4j.ManagedTransaction, g: str, entities: Sequence[Entity]) -> int:
        """Exactly sqlite's merge (:func:`~chronomem.graph.writing.merge_entity`): the same in any order."""
        merged = merge_batch_entities(entities)
        if not merged:
            return 0
        old = {r["id"]: r for r in tx.run(cypher.LOCK_ENTITIES, ids=sorted(merged))}
        added, rows, name_rows = 0, [], []
        for e in merged.values():
            row = old[e.id]
            if row["group_id"] is None:  # created by the MERGE just now
                added += 1
                names, known = [e.name, *e.aliases], []
                props = {"group_id": e.group_id, "name": e.name, "type": e.type, "aliases": list(e.aliases)}
            else:
                if row["group_id"] != e.group_id:
                    raise InputError(f"entity id {e.id!r} already belongs to group {row['group_id']!r}")
                stored = (row["name"], row["type"], list(row["aliases"] or []))
                m = merge_entity(e.model_copy(update=dict(zip(("name", "type", "aliases"), stored))), e)
                if (m.name, m.type, m.aliases) == stored:
                    continue
                names, known = [m.name, *m.aliases], list(row["norm_names"])
                props = {"name": m.name, "type": m.type, "aliases": m.aliases}
            norms = [n for n in dict.fromkeys(normalize_name(n) for n in names) if n]
            props.update(names=" ; ".join(names), norm_names=list(dict.fromkeys([*known, *norms])))
            rows.append({"id": e.id, "props": props})
            name_rows.append({"id": e.id, "norms": norms})
        if rows:
            tx.run(cypher.SET_ENTITIES, rows=rows).consume()
            tx.run(cypher.MERGE_ENTITY_NAMES, g=g, rows=name_rows).consume()
        return added

    # -- entities ------------------------------------------------------------------------
    def get_entities(self, group_id: str, ids: Sequence[str]) -> dict[str, Entity]:
        ids = list(dict.fromkeys(ids))
        if not ids:
            return {}
        return {r["id"]: _record_to_entity(r) for r in self._read(cypher.ENTITIES_BY_ID, g=group_id, ids=ids)}

    def find_entities(self, group_id: str, name: str) -> list[Entity]:
        norm = normalize_name(name)
        if not norm:
            return []
        return [_record_to_entity(r) for r in self._read(cypher.FIND_ENTITIES, g=group_id, norm=norm)]

    def iter_entities(self, group_id: str) -> Iterator[Entity]:
        yield from (_record_to_entity(r) for r in self._stream(cypher.ENTITIES_OF_GROUP, g=group_id))

    # -- facts ---------------------------------------------------------------------------
    def facts_of(self, group_id: str, entity_ids: Sequence[str], *, predicate: str | None = None,
                 as_of: datetime | None = None, known_at: datetime | None = None, include_expired: bool = False) -> list[Fact]:
        ids = list(dict.fromkeys(entity_ids))
        if not ids:
            return []
        rows = self._read(cypher.FACTS_OF_ENTITIES, g=group_id, ids=ids, predicate=predicate or None,
                          **_time_params(as_of, known_at, include_expired))
        out = {r["id"]: record_to_fact(r) for r in rows}
        return sorted(out.values(), key=fact_order)

    def facts_about(self, group_id: str, name: str, *, predicate: str | None = None, as_of: datetime | None = None,
                    known_at: datetime | None = None, include_expired: bool = False) -> FactsAbout:
        norm = normalize_name(name)
        if not norm:
            return FactsAbout([], [], {})
        (row,) = self._read(cypher.FACTS_ABOUT, g=group_id, norm=norm, predicate=predicate or None,
                            **_time_params(as_of, known_at, include_expired))
        rows = [r for per_entity in row["facts"] for r in per_entity]
        facts = {r["id"]: record_to_fact(r) for r in rows}
        touched = {e["id"]: _record_to_entity(e) for r in rows for e in (r["s"], r["o"])}
        return FactsAbout([_record_to_entity(e) for e in row["entities"]], sorted(facts.values(), key=fact_order), touched)

    def get_facts(self, group_id: str, ids: Sequence[str]) -> list[Fact]:
        wanted = list(dict.fromkeys(ids))
        if not wanted:
            return []
        out = {r["id"]: record_to_fact(r) for r in self._read(cypher.FACTS_BY_ID, g=group_id, ids=wanted)}
        return [out[i] for i in ids if i in out]

    def iter_facts(self, group_id: str, *, as_of: datetime | None = None, known_at: datetime | None = None,
                   include_expired: bool = False) -> Iterator[Fact]:
        rows = self._stream(cypher.ALL_FACTS, g=group_id, **_time_params(as_of, known_at, include_expired))
        yield from (record_to_fact(r) for r in rows)

    def neighbourhood(self, group_id: str, entity_ids: Sequence[str], *, depth: int = 1, as_of: datetime | None = None,
                      known_at: datetime | None = None, limit: int = 500) -> list[Fact]:
        """Breadth-first, hop by hop, exactly as the embedded store: the filters apply on every hop."""
        def hop(frontier: list[str]) -> Iterator[Fact]:
            rows = self._read(cypher.FIRST_FACTS_OF_ENTITIES, g=group_id, ids=frontier, predicate=None, count=limit,
                              **_time_params(as_of, known_at, False))
            return (record_to_fact(r) for r in rows)

        return breadth_first(entity_ids, hop, depth=depth, limit=limit)

    def changed_between(self, group_id: str, since: datetime, until: datetime) -> list[Fact]:
        rows = self._read(cypher.CHANGED_BETWEEN, g=group_id, since=to_us(since), until=to_us(until))
        return sorted((record_to_fact(r) for r in rows), key=fact_order)

    def first_recorded_at(self, group_id: str) -> datetime | None:
        (r,) = self._read(cypher.FIRST_RECORDED, g=group_id)
        return from_us(r["first"])

    # -- text ----------------------------------------------------------------------------
    def fulltext(self, group_id: str, text: str, *, kind: TextKind, limit: int = 20) -> list[tuple[str, float]]:
        query = lucene_query(text)
        if not query:
            return []
        if kind not in _FULLTEXT:
            raise InputError(f"unknown text kind {kind!r}; use fact, entity or turn")
        rows = self._read(_FULLTEXT[kind], g=group_id, query=query, limit=_limit(limit))
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
                for statement in cypher.DELETE_GROUP:
                    while session.execute_write(chunk, statement):
                        pass
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"deleting group {group_id!r} from Neo4j at {self.uri} failed: {e}") from e


    # -- forget (erasure; see chronomem.graph.erasure) ------------------------------------
    def forget_entities(self, group_id: str, entity_ids: Sequence[str], *, audit: Erasure) -> ErasureReport:
        """Erase the entities ``entity_ids`` of ``group_id`` for good (see :mod:`chronomem.graph.erasure`)."""
        from chronomem.graph import neo4j_erasure

        return self._erase(lambda tx: neo4j_erasure.erase_entities(tx, group_id, list(entity_ids), audit))

    def forget_session(self, group_id: str, session_id: str, *, audit: Erasure) -> ErasureReport:
        """Erase the session ``session_id`` of ``group_id`` for good; :class:`InputError` if it is unknown."""
        from chronomem.graph import neo4j_erasure

        def erase(tx: neo4j.ManagedTransaction) -> ErasureReport:
            if not neo4j_erasure.session_exists(tx, group_id, session_id):
                raise unknown_session(group_id, session_id)
            return neo4j_erasure.erase_session(tx, group_id, session_id, audit)

        return self._erase(erase)

    def erasures(self, group_id: str) -> list[Erasure]:
        """The audit records of every erasure in ``group_id``, oldest first."""
        return [Erasure(kind=r["kind"], target_sha256=r["target_sha256"], erased_at=from_us(r["erased_at"]),
                        erased_by=r["erased_by"], counts=json.loads(r["counts_json"]))
                for r in self._read(cypher.ERASURES, g=group_id)]

    def _erase(self, work: Callable[[neo4j.ManagedTransaction], ErasureReport]) -> ErasureReport:
        try:
            with self._session() as session:
                return session.execute_write(work)
        except ChronomemError:
            raise
        except (Neo4jError, DriverError) as e:
            raise StoreError(f"erasing from Neo4j at {self.uri} failed (nothing was erased): {e}") from e


def _limit(limit: int) -> int:
    """SQLite reads a negative LIMIT as "no limit"; Cypher refuses it."""
    return int(limit) if limit >= 0 else 2**62


def _time_params(as_of: datetime | None, known_at: datetime | None, include_expired: bool) -> dict[str, Any]:
    return {"as_of": to_us(as_of), "known_at": to_us(known_at), "include_expired": bool(include_expired)}
