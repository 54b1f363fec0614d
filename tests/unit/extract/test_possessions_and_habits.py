"""Possessions, tools and habits in the words people chat in (sentences written for these tests, invented
things and people): an inventory of what is read, what is no such fact, and what is still missed."""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import last_turn_rows

U, WIFE = "user", "user's wife"

# Read before this change too: kept as a guard of the inventory.
COVERED = [
    ("I finally got myself a kayak.", (U, "OWNS", "kayak", "assert")),
    ("My new e-bike is amazing.", (U, "OWNS", "e-bike", "assert")),
    ("I've had my canoe for ten years.", (U, "OWNS", "canoe", "assert")),
    ("We just bought a camper van!", (U, "OWNS", "camper van", "assert")),
    ("I own two vintage typewriters.", (U, "OWNS", "typewriters", "assert")),
    ("just got a new telescope", (U, "OWNS", "telescope", "assert")),
    ("i bought a sailboat last summer", (U, "OWNS", "sailboat", "assert")),
    ("I bought a banjo at a yard sale.", (U, "OWNS", "banjo", "assert")),
    ("We adopted a puppy named Biscuit.", (U, "HAS_PET", "Biscuit", "assert")),
    ("I have a beagle called Pepper.", (U, "HAS_PET", "Pepper", "assert")),
    ("My wife bought a motorcycle.", (WIFE, "OWNS", "motorcycle", "assert")),
    ("My brother has a boat.", ("user's brother", "OWNS", "boat", "assert")),
    ("I just got a new laptop for work.", (U, "OWNS", "laptop", "assert")),
    ("I built my own canoe.", (U, "OWNS", "canoe", "assert")),
    ("We finally own a house!", (U, "OWNS", "house", "assert")),
    ("we have a cabin up north", (U, "OWNS", "cabin", "assert")),
    ("I sold my old car.", (U, "OWNS", "car", "end")),
    ("I switched to a Kindle.", (U, "USES", "Kindle", "assert")),
    ("I use Figma for my designs.", (U, "USES", "Figma", "assert")),
    ("i mostly use a Pixel these days", (U, "USES", "Pixel", "assert")),
    ("I've been using Duolingo every day.", (U, "USES", "Duolingo", "assert")),
    ("I've taken up bouldering.", (U, "LIKES", "bouldering", "assert")),
    ("I play pickleball on Sundays.", (U, "RELATED_TO", "pickleball", "assert")),
    ("I volunteer at the food bank.", (U, "RELATED_TO", "food bank", "assert")),
    ("I'm learning Portuguese.", (U, "RELATED_TO", "Portuguese", "assert")),
    ("I practice yoga every morning.", (U, "RELATED_TO", "yoga", "assert")),
    ("I've gotten into birdwatching.", (U, "LIKES", "birdwatching", "assert")),
    ("been doing crossfit for a year", (U, "RELATED_TO", "crossfit", "assert")),
    ("My wife plays the cello.", (WIFE, "RELATED_TO", "cello", "assert")),
    ("I run marathons.", (U, "RELATED_TO", "marathons", "assert")),
    ("I started knitting last winter.", (U, "RELATED_TO", "knitting", "assert")),
    ("I've picked up woodworking.", (U, "LIKES", "woodworking", "assert")),
    ("I do pottery on weekends.", (U, "RELATED_TO", "pottery", "assert")),
    ("i go swimming every weekend", (U, "LIKES", "swimming", "assert")),
    ("My son plays hockey.", ("user's son", "LIKES", "hockey", "assert")),
    ("I've been volunteering at an animal shelter.", (U, "RELATED_TO", "animal shelter", "assert")),
    ("I'm studying Japanese.", (U, "RELATED_TO", "Japanese", "assert")),
    ("I sing in a choir.", (U, "MEMBER_OF", "choir", "assert")),
    ("I'm a member of a chess club.", (U, "MEMBER_OF", "chess club", "assert")),
    ("I've been taking piano lessons.", (U, "RELATED_TO", "piano lessons", "assert")),
    ("I go hiking a lot.", (U, "LIKES", "hiking", "assert")),
]

