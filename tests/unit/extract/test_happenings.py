"""Happenings and plans become event facts with their own interval (sentences written for these tests,
said on Tuesday 2024-03-12)."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import TURN_AT, last_turn_rows, session_of

U, A, E = "user", "assert", "end"


def events(extractor, *texts: str) -> list[tuple]:
    """``(subject, predicate, object, relation, status, first day, end day, precision)`` of the event claims."""
    result = extractor.extract(session_of(*texts))
    names = {e.id: e.name for e in result.entities}
    turn = result.claims and session_of(*texts).turns[-1].id
    return sorted((names[c.subject_id], c.predicate, names[c.object_id], c.qualifiers.get("relation"),
                   c.qualifiers.get("status", ""), c.at.date().isoformat(), c.until.date().isoformat() if c.until else None,
                   c.at_precision) for c in result.claims
                  if c.predicate in ("ATTENDED", "VISITED", "DID") and c.sources[0].turn_id == turn)


@pytest.mark.parametrize(("text", "expected"), [
    ("I went to a salsa workshop yesterday.",
     [(U, "ATTENDED", "salsa workshop", "attended", "", "2024-03-11", "2024-03-12", "day")]),
    ("Last Saturday we ran a charity fun run for the shelter.",
     [(U, "DID", "charity fun run for the shelter", "ran", "", "2024-03-09", "2024-03-10", "day")]),
    ("We visited Lisbon in 2019.", [(U, "VISITED", "Lisbon", "visited", "", "2019-01-01", "2020-01-01", "year")]),
    ("I took a short trip to Vienna last week.",
     [(U, "VISITED", "Vienna", "visited", "", "2024-03-05", "2024-03-12", "week")]),
    ("Two weekends ago I won the regional chess tournament!",
     [(U, "DID", "regional chess tournament", "won", "", "2024-03-02", "2024-03-04", "weekend")]),
    ("Just signed up for a pottery class!", []),  # no time said (and a class taken from now on: not an event)
    ("We hiked last weekend.", [(U, "DID", "hiking", "went", "", "2024-03-09", "2024-03-11", "weekend")]),
    ("We finished the report last week.", [(U, "DID", "report", "finished", "", "2024-03-05", "2024-03-12", "week")]),
    # "go doing": what was done, not the occasion after it; with "went" parsed as the gerund's auxiliary too
    ("I went skydiving on my birthday last year.",
     [(U, "DID", "skydiving", "went", "", "2023-01-01", "2024-01-01", "year")]),
    ("I went fishing with my dad on Sunday.", [(U, "DID", "fishing", "went", "", "2024-03-10", "2024-03-11", "day")]),
    ("I never went fishing with him last year.", []),
    # a trip said under "back from" or "on" is a visit to where it went
    ("I just got back from a trip to Peru.", [(U, "VISITED", "Peru", "visited", "", "2024-03-12", "2024-03-13", "day")]),
    ("We went on a cruise to Alaska last summer.",
     [(U, "VISITED", "Alaska", "visited", "", "2023-06-01", "2023-09-01", "season")]),
])
def test_happenings(extractor, text, expected):
    assert events(extractor, text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("We're planning to go camping in June.",
     [(U, "DID", "camping", "plans to go", "planned", "2024-06-01", "2024-07-01", "month")]),
    ("I'm going to a poetry festival next month.",
     [(U, "ATTENDED", "poetry festival", "plans to attend", "planned", "2024-04-01", "2024-05-01", "month")]),
    ("My brother and I will visit Kyoto next year.", []),  # the subject is not only people named: nothing
    ("We're thinking about going camping next month.", []),  # a hypothetical makes no fact
    ("We didn't go to the parade last week.", []),  # negated
    ("Did you go to the concert yesterday?", []),  # a question
])
def test_plans(extractor, text, expected):
    assert events(extractor, text) == expected


def test_a_cancellation_ends_the_plan_of_the_same_happening(extractor):
    result = extractor.extract(session_of("We're planning to go camping in June.", "We cancelled the camping trip."))
    ends = [(c.predicate, c.kind, c.qualifiers["relation"]) for c in result.claims if c.kind == "end"]
    assert ("DID", "end", "cancelled") in ends
    names = {e.id: e.name for e in result.entities}
    assert "camping" in {names[c.object_id] for c in result.claims if c.kind == "end"}


def test_vocabulary_readings_keep_their_verbs(extractor):
    # a job, a home and a pet from then on; no event beside them
    for text in ("I started at Hulu in 2017.", "I moved to Porto last month.", "Yesterday I brought home a puppy called Bo."):
        assert not [r for r in last_turn_rows(extractor, text) if r[1] in ("ATTENDED", "VISITED", "DID")], text


def test_states_stated_with_a_time_get_their_real_start(extractor):
    rows = last_turn_rows(extractor, "I've had my dogs for three years now.")
    assert (U, "HAS_PET", "user's dogs", A, "2021-03-12", "year", False) in rows
    assert TURN_AT.date().isoformat() not in [r[4] for r in rows]
