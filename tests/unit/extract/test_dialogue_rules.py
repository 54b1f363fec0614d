"""Dialogue rules on our own lines (never DialogRE's): feelings, partings, the speaker as someone's
relative, ties at work, and spoken restarts.

``duo(...)`` is a chat of two (Ann, then Cy), ``trio(...)`` of three (Ann and Bo, then Cy): the given
turns are Cy's, and Cy's "you" is the last other speaker.
"""

from __future__ import annotations

import pytest

from chronomem.extract.parse.disfluency import drop_stutters
from tests.unit.extract.extract_helpers import claim_set, duo, trio

FOUND = [
    # missing and caring for someone
    (duo("Honestly, I really miss Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I'm with Greta now and I truly care about her."), ("Cy", "LIKES", "Greta", "assert")),
    # a feeling owned by someone, whatever the clause does with it
    (duo("I let my feelings for Tomas cloud the vote."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("Greta's crush on Tomas is obvious to everyone."), ("Greta", "LIKES", "Tomas", "assert")),
    # praise and blame of a named person among several people
    (trio("Tomas is so sweet."), ("Cy", "LIKES", "Tomas", "assert")),
    (trio("Honestly, Tomas is such a jerk."), ("Cy", "DISLIKES", "Tomas", "assert")),
    (trio("I think Greta is wonderful."), ("Cy", "LIKES", "Greta", "assert")),
    # partings: in the past the couple ended, as a plan it holds still
    (trio("Greta finally broke it off with Tomas."), ("Greta", "PARTNER_OF", "Tomas", "end")),
    (duo("You broke with Tomas only last month."), ("Ann", "PARTNER_OF", "Tomas", "end")),
    (duo("So I knew it was time to end it with Tomas."), ("Cy", "PARTNER_OF", "Tomas", "end")),
    (duo("I'm going to break it off with Tomas tonight."), ("Cy", "PARTNER_OF", "Tomas", "assert")),
    # a couple's state in the past tense: it held and is over
    (duo("I was engaged to Tomas, years ago."), ("Cy", "ENGAGED_TO", "Tomas", "end")),
    (duo("I was married to Tomas for a decade."), ("Cy", "MARRIED_TO", "Tomas", "end")),
    # an insult to the listener in any chat; boredom with someone
    (duo("Look at the floor! You idiot!"), ("Cy", "DISLIKES", "Ann", "assert")),
    (trio("Honestly, I'm bored with you."), ("Cy", "DISLIKES", "Bo", "assert")),
    # "hates" was lemmatised "hat" by the model: no verb of disliking (a bug)
    (duo("Greta hates jazz."), ("Greta", "DISLIKES", "jazz", "assert")),
    (duo("Apparently Phoebe hates Tomas."), ("Phoebe", "DISLIKES", "Tomas", "assert")),
    # a restarted word no longer breaks the parse
    (trio("I-I-I really miss Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    # the speaker as a named person's relative
    (duo("Oh, I'm Greta's mom."), ("Cy", "PARENT_OF", "Greta", "assert")),
    (duo("Well, I'm Tomas's brother."), ("Cy", "SIBLING_OF", "Tomas", "assert")),
    (duo("I was Tomas's girlfriend for a year."), ("Cy", "PARTNER_OF", "Tomas", "end")),
    # roles held together, or held for one person
    (duo("We're both pharmacists."), ("Cy", "HAS_ROLE", "pharmacist", "assert")),
    (duo("Remember, we're Greta's two interns."), ("Cy", "REPORTS_TO", "Greta", "assert")),
    (duo("I'm Greta's assistant."), ("Cy", "REPORTS_TO", "Greta", "assert")),
    (duo("Honestly, I'm just Greta's assistant."), ("Cy", "HAS_ROLE", "assistant", "assert")),  # the role too
    (duo("Tomas is Greta's intern."), ("Tomas", "HAS_ROLE", "intern", "assert")),
    (duo("From today you're my secretary."), ("Ann", "REPORTS_TO", "Cy", "assert")),
    # a dismissal said to the listener
    (duo("That's it. You're fired!"), ("Ann", "REPORTS_TO", "Cy", "end")),
]

NOT_FOUND = [
    (duo("I wasn't engaged to Tomas."), ("Cy", "ENGAGED_TO", "Tomas", "end")),
    (duo("You genius!"), ("Cy", "LIKES", "Ann", "assert")),  # praise between two: politeness
    (duo("You are an idiot if you think so."), ("Cy", "DISLIKES", "Ann", "assert")),
    (duo("I don't miss Tomas at all."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("You'll miss Tomas when he's gone."), ("Ann", "LIKES", "Tomas", "assert")),
    (duo("I have no feelings for Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    # praise between two people is politeness, not a fact
    (duo("Tomas is so sweet."), ("Cy", "LIKES", "Tomas", "assert")),
    # praise of a thing or a place
    (trio("Lisbon is great."), ("Cy", "LIKES", "Lisbon", "assert")),
    (trio("I didn't end it with Tomas."), ("Cy", "PARTNER_OF", "Tomas", "assert")),
    (trio("I didn't end it with Tomas."), ("Cy", "PARTNER_OF", "Tomas", "end")),
    (trio("It's time for you to end it with Tomas."), ("Cy", "PARTNER_OF", "Tomas", "assert")),
    (trio("I ended the call with Tomas."), ("Cy", "PARTNER_OF", "Tomas", "end")),
    (duo("I'm not Greta's mom."), ("Cy", "PARENT_OF", "Greta", "assert")),
    (duo("I'm not Greta's assistant."), ("Cy", "HAS_ROLE", "assistant", "assert")),
    (duo("Am I Greta's intern now?"), ("Cy", "HAS_ROLE", "intern", "assert")),
    (duo("I'm Greta's neighbour."), ("Cy", "HAS_ROLE", "neighbour", "assert")),  # held for no one: no role
    (duo("We're not pharmacists."), ("Cy", "HAS_ROLE", "pharmacist", "assert")),
    (duo("You'll be fired for this."), ("Ann", "REPORTS_TO", "Cy", "end")),
    (duo("You guys are fired!"), ("Ann", "REPORTS_TO", "Cy", "end")),
    (duo("Glad you're fired up about the garden!"), ("Ann", "REPORTS_TO", "Cy", "end")),  # eager, not dismissed
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] + c[1][3] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


@pytest.mark.parametrize("text,expected", [
    ("I-I-I think so.", "I think so."),
    ("She-she is here.", "She is here."),
    ("don't-don't-don't touch it", "don't touch it"),
    ("W-what did you say?", "What did you say?"),
    ("y-you know", "you know"),
    ("You'll\u2014you'll see.", "You'll see."),
    ("We went to Bora-Bora.", "We went to Bora-Bora."),  # a name said twice is a name
    ("a T-shirt and an e-mail, so-called", "a T-shirt and an e-mail, so-called"),
])
def test_drop_stutters(text, expected):
    assert drop_stutters(text) == expected


def test_a_shared_role_is_singular(extractor):
    found = claim_set(extractor, duo("We're both pharmacists."))
    assert ("Cy", "HAS_ROLE", "pharmacists", "assert") not in found


def test_the_model_lemmatises_hates_as_hate(extractor):
    doc = extractor.nlp("She hates it, he hated it, hating it all.")
    assert [t.lemma_ for t in doc if t.lower_.startswith("hat")] == ["hate", "hate", "hate"]
