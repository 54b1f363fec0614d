"""``neighbourhood(limit=...)`` keeps the first facts in store order, on every backend.

Search walks the graph hop by hop with a small limit; a hub (an entity with many facts)
must cost no more than the limit, and both stores must agree on which facts are kept.
"""

from __future__ import annotations

from datetime import datetime, timezone

from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph.base import fact_order
from chronomem.schema import entity_id


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


def test_limit_keeps_the_first_facts_in_store_order(store):
    group = store.test_group
    rows = [{"subject": f"P{i:02d}", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": f"{2000 + i % 7}-01-01"}
            for i in range(30)]
    rows += [{"subject": "P00", "predicate": "LIKES", "object": "jazz"},
             {"subject": "P01", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2001-05-01"}]
    for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=d(2024)):
        store.write(batch, recorded_at=d(2024))
    hub = entity_id(group, "Lisbon")
    every = sorted(store.facts_of(group, [hub], as_of=d(2024)), key=fact_order)
    assert len(every) == 30
    first = store.neighbourhood(group, [hub], depth=1, as_of=d(2024), limit=5)
    assert [f.id for f in first] == [f.id for f in every[:5]]
    two = store.neighbourhood(group, [hub], depth=2, as_of=d(2024), limit=31)
    assert len(two) == 31 and {f.id for f in every} < {f.id for f in two}
    assert store.neighbourhood(group, [hub], depth=2, as_of=d(2024), limit=40) == \
        sorted(store.neighbourhood(group, [hub], depth=2, as_of=d(2024), limit=40), key=fact_order)


def test_fact_counts_count_versions_on_both_ends_without_reading_them(store):
    group = store.test_group
    rows = [{"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": f"{2000 + i}-01-01"}
            for i in range(4)]
    rows += [{"subject": "P0", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2010-01-01"},
             {"subject": "Lisbon", "predicate": "RELATED_TO", "object": "Porto"}]
    for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=d(2024)):
        store.write(batch, recorded_at=d(2024))
    ids = {name: entity_id(group, name) for name in ("Lisbon", "Porto", "P0", "P3", "Nobody")}
    counts = store.fact_counts(group, list(ids.values()))
    versions = {name: len(store.facts_of(group, [i], include_expired=True)) for name, i in ids.items()}
    assert counts == {ids[n]: versions[n] for n in ("Lisbon", "Porto", "P0", "P3")}  # the closed P0 version counts
    assert counts[ids["Lisbon"]] == 5 and ids["Nobody"] not in counts
    assert store.fact_counts(group + "-other", list(ids.values())) == {}


def test_search_does_not_walk_on_through_a_hub(store):
    from chronomem.query.candidates import traverse

    group = store.test_group
    rows = [{"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2001-01-01"} for i in range(6)]
    rows += [{"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2001-01-01"},
             {"subject": "Acme", "predicate": "RELATED_TO", "object": "Lisbon"}]
    for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=d(2024)):
        store.write(batch, recorded_at=d(2024))
    ana, acme, lisbon = (entity_id(group, n) for n in ("Ana", "Acme", "Lisbon"))
    everything = {f.id: f for f in store.iter_facts(group)}

    def walk(hub_facts):
        found = traverse(store, group, {ana: 1.0}, instant=d(2024), known_at=None, ok=lambda f: True, depth=2,
                         relevance={i: 1.0 for i in everything}, expand=1, hub_facts=hub_facts)
        return {everything[f.id].subject_id for f, hop in found if hop == 2}

    assert walk(100) == {acme}  # hop 2 goes on through Acme (2 facts) ...
    assert walk(1) == set()  # ... but not when two facts already make a hub
    residents = traverse(store, group, {acme: 1.0}, instant=d(2024), known_at=None, ok=lambda f: True, depth=2,
                         relevance={i: 1.0 for i in everything}, expand=1, hub_facts=6)
    assert lisbon not in {e for f, hop in residents if hop == 2 for e in (f.subject_id,)} and len(residents) == 2
