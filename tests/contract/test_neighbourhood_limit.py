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
