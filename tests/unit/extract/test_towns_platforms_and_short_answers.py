"""Kinds of sentence that read wrong before, in our own words: a town NER takes for a company in a place slot, and
towns the gazetteer knows; a tool run on a platform; "seeing" someone at a moment (a meeting, not a couple); a place
of work with no name; a car driven now.

Each case lists the facts of the last turn as ``(subject, predicate, object, kind)``; the times are left to the
tests of the time words.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, U, last_turn_rows


def facts(extractor, text: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, text)}


# a town: known to the gazetteer, or a single plain name NER takes for a company, in a move or live frame
TOWNS = [
    ("We moved to Boise in 2019.", {(U, "LIVES_IN", "Boise", A)}),
    ("I moved to Amarillo last spring.", {(U, "LIVES_IN", "Amarillo", A)}),
    ("My cousin lives in Chattanooga.", {("user's cousin", "LIVES_IN", "Chattanooga", A)}),
    ("We relocated to Flagstaff.", {(U, "LIVES_IN", "Flagstaff", A)}),
    ("We finally settled in Amarillo.", {(U, "LIVES_IN", "Amarillo", A)}),
]
NO_TOWN = [
    "I moved to Veridian Dynamics.",  # a company's two-word name
    "I moved to Sarah's place.",
    "We moved in with Tom.",
    "I was moved to tears.",
    "I moved to Madison.",  # a first name too: left alone
    "We moved to Flagstaff for my new job.",  # a job said: the name may be the employer's
]


@pytest.mark.parametrize("text,expected", TOWNS, ids=[t for t, _ in TOWNS])
def test_a_town_in_a_move_or_live_frame(extractor, text, expected):
    assert {f for f in facts(extractor, text) if f[1] == "LIVES_IN"} == expected


@pytest.mark.parametrize("text", NO_TOWN)
def test_no_town_where_none_is_said(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] == "LIVES_IN"}


# a tool run on a platform: both are used
TOOLS_RUN = [
    ("We run Postgres 13 on AWS.", {(U, "USES", "PostgreSQL 13", A), (U, "USES", "AWS", A)}),
    ("We host Redis on Kubernetes.", {(U, "USES", "Redis", A), (U, "USES", "Kubernetes", A)}),
]


@pytest.mark.parametrize("text,expected", TOOLS_RUN, ids=[t for t, _ in TOOLS_RUN])
def test_a_tool_run_on_a_platform(extractor, text, expected):
    assert facts(extractor, text) == expected


@pytest.mark.parametrize("text", ["We don't run Postgres on AWS.", "Should we run Kafka on GCP?"])
def test_no_tool_run_when_denied_or_asked(extractor, text):
    assert not facts(extractor, text)


# "seeing" someone at a moment or for an occasion is a meeting; these days, or since when, a couple
MEETINGS = [
    "I'm seeing Nadia tomorrow.",
    "I'm seeing Nadia on Saturday.",
    "I'm seeing Nadia later.",
    "I'm seeing Nadia next week.",
    "I'm seeing Nadia for brunch.",
]
COUPLES = [  # (as before)
    ("I've been seeing Nadia since April.", {(U, "PARTNER_OF", "Nadia", A)}),
    ("I'm seeing Nadia these days.", {(U, "PARTNER_OF", "Nadia", A)}),
    ("I'm seeing a guy named Emil.", {(U, "PARTNER_OF", "Emil", A)}),
]


@pytest.mark.parametrize("text", MEETINGS)
def test_seeing_someone_at_a_moment_is_a_meeting(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] == "PARTNER_OF"}


@pytest.mark.parametrize("text,expected", COUPLES, ids=[t for t, _ in COUPLES])
def test_seeing_someone_over_time_is_a_couple(extractor, text, expected):
    assert {f for f in facts(extractor, text) if f[1] == "PARTNER_OF"} == expected


def test_seeing_him_tomorrow_is_a_meeting(extractor):
    rows = last_turn_rows(extractor, ("Ann", "How's Tom?"), ("Cy", "Good, I'm seeing him tomorrow for coffee."))
    assert not [r for r in rows if r[1] == "PARTNER_OF"]


# a place of work with no name says nothing lasting; a kind of place does
@pytest.mark.parametrize("text", ["I started at the new firm in March.", "I started at the startup in May.",
                                  "I started at the office on Monday."])
def test_an_unnamed_workplace_is_no_open_fact(extractor, text):
    assert not facts(extractor, text)


def test_a_kind_of_workplace_stays(extractor):
    assert {f[2] for f in facts(extractor, "I started at a law firm in March.")} == {"law firm"}


# a car driven now is owned; not a drive somewhere, not someone else's car
DRIVEN = [
    ("I'm driving a Rav4 now.", {(U, "OWNS", "Rav4", A)}),
    ("I'm driving a pickup these days.", {(U, "OWNS", "pickup", A)}),
    ("I drive a Forester.", {(U, "OWNS", "Forester", A)}),
]
NOT_DRIVEN = ["I'm driving to Tacoma now.", "I'm driving my uncle's truck now.", "I drive my sister's car.",
              "I'm driving a hard bargain now.", "I'm driving a Subaru tomorrow.", "I'm not driving a Rav4 now."]


@pytest.mark.parametrize("text,expected", DRIVEN, ids=[t for t, _ in DRIVEN])
def test_a_car_driven_now_is_owned(extractor, text, expected):
    assert {f for f in facts(extractor, text) if f[1] == "OWNS"} == expected


@pytest.mark.parametrize("text", NOT_DRIVEN)
def test_no_car_owned(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] == "OWNS"}


# a short answer to "do you have …?" whose thing the answer goes on to name
ANSWERS_NAMED = [
    (("Do you have kids?", "Yes a daughter, she's 5. Her name is Ivy."), ("Cy", "PARENT_OF", "Ivy", A)),
    (("Do you have kids?", "Yes, a son. His name is Otto."), ("Cy", "PARENT_OF", "Otto", A)),
    (("Any pets?", "Just a cat, Pesto."), ("Cy", "HAS_PET", "Pesto", A)),
    (("Do you have any pets?", "Just a dog, Biscuit."), ("Cy", "HAS_PET", "Biscuit", A)),
]


@pytest.mark.parametrize("turns,expected", ANSWERS_NAMED, ids=[" / ".join(t) for t, _ in ANSWERS_NAMED])
def test_a_thing_had_named_in_the_answer(extractor, turns, expected):
    rows = last_turn_rows(extractor, ("Ann", turns[0]), ("Cy", turns[1]))
    assert {(s, p, o, k) for s, p, o, k, *_ in rows if p == expected[1]} == {expected}


def test_someone_elses_child_named_in_a_no(extractor):
    rows = last_turn_rows(extractor, ("Ann", "Do you have kids?"), ("Cy", "No, but my brother has a son, Theo."))
    assert not [r for r in rows if r[0] == "Cy" and r[1] == "PARENT_OF"]
