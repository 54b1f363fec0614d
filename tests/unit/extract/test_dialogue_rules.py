"""Dialogue rules on our own lines (never DialogRE's): feelings, partings, the speaker as someone's
relative, ties at work, and spoken restarts; feelings said of the time to come ("I'm gonna miss Tomas") or as a
thought one cannot stop ("I can't stop thinking about Tomas"), "you" among several read only when named; a name
said as a kind ("is she a Kowalski?") that no later "her" means; ties said with two pronouns of a man and a woman
("she's his girlfriend"); a couple made again "with" someone ("I got back together with Greta").

``duo(...)`` is a chat of two (Ann, then Cy), ``trio(...)`` of three (Ann and Bo, then Cy): the given
turns are Cy's, and Cy's "you" is the last other speaker.
"""

from __future__ import annotations

import pytest

from chronomem.extract.parse.disfluency import drop_stutters
from tests.unit.extract.extract_helpers import claim_set, duo, trio

_ASKED_A_KIND = [("Ann", "There's a girl in my pottery class."), ("Cy", "Is she a Kowalski?"), ("Ann", "No!")]
_MET = [("Ann", "I ran into Greta and Tomas at the farmers market."), ("Bo", "Oh, those two.")]

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
    # missing to come: the future says the tie that holds now
    (duo("I'm really gonna miss Tomas when he moves to Perth."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I'm going to miss Greta so much."), ("Cy", "LIKES", "Greta", "assert")),
    (trio("Bo, I'll miss you, you know."), ("Cy", "LIKES", "Bo", "assert")),
    # a thought of a person one cannot stop
    (duo("I can't stop thinking about Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (trio("Since the gallery opening I can't stop thinking about you, Ann."), ("Cy", "LIKES", "Ann", "assert")),
    # a name after "a" that is no kind: a person all the same
    ([("Cy", "I met a Greta at the pottery class."), ("Ann", "Oh? I miss her already.")], ("Ann", "LIKES", "Greta", "assert")),
    # ties said with two pronouns of a man and a woman; a couple made again "with" someone
    ([*_MET, ("Cy", "She's his girlfriend now, you know.")], ("Tomas", "PARTNER_OF", "Greta", "assert")),
    ([*_MET, ("Cy", "Right, she's his wife.")], ("Tomas", "MARRIED_TO", "Greta", "assert")),
    ([*_MET, ("Cy", "He's her little brother.")], ("Greta", "SIBLING_OF", "Tomas", "assert")),
    ([*_MET, ("Cy", "She was his fiancee once.")], ("Tomas", "ENGAGED_TO", "Greta", "end")),
    (duo("I got back together with Greta."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    (trio("Tomas got back together with Greta last spring."), ("Tomas", "PARTNER_OF", "Greta", "assert")),
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
    # feelings to come, thoughts one cannot stop
    (duo("I won't miss Tomas one bit."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I'm not going to miss Tomas."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("I would miss Tomas if he left."), ("Cy", "LIKES", "Tomas", "assert")),  # supposed, not said
    (duo("I might miss Greta at the station."), ("Cy", "LIKES", "Greta", "assert")),
    (duo("You'll miss Tomas."), ("Ann", "LIKES", "Tomas", "assert")),  # the listener's feeling, told by another
    (duo("I'm going to miss the ferry!"), ("Cy", "LIKES", "ferry", "assert")),  # a thing missed, no person
    (duo("I'm gonna miss you."), ("Cy", "LIKES", "Ann", "assert")),  # between two: a parting formula
    (trio("Honestly, I'm gonna miss you."), ("Cy", "LIKES", "Bo", "assert")),  # among several: to whom is unsaid
    (trio("I can't stop thinking about you."), ("Cy", "LIKES", "Bo", "assert")),
    (duo("I couldn't stop thinking about Tomas."), ("Cy", "LIKES", "Tomas", "assert")),  # a past night's thoughts
    (duo("I can stop thinking about Tomas any time."), ("Cy", "LIKES", "Tomas", "assert")),
    (duo("You can't stop thinking about Tomas."), ("Ann", "LIKES", "Tomas", "assert")),  # someone else's mind
    (duo("If I can't stop thinking about Tomas, I'll call him."), ("Cy", "LIKES", "Tomas", "assert")),
    # a name said as a kind of person is no one "her" may mean
    ([*_ASKED_A_KIND, ("Ann", "I can't stop thinking about her.")], ("Ann", "LIKES", "Kowalski", "assert")),
    ([*_ASKED_A_KIND, ("Ann", "I really miss her.")], ("Ann", "LIKES", "Kowalski", "assert")),
    ([("Cy", "You're such a Greta, always early."), ("Ann", "I miss her already.")], ("Ann", "LIKES", "Greta", "assert")),
    # ties said with pronouns: one tie only when a man and a woman; a meeting or a band is no couple
    ([*_MET, ("Cy", "Is she his girlfriend?")], ("Tomas", "PARTNER_OF", "Greta", "assert")),
    ([*_MET, ("Cy", "She's not his girlfriend.")], ("Tomas", "PARTNER_OF", "Greta", "assert")),
    ([("Ann", "I ran into Tomas and Pavel at the market."), ("Cy", "He's his brother.")],
     ("Tomas", "SIBLING_OF", "Pavel", "assert")),  # two men: whose brother is unsaid
    (duo("We got together with Greta at the pub."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    (duo("I got together with Greta yesterday to study."), ("Cy", "PARTNER_OF", "Greta", "assert")),
    (duo("I got back together with the band."), ("Cy", "PARTNER_OF", "band", "assert")),
]


@pytest.mark.parametrize("turns,expected", FOUND, ids=[c[0][-1][1] for c in FOUND])
def test_found(extractor, turns, expected):
    assert expected in claim_set(extractor, turns)


@pytest.mark.parametrize("turns,unexpected", NOT_FOUND, ids=[c[0][-1][1] + c[1][3] for c in NOT_FOUND])
def test_not_found(extractor, turns, unexpected):
    assert unexpected not in claim_set(extractor, turns)


def test_no_woman_said_before_no_couple(extractor):
    found = claim_set(extractor, [("Ann", "Tomas stopped by the bakery."), ("Cy", "She's his girlfriend.")])
    assert not any(p == "PARTNER_OF" for _, p, _, _ in found)


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
