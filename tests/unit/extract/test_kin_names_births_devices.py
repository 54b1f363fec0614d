"""Short chat lines about one's family, a birth, a device and a book, in our own words: a kin word used as a name
as the subject ("Dad loves golf": the speaker's dad, as "my dad" gives), a baby named after the time it came ("we had
a baby in May, a boy named Felix"), a device by its make's name got ("I got a new iPad"), and a title read or
finished and then loved ("Just read Piranesi, loved it", "Finished ... yesterday and loved it").

Rows are ``(subject, predicate, object, kind)`` of the last turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, *texts: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, *_ in last_turn_rows(extractor, *texts)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("Dad adores sailing.", ("user's dad", "LIKES", "sailing", "assert")),
    ("Mom moved to Sedona two years ago.", ("user's mom", "LIVES_IN", "Sedona", "assert")),
    ("Dad works at Boeing these days.", ("user's dad", "WORKS_AT", "Boeing", "assert")),
    ("Grandma loves crossword puzzles.", ("user's grandma", "LIKES", "crossword puzzles", "assert")),
    ("We had our second baby on June 9th, a girl named Mabel.", (U, "PARENT_OF", "Mabel", "assert")),
    ("We had a baby two weeks ago, a boy called Otis.", (U, "PARENT_OF", "Otis", "assert")),
    ("Priya had a baby last week, a boy called Dev.", ("Priya", "PARENT_OF", "Dev", "assert")),
    ("I got a new iPad last week.", (U, "OWNS", "iPad", "assert")),
    ("I finally got a Kindle.", (U, "OWNS", "Kindle", "assert")),
    ("I got a Nintendo Switch last month.", (U, "OWNS", "Nintendo Switch", "assert")),
    ("Just read Middlemarch, loved it.", (U, "LIKES", "Middlemarch", "assert")),
    ("Read Middlemarch and loved it.", (U, "LIKES", "Middlemarch", "assert")),
    ("Finished Station Eleven yesterday and loved it.", (U, "LIKES", "Station Eleven", "assert")),
    ("Watched Arrival yesterday and loved it.", (U, "LIKES", "Arrival", "assert")),
])
def test_a_short_line_reads_as_the_speakers_news(extractor, text, wanted):
    got = facts(extractor, text)
    assert wanted in got, got


@pytest.mark.parametrize(("text", "unwanted"), [
    ("Dad adores sailing.", "Dad"),  # no one called "Dad"
    ("Mom moved to Sedona two years ago.", "Mom"),
    ("Thanks, Mom, I love the scarf.", "user's mom"),  # said to her
    ("Mom, you're the best cook in Sedona.", "user's mom"),
    ("We had a baby shower last week, a girl named Mabel came.", "Mabel"),  # a party, no birth
    ("We might have a baby next year, a girl named Mabel.", "Mabel"),
    ("Did you have a baby last week, a boy called Otis?", "Otis"),
    ("Read the instructions before you start.", "instructions"),  # a command
    ("Read Middlemarch, you'll love it.", "Middlemarch"),  # advice, no taste of the speaker's
    ("Read the news, loved it.", "news"),  # no title
    ("Finished the spreadsheet and hated it.", "spreadsheet"),
    ("Started Monday and loved it.", "Monday"),  # a time, no work
])
def test_no_fact_from_calls_parties_accessories_or_commands(extractor, text, unwanted):
    got = facts(extractor, text)
    assert not any(unwanted in (s, o) or unwanted in o for s, p, o, kind in got if kind == "assert"), got


@pytest.mark.parametrize("text", [
    "I got an iPad charger last week.",  # an accessory, not the device
    "I got a switch for the hallway lamp.",
    "I got an iPad for my nephew.",  # a gift for someone else
    "Did you get a new iPad?",
    "I'll get a Kindle next year.",
])
def test_no_device_owned_that_is_not_got_for_oneself(extractor, text):
    assert not any(p == "OWNS" for _, p, _, _ in facts(extractor, text))
