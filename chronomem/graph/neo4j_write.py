"""The Neo4j store's write primitives (a :class:`~chronomem.graph.writer.WriteTransaction`).

Each primitive is one or two ``UNWIND $rows`` statements of :mod:`chronomem.graph.cypher` in the
caller's managed transaction; the algorithm that calls them is
:func:`chronomem.graph.writer.write_batch`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from operator import itemgetter
from typing import Any

import neo4j

from chronomem.errors import InputError, StoreError
from chronomem.graph import cypher
from chronomem.graph import cypher_lifecycle as cql
from chronomem.graph.codec import (
    DEFAULT_VALUES,
    FACT_FIELDS,
    NEO4J_DERIVED,
    NEO4J_PROPERTY,
    RELATIONSHIP_ENDS,
    fact_from_mapping,
    fact_values,
    to_us,
)
from chronomem.graph.importance import Usage
from chronomem.graph.neo4j_known_entities import KnownEntities
from chronomem.graph.neo4j_vectors import stamp_vector_change
from chronomem.graph.turn_scope import clash_error
from chronomem.graph.turn_times import times_json
from chronomem.graph.writer import NewSlot, SessionContent
from chronomem.graph.writing import merge_entity
from chronomem.schema.models import Entity, Fact, Mention, Session, normalize_name, trusted

#: The property names of a ``FACT`` relationship, in the order of :func:`~chronomem.graph.codec.fact_values`
#: (``None`` for the fields held by its end nodes or derived from them).
_FACT_PROPERTIES = tuple(None if k in (*RELATIONSHIP_ENDS, *NEO4J_DERIVED) else NEO4J_PROPERTY.get(k, k)
                         for k in FACT_FIELDS)
#: The values of a CREATE_FACTS row (:data:`~chronomem.graph.cypher.FACT_ROW_FIELDS`) among a fact's stored values.
_row_values = itemgetter(*(FACT_FIELDS.index(k) for k in cypher.FACT_ROW_FIELDS))
#: ``(position in a CREATE_FACTS row, default)`` of the fields a relationship leaves out at their default.
_DEFAULTED = tuple((cypher.FACT_ROW_FIELDS.index(k), d) for k, d in DEFAULT_VALUES.items())
#: Takes ``count`` consecutive insertion numbers in a transaction of its own (for a group); returns the first.
Reserve = Callable[[str, int], int]
#: What :meth:`Neo4jWrite.create_new_entities` returned in a transaction of its own, committed before
#: the batch's (:func:`create_entities_first`).
CreatedFirst = tuple[int, dict[str, Entity]]


def fact_row(f: Fact) -> list[Any]:
    """The CREATE_FACTS row of ``f``: its stored values (:data:`~chronomem.graph.cypher.FACT_ROW_FIELDS`),
    ``None`` (no property) where a field of :data:`~chronomem.graph.codec.DEFAULT_VALUES` holds its default."""
    row = list(_row_values(fact_values(f)))
    for i, default in _DEFAULTED:
        if row[i] == default:
            row[i] = None
    return row


def fact_props(f: Fact) -> dict[str, Any]:
    """The ``FACT`` relationship's properties but ``ord`` (``None`` values, defaults of
    :data:`~chronomem.graph.codec.DEFAULT_VALUES` among them, are simply not stored; nor is the slot,
    :data:`~chronomem.graph.codec.NEO4J_DERIVED`)."""
    return {k: None if field in DEFAULT_VALUES and v == DEFAULT_VALUES[field] else v
            for field, k, v in zip(FACT_FIELDS, _FACT_PROPERTIES, fact_values(f), strict=True) if k is not None}


def usage_rows(rows: Sequence[Usage]) -> list[dict[str, Any]]:
    """The ``$rows`` of the usage statements."""
    return [{"id": u.id, "importance": u.importance, "used_at": to_us(u.used_at), "kept": u.kept} for u in rows]


def record_to_entity(r: Any) -> Entity:
    """The entity of a record or map with ``id, group_id, name, type, aliases``."""
    return trusted(Entity, {"id": r["id"], "group_id": r["group_id"], "name": r["name"], "type": r["type"],
                            "aliases": list(r["aliases"] or [])})


def _single(result: neo4j.Result, key: str) -> Any:
    """The ``key`` of the one record of ``result`` (a statement that always returns one row)."""
    record = result.single()
    if record is None:
        raise StoreError(f"Neo4j returned no row where one was expected ({key})")
    return record[key]


class Neo4jWrite:
    """The primitives of one write transaction ``tx`` of group ``group``."""

    def __init__(self, tx: neo4j.ManagedTransaction, group: str, *, reserve: Reserve | None = None,
                 known: KnownEntities | None = None, created_first: CreatedFirst | None = None) -> None:
        """``reserve`` takes insertion numbers outside ``tx`` (so concurrent writers do not wait for each
        other's commit on the group's counter); without it they are taken in ``tx``. Entities ``known``
        to be stored as given are not sent (a bulk import); :attr:`stored_as_given` lists those this
        write stores, or finds stored, as given (for ``known`` once it has committed). With
        ``created_first`` the batch's new entities were created before ``tx`` (:func:`create_entities_first`):
        nothing is sent, and the stored ones it found are merged as usual."""
        self.tx, self.group, self._reserve, self._known = tx, group, reserve, known
        self._created_first = created_first
        self._norm_names: dict[str, list[str]] = {}  # stored entities' normalized names (kept when renamed)
        self.stored_as_given: list[Entity] = []
        self._vectored: list[str] = []  # expired versions that held a vector (see finish)
        self._created_slots: set[str] = set()  # created listing their versions (lock_or_create_slots)
        self._slot_of: dict[str, str] = {}  # the slot of each current version read (for expire_versions)

    def _sequence(self, count: int) -> int:
        """The first of ``count`` consecutive insertion numbers of the group (the embedded store's rowid)."""
        if self._reserve is not None:
            return self._reserve(self.group, count)
        return int(_single(self.tx.run(cypher.NEXT_SEQUENCE, key=cypher.SEQUENCE_KEY, count=count), "first"))

    def _stored(self, records: Iterable[Any]) -> dict[str, Entity]:
        """The entities of ``records`` (keeping their normalized names for :meth:`put_entities`)."""
        out: dict[str, Entity] = {}
        for r in records:
            out[r["id"]] = record_to_entity(r)
            self._norm_names[r["id"]] = list(r["norm_names"])
        return out

    def _refuse_missing_entities(self, ids: Iterable[str]) -> None:
        """What a foreign key does in the embedded store."""
        missing = [r["id"] for r in self.tx.run(cypher.MISSING_ENTITIES, g=self.group, ids=sorted(set(ids)))]
        if missing:
            raise InputError(f"batch for group {self.group!r} refers to unknown entities {missing[:5]}; "
                             "include them in the batch's entities")

    def stored_entities(self, ids: Sequence[str]) -> dict[str, Entity]:
        rows = self.tx.run(cypher.LOCK_ENTITIES, ids=sorted(ids))
        return self._stored(r for r in rows if r["group_id"] is not None)  # else created by the MERGE just now

    def _entity_row(self, e: Entity, new: bool) -> dict[str, Any]:
        """The properties of ``e``'s node and its normalized names (``norms``)."""
        names = [e.name, *e.aliases]
        norms = [n for n in dict.fromkeys(normalize_name(n) for n in names) if n]
        props: dict[str, Any] = {"name": e.name, "type": e.type, "aliases": list(e.aliases), "names": " ; ".join(names),
                                 "norm_names": list(dict.fromkeys([*self._norm_names.get(e.id, []), *norms]))}
        if new:
            props["group_id"] = e.group_id
        return {"id": e.id, "props": props, "norms": norms}

    def create_new_entities(self, entities: Sequence[Entity]) -> tuple[int, dict[str, Entity]]:
        if self._created_first is not None:
            return self._created_first
        if self._known is not None:
            entities = self._known.unsent(entities)
            if not entities:
                return 0, {}
        given = sorted(entities, key=lambda e: e.id)
        rows = [self._entity_row(e, True) for e in given]
        for row, e in zip(rows, given, strict=True):
            row["stable"] = not e.aliases or merge_entity(e, e) == e
        (r,) = self.tx.run(cypher.MERGE_NEW_ENTITIES, g=self.group, rows=rows)
        stored = self._stored(r["stored"])
        # created as given, or left out as stored so: merging the same record again changes nothing
        self.stored_as_given = [e for row, e in zip(rows, given, strict=True) if row["stable"] and e.id not in stored]
        return int(r["created"]), stored

    def put_entities(self, entities: Sequence[tuple[Entity, bool]]) -> None:
        rows = [self._entity_row(e, new) for e, new in entities]
        name_rows = [{"id": row["id"], "norms": row.pop("norms")} for row in rows]
        if rows:
            self.tx.run(cypher.SET_ENTITIES, rows=rows).consume()
            self.tx.run(cypher.MERGE_ENTITY_NAMES, g=self.group, rows=name_rows).consume()

    def put_session(self, session: Session) -> bool:
        g, turns = self.group, session.turns
        created = bool(_single(self.tx.run(cypher.MERGE_SESSION, g=g, id=session.session_id,
                                           started_at=to_us(session.started_at),
                                           metadata_json=json.dumps(session.metadata, default=str)), "created"))
        if created and turns:  # a stored session is immutable: its turns are what they are
            others = self.tx.run(cypher.TURNS_OF_OTHER_SESSIONS, g=g, session_id=session.session_id,
                                 ids=[t.id for t in turns])
            clashes = [(r["id"], r["session_id"]) for r in others]
            if clashes:
                raise clash_error(g, session.session_id, clashes)
            first = self._sequence(len(turns))
            self.tx.run(cypher.MERGE_TURNS, g=g, session_id=session.session_id, rows=[
                {"id": t.id, "speaker": t.speaker, "text": t.text, "at": to_us(t.at), "seq": n, "ord": first + n,
                 "times": times_json(t.text, t.at or session.started_at)}
                for n, t in enumerate(turns)]).consume()
        return created

    def put_usage(self, rows: Sequence[Usage]) -> None:
        self.tx.run(cql.PUT_TURN_USAGE, g=self.group, rows=usage_rows([u for u in rows if u.kind == "turn"])).consume()

    def evicted_of_session(self, session_id: str) -> set[str]:
        return {r["id"] for r in self.tx.run(cql.EVICTED_OF_SESSION, g=self.group, session_id=session_id)}

    def stored_session(self, session_id: str) -> SessionContent | None:
        found = self.tx.run(cypher.SESSION_CONTENT, g=self.group, id=session_id).single()
        if found is None:
            return None
        return found["started_at"], [(t["id"], t["speaker"], t["text"], t["at"]) for t in found["turns"]]

    def put_mentions(self, mentions: Sequence[Mention]) -> None:
        g = self.group
        unknown = [r["id"] for r in self.tx.run(cypher.MISSING_TURNS, g=g, ids=sorted({m.turn_id for m in mentions}))]
        if unknown:
            raise InputError(f"mentions of unknown turns {unknown[:5]} in group {g!r}")
        self._refuse_missing_entities(m.entity_id for m in mentions)
        self.tx.run(cypher.MERGE_MENTIONS, g=g, rows=[{"turn_id": m.turn_id, "entity_id": m.entity_id}
                                                       for m in mentions]).consume()

    def claim_ids(self, slots: Sequence[str]) -> dict[str, set[str]]:
        # the slot's node holds its claims and serializes its writers
        return {r["slot"]: set(r["ids"]) for r in self.tx.run(cypher.LOCK_SLOTS, g=self.group, slots=list(slots))
                if r["ids"]}

    def lock_or_create_slots(self, rows: Mapping[str, NewSlot]) -> tuple[dict[str, set[str]], set[str]]:
        params = [(slot, [cid for cid, _ in claims], [body for _, body in claims], list(versions))
                  for slot, (claims, versions) in rows.items()]
        stored = {r["slot"]: r["ids"] for r in self.tx.run(cypher.LOCK_OR_CREATE_SLOTS, g=self.group, rows=params)}
        self._created_slots.update(slot for slot in rows if slot not in stored)
        return {slot: set(ids) for slot, ids in stored.items() if ids}, {slot for slot in rows if slot not in stored}

    def claim_bodies(self, slots: Sequence[str]) -> Iterable[tuple[str, str, str]]:
        return [(r["slot"], r["id"], r["body"]) for r in self.tx.run(cypher.CLAIMS_OF_SLOTS, g=self.group,
                                                                       slots=list(slots))]

    def insert_claims(self, rows: Sequence[tuple[str, str, str]], recorded_at: datetime) -> None:
        by_slot: dict[str, dict[str, list[str]]] = {}
        for slot, cid, body in rows:
            lists = by_slot.setdefault(slot, {"ids": [], "bodies": []})
            lists["ids"].append(cid)
            lists["bodies"].append(body)
        self.tx.run(cypher.APPEND_CLAIMS, g=self.group,
                    rows=[{"slot": slot, **lists} for slot, lists in by_slot.items()]).consume()

    def current_versions(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        out: dict[str, list[Fact]] = {}
        for r in self.tx.run(cypher.CURRENT_OF_SLOTS, g=self.group, slots=list(slots)):
            out.setdefault(r["slot"], []).append(fact_from_mapping(r))
            self._slot_of[r["id"]] = r["slot"]
        return out

    def expire_versions(self, expired: Sequence[tuple[str, datetime]]) -> None:
        result = self.tx.run(cypher.EXPIRE_FACTS, g=self.group,
                             rows=[{"id": fid, "expired_at": to_us(at), "slot": self._slot_of.get(fid)}
                                   for fid, at in expired])
        self._vectored += [fid for r in result for fid in r["vectored"]]

    def finish(self) -> None:
        """The write's last step: the expired versions that held a vector move to the next vector
        sequence number, so that every side-index drops them (taken last: see
        :mod:`chronomem.graph.cypher_vectors`)."""
        stamp_vector_change(self.tx, self.group, "fact", self._vectored)
        self._vectored = []

    def insert_versions(self, facts: Sequence[Fact]) -> None:
        rows = [fact_row(f) for f in facts]
        by_slot: dict[str, list[str]] = {}
        for f in facts:
            if f.slot not in self._created_slots:  # a created slot lists its versions already
                by_slot.setdefault(f.slot, []).append(f.id)
        first = self._sequence(len(rows))
        if by_slot:
            created = self.tx.run(cypher.CREATE_FACTS, g=self.group, first=first, rows=rows, slots=list(by_slot.items()))
        else:
            created = self.tx.run(cypher.CREATE_FACTS_ONLY, g=self.group, first=first, rows=rows)
        if _single(created, "created") < len(rows):
            self._refuse_missing_entities(i for f in facts for i in (f.subject_id, f.object_id))
            raise StoreError(f"Neo4j created fewer fact versions than given in group {self.group!r}")


def create_entities_first(tx: neo4j.ManagedTransaction, group: str, entities: Sequence[Entity],
                          known: KnownEntities) -> tuple[CreatedFirst, list[Entity]]:
    """A bulk import batch's new entities created in a transaction ``tx`` of their own, committed before
    the batch's (``Neo4jWrite(created_first=...)``): what :meth:`Neo4jWrite.create_new_entities`
    returns, and the entities stored as given (for ``known`` once ``tx`` has committed).

    Created in the batch's transaction, an entity stayed locked until that commit, and a concurrent
    batch naming it (a person one batch's facts point at and the next batch's are about) waited for
    the whole batch at its first statement: with two writers, 33 s of server time at 100k facts.
    The stored ones that must change are still merged, under lock, in the batch's transaction. A
    batch that then fails leaves its new entities, without facts; importing again finds them
    (entities are merged by id) and stores the same."""
    write = Neo4jWrite(tx, group, known=known)
    return write.create_new_entities(entities), write.stored_as_given
