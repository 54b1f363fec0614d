"""Sentences that read wrong before (our own lines): a chat line's news with its "I" left out and the verb
capitalised ("Quit my job at Costco last month", "Left Boeing in June"); a school named "<Name> Elementary" or
"<Name> High" that NER took for a person; an unnamed roommate, neighbor or boss as the subject ("user's roommate");
a club, gym or association joined (MEMBER_OF, not a job); a shift one works ("on the Nights") read as a team;
names said without "my" soon after the speaker's "my boys" or "my sisters" (PARENT_OF, SIBLING_OF each).

Rows are ``(subject, predicate, object, kind)`` of the one turn, or of the session for the kin named later.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, U, last_turn_rows, rows, session_of


def facts(extractor, text: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted"), [
    # the speaker's news, "I" left out, the opening verb read as a name
    ("Quit my job at Costco last month.", (U, "WORKS_AT", "Costco", E)),
    ("Left Boeing in June.", (U, "WORKS_AT", "Boeing", E)),
    ("Left Amazon in March.", (U, "WORKS_AT", "Amazon", E)),
    ("Quit my job at Walmart in January.", (U, "WORKS_AT", "Walmart", E)),
    # a school NER took for a person
    ("My nephew goes to Maplewood Elementary.", ("user's nephew", "STUDIES_AT", "Maplewood Elementary", A)),
    ("My stepson goes to Jefferson Elementary.", ("user's stepson", "STUDIES_AT", "Jefferson Elementary", A)),
    ("My son goes to Oakdale High.", ("user's son", "STUDIES_AT", "Oakdale High", A)),
    ("My niece goes to Riverside High.", ("user's niece", "STUDIES_AT", "Riverside High", A)),
    # an unnamed tie of the speaker's as the subject
    ("My neighbor works at Hulu.", ("user's neighbor", "WORKS_AT", "Hulu", A)),
    ("My roommate lives in Oslo now.", ("user's roommate", "LIVES_IN", "Oslo", A)),
    ("My boss moved to Denver last year.", ("user's boss", "LIVES_IN", "Denver", A)),
    # joining a club is membership
    ("I joined the YMCA last spring.", (U, "MEMBER_OF", "YMCA", A)),
    ("My wife joined the Parent Teacher Association.", ("user's wife", "MEMBER_OF", "Parent Teacher Association", A)),
])
def test_reads(extractor, text, wanted):
    assert wanted in facts(extractor, text)


@pytest.mark.parametrize(("text", "unwanted"), [
    ("Quit your job!", "WORKS_AT"),  # an order, not news
    ("Leave it.", "WORKS_AT"),
    ("Left my keys at home.", "WORKS_AT"),
    ("Did you quit your job at Costco?", "WORKS_AT"),
    ("I'm at an all-time high.", "STUDIES_AT"),  # no name: no school
    ("Does your roommate live in Oslo?", "LIVES_IN"),  # asked, and the listener's
    ("My roommate doesn't work at Hulu.", "WORKS_AT"),
    ("If my boss moved to Denver, I'd be thrilled.", "LIVES_IN"),
    ("I joined the YMCA.", "WORKS_AT"),  # a club, not an employer
    ("I'm on the Nights this month.", "MEMBER_OF"),  # a shift, not a team
    ("I'm on the Weekends now.", "MEMBER_OF"),
])
def test_gives_no_such_fact(extractor, text, unwanted):
    assert not {f for f in facts(extractor, text) if f[1] == unwanted}


@pytest.mark.parametrize(("text", "wanted"), [
    ("My neighbor Ben works at Hulu.", ("Ben", "WORKS_AT", "Hulu", A)),  # with a name, the name's
    ("I joined Microsoft in 2019.", (U, "WORKS_AT", "Microsoft", A)),  # a company stays a job
    ("I'm on the Otters.", (U, "MEMBER_OF", "Otters", A)),  # a team's name stays one
    ("My boss and I went to a conference in May.", (U, "ATTENDED", "conference", A)),  # the speaker's happening
])
def test_still_reads(extractor, text, wanted):
    assert wanted in facts(extractor, text)


def session_facts(extractor, *turns) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, k) for s, p, o, k, *_ in rows(extractor.extract(session_of(*turns)))}


@pytest.mark.parametrize(("turns", "wanted"), [
    # kids said as a group, then named without "my": each name is one of them
    (("My boys kept me up all night.", "Milo and Jasper just turned four."), (U, "PARENT_OF", "Jasper", A)),
    (("My twins start kindergarten soon.", "Nora and Ivy are so excited."), (U, "PARENT_OF", "Nora", A)),
    ((("user", "My boys are wild."), ("Bea", "Ha, mine too."), ("user", "Milo and Jasper broke a lamp.")),
     (U, "PARENT_OF", "Milo", A)),
    (("My sisters are visiting next week.", "Talia and Rosa are flying in on Friday."), (U, "SIBLING_OF", "Rosa", A)),
])
def test_names_after_a_kin_group_are_that_kin(extractor, turns, wanted):
    assert wanted in session_facts(extractor, *turns)


@pytest.mark.parametrize("turns", [
    ("Milo and Jasper just turned four.",),  # no kin said before
    ("My boys kept me up all night.", "Did Milo and Jasper sleep at all?"),  # a question
    ("My twins love trains.", "I met Jasper at work.", "Milo and Jasper came to dinner."),  # Jasper known otherwise
    (("Bea", "My boys are wild."), ("user", "Milo and Jasper just turned four.")),  # another speaker's boys
    ("My boys are wild.", "Nothing new here.", "Still tired.", "Milo and Jasper just turned four."),  # too long after
    ("My boys are wild.", "Milo just turned four."),  # one name alone says less
])
def test_no_kin_from_names_otherwise(extractor, turns):
    assert not {f for f in session_facts(extractor, *turns) if f[1] in ("PARENT_OF", "SIBLING_OF") and f[2] in (
        "Milo", "Jasper")}
