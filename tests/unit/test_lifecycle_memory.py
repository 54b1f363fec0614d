"""Memory.feedback, the retention policy and compact, through the public API (embedded store)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from chronomem import FixedClock, InputError, Memory

T0 = datetime(2024, 3, 1, 9, tzinfo=timezone.utc)


def session(sid, at, *lines):
    return {"session_id": sid, "started_at": at.isoformat(),
            "turns": [{"speaker": who, "text": text} for who, text in lines]}


@pytest.fixture
def mem(tmp_path, rule_extractor):
    m = Memory.open(tmp_path / "store", clock=FixedClock(T0 + timedelta(days=1)), extractor=rule_extractor,
                    embedder=None)
    yield m
    m.close()


def turn_ids(hits):
    return [h.id for h in hits if h.kind == "turn"]


def test_feedback_changes_ranking(mem):
    mem.ingest([session("s1", T0, ("Ana", "I drink green tea."), ("Bo", "I drink black tea."))])
    before = turn_ids(mem.search("tea", k=5))
    assert sorted(before) == ["s1:1", "s1:2"]
    second = before[1]
    (record,) = mem.feedback([second], useful=True)
    assert record.kept and record.used_at == mem.clock.now() and record.importance > 0.5
    assert turn_ids(mem.search("tea", k=5))[0] == second
    mem.feedback([second], useful=False)
    mem.feedback([second], useful=False)
    assert turn_ids(mem.search("tea", k=5)) == before


def test_an_unused_memory_decays(mem):
    mem.ingest([session("s1", T0, ("Ana", "I moved to Lisbon last year."))])
    fresh = mem.feedback(["s1:1"], useful=True)[0]
    mem.clock.advance(timedelta(days=365))
    later = mem.feedback(["s1:1"], useful=False)[0]  # read back a year later, never recalled since
    assert later.effective < later.importance < fresh.importance
    assert later.effective < fresh.effective / 3


def test_feedback_on_unknown_or_evicted_ids_says_so(mem):
    mem.ingest([session("s1", T0, ("Ana", "haha ok"))])
    with pytest.raises(InputError, match="no turn or fact 'nope'"):
        mem.feedback(["nope"])
    mem.set_policy(max_turns=0)
    mem.compact()
    with pytest.raises(InputError, match="evicted by retention"):
        mem.feedback(["s1:1"])
    with pytest.raises(InputError, match="at least one id"):
        mem.feedback([])


def test_policy_round_trip_and_errors(mem):
    assert mem.policy() is None
    assert mem.set_policy(turn_ttl_days=30).turn_ttl_days == 30
    assert mem.set_policy(max_turns=10).turn_ttl_days == 30  # fields not given are kept
    with pytest.raises(InputError, match="max_turns"):
        mem.set_policy(max_turns=-1)
    mem.clear_policy()
    assert mem.policy() is None


def test_compact_expires_chatter_and_keeps_what_proved_useful(mem):
    mem.ingest([session("s1", T0, ("Ana", "I moved to Lisbon last year."), ("Bo", "haha same"), ("Bo", "lol ok"),
                        ("Ana", "cool"))])
    mem.feedback(["s1:4"], useful=True)  # "cool" proved useful: promoted, kept
    mem.set_policy(turn_ttl_days=30)
    assert mem.compact().expired == 0  # nothing is 30 days old yet
    mem.clock.advance(timedelta(days=60))
    dry = mem.compact(dry_run=True)
    assert (dry.expired, dry.turns_after) == (2, 2) and mem.stats()["turns"] == 4
    done = mem.compact()
    assert (done.expired, done.over_cap, done.turns_after) == (2, 0, 2)
    assert sorted(t.id for t in mem.store.iter_turns(mem.group)) == ["s1:1", "s1:4"]
    assert [e.kind for e in mem.erasures()] == ["retention"]
    assert mem.timeline("Ana")[0].statement  # facts untouched


def test_cap_evicts_lowest_importance_oldest_first(mem):
    mem.ingest([session("s1", T0, ("Ana", "I moved to Lisbon last year."), ("Bo", "haha same")),
                session("s2", T0 + timedelta(days=1), ("Bo", "lol ok"), ("Ana", "My sister Emma works at Acme."))])
    mem.set_policy(max_turns=2)
    report = mem.compact()
    assert report.over_cap == 2
    assert sorted(t.id for t in mem.store.iter_turns(mem.group)) == ["s1:1", "s2:2"]
