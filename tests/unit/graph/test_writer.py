"""The write algorithm over a third backend (plain dicts): the primitives are all a store adds.

The dict backend below implements :class:`~chronomem.graph.writer.WriteTransaction` and nothing
else; the same batches written to it and to the embedded store must give the same facts, and
the algorithm must not read back what a brand-new slot cannot have.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta, timezone

import pytest

from chronomem.errors import InputError
from chronomem.graph import SqliteGraphStore
from chronomem.graph.base import WriteBatch
from chronomem.graph.codec import (
    FACT_FIELDS,
    NEO4J_PROPERTY,
    RELATIONSHIP_ENDS,
    fact_from_mapping,
    fact_from_values,
    fact_values,
)
from chronomem.graph.writer import NewSlot, WriteTransaction, write_batch
from chronomem.schema.models import Claim, Entity, EntityType, Fact, Mention, Session, entity_id
from chronomem.schema.vocabulary import CORE_VOCABULARY

T0 = datetime(2024, 3, 1, tzinfo=timezone.utc)


class DictWrite:
    """A whole store in dicts (one group), counting the reads the algorithm asks for."""

    def __init__(self) -> None:
        self.entities: dict[str, Entity] = {}
        self.claims: dict[str, dict[str, str]] = {}
        self.facts: list[Fact] = []
        self.reads: list[str] = []

    def stored_entities(self, ids: Sequence[str]) -> dict[str, Entity]:
        return {i: self.entities[i] for i in ids if i in self.entities}

    def put_entities(self, entities: Sequence[tuple[Entity, bool]]) -> None:
        self.entities.update((e.id, e) for e, _ in entities)

    def put_session(self, session: Session) -> bool:
        return True

    def put_mentions(self, mentions: Sequence[Mention]) -> None:
        pass

    def claim_ids(self, slots: Sequence[str]) -> dict[str, set[str]]:
        return {s: set(self.claims[s]) for s in slots if s in self.claims}

    def claim_bodies(self, slots: Sequence[str]) -> Iterable[tuple[str, str, str]]:
        self.reads.append("claims")
        return [(s, cid, body) for s in slots for cid, body in self.claims.get(s, {}).items()]

    def insert_claims(self, rows: Sequence[tuple[str, str, str]], recorded_at: datetime) -> None:
        for slot, cid, body in rows:
            self.claims.setdefault(slot, {})[cid] = body

    def current_versions(self, slots: Sequence[str]) -> dict[str, list[Fact]]:
        self.reads.append("versions")
        return {s: [f for f in self.facts if f.slot == s and f.expired_at is None] for s in slots}

    def expire_versions(self, expired: Sequence[tuple[str, datetime]]) -> None:
        at = dict(expired)
        self.facts = [f.model_copy(update={"expired_at": at[f.id]}) if f.id in at else f for f in self.facts]

    def insert_versions(self, facts: Sequence[Fact]) -> None:
        missing = [i for f in facts for i in (f.subject_id, f.object_id) if i not in self.entities]
        if missing:
            raise InputError(f"unknown entities {missing}")
        self.facts.extend(facts)


def _entity(name: str, type_: EntityType = "PERSON") -> Entity:
    return Entity(id=entity_id("default", name), name=name, type=type_)


def _moves(*cities: str) -> list[WriteBatch]:
    ana = _entity("Ana")
    out = []
    for n, city in enumerate(cities):
        place = _entity(city, "PLACE")
        at = T0 + timedelta(days=30 * n)
        claim = Claim(subject_id=ana.id, predicate="LIVES_IN", object_id=place.id, statement=f"Ana lives in {city}",
                      at=at, said_at=at)
        out.append(WriteBatch("default", entities=[ana, place], claims=[claim]))
    return out


def _view(facts: Iterable[Fact]) -> list[tuple[str, str, str, datetime | None, datetime | None]]:
    return sorted((f.subject_id, f.object_id, f.statement, f.valid_from, f.valid_to) for f in facts)


def test_a_dict_backend_gives_the_embedded_stores_facts() -> None:
    tx: WriteTransaction = DictWrite()
    store = SqliteGraphStore(":memory:")
    for n, batch in enumerate(_moves("Lisbon", "Porto", "Madrid")):
        at = T0 + timedelta(days=n)
        assert write_batch(tx, CORE_VOCABULARY, batch, at) == store.write(batch, recorded_at=at)
    assert isinstance(tx, DictWrite)
    current = [f for f in tx.facts if f.expired_at is None]
    assert _view(current) == _view(store.iter_facts("default"))
    assert len(tx.facts) == len(list(store.iter_facts("default", include_expired=True)))


def test_brand_new_slots_read_nothing_back_and_a_rewrite_adds_nothing() -> None:
    tx = DictWrite()
    (batch,) = _moves("Lisbon")
    report = write_batch(tx, CORE_VOCABULARY, batch, T0)
    assert (report.facts_added, report.claims_added, report.entities_added) == (1, 1, 2)
    assert tx.reads == []  # a slot without claims before has no versions and no earlier claims
    again = write_batch(tx, CORE_VOCABULARY, batch, T0 + timedelta(days=1))
    assert (again.facts_added, again.claims_added, again.entities_added, len(tx.facts)) == (0, 0, 0, 1)


def test_an_entity_of_another_group_is_refused() -> None:
    tx = DictWrite()
    ana = _entity("Ana")
    tx.entities[ana.id] = ana.model_copy(update={"group_id": "other"})
    with pytest.raises(InputError, match="already belongs to group 'other'"):
        write_batch(tx, CORE_VOCABULARY, WriteBatch("default", entities=[ana]), T0)


def test_the_codec_round_trips_a_fact_by_position_and_by_name() -> None:
    store = SqliteGraphStore(":memory:")
    (batch,) = _moves("Lisbon")
    store.write(batch, recorded_at=T0)
    (fact,) = store.iter_facts("default")
    values = fact_values(fact)
    assert len(values) == len(FACT_FIELDS)
    assert fact_from_values(values) == fact
    assert fact_from_mapping(dict(zip(FACT_FIELDS, values, strict=True))) == fact



@pytest.mark.parametrize("update", [{}, {"confidence": 0.5, "start_observed": True, "qualifiers": {"relation": "fixes"},
                                     "valid_from_precision": "year", "valid_to_precision": "month"}])
def test_a_neo4j_fact_leaves_out_its_default_values_and_reads_them_back(update: dict) -> None:
    from chronomem.graph.codec import DEFAULT_VALUES
    from chronomem.graph.neo4j_write import fact_props

    store = SqliteGraphStore(":memory:")
    (batch,) = _moves("Lisbon")
    store.write(batch, recorded_at=T0)
    fact = next(iter(store.iter_facts("default"))).model_copy(update=update)
    props = fact_props(fact)
    left_out = {k for k in DEFAULT_VALUES if props[NEO4J_PROPERTY.get(k, k)] is None}
    assert left_out == (set() if update else set(DEFAULT_VALUES))
    assert "slot" not in props  # derived when read (codec.NEO4J_DERIVED)
    stored = {k: props.get(NEO4J_PROPERTY.get(k, k)) if k not in RELATIONSHIP_ENDS else getattr(fact, k) for k in FACT_FIELDS}
    assert fact_from_mapping(stored, CORE_VOCABULARY) == fact
    assert fact_from_mapping(stored | {"slot": "as stored before"}, CORE_VOCABULARY).slot == "as stored before"
    assert {k: Fact.model_fields[k].default for k in DEFAULT_VALUES if k != "qualifiers"} == {
        k: v for k, v in DEFAULT_VALUES.items() if k != "qualifiers"}

class CreatingDictWrite(DictWrite):
    """The dict backend with the optional primitives a concurrent backend adds (Neo4j's): new entities
    and new slots created in the step that finds the stored ones; only changed entities locked."""

    def __init__(self) -> None:
        super().__init__()
        self.locked: list[str] = []
        self.created_versions: dict[str, list[str]] = {}

    def create_new_entities(self, entities: Sequence[Entity]) -> tuple[int, dict[str, Entity]]:
        stored = {e.id: self.entities[e.id] for e in entities if e.id in self.entities}
        self.entities.update((e.id, e) for e in entities if e.id not in stored)
        return len(entities) - len(stored), stored

    def stored_entities(self, ids: Sequence[str]) -> dict[str, Entity]:
        self.locked.extend(ids)
        return super().stored_entities(ids)

    def lock_or_create_slots(self, rows: Mapping[str, NewSlot]) -> tuple[dict[str, set[str]], set[str]]:
        created = {slot for slot in rows if slot not in self.claims}
        for slot in created:
            self.claims[slot] = dict(rows[slot][0])
            self.created_versions[slot] = list(rows[slot][1])
        return {s: set(self.claims[s]) for s in rows if s not in created}, created


def test_the_optional_primitives_give_the_same_writes_and_lock_only_what_changes() -> None:
    plain, creating = DictWrite(), CreatingDictWrite()
    batches = [*_moves("Lisbon", "Porto"), *_moves("Lisbon", "Porto", "Madrid")]
    ana_renamed = _entity("Ana").model_copy(update={"aliases": ["Ana S."]})
    batches.append(WriteBatch("default", entities=[ana_renamed]))
    for n, batch in enumerate(batches):
        at = T0 + timedelta(days=n)
        assert write_batch(creating, CORE_VOCABULARY, batch, at) == write_batch(plain, CORE_VOCABULARY, batch, at)
    assert plain.facts == creating.facts and plain.claims == creating.claims and plain.entities == creating.entities
    assert creating.locked == [ana_renamed.id]  # unchanged stored entities are never locked
    assert creating.entities[ana_renamed.id].aliases == ["Ana S."]


def test_a_brand_new_slot_is_created_with_its_claims_and_nothing_inserted_twice() -> None:
    tx = CreatingDictWrite()
    inserted: list[tuple[str, str, str]] = []
    tx.insert_claims = lambda rows, at: inserted.extend(rows)  # type: ignore[method-assign]
    (batch,) = _moves("Lisbon")
    report = write_batch(tx, CORE_VOCABULARY, batch, T0)
    assert (report.facts_added, report.claims_added, report.entities_added) == (1, 1, 2)
    assert inserted == [] and tx.reads == [] and len(tx.claims) == 1
    # created listing the versions then inserted (a server store writes the slot's node once)
    assert tx.created_versions == {f.slot: [f.id] for f in tx.facts}


def test_a_created_slot_lists_every_version_its_claims_derive_and_a_stored_one_none() -> None:
    """Two moves in one batch derive two versions of the one slot (the first ended by the second);
    a third move later finds the slot stored: it is locked, not created, and listed nothing."""
    tx = CreatingDictWrite()
    moves = _moves("Lisbon", "Porto")
    write_batch(tx, CORE_VOCABULARY, WriteBatch("default", entities=[e for b in moves for e in b.entities],
                                                claims=[c for b in moves for c in b.claims]), T0)
    (slot,) = tx.created_versions
    assert sorted(tx.created_versions[slot]) == sorted(f.id for f in tx.facts) and len(tx.facts) == 2
    write_batch(tx, CORE_VOCABULARY, _moves("Lisbon", "Porto", "Madrid")[-1], T0 + timedelta(days=1))
    assert list(tx.created_versions) == [slot] and len(tx.facts) > 2


def test_every_version_s_slot_is_its_predicate_s_slot_key_of_its_ends() -> None:
    """What lets a Neo4j FACT relationship leave out its slot (codec.NEO4J_DERIVED): each cardinality,
    a mirrored symmetric 'one' (both spouses' slots), a symmetric 'many' stored smaller id first, a
    'one_per_object', a correction filing a retract in the wrong value's slot, an end."""
    from chronomem.graph.temporal import slot_key

    ana, bo, cy, team = _entity("Ana"), _entity("Bo"), _entity("Cy"), _entity("Radar team", "ORG")
    lyon, oslo = _entity("Lyon", "PLACE"), _entity("Oslo", "PLACE")
    at = [T0 + timedelta(days=10 * n) for n in range(6)]
    claims = [
        Claim(subject_id=ana.id, predicate="MARRIED_TO", object_id=bo.id, at=at[0], said_at=at[0]),
        Claim(subject_id=cy.id, predicate="FRIEND_OF", object_id=ana.id, at=at[1], said_at=at[1]),
        Claim(subject_id=bo.id, predicate="LEADS", object_id=team.id, at=at[1], said_at=at[1]),
        Claim(subject_id=ana.id, predicate="LIVES_IN", object_id=lyon.id, at=at[2], said_at=at[2]),
        Claim(subject_id=ana.id, predicate="LIVES_IN", object_id=oslo.id, at=at[3], said_at=at[3]),
        Claim(subject_id=ana.id, predicate="USES", object_id=lyon.id, at=at[2], said_at=at[2]),
        Claim(subject_id=ana.id, predicate="USES", object_id=oslo.id, kind="correct", replaces_object_id=lyon.id,
              at=at[4], said_at=at[4]),
        Claim(subject_id=cy.id, predicate="LEADS", object_id=team.id, at=at[5], said_at=at[5]),
        Claim(subject_id=cy.id, predicate="FRIEND_OF", object_id=ana.id, kind="end", at=at[5], said_at=at[5]),
    ]
    store = SqliteGraphStore(":memory:")
    entities = [ana, bo, cy, team, lyon, oslo]
    for n, claim in enumerate(claims):
        store.write(WriteBatch("default", entities=entities, claims=[claim]), recorded_at=T0 + timedelta(days=n))
    facts = list(store.iter_facts("default", include_expired=True))
    assert {f.predicate for f in facts} == {"MARRIED_TO", "FRIEND_OF", "LEADS", "LIVES_IN", "USES"}
    assert {(f.subject_id, f.object_id) for f in facts if f.predicate == "MARRIED_TO"} == {(ana.id, bo.id), (bo.id, ana.id)}
    assert [f.slot for f in facts] == [slot_key(CORE_VOCABULARY[f.predicate], f.subject_id, f.object_id) for f in facts]
