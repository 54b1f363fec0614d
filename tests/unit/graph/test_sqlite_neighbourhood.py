"""The embedded store cuts a hop in SQL (rowids from the subject and object indexes, then the
time filter, order and limit); it must keep exactly the first facts of ``facts_of``."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import SqliteGraphStore
from chronomem.graph.base import fact_order
from chronomem.schema import entity_id


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


@pytest.fixture
def store(tmp_path):
    store = SqliteGraphStore(tmp_path / "n.sqlite")
    rows = [{"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Lisbon" if i % 3 else "Porto",
             "valid_from": f"{2000 + i % 9}-01-01", "valid_to": f"{2012 + i % 5}-01-01" if i % 4 == 0 else None}
            for i in range(40)]
    rows += [{"subject": "P1", "predicate": "FRIEND_OF", "object": "P2", "valid_from": "2005-06-01"},  # between two entries
             {"subject": "P1", "predicate": "FRIEND_OF", "object": "P1b"}]
    for batch in batches_from_records(rows, group_id="g", vocabulary=store.vocabulary, said_at=d(2010)):
        store.write(batch, recorded_at=d(2010))
    moved = [{"subject": "P1", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2015-01-01"}]  # expires a version
    for batch in batches_from_records(moved, group_id="g", vocabulary=store.vocabulary, said_at=d(2020)):
        store.write(batch, recorded_at=d(2020))
    yield store
    store.close()


@pytest.mark.parametrize("as_of", [None, d(2003), d(2013), d(2030)])
@pytest.mark.parametrize("known_at", [None, d(2012), d(2021)])
@pytest.mark.parametrize("count", [1, 7, 500])
def test_a_hop_keeps_the_first_facts_of_facts_of(store, as_of, known_at, count):
    ids = [entity_id("g", name) for name in ("P1", "P2", "Lisbon", "Nobody")]
    want = sorted(store.facts_of("g", ids, as_of=as_of, known_at=known_at), key=fact_order)[:count]
    got = store.neighbourhood("g", ids, depth=1, as_of=as_of, known_at=known_at, limit=count)
    assert [f.id for f in got] == [f.id for f in want]
    assert len({f.id for f in got}) == len(got)  # the fact between P1 and P2 comes once
