"""On every backend: turns keep the times they speak about, and events keep their own intervals
(each occurrence apart, a plan confirmed or cancelled, events never closing each other)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from chronomem import FixedClock, Memory
from chronomem.graph import WriteBatch
from chronomem.graph.turn_times import main_time, times_of
from chronomem.schema import Claim, Entity, Session, Source, Turn, entity_id

UTC = timezone.utc
SAID = datetime(2023, 5, 25, 13, tzinfo=UTC)  # a Thursday


def day(m: int, d: int) -> datetime:
    return datetime(2023, m, d, tzinfo=UTC)


def test_a_turn_keeps_the_times_it_speaks_about(store):
    g = store.test_group
    session = Session(session_id="s1", group_id=g, started_at=SAID, turns=[
        Turn(speaker="Mel", text="I ran a charity race last Saturday, and we go camping next month!"),
        Turn(speaker="Mel", text="Thanks, it was fun.")])
    store.write(WriteBatch(g, session=session), recorded_at=SAID)
    turns = store.get_turns(g, ["s1:1", "s1:2"])
    first = [(m.phrase, m.span.dates(), m.tense) for m in times_of(turns["s1:1"])]
    assert first == [("last Saturday", "2023-05-20", "past"), ("next month", "2023-06-01 → 2023-06-30", "future")]
    assert turns["s1:1"].times is not None  # stored with the turn, not found again when read
    assert times_of(turns["s1:2"]) == () and turns["s1:2"].times == "[]"
    assert [t.times for t in store.turns_of(g, "s1")] == [turns["s1:1"].times, "[]"]
    spoken = main_time(turns["s1:1"])
    assert spoken is not None and spoken.phrase == "last Saturday"


def _event(g: str, what: str, at: datetime, until: datetime, said: datetime, sid: str, **quals: str) -> Claim:
    return Claim(group_id=g, subject_id=entity_id(g, "Mel"), predicate="DID", object_id=entity_id(g, what),
                 qualifiers={"relation": "went", **quals}, statement=f"Mel went {what}", at=at, until=until,
                 at_precision="day", until_precision="day", said_at=said,
                 sources=[Source(session_id=sid, turn_id=f"{sid}:1")])


def _write(store, sid: str, said: datetime, claims: list[Claim]) -> None:
    g = store.test_group
    session = Session(session_id=sid, group_id=g, started_at=said, turns=[Turn(speaker="Mel", text="…")])
    names = {("Mel", "PERSON")} | {(n, "OTHER") for n in ("camping", "hiking")}
    entities = [Entity(id=entity_id(g, n), group_id=g, name=n, type=t) for n, t in sorted(names)]
    store.write(WriteBatch(g, session=session, entities=entities, claims=claims), recorded_at=said)


def _events(store) -> list[tuple[str, str, str, str]]:
    facts = [f for f in store.iter_facts(store.test_group) if f.predicate == "DID"]
    return sorted((f.object_id, f.valid_from.date().isoformat(), f.valid_to.date().isoformat(),
                   f.qualifiers.get("status", "")) for f in facts)


def test_events_are_occurrences_that_never_close_each_other(store):
    g = store.test_group
    camp, hike = entity_id(g, "camping"), entity_id(g, "hiking")
    _write(store, "s1", SAID, [_event(g, "camping", day(5, 6), day(5, 8), SAID, "s1"),
                               _event(g, "hiking", day(5, 13), day(5, 15), SAID, "s1")])
    _write(store, "s2", SAID + timedelta(days=30), [_event(g, "camping", day(6, 17), day(6, 19), SAID + timedelta(30), "s2"),
                                                   _event(g, "camping", day(6, 1), day(7, 1), SAID + timedelta(30), "s2")])
    assert _events(store) == sorted([(camp, "2023-05-06", "2023-05-08", ""),  # the first trip
                                     (camp, "2023-06-17", "2023-06-19", ""),  # the second ("in June" told of it too)
                                     (hike, "2023-05-13", "2023-05-15", "")])  # another happening closes nothing


def test_a_plan_is_confirmed_by_a_later_report(store):
    g = store.test_group
    _write(store, "s1", SAID, [_event(g, "camping", day(6, 1), day(7, 1), SAID, "s1", status="planned")])
    assert _events(store) == [(entity_id(g, "camping"), "2023-06-01", "2023-07-01", "planned")]
    later = day(6, 27)
    _write(store, "s2", later, [_event(g, "camping", day(6, 19), day(6, 26), later, "s2")])
    assert _events(store) == [(entity_id(g, "camping"), "2023-06-19", "2023-06-26", "")]
    old = [f for f in store.iter_facts(g, include_expired=True) if f.expired_at is not None]
    assert [f.qualifiers.get("status") for f in old] == ["planned"]  # the plan is still there with known_at


def test_a_cancellation_calls_a_plan_off(store):
    g = store.test_group
    _write(store, "s1", SAID, [_event(g, "camping", day(6, 1), day(7, 1), SAID, "s1", status="planned")])
    cancel = Claim(group_id=g, kind="end", subject_id=entity_id(g, "Mel"), predicate="DID",
                   object_id=entity_id(g, "camping"), qualifiers={"relation": "cancelled"}, at=day(5, 30),
                   said_at=day(5, 30), sources=[Source(session_id="s2", turn_id="s2:1")])
    _write(store, "s2", day(5, 30), [cancel])
    assert _events(store) == [(entity_id(g, "camping"), "2023-06-01", "2023-07-01", "cancelled")]


def test_memory_reads_plans_with_their_status(store, rule_extractor):
    mem = Memory(store, group=store.test_group, clock=FixedClock(SAID + timedelta(days=1)), extractor=rule_extractor,
                 embedder=None)
    mem.ingest([{"session_id": "s1", "started_at": SAID.isoformat(), "turns": [
        {"speaker": "Mel", "text": "We're planning to go camping in June."},
        {"speaker": "Mel", "text": "I ran a charity race last Saturday."}]}])
    timeline = {r.statement: (r.status, r.interval()) for r in mem.timeline("Mel")}
    assert timeline["Mel plans to go camping"] == ("planned", "2023-06-01 → 2023-07-01")
    assert timeline["Mel ran charity race"] == ("ended", "2023-05-20 → 2023-05-21")
    assert {r.statement for r in mem.facts("Mel", as_of=day(6, 10))} >= {"Mel plans to go camping"}
    changes = mem.changes(day(5, 19), day(5, 22))
    assert any(c["fact"].statement == "Mel ran charity race" and c["change"] == "began" for c in changes)
