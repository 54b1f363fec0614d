"""Ties said of two people at once, and praise or blame of someone absent in a chat of two (our own lines).

Covered: a name and "I" opening the sentence as one subject, which the parser may read as a call ("Dana and
I are best friends") or, a name it does not know, as an adjective ("Odile and I got engaged"; not "Cool and
I ..."); each person of a list with a plural kin noun ("Ivo and Rita are my kids", "those are my parents, Ed and Joan");
a name's "'s" before "been"/"got" ("Mia's been my friend"); praise or blame of a
named or he/she person that is a fact between two speakers too: the speaker's own opinion ("I think Rhea is
wonderful") or an insult noun ("Rudy is such a creep"). Cases are Cy's turns after Ann's (``duo``) or after
Ann's and Bo's (``trio``).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import claim_set, duo

FOUND = [
    # a name and "I" as one subject
    (duo("Cora and I are best friends."), ("Cy", "FRIEND_OF", "Cora", "assert")),
    (duo("Cora and I were friends in college."), ("Cy", "FRIEND_OF", "Cora", "assert")),
    (duo("Tom and I are brothers."), ("Cy", "SIBLING_OF", "Tom", "assert")),
    # a name the tagger does not know, read as an adjective ("Odile"), is the subject all the same
    (duo("Odile and I got engaged."), ("Cy", "ENGAGED_TO", "Odile", "assert")),
    (duo("Odile and I got engaged last spring."), ("Cy", "ENGAGED_TO", "Odile", "assert")),
    (duo("Odile and I are best friends."), ("Odile", "FRIEND_OF", "Cy", "assert")),
    (duo("Omar and I got engaged."), ("Cy", "ENGAGED_TO", "Omar", "assert")),
    (duo("Anouk and I got engaged in June."), ("Cy", "ENGAGED_TO", "Anouk", "assert")),
    # each person of a list with a plural kin noun
    (duo("Ivo and Rita are my kids."), ("Cy", "PARENT_OF", "Rita", "assert")),
    (duo("Paz and Lou are my brothers."), ("Cy", "SIBLING_OF", "Lou", "assert")),
    (duo("Those are my parents, Ed and Joan."), ("Joan", "PARENT_OF", "Cy", "assert")),
    (duo("Those are my parents, Ed and Joan."), ("Ed", "PARENT_OF", "Cy", "assert")),
    # a name's "'s" before a participle is "has"
    (duo("Mia's been my best friend since we were five."), ("Cy", "FRIEND_OF", "Mia", "assert")),
    # praise or blame of someone absent, a fact between two too
    (duo("Honestly, I think Rhea is wonderful."), ("Cy", "LIKES", "Rhea", "assert")),
    (duo("Rudy is such a creep."), ("Cy", "DISLIKES", "Rudy", "assert")),
    (duo("Ugh, Vince is a total jerk."), ("Cy", "DISLIKES", "Vince", "assert")),
    ([("Ann", "Vince came by the shop today."), ("Cy", "Ugh, he's such a creep.")], ("Cy", "DISLIKES", "Vince", "assert")),
]

NOT_FOUND = [
    (duo("Dana and I are not friends."), ("Cy", "FRIEND_OF", "Dana", "assert")),
    (duo("Are Dana and I friends?"), ("Cy", "FRIEND_OF", "Dana", "assert")),
    (duo("Odile and I got engaged last spring."), ("Cy", "ENGAGED_TO", "Cy's fiance", "assert")),
    (duo("Cool and I got engaged!"), ("Cy", "ENGAGED_TO", "Cool", "assert")),
    (duo("Nice and I got engaged!"), ("Cy", "ENGAGED_TO", "Nice", "assert")),
    (duo("Great and I got engaged!"), ("Cy", "ENGAGED_TO", "Great", "assert")),
    (duo("You're like a brother to me, Tom."), ("Cy", "SIBLING_OF", "Ann", "assert")),
    (duo("Ed and Joan are my parents' friends."), ("Joan", "PARENT_OF", "Cy", "assert")),
    (duo("Ed and Joan would be my parents if I were adopted."), ("Joan", "PARENT_OF", "Cy", "assert")),
    (duo("Nico and Sal were never my friends."), ("Cy", "FRIEND_OF", "Sal", "assert")),
    (duo("Mia's been to Rome twice."), ("Cy", "FRIEND_OF", "Mia", "assert")),
    # praise of someone absent between two stays politeness; others' opinions, doubts, questions and suppositions
    (duo("Vince is so sweet."), ("Cy", "LIKES", "Vince", "assert")),
    (duo("You think Rhea is wonderful."), ("Cy", "LIKES", "Rhea", "assert")),
    (duo("I don't think Vince is a creep."), ("Cy", "DISLIKES", "Vince", "assert")),
    (duo("Is Vince a creep?"), ("Cy", "DISLIKES", "Vince", "assert")),
    (duo("If Vince were a jerk, I'd know."), ("Cy", "DISLIKES", "Vince", "assert")),
    (duo("Vince thinks Rhea is a creep."), ("Cy", "DISLIKES", "Rhea", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] + c[1][2] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)
