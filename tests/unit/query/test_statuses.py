"""One status vocabulary: a version replaced by a newer version of itself is "superseded" in
facts (with known_at) as in timeline; changes calls an added end date "ended", and lists a
symmetric fact once. Run on every backend."""

from __future__ import annotations

import pytest
from query_helpers import NoClaims, d

from chronomem import FixedClock, Memory


@pytest.fixture
def mem(store):
    m = Memory(store, group=store.test_group, clock=FixedClock(d(2024, 6)), extractor=NoClaims(), embedder=None)
    m.import_facts([{"subject": "Bob", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2020-01-01"}],
                   recorded_at=d(2021))
    m.import_facts([{"subject": "Bob", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2020-01-01",
                     "valid_to": "2023-03-01"},
                    {"subject": "Bob", "predicate": "MARRIED_TO", "object": "Cleo", "valid_from": "2023-05-01"}],
                   recorded_at=d(2023, 6))
    return m


def test_a_version_only_replaced_by_a_newer_one_is_superseded_everywhere(mem):
    then = mem.facts("Bob", predicate="WORKS_AT", as_of="2022-06-01", known_at="2022-12-31")
    assert [r.status for r in then] == ["superseded"]
    every = mem.timeline("Bob", predicate="WORKS_AT", include_retracted=True)
    assert {r.status for r in every if r.expired_at is not None} == {"superseded"}


def test_changes_says_ended_for_an_end_date_and_lists_a_symmetric_fact_once(mem):
    events = mem.changes("2023-01-01", "2024-01-01")
    kinds = [(e["change"], e["fact"].predicate) for e in events]
    assert ("ended", "WORKS_AT") in kinds and not any(change == "corrected" for change, _ in kinds)
    assert [k for k in kinds if k[1] == "MARRIED_TO"] == [("began", "MARRIED_TO")]
