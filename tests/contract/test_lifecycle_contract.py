"""Usage, retention policies and evictions, on every backend (chronomem.graph.lifecycle)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from chronomem.errors import InputError
from chronomem.graph.evictor import retention_audit
from chronomem.graph.importance import Usage
from chronomem.graph.lifecycle import LifecycleStore, RetentionPolicy
from chronomem.schema import Mention, Session, Turn
from tests.contract.test_forget_contract import flush, traces
from tests.contract.test_store_contract import World, d

SECRET = "Quorvandel"  # an entity only the chatter names
CHATTER = "snorkelwhistle"  # a word only the evicted turn says


@pytest.fixture
def world(store):
    return World(store.test_group)


def session_with_a_fact(store, world):
    """s1: a turn that sources a fact (Ana lives in Lisbon) and a turn of chatter naming SECRET."""
    ana, lisbon, secret = world.e("Ana", "PERSON"), world.e("Lisbon", "PLACE"), world.e(SECRET, "PERSON")
    s1 = Session(session_id="s1", group_id=world.group, started_at=d(2024), turns=[
        Turn(id="s1:1", speaker="Ana", text="I moved to Lisbon last year."),
        Turn(id="s1:2", speaker="Bo", text=f"haha {SECRET} says {CHATTER}")])
    store.write(world.batch(world.claim("Ana", "LIVES_IN", "Lisbon", d(2023), said=d(2024), session="s1", turn="s1:1"),
                            session=s1, mentions=[Mention(turn_id="s1:1", entity_id=ana.id),
                                                  Mention(turn_id="s1:1", entity_id=lisbon.id),
                                                  Mention(turn_id="s1:2", entity_id=secret.id)]), recorded_at=d(2024))
    return s1


def test_store_keeps_lifecycle(store):
    assert isinstance(store, LifecycleStore)


def test_turns_are_scored_when_written(store, world):
    session_with_a_fact(store, world)
    usage = store.usage(world.group, "turn", ["s1:1", "s1:2", "nope"])
    assert set(usage) == {"s1:1", "s1:2"}
    assert usage["s1:1"].importance > 0.5 > usage["s1:2"].importance  # a stated move above chatter
    assert usage["s1:1"].born_at == d(2024) and usage["s1:1"].used_at is None and not usage["s1:1"].kept
    states = {t.id: t for t in store.turn_states(world.group)}
    assert list(states) == ["s1:1", "s1:2"] and states["s1:2"].session_id == "s1"
    assert states["s1:2"].usage == usage["s1:2"]


def test_feedback_replaces_usage_of_stored_items_only(store, world):
    session_with_a_fact(store, world)
    fact = next(iter(store.iter_facts(world.group)))
    turn = store.usage(world.group, "turn", ["s1:2"])["s1:2"]
    store.put_usage(world.group, [replace(turn, importance=0.9, used_at=d(2024, 3), kept=True),
                                  Usage("fact", fact.id, 0.75, born_at=fact.recorded_at, used_at=d(2024, 3)),
                                  Usage("turn", "missing", 1.0, born_at=d(2024)),
                                  Usage("fact", "missing", 1.0, born_at=d(2024))])
    assert store.usage(world.group, "turn", ["s1:2", "missing"])["s1:2"] == replace(turn, importance=0.9,
                                                                                    used_at=d(2024, 3), kept=True)
    assert store.usage(world.group, "fact", [fact.id, "missing"]) == {
        fact.id: Usage("fact", fact.id, 0.75, born_at=fact.recorded_at, used_at=d(2024, 3))}
    assert store.usage("another-group", "turn", ["s1:2"]) == {}


def test_writing_a_session_again_keeps_corrected_usage(store, world):
    s1 = session_with_a_fact(store, world)
    turn = store.usage(world.group, "turn", ["s1:2"])["s1:2"]
    store.put_usage(world.group, [replace(turn, importance=0.95, kept=True)])
    store.write(world.batch(session=s1), recorded_at=d(2024, 2))
    assert store.usage(world.group, "turn", ["s1:2"])["s1:2"].importance == 0.95


def test_retention_policy_per_group(store, world):
    assert store.retention_policy(world.group) is None
    policy = RetentionPolicy(turn_ttl_days=30, max_turns=100)
    store.set_retention_policy(world.group, policy)
    assert store.retention_policy(world.group) == policy
    assert store.retention_policy(world.group + "-other") is None
    store.set_retention_policy(world.group, None)
    assert store.retention_policy(world.group) is None


def test_eviction_erases_the_turn_and_keeps_facts(store, world):
    session_with_a_fact(store, world)
    fact = next(iter(store.iter_facts(world.group)))
    flush(store)
    assert traces(store, CHATTER) and traces(store, SECRET)
    report = store.evict_turns(world.group, ["s1:2", "unknown"], audit=retention_audit(["s1:2"], at=d(2025), by="t"))
    assert [(e.turn_id, e.session_id, e.evicted_at) for e in report.evictions] == [("s1:2", "s1", d(2025))]
    assert report.entity_ids == [world.e(SECRET).id]  # named only by the evicted turn
    assert report.erasure.kind == "retention" and report.erasure.counts["turns"] == 1
    assert traces(store, CHATTER) == 0 and traces(store, SECRET) == 0
    assert set(store.get_turns(world.group, ["s1:1", "s1:2"])) == {"s1:1"}
    assert store.fulltext(world.group, CHATTER, kind="turn") == []
    assert store.usage(world.group, "turn", ["s1:2"]) == {}
    assert list(store.iter_facts(world.group)) == [fact]  # the fact, its interval and sources unchanged
    assert set(store.evictions(world.group, ["s1:1", "s1:2"])) == {"s1:2"}
    assert [e.kind for e in store.erasures(world.group)] == ["retention"]
    assert store.stats(world.group)["turns"] == 1


def test_a_session_sent_again_after_evictions_changes_nothing(store, world):
    s1 = session_with_a_fact(store, world)
    store.evict_turns(world.group, ["s1:2"], audit=retention_audit(["s1:2"], at=d(2025), by="t"))
    report = store.write(world.batch(session=s1), recorded_at=d(2025, 2))  # the same session: a no-op
    assert not report.session_added and report.facts_added == 0
    assert set(store.get_turns(world.group, ["s1:1", "s1:2"])) == {"s1:1"}
    assert [t.seq for t in store.turns_of(world.group, "s1")] == [0]
    changed = s1.model_copy(update={"turns": [s1.turns[0].model_copy(update={"text": "I moved to Porto."}), s1.turns[1]]})
    with pytest.raises(InputError, match="different content"):  # a session stays immutable
        store.write(world.batch(session=changed), recorded_at=d(2025, 3))


def test_delete_group_removes_lifecycle_records(store, world):
    session_with_a_fact(store, world)
    store.set_retention_policy(world.group, RetentionPolicy(max_turns=1))
    store.evict_turns(world.group, ["s1:2"], audit=retention_audit(["s1:2"], at=d(2025), by="t"))
    store.delete_group(world.group)
    assert store.retention_policy(world.group) is None
    assert store.evictions(world.group, ["s1:2"]) == {}
    assert store.usage(world.group, "turn", ["s1:1"]) == {}


def test_forgetting_a_session_takes_what_retention_left_of_it(store, world):
    from tests.contract.test_forget_contract import audit

    session_with_a_fact(store, world)
    store.evict_turns(world.group, ["s1:2"], audit=retention_audit(["s1:2"], at=d(2025), by="t"))
    store.forget_session(world.group, "s1", audit=audit("session", "s1"))
    assert store.evictions(world.group, ["s1:1", "s1:2"]) == {}
    assert list(store.iter_facts(world.group, include_expired=True)) == []
    assert [e.kind for e in store.erasures(world.group)] == ["retention", "session"]
