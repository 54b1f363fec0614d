"""Work and study said in everyday ways, in our own wordings: let go by the employer ("they let me go in May",
"Microsoft let her go"), a work contract or an internship that ran out, study said as a year or a degree
("in my third year at Purdue", "working on my PhD at Yale"), someone who works for the speaker ("my intern
Priya"), and a child word among a group one teaches or coaches ("a kid named Theo in my class"); and the
sentences with the same words that state no such thing (questions, negation, conditions, idioms, other
contracts, a parent's permission).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, month, year

# said after "I work at Orbitek." (the job the session named last) or on its own
ENDED = [
    (("They let me go in February.",), [c(U, "WORKS_AT", "Orbitek", E, month("2024-02"))]),
    (("My manager let me go last month.",), [c(U, "WORKS_AT", "Orbitek", E, month("2024-02"))]),
    (("My contract ended in January.",), [c(U, "WORKS_AT", "Orbitek", E, month("2024-01"))]),
    (("My employment contract expired in 2023.",), [c(U, "WORKS_AT", "Orbitek", E, year(2023))]),
    (("Microsoft let me go in 2022.",), [c(U, "WORKS_AT", "Microsoft", E, year(2022))]),
    (("My contract with Microsoft ran out in 2021.",), [c(U, "WORKS_AT", "Microsoft", E, year(2021))]),
    (("My internship at the museum ended in August.",), [c(U, "WORKS_AT", "museum", E, month("2023-08"))]),
]


@pytest.mark.parametrize("texts,expected", ENDED, ids=[t[0] for t, _ in ENDED])
def test_a_job_ended_by_the_employer_or_its_term(extractor, texts, expected):
    assert sorted(last_turn_rows(extractor, "I work at Orbitek.", *texts)) == sorted(expected)


NOT_ENDED = [
    "Let me go first.",
    "They let me go home early on Fridays.",
    "My mom let me go to the concert.",
    "Just let it go.",
    "Did they let you go?",
    "They didn't let me go.",
    "If they let me go, I'll move back home.",
    "The police let me go with a warning.",
    "My phone contract ended in January.",
    "The lease expired last month.",
    "Did your contract end?",
    "My contract didn't end.",
    "We ran out of coffee.",
    "Dr. Ruiz let me go in May.",
]


@pytest.mark.parametrize("text", NOT_ENDED)
def test_no_job_ended(extractor, text):
    assert [r for r in last_turn_rows(extractor, "I work at Orbitek.", text) if r[1] == "WORKS_AT"] == []


STUDIES = [
    ("I'm in my third year at Purdue.", [c(U, "STUDIES_AT", "Purdue", A, NOW)]),
    ("I'm in my first year at college.", [c(U, "STUDIES_AT", "college", A, NOW)]),
    ("Maya is a junior at Rutgers.", [c("Maya", "STUDIES_AT", "Rutgers", A, NOW)]),
    ("I'm working on my PhD at Yale.", [c(U, "STUDIES_AT", "Yale", A, NOW)]),
    ("Nina is working on a master's at NYU.", [c("Nina", "STUDIES_AT", "NYU", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", STUDIES, ids=[t for t, _ in STUDIES])
def test_study_said_as_a_year_or_a_degree(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NO_STUDY = [
    "I'm in my second year at Deloitte.",
    "Are you in your second year at Purdue?",
    "I'm working on a project at Yale.",
    "Are you working on your PhD at Yale?",
]


@pytest.mark.parametrize("text", NO_STUDY)
def test_no_study(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("STUDIES_AT", "WORKS_AT")] == []


SUBORDINATES = [
    ("My intern Priya fixed the bug.", [c("Priya", "REPORTS_TO", U, A, NOW), c("Priya", "HAS_ROLE", "intern", A, NOW)]),
    ("My assistant, Jonas, booked the room.",
     [c("Jonas", "REPORTS_TO", U, A, NOW), c("Jonas", "HAS_ROLE", "assistant", A, NOW)]),
    ("I have a secretary named Irma.", [c("Irma", "REPORTS_TO", U, A, NOW)]),
]


@pytest.mark.parametrize("text,expected", SUBORDINATES, ids=[t for t, _ in SUBORDINATES])
def test_someone_working_for_the_speaker(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


@pytest.mark.parametrize("text", ["Is Jonas your assistant?", "Jonas isn't my assistant.", "I need an assistant."])
def test_no_one_working_for_the_speaker(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "REPORTS_TO"] == []


@pytest.mark.parametrize("text", ["I have a kid named Theo in my class.", "I have a girl named Ivy on my team.",
                                  "I have two boys in my troop named Sam and Eli."])
def test_a_child_in_a_group_one_leads_is_no_child_of_the_speaker(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "PARENT_OF"] == []


@pytest.mark.parametrize("text,child", [("I have a kid named Theo.", "Theo"), ("I have a son named Ivo in my class.", "Ivo")])
def test_a_child_of_the_speaker(extractor, text, child):
    assert [r[:3] for r in last_turn_rows(extractor, text) if r[1] == "PARENT_OF"] == [(U, "PARENT_OF", child)]
