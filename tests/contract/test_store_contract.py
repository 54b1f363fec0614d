"""The contract every GraphStore must pass, run against each backend."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest

from chronomem.errors import InputError
from chronomem.graph import GraphStore, WriteBatch
from chronomem.graph.base import facts_about_in_parts
from chronomem.schema import Claim, Entity, Mention, Session, Source, Turn, entity_id


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


class World:
    """A small group of named entities for one test."""

    def __init__(self, group: str):
        self.group = group
        self.entities: dict[str, Entity] = {}

    def e(self, name: str, etype: str = "OTHER", aliases=()) -> Entity:
        if name not in self.entities:
            self.entities[name] = Entity(id=entity_id(self.group, name), group_id=self.group, name=name, type=etype,
                                         aliases=list(aliases))
        return self.entities[name]

    def claim(self, s, p, o, at=None, *, said=None, kind="assert", session="s1", turn=None, **kw) -> Claim:
        return Claim(group_id=self.group, subject_id=self.e(s).id, predicate=p, object_id=self.e(o).id, kind=kind, at=at,
                     said_at=said or at or d(2024), statement=f"{s} {p.lower().replace('_', ' ')} {o}",
                     sources=[Source(session_id=session, turn_id=turn)], **kw)

    def batch(self, *claims, session=None, mentions=()) -> WriteBatch:
        return WriteBatch(self.group, session=session, entities=list(self.entities.values()), claims=list(claims),
                          mentions=list(mentions))


@pytest.fixture
def world(store):
    return World(store.test_group)


def names(store, world, facts):
    ents = store.get_entities(world.group, [i for f in facts for i in (f.subject_id, f.object_id)])
    return sorted((ents[f.subject_id].name, f.predicate, ents[f.object_id].name) for f in facts)


def test_store_satisfies_protocol(store):
    assert isinstance(store, GraphStore)


def test_facts_of_entity_as_of_and_known_at(store, world):
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Toronto", d(2020))), recorded_at=d(2021))
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Vancouver", d(2023))), recorded_at=d(2023, 2))
    ana = world.e("Ana").id
    assert names(store, world, store.facts_of(world.group, [ana], as_of=d(2022))) == [("Ana", "LIVES_IN", "Toronto")]
    assert names(store, world, store.facts_of(world.group, [ana], as_of=d(2024))) == [("Ana", "LIVES_IN", "Vancouver")]
    # what we believed in 2022 about 2024: Toronto, still open
    assert names(store, world, store.facts_of(world.group, [ana], as_of=d(2024), known_at=d(2022))) == [("Ana", "LIVES_IN", "Toronto")]
    # object side
    toronto = world.e("Toronto").id
    assert names(store, world, store.facts_of(world.group, [toronto], as_of=d(2022))) == [("Ana", "LIVES_IN", "Toronto")]
    assert store.facts_of(world.group, [ana], predicate="WORKS_AT") == []
    every = store.facts_of(world.group, [ana], include_expired=True)
    assert len(every) == 3 and sum(f.expired_at is not None for f in every) == 1



def test_facts_about_a_name_is_find_then_facts_of_then_get_entities(store, world):
    world.e("PostgreSQL", "TOOL", aliases=["Postgres"])
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Toronto", d(2020)), world.claim("Ana", "USES", "PostgreSQL", d(2019)),
                            world.claim("Bo", "USES", "PostgreSQL", d(2021))), recorded_at=d(2021))
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Vancouver", d(2023))), recorded_at=d(2023, 2))
    cases = [("Ana", {}), ("ana", {"as_of": d(2022)}), ("Ana", {"as_of": d(2024), "known_at": d(2022)}),
             ("Ana", {"predicate": "LIVES_IN", "include_expired": True}), ("postgres", {"as_of": d(2022)}),
             ("Nobody", {}), ("Toronto", {"as_of": d(2024)})]
    for name, kwargs in cases:
        got = store.facts_about(world.group, name, **kwargs)
        want = facts_about_in_parts(store, world.group, name, **kwargs)
        assert got == want, (name, kwargs)
    about = store.facts_about(world.group, "Postgres", as_of=d(2022))
    assert [e.name for e in about.entities] == ["PostgreSQL"]
    assert sorted(names(store, world, about.facts)) == [("Ana", "USES", "PostgreSQL"), ("Bo", "USES", "PostgreSQL")]
    assert set(about.touched) == {world.e(n).id for n in ("Ana", "Bo", "PostgreSQL")}
    assert store.facts_about(world.group, "Nobody").facts == []

def test_write_report_counts_and_idempotence(store, world):
    batch = world.batch(world.claim("Ana", "WORKS_AT", "Shopify", d(2020)))
    first = store.write(batch, recorded_at=d(2021))
    assert (first.facts_added, first.claims_added, first.entities_added) == (1, 1, 2)
    again = store.write(batch, recorded_at=d(2022))
    assert (again.facts_added, again.claims_added, again.entities_added, again.versions_expired) == (0, 0, 0, 0)
    closed = store.write(world.batch(world.claim("Ana", "WORKS_AT", "Shopify", d(2024, 8, 31), kind="end")), recorded_at=d(2024, 9))
    assert (closed.facts_closed, closed.versions_expired) == (1, 1)
    fixed = store.write(world.batch(world.claim("Ana", "WORKS_AT", "Plaid", said=d(2024, 10), kind="correct",
                                                replaces_object_id=world.e("Shopify").id)), recorded_at=d(2024, 10))
    assert fixed.facts_corrected == 1 and fixed.facts_added == 1


def test_correction_is_visible_only_after_it_was_made(store, world):
    store.write(world.batch(world.claim("Ana", "WORKS_AT", "Stripe", d(2024, 2), said=d(2024, 2, 20))), recorded_at=d(2024, 2, 20))
    store.write(world.batch(world.claim("Ana", "WORKS_AT", "Plaid", said=d(2024, 3), kind="correct",
                                        replaces_object_id=world.e("Stripe").id)), recorded_at=d(2024, 3))
    ana = world.e("Ana").id
    assert names(store, world, store.facts_of(world.group, [ana], as_of=d(2024, 2, 25))) == [("Ana", "WORKS_AT", "Plaid")]
    before = store.facts_of(world.group, [ana], as_of=d(2024, 2, 25), known_at=d(2024, 2, 25))
    assert names(store, world, before) == [("Ana", "WORKS_AT", "Stripe")]


def test_unknown_predicate_writes_nothing(store, world):
    good = world.claim("Ana", "LIVES_IN", "Lisbon", d(2020))
    bad = good.model_copy(update={"predicate": "HAUNTS"})
    with pytest.raises(InputError, match="unknown predicate"):
        store.write(world.batch(good, bad), recorded_at=d(2021))
    assert store.stats(world.group)["facts"] == 0
    assert store.stats(world.group)["entities"] == 0


def test_naive_recorded_at_is_an_input_error_and_writes_nothing(store, world):
    with pytest.raises(InputError, match="timezone"):
        store.write(world.batch(world.claim("Ana", "LIVES_IN", "Lisbon", d(2020))), recorded_at=datetime(2021, 1, 1))
    assert store.stats(world.group)["facts"] == 0


def test_recorded_at_in_another_zone_is_stored_in_utc(store, world):
    cet = timezone(timedelta(hours=1))
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Lisbon", d(2020))), recorded_at=datetime(2021, 1, 1, 1, tzinfo=cet))
    (fact,) = store.facts_of(world.group, [world.e("Ana").id])
    assert fact.recorded_at == d(2021) and fact.recorded_at.utcoffset() == timedelta(0)


def test_dangling_entity_writes_nothing(store, world):
    c = world.claim("Ana", "LIVES_IN", "Lisbon", d(2020))
    batch = WriteBatch(world.group, entities=[world.e("Ana")], claims=[c])
    with pytest.raises(InputError):
        store.write(batch, recorded_at=d(2021))
    assert store.stats(world.group) == {k: 0 for k in store.stats(world.group)}


@pytest.mark.parametrize("name", ['O\'Brien "the" `tick`', "line\nbreak", "x}) DETACH DELETE n //", "Robert'); DROP TABLE facts;--", "$param {a:1}"])  # noqa: E501
def test_hostile_names_are_stored_verbatim(store, world, name):
    store.write(world.batch(world.claim(name, "LIVES_IN", "Lisbon", d(2020))), recorded_at=d(2021))
    found = store.find_entities(world.group, name)
    assert [e.name for e in found] == [name]
    assert store.fulltext(world.group, name, kind="entity", limit=5)[0][0] == found[0].id
    assert store.stats(world.group)["facts"] == 1


def test_find_entities_by_alias_and_normalized_name(store, world):
    world.e("PostgreSQL", "TOOL", aliases=["Postgres", "psql"])
    store.write(world.batch(world.claim("Team", "USES", "PostgreSQL", d(2020))), recorded_at=d(2021))
    assert [e.name for e in store.find_entities(world.group, "postgres")] == ["PostgreSQL"]
    assert [e.name for e in store.find_entities(world.group, "  POSTGRESQL ")] == ["PostgreSQL"]
    assert store.find_entities(world.group, "mysql") == []


def test_aliases_merge_on_later_writes(store, world):
    store.write(world.batch(world.claim("Team", "USES", "PostgreSQL", d(2020))), recorded_at=d(2021))
    world.entities["PostgreSQL"] = world.e("PostgreSQL").model_copy(update={"aliases": ["Postgres"], "type": "TOOL"})
    store.write(world.batch(world.claim("Team", "USES", "PostgreSQL", d(2020))), recorded_at=d(2022))
    (pg,) = store.find_entities(world.group, "Postgres")
    assert pg.aliases == ["Postgres"] and pg.type == "TOOL"


def test_groups_never_mix(store, world):
    other = World(world.group + "-other")
    store.write(world.batch(world.claim("Emma", "LIVES_IN", "Zurich", d(2020))), recorded_at=d(2021))
    store.write(other.batch(other.claim("Emma", "LIVES_IN", "Oslo", d(2020))), recorded_at=d(2021))
    try:
        assert world.e("Emma").id != other.e("Emma").id
        mine = store.find_entities(world.group, "Emma")
        assert len(mine) == 1
        assert names(store, world, store.facts_of(world.group, [mine[0].id])) == [("Emma", "LIVES_IN", "Zurich")]
        assert store.fulltext(world.group, "Oslo", kind="entity") == []
        assert store.facts_of(world.group, [other.e("Emma").id]) == []
    finally:
        if hasattr(store, "delete_group"):
            store.delete_group(other.group)


def test_neighbourhood_applies_as_of_on_every_hop(store, world):
    store.write(world.batch(
        world.claim("Ana", "WORKS_AT", "Acme", d(2020)),
        world.claim("Acme", "USES", "Redis", d(2018), until=d(2022)),
        world.claim("Acme", "USES", "Memcached", d(2022)),
        world.claim("Redis", "RELATED_TO", "Cache", d(2010)),
    ), recorded_at=d(2024))
    ana = world.e("Ana").id
    one = store.neighbourhood(world.group, [ana], depth=1, as_of=d(2021))
    assert names(store, world, one) == [("Ana", "WORKS_AT", "Acme")]
    two = store.neighbourhood(world.group, [ana], depth=2, as_of=d(2021))
    assert names(store, world, two) == [("Acme", "USES", "Redis"), ("Ana", "WORKS_AT", "Acme")]
    three = store.neighbourhood(world.group, [ana], depth=3, as_of=d(2023))
    assert names(store, world, three) == [("Acme", "USES", "Memcached"), ("Ana", "WORKS_AT", "Acme")]
    with pytest.raises(InputError):
        store.neighbourhood(world.group, [ana], depth=4)


def test_sessions_turns_mentions_and_fulltext(store, world):
    t0 = d(2024, 3, 12)
    session = Session(session_id="s-1", group_id=world.group, started_at=t0, turns=[
        Turn(speaker="user", text="We upgraded Postgres over the weekend."),
        Turn(speaker="assistant", text="Nice! How did the migration go?", at=t0 + timedelta(minutes=1)),
    ])
    pg = world.e("PostgreSQL", "TOOL", aliases=["Postgres"])
    c = world.claim("Team", "USES", "PostgreSQL", t0, turn="s-1:1", session="s-1")
    report = store.write(world.batch(c, session=session, mentions=[Mention(turn_id="s-1:1", entity_id=pg.id)]), recorded_at=t0)
    assert report.session_added
    assert not store.write(world.batch(c, session=session), recorded_at=t0).session_added
    (rec,) = store.sessions(world.group)
    assert (rec.id, rec.turn_count, rec.started_at) == ("s-1", 2, t0)
    turns = store.turns_of(world.group, "s-1")
    assert [t.id for t in turns] == ["s-1:1", "s-1:2"] and turns[1].at == t0 + timedelta(minutes=1)
    assert store.get_turns(world.group, ["s-1:2"])["s-1:2"].speaker == "assistant"
    assert store.mentions_of(world.group, "s-1:1") == [pg.id]
    assert store.turns_mentioning(world.group, [pg.id]) == ["s-1:1"]
    assert [t.id for t in store.iter_turns(world.group)] == ["s-1:1", "s-1:2"]
    assert store.fulltext(world.group, "migration", kind="turn")[0][0] == "s-1:2"
    (hit, score), = store.fulltext(world.group, "postgresql", kind="fact")
    assert store.get_facts(world.group, [hit])[0].predicate == "USES" and score > 0
    assert store.fulltext(world.group, 'title:"x" AND (y* OR ~z) NEAR(', kind="fact") == []
    stats = store.stats(world.group)
    assert (stats["sessions"], stats["turns"], stats["facts"], stats["entities"]) == (1, 2, 1, 2)
    assert world.group in store.groups()


def test_iter_facts_and_changes(store, world):
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Toronto", d(2020)),
                            world.claim("Ana", "LIVES_IN", "Vancouver", d(2023))), recorded_at=d(2024))
    assert len(list(store.iter_facts(world.group))) == 2
    assert len(list(store.iter_facts(world.group, as_of=d(2021)))) == 1
    changed = store.changed_between(world.group, d(2022, 6), d(2023, 6))
    assert sorted(f.valid_from.year for f in changed) == [2020, 2023]


def test_concurrent_writers_keep_one_value_per_slot(store, world):
    for name in ["Ana", *[f"City{i}" for i in range(8)]]:
        world.e(name)
    claims = [world.claim("Ana", "LIVES_IN", f"City{i}", d(2010 + i), session=f"s{i}") for i in range(8)]
    errors = []

    def writer(part):
        try:
            for c in part:
                store.write(world.batch(c), recorded_at=datetime.now(timezone.utc))
        except Exception as e:  # surfaced below
            errors.append(e)

    threads = [threading.Thread(target=writer, args=(claims[i::2],)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    facts = store.facts_of(world.group, [world.e("Ana").id])
    assert [f.valid_from.year for f in facts] == list(range(2010, 2018))
    assert store.stats(world.group)["claims"] == 8


@pytest.mark.parametrize("first, second", [(0, 1), (1, 0)])
def test_entity_spellings_and_types_merge_the_same_in_any_order(store, first, second):
    """Regression: the first spelling and the first type kept won, so the order of arrival decided
    an entity's name ("blue" or "Blue"), its type and which alias spelling stayed."""
    g = store.test_group
    records = [Entity(id=entity_id(g, "Globex"), group_id=g, name="globex", type="TOOL", aliases=["gbx"]),
               Entity(id=entity_id(g, "Globex"), group_id=g, name="Globex", type="ORG", aliases=["GBX", "Globex Corp"])]
    store.write(WriteBatch(g, entities=[records[first]]), recorded_at=d(2024))
    store.write(WriteBatch(g, entities=[records[second]]), recorded_at=d(2024))
    (stored,) = store.iter_entities(g)
    assert (stored.name, stored.type, stored.aliases) == ("Globex", "ORG", ["GBX", "Globex Corp"])
    assert [e.id for e in store.find_entities(g, "gbx")] == [stored.id]
