"""More news said while catching up, in our own words: a "he" or "she" after a school NER took for a person, a
"we" that takes in a third person of the turn (not the one spoken to), a couple said as "still together" or
"still with" someone (a later "we got married" weds them), a pet named in a fragment after the sentence that got
it, a reply with no verb that says again what a yes-no question asked, a taste for a kind of thing named by a
time noun ("night shifts"), a product called by a name (no thing of one's own), and an admission to a school.
With the sentences with the same words that state no such fact.

Turns are ``(speaker, text)``; rows ``(subject, predicate, object, kind)`` of the last turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import A, E, last_turn_rows


def facts(extractor, *turns: tuple[str, str]) -> list[tuple[str, str, str, str]]:
    return sorted((s, p, o, k) for s, p, o, k, *_ in last_turn_rows(extractor, *turns))


def jo(*texts: str) -> tuple[tuple[str, str], ...]:
    """Jo's turns after Mel's greeting."""
    return (("Mel", "Hey, long time!"), *(("Jo", t) for t in texts))


def asked(question: str, answer: str) -> tuple[tuple[str, str], ...]:
    return (("Mel", question), ("Jo", answer))


READS = [
    # "he"/"she" means a person, never a school NER took for one
    (jo("My nephew got into Oberlin! He's studying cello there."),
     [("Jo's nephew", "STUDIES_AT", "Oberlin", A), ("Jo's nephew", "RELATED_TO", "cello", A)]),
    (jo("My niece is at Berklee now. She's studying jazz piano there."), [("Jo's niece", "RELATED_TO", "jazz piano", A)]),
    # "we" with a third person in the turn is the speaker and that person, not the listener
    (jo("Dan and I split up last year, but we're still friends."), [("Jo", "PARTNER_OF", "Dan", E)]),
    # a couple "still together", "still with" someone; a wedding after the question names the partner
    (jo("Priscilla and I are still together."), [("Jo", "PARTNER_OF", "Priscilla", A)]),
    (jo("I'm still with Priscilla."), [("Jo", "PARTNER_OF", "Priscilla", A)]),
    (asked("Are you still with Priscilla?", "Yes! We got married in June."),
     [("Jo", "MARRIED_TO", "Priscilla", A), ("Jo", "PARTNER_OF", "Priscilla", A)]),
    # a pet named in a fragment after the sentence that got it
    (jo("I adopted a puppy! A beagle named Pickles."), [("Jo", "HAS_PET", "Pickles", A)]),
    (jo("We adopted a kitten last week. A little tabby called Miso!"), [("Jo", "HAS_PET", "Miso", A)]),
    # a reply with no verb that says again what the yes-no question asked
    (asked("Are you still working as a paralegal?", "Still a paralegal, sadly."), [("Jo", "HAS_ROLE", "paralegal", A)]),
    (asked("Are you still at Deloitte?", "Still at Deloitte, unfortunately."), [("Jo", "WORKS_AT", "Deloitte", A)]),
    # a time noun telling the kind of thing liked or disliked
    (jo("I hate night shifts."), [("Jo", "DISLIKES", "night shifts", A)]),
    (jo("I hate morning meetings."), [("Jo", "DISLIKES", "morning meetings", A)]),
    # an admission to a school the name says is one
    (jo("Got into Juilliard!"), [("Jo", "STUDIES_AT", "Juilliard", A)]),
    (jo("My daughter got into Stanford."),
     [("Jo", "PARENT_OF", "Jo's daughter", A), ("Jo's daughter", "STUDIES_AT", "Stanford University", A)]),
    (jo("I got accepted to Juilliard last week."), [("Jo", "STUDIES_AT", "Juilliard", A)]),
]


@pytest.mark.parametrize("turns,expected", READS, ids=[t[-1][1] for t, _ in READS])
def test_reads(extractor, turns, expected):
    assert facts(extractor, *turns) == sorted(expected)


KEPT = [  # (read so before too: the changes leave them)
    (asked("Thanks for coming.", "Of course, we're good friends."), [("Jo", "FRIEND_OF", "Mel", A)]),
    (jo("I bought a boat called the Gull."), [("Jo", "OWNS", "Gull", A)]),
    (jo("I got into yoga last year."), [("Jo", "LIKES", "yoga", A)]),
    (jo("Stanford accepted my son."), [("Jo", "PARENT_OF", "Jo's son", A)]),  # an active verb: no admission said
]


@pytest.mark.parametrize("turns,expected", KEPT, ids=[t[-1][1] for t, _ in KEPT])
def test_kept(extractor, turns, expected):
    assert facts(extractor, *turns) == sorted(expected)


NOTHING = [
    # "we" with a third person meant: no friend of the listener's
    jo("My ex and I broke up in May, but we're still friends."),
    # "still with" a company, "together" at a place, a couple asked about
    jo("I'm still with Deloitte."),
    jo("We're still together at the party."),
    jo("Are Tom and Ana still together?"),
    jo("I'm not still with Priscilla."),
    # a name in a fragment that is someone else's pet, a pet another got, a question
    jo("I adopted a puppy! Pickles is my neighbor's cat."),
    jo("Tom adopted a puppy! A beagle named Pickles."),
    jo("I adopted a puppy! A beagle named Pickles?"),
    # another answer, no yes-no question, a question back
    asked("Are you still a paralegal?", "A legal secretary now."),
    asked("How are you?", "Still a paralegal, sadly."),
    asked("Are you still at Deloitte?", "At Deloitte? No way."),
    # a product called by a name is no thing of one's own
    jo("I bought a cake mix called Betty."),
    jo("I bought a sauce called Fire."),
    # no school got into; negation, hope, question
    jo("I got into trouble."),
    jo("Got into trouble at school."),
    jo("I got into Tom's car."),
    jo("I didn't get into Stanford."),
    jo("I hope I get into Juilliard."),
    jo("Did you get into Oberlin?"),
]


@pytest.mark.parametrize("turns", NOTHING, ids=[t[-1][1] for t in NOTHING])
def test_nothing(extractor, turns):
    assert facts(extractor, *turns) == []
