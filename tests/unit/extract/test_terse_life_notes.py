"""Terse life-update notes that leave out their "I", in our own words: an opening past the tagger took for a name
("Quit the chess club, joined a choir"), the second of two verbs ("Sold the van and bought a hatchback"),
a promotion said with "got" ("Got promoted to lead chemist at Orrin Labs"), a move out of a home named by its
city with a rented one after it, a kin word used as a name that a "he" or "she" takes up ("Mom broke her wrist,
she's ..."), a titled book or film finished and then loved, and a pastime set beside a hobby noun.

Rows are ``(subject, predicate, object)`` of the last turn, with the predicate's kind where it matters.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, *texts: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, *_ in last_turn_rows(extractor, *texts)}


@pytest.mark.parametrize(("texts", "wanted"), [
    (("Quit the chess club, joined a choir instead, we sing on Thursdays.",), (U, "MEMBER_OF", "choir", "assert")),
    (("Quit the chess club, joined a choir instead, we sing on Thursdays.",), (U, "MEMBER_OF", "chess club", "end")),
    (("Left the chess club and joined a rowing team.",), (U, "MEMBER_OF", "rowing team", "assert")),
    (("Sold the rusty van and bought a Corolla.",), (U, "OWNS", "Corolla", "assert")),
    (("Got promoted to lead chemist at Orrin Labs in June.",), (U, "HAS_ROLE", "lead chemist", "assert")),
    (("Moved out of the Tacoma apartment, now renting a place in Olympia.",), (U, "LIVES_IN", "Tacoma", "end")),
    (("Moved out of the Tacoma apartment, now renting a place in Olympia.",), (U, "LIVES_IN", "Olympia", "assert")),
    (("We rent a flat near Bristol.",), (U, "LIVES_IN", "Bristol", "assert")),
    (("I booked a session with Dr. Okafor.", "Mom had knee surgery in May, she lives in Fresno now."),
     ("user's mom", "LIVES_IN", "Fresno", "assert")),
    (("I booked a session with Dr. Okafor.", "Grandpa had a fall last week, he is recovering in Tulsa."),
     ("user's grandpa", "RELATED_TO", "", "assert")),
    (("Quit the pottery studio, joined a choir instead.",), (U, "MEMBER_OF", "choir", "assert")),
    (("Finished The Left Hand of Darkness on Sunday, loved it.",), (U, "LIKES", "The Left Hand of Darkness", "assert")),
    (("I watched Gattaca last night, loved it.",), (U, "LIKES", "Gattaca", "assert")),
    (("I took up a new hobby: birdwatching.",), (U, "LIKES", "birdwatching", "assert")),
    (("I've got a new hobby, kayaking.",), (U, "LIKES", "kayaking", "assert")),
    (("I picked up a new hobby, calligraphy.",), (U, "LIKES", "calligraphy", "assert")),
])
def test_a_terse_note_reads_as_the_speakers_news(extractor, texts, wanted):
    got = facts(extractor, *texts)
    if wanted[1] == "RELATED_TO":  # an open fact: its object is the phrase, the person is the point
        assert any(s == wanted[0] and p == "RELATED_TO" for s, p, *_ in got), got
        assert not any(s.startswith("Dr") for s, *_ in got), got
    else:
        assert wanted in got, got


@pytest.mark.parametrize(("texts", "unwanted"), [
    (("Quit the pottery studio, joined a choir instead.",), "Quit"),  # the verb is no member
    (("Will joined a choir last spring.",), U),  # a first name that is also a verb: Will's news
    (("Grant moved to Reno.",), U),
    (("I booked a session with Dr. Okafor.", "Thanks, Mom. He was very kind."), "user's mom"),  # said to her
    (("Finished the quarterly report, loved it.",), "report"),  # no title: nothing liked
    (("Finished the quarterly report, hated it.",), "report"),
    (("We rented a cabin near Bristol for a week.",), "Bristol"),  # a holiday, not a home
    (("I'm not renting a place in Bristol anymore.",), "Bristol"),
    (("Should I rent a place in Bristol?",), "Bristol"),
    (("I might pick up a new hobby, calligraphy.",), "calligraphy"),
    (("Have you got a new hobby, kayaking?",), "kayaking"),
    (("Hoping to raise funds and open a bakery.",), "bakery"),  # hoped, not done
])
def test_no_fact_from_names_titles_or_suppositions_it_does_not_say(extractor, texts, unwanted):
    got = facts(extractor, *texts)
    assert not any(unwanted in (s, o) or unwanted in o for s, p, o, kind in got if kind == "assert"), got
