"""A time given as the answer to "when?" dates what it answers (sentences written for these tests): a bare "when?"
after a statement dates that statement ("I'm moving to Tacoma!" — "Oh, when?" — "In August, hopefully"); a
when-question to the answerer is read with its words ("When did you move to Leeds?" — "Last May"); and a name the
parser ran into a bare part of a time after it is the object again ("moving to San Diego start of May")."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, c, day, last_turn_rows, month

# (turns said by Ana, Ben, Ana ... ; the last one is Ana's), expected rows of the last turn
DATED = [
    (("We're moving to Tacoma!", "Oh nice, when?", "In August, hopefully."),
     [c("Ana", "LIVES_IN", "Tacoma", A, month("2024-08"))]),
    (("I'm moving to Spokane!", "Wow. When's that happening?", "End of June probably."),
     [c("Ana", "LIVES_IN", "Spokane", A, day("2024-06-30"))]),
    (("Guess what, I got engaged to Marco!", "Congrats!! When?", "Last Saturday."),
     [c("Ana", "ENGAGED_TO", "Marco", A, day("2024-03-09"))]),
]
ASKED = [
    (("When did you move to Leeds?", "Last May."), [c("Ana", "LIVES_IN", "Leeds", A, month("2023-05"))]),
    (("When did you get engaged to Pete?", "Last Christmas!"), [c("Ana", "ENGAGED_TO", "Pete", A, day("2023-12-25"))]),
    (("When are you starting at Hartwell?", "Monday week."), [c("Ana", "WORKS_AT", "Hartwell", A, day("2024-03-25"))]),
    (("When did you join Lumen Labs?", "Back in 2019."), [c("Ana", "WORKS_AT", "Lumen Labs", A, ("2019-01-01", "year", False))]),
]


def _speakers(turns: tuple[str, ...]) -> list[tuple[str, str]]:
    start = "Ana" if len(turns) % 2 else "Ben"
    other = {"Ana": "Ben", "Ben": "Ana"}
    out, who = [], start
    for text in turns:
        out.append((who, text))
        who = other[who]
    return out


@pytest.mark.parametrize("turns, expected", DATED + ASKED)
def test_a_time_answering_when_dates_what_it_answers(extractor, turns, expected):
    got = last_turn_rows(extractor, *_speakers(turns))
    for row in expected:
        assert row in got, got


@pytest.mark.parametrize("turns", [
    ("I'm moving to Spokane!", "When's your birthday?", "In June."),  # asked of something else
    ("I'm moving to Spokane!", "Oh, when?", "Not sure yet."),  # no time given
    ("I'm moving to Spokane!", "When does Priya land?", "Friday."),  # about someone else
    ("When did you move to Leeds?", "Leeds? I never did."),
    ("When did you move to Leeds?", "With my sister."),  # no time
])
def test_no_dated_fact_where_the_answer_dates_nothing(extractor, turns):
    got = last_turn_rows(extractor, *_speakers(turns))
    assert not any(r[1] in ("LIVES_IN", "WORKS_AT") for r in got), got


def test_the_same_speaker_asking_when_dates_nothing(extractor):
    got = last_turn_rows(extractor, ("Ana", "I'm moving to Spokane!"), ("Ana", "When?"), ("Ana", "June."))
    assert got == [], got


@pytest.mark.parametrize("text, expected", [
    ("We're moving to San Diego start of May.", c("user", "LIVES_IN", "San Diego", A, month("2024-05"))),
    ("We moved to Boise end of last year.", c("user", "LIVES_IN", "Boise", A, month("2023-12"))),
])
def test_a_name_run_into_a_bare_part_of_a_time(extractor, text, expected):
    assert expected in last_turn_rows(extractor, text)


def test_a_part_of_something_else_is_no_time(extractor):
    got = last_turn_rows(extractor, "We walked to Hollow Creek end of the trail.")
    assert not any(r[4] != "turn" for r in got), got  # "end of the trail" dates nothing


def test_an_assistant_may_ask_when_but_its_answers_are_not_read(extractor):
    asked = last_turn_rows(extractor, ("user", "I'm moving to Spokane!"), ("assistant", "Congratulations! When?"),
                           ("user", "In July."))
    assert c("user", "LIVES_IN", "Spokane", A, month("2024-07")) in asked, asked
    answered = last_turn_rows(extractor, ("assistant", "I'm moving to Spokane!"), ("user", "When?"),
                              ("assistant", "In July."))
    assert answered == [], answered
