"""Plans: a start stated before it happened is weak evidence that later statements override.

"I'm moving to Lisbon in June" holds like any fact until something said after the planned start
contradicts it ("I live in Quito", with the move never confirmed) or dates the real move.
"""

from datetime import datetime, timezone

from chronomem.graph import SqliteGraphStore
from chronomem.graph.base import WriteBatch
from chronomem.graph.temporal import derive_timeline, is_plan
from chronomem.schema import CORE_VOCABULARY as V
from chronomem.schema import Claim, Entity, Source


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


def claim(obj, at, said, *, kind="assert", observed=False, pred="LIVES_IN"):
    return Claim(subject_id="u", predicate=pred, object_id=obj, kind=kind, at=at, said_at=said, observed=observed,
                 sources=[Source(session_id="s", turn_id=f"{obj}-{said.isoformat()}")])


def timeline(claims, pred="LIVES_IN"):
    return [(s.value, s.start, s.end) for s in derive_timeline(V[pred], claims)]


HOME = claim("quito", d(2021, 2), d(2021, 3))
PLAN = claim("lisbon", d(2023, 6), d(2023, 4, 10))  # said in April: "I'm moving to Lisbon in June"


def test_a_plan_is_a_start_after_it_was_said():
    assert is_plan(PLAN)
    assert not is_plan(HOME)
    assert not is_plan(claim("lisbon", d(2023, 4, 10), d(2023, 4, 10), observed=True))
    assert not is_plan(claim("lisbon", d(2023, 6), d(2023, 4, 10), kind="end"))


def test_an_unanswered_plan_holds_like_any_fact():
    assert timeline([HOME, PLAN]) == [("quito", d(2021, 2), d(2023, 6)), ("lisbon", d(2023, 6), None)]


def test_a_later_current_statement_of_another_value_closes_the_plan_from_then():
    # not erased: on the synthetic benchmark plans come true and old values are restated as current
    still = claim("quito", d(2023, 9, 5), d(2023, 9, 5), observed=True)  # September: "I live in Quito"
    assert timeline([HOME, PLAN, still]) == [
        ("quito", d(2021, 2), d(2023, 6)), ("lisbon", d(2023, 6), d(2023, 9, 5)), ("quito", d(2023, 9, 5), None)]


def test_another_value_said_before_the_planned_start_does_not_override_it():
    meanwhile = claim("quito", d(2023, 5, 2), d(2023, 5, 2), observed=True)  # May, before the June move
    assert timeline([HOME, PLAN, meanwhile]) == [("quito", d(2021, 2), d(2023, 6)), ("lisbon", d(2023, 6), None)]


def test_a_value_started_after_the_planned_start_leaves_the_plan_standing():
    moved_on = claim("porto", d(2023, 11), d(2024, 1, 8))  # "I moved to Porto in November"
    assert timeline([HOME, PLAN, moved_on]) == [
        ("quito", d(2021, 2), d(2023, 6)), ("lisbon", d(2023, 6), d(2023, 11)), ("porto", d(2023, 11), None)]


def test_a_dated_confirmation_gives_the_real_start():
    moved = claim("lisbon", d(2023, 7, 3), d(2023, 7, 12))  # July: "I moved to Lisbon last week"
    assert timeline([HOME, PLAN, moved]) == [("quito", d(2021, 2), d(2023, 7, 3)), ("lisbon", d(2023, 7, 3), None)]


def test_an_undated_confirmation_keeps_the_planned_start_against_later_words():
    there = claim("lisbon", d(2023, 8, 1), d(2023, 8, 1), observed=True)  # August: "I live in Lisbon"
    still = claim("quito", d(2023, 9, 5), d(2023, 9, 5), observed=True)
    assert timeline([HOME, PLAN, there]) == [("quito", d(2021, 2), d(2023, 6)), ("lisbon", d(2023, 6), None)]
    # confirmed, so a later contradiction is a move back, not a refutation
    assert timeline([HOME, PLAN, there, still]) == [
        ("quito", d(2021, 2), d(2023, 6)), ("lisbon", d(2023, 6), d(2023, 9, 5)), ("quito", d(2023, 9, 5), None)]


def test_order_of_arrival_does_not_matter():
    still = claim("quito", d(2023, 9, 5), d(2023, 9, 5), observed=True)
    assert timeline([still, PLAN, HOME]) == timeline([HOME, PLAN, still])


def test_the_store_keeps_what_was_believed_before_the_later_statement():
    store = SqliteGraphStore(":memory:")
    entities = [Entity(id=i, name=i.title(), type="PLACE") for i in ("quito", "lisbon")] + [Entity(id="u", name="U", type="PERSON")]
    store.write(WriteBatch("default", entities=entities, claims=[HOME, PLAN]), recorded_at=d(2023, 4, 10))
    still = claim("quito", d(2023, 9, 5), d(2023, 9, 5), observed=True)
    store.write(WriteBatch("default", entities=[], claims=[still]), recorded_at=d(2023, 9, 5))

    def lived(known_at):
        facts = store.facts_of("default", ["u"], include_expired=True)
        return sorted((f.object_id, f.valid_from, f.valid_to) for f in facts
                      if f.recorded_at <= known_at and (f.expired_at is None or known_at < f.expired_at))

    assert lived(d(2023, 5)) == [("lisbon", d(2023, 6), None), ("quito", d(2021, 2), d(2023, 6))]
    assert lived(d(2023, 10)) == [("lisbon", d(2023, 6), d(2023, 9, 5)), ("quito", d(2021, 2), d(2023, 6)),
                                  ("quito", d(2023, 9, 5), None)]
