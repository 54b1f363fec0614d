"""``forget`` leaves no trace (issue 28, defect 4), on every backend, checked in the raw stored bytes:
entities named only in what was erased go too, and surviving facts stop citing erased turns."""

from __future__ import annotations

from tests.contract.memory_helpers import memory_on, session
from tests.contract.test_forget_contract import flush, traces

FRIEND = session("d1", "2024-01-05T10:00:00Z", "My friend Daniel just moved to Somerville.",
                 "Daniel told me I should apply at Fernwood Labs, and I work at Fernwood Labs now.")
LATER = session("d2", "2024-02-05T10:00:00Z", "I work at Fernwood Labs and I love it.")


def cited_turns(mem) -> set[str]:
    """Every turn id any stored fact version of the group cites."""
    versions = [f for e in mem.store.iter_entities(mem.group) for f in mem.timeline(e.name, include_retracted=True)]
    return {s.turn_id for f in versions for s in f.sources if s.turn_id}


def test_forgetting_a_person_erases_what_only_their_turns_named(store, rule_extractor):
    mem = memory_on(store, rule_extractor)
    mem.ingest([FRIEND, LATER])
    assert mem.store.find_entities(mem.group, "Somerville")
    flush(store)
    report = mem.forget("Daniel")
    flush(store)
    assert not mem.store.find_entities(mem.group, "Somerville")
    assert traces(store, "Somerville") == 0 and traces(store, "Daniel") == 0
    assert report.erasure.counts["entities"] == 2
    assert {e.name for e in mem.store.iter_entities(mem.group)} == {"user", "Fernwood Labs"}  # still in use


def test_surviving_facts_stop_citing_erased_turns_and_are_replanned(store, rule_extractor):
    mem = memory_on(store, rule_extractor)
    mem.ingest([FRIEND, LATER])
    mem.forget("Daniel")
    assert cited_turns(mem) == {"d2:1"}
    (work,) = mem.timeline("user", predicate="WORKS_AT", include_retracted=True)
    assert work.object == "Fernwood Labs" and work.status == "current"
    assert work.valid_from.isoformat().startswith("2024-02-05")  # the erased turn no longer dates it
    assert traces(store, "d1:2") == 0


def test_forgetting_a_session_erases_the_entities_only_it_named(store, rule_extractor):
    mem = memory_on(store, rule_extractor)
    mem.ingest([FRIEND, LATER])
    mem.forget(session="d1")
    flush(store)
    assert traces(store, "Somerville") == 0 and traces(store, "Daniel") == 0
    assert cited_turns(mem) == {"d2:1"}
