"""Reading a group that does not exist says so and names the groups that do (every backend)."""

from __future__ import annotations

import pytest
from query_helpers import NoClaims, d

from chronomem import Memory
from chronomem.errors import InputError


def test_an_unknown_group_names_the_groups_that_exist(store):
    with pytest.raises(InputError, match="is empty|no group"):
        Memory(store, group=store.test_group, extractor=NoClaims(), embedder=None).require_group()
    mem = Memory(store, group=store.test_group, extractor=NoClaims(), embedder=None)
    mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2020-01-01"}])
    mem.require_group()  # exists: no error
    typo = Memory(store, group=store.test_group.upper(), extractor=NoClaims(), embedder=None)
    with pytest.raises(InputError) as e:
        typo.require_group()
    assert f"did you mean {store.test_group!r}" in str(e.value) and repr(store.test_group) in str(e.value)


def _imported(store, at):
    """A memory on ``store`` holding one fact recorded at ``at``."""
    from chronomem.clock import FixedClock

    mem = Memory(store, group=store.test_group, extractor=NoClaims(), embedder=None, clock=FixedClock(at))
    mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2020-01-01"}])
    return mem


def test_an_unknown_predicate_names_the_closest_ones(store):
    mem = _imported(store, d(2024, 3))
    with pytest.raises(InputError, match=r"unknown predicate 'LIVESIN': did you mean LIVES_IN\?.*WORKS_AT"):
        mem.facts("Ana", predicate="LIVESIN")
    with pytest.raises(InputError, match="unknown predicate 'HAUNTS': Predicates: "):
        mem.timeline("Ana", predicate="HAUNTS")
    assert [f.object for f in mem.facts("Ana", predicate="lives in")] == ["Porto"]  # any case, spaces
    assert [f.object for f in mem.timeline("Ana", predicate="LIVES_IN")] == ["Porto"]


def test_known_at_before_the_first_record_says_when_that_was(store):
    mem = Memory(store, group=store.test_group, extractor=NoClaims(), embedder=None)
    assert "no facts recorded at any time" in (mem.why_empty(known_at="2020-01-01") or "")
    mem = _imported(store, d(2024, 3))
    assert mem.facts("Ana", known_at="2023-12-31") == []
    reason = mem.why_empty(known_at="2023-12-31")
    assert reason is not None and "recorded at 2024-03-01T00:00:00+00:00" in reason
    assert mem.why_empty(known_at="2024-03-01") is None and mem.why_empty() is None
    assert [f.object for f in mem.facts("Ana", known_at="2024-03-01")] == ["Porto"]