# New: a thing got for oneself ("treated myself to", "splurged on", "picked up"), had since a time, owned as
# "the proud owner of", or given to the speaker; a pastime one is getting into, liked now.
NEW = [
    ("Treated myself to a new camera last weekend.", (U, "OWNS", "camera", "assert")),
    ("I picked up a used piano last week.", (U, "OWNS", "piano", "assert")),
    ("i picked up a secondhand kayak", (U, "OWNS", "kayak", "assert")),
    ("I splurged on an espresso machine.", (U, "OWNS", "espresso machine", "assert")),
    ("We splurged on a new sailboat.", (U, "OWNS", "sailboat", "assert")),
    ("I've had this guitar since college.", (U, "OWNS", "guitar", "assert")),
    ("I have had this old truck for ten years.", (U, "OWNS", "truck", "assert")),
    ("I'm the proud owner of a 3D printer.", (U, "OWNS", "3d printer", "assert")),
    ("My parents gave me a vintage Vespa.", (U, "OWNS", "vespa", "assert")),
    ("i've been getting into rock climbing lately", (U, "LIKES", "rock climbing", "assert")),
    ("I'm getting into running.", (U, "LIKES", "running", "assert")),
    ("Got myself a record player for my birthday.", (U, "OWNS", "record player", "assert")),
]

# No possession, tool or habit of the speaker (the last two rows of NEGATIVE_NEW were misread before).
NEGATIVE = [
    "I treated my wife to a new watch.",
    "I treated myself to a massage.",
    "I splurged on a trip to Lisbon.",
    "I picked up the guitar again.",
    "I've had a cold for a week.",
    "I've had my dad's truck since May.",
    "I'm the owner of a bakery.",
    "I bought lunch for everyone.",
    "I want a kayak.",
    "Thinking about getting a drone.",
    "Do you have a bike?",
    "I'd love to own a boat someday.",
    "Did you buy a camera?",
    "I quit smoking last year.",
    "Do you play tennis?",
    "I'm getting into the car.",
    "Are you getting into yoga?",
    # "I'm thinking of getting into surfing." is a goal weighed, no habit: test_weighed_goals.py
    "I got my son a record player.",
]
NEGATIVE_NEW = [
    "I bought my mom a scarf.",  # the receiver, read by the parser as a first object, is no thing owned
    "I bought my sister a new phone.",
]

# Still missed (strict: a fix shows up here).
MISSED = [
    ("The drone my brother gave me is great.", (U, "OWNS", "drone", "assert")),
    ("I inherited my grandpa's pocket watch.", (U, "OWNS", "pocket watch", "assert")),
    ("I lost my watch at the beach.", (U, "OWNS", "watch", "end")),
    ("I do all my notes in Notion.", (U, "USES", "Notion", "assert")),
    ("I coach my daughter's soccer team.", (U, "RELATED_TO", "soccer team", "assert")),
    ("I stopped playing golf.", (U, "RELATED_TO", "golf", "end")),
]

_FACTS = ("OWNS", "USES", "RELATED_TO", "LIKES", "HAS_PET", "MEMBER_OF")


def _found(rows, expected) -> bool:
    subject, predicate, obj, kind = expected
    return any(s == subject and p == predicate and obj.lower() in o.lower() and k == kind for s, p, o, k, *_ in rows)


@pytest.mark.parametrize("text, expected", COVERED + NEW)
def test_possession_tool_or_habit_is_read(extractor, text, expected):
    assert _found(last_turn_rows(extractor, text), expected)


@pytest.mark.parametrize("text", NEGATIVE + NEGATIVE_NEW)
def test_no_possession_tool_or_habit(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[0] == U and r[1] in _FACTS and r[3] == "assert"] == []


@pytest.mark.xfail(strict=True, reason="not read yet")
@pytest.mark.parametrize("text, expected", MISSED)
def test_still_missed(extractor, text, expected):
    assert _found(last_turn_rows(extractor, text), expected)
