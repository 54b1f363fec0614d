"""Chat lines that read wrong before, in our own words: a titled name hailed as a cheer ("Dr. Ana!": no role), a
relative's baby named after the time it came ("my cousin had a baby in April, a girl named Wren"), a device received
or given to the speaker ("I received a Kindle for my birthday"), a second tool joined to the first ("a Dell for work
and an old ThinkPad at home"), a partner named after a comma ("engaged to my boyfriend, Rafe"), a return home
with its "I'm" dropped ("Back in Lisbon since the autumn."), a dropped "I've got" before a new hobby, and a kin word
used as a name before a verb the parser read as a noun ("Grandpa lives in Boise now").

Rows are ``(subject, predicate, object, kind)`` of the last turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, claim_set, duo, last_turn_rows


def facts(extractor, *texts: str) -> set[tuple[str, str, str, str]]:
    return {(s, p, o, kind) for s, p, o, kind, *_ in last_turn_rows(extractor, *texts)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("My cousin had a baby in April, a girl named Wren.", ("user's cousin", "PARENT_OF", "Wren", "assert")),
    ("My brother and his wife had a girl last month, named Juno.", ("user's brother", "PARENT_OF", "Juno", "assert")),
    ("We had a boy on Friday, named Caspar.", (U, "PARENT_OF", "Caspar", "assert")),
    ("I received a Kindle for my birthday.", (U, "OWNS", "Kindle", "assert")),
    ("My parents gave me an iPad for Christmas.", (U, "OWNS", "iPad", "assert")),
    ("My aunt gave me a Fitbit last week.", (U, "OWNS", "Fitbit", "assert")),
    ("I use a Dell for work and an old ThinkPad at home.", (U, "USES", "ThinkPad", "assert")),
    ("I use Trello at work and Notion at home.", (U, "USES", "Notion", "assert")),
    ("We use Trello for tasks and Slack for chat.", (U, "USES", "Slack", "assert")),
    ("I'm engaged to my boyfriend, Rafe.", (U, "ENGAGED_TO", "Rafe", "assert")),
    ("I'm married to my college sweetheart, Nadia.", (U, "MARRIED_TO", "Nadia", "assert")),
    ("Back in Lisbon since the autumn.", (U, "LIVES_IN", "Lisbon", "assert")),
    ("Back home in Galway now.", (U, "LIVES_IN", "Galway", "assert")),
    ("I'm back home in Galway now.", (U, "LIVES_IN", "Galway", "assert")),
    ("new hobby, bouldering", (U, "LIKES", "bouldering", "assert")),
    ("Grandpa lives in Boise now", ("user's grandpa", "LIVES_IN", "Boise", "assert")),
    ("Grandpa works at Walmart now", ("user's grandpa", "WORKS_AT", "Walmart", "assert")),
])
def test_a_chat_line_reads_as_said(extractor, text, wanted):
    got = facts(extractor, text)
    assert wanted in got, got


@pytest.mark.parametrize(("text", "unwanted"), [
    ("My cousin had a baby shower in April, a girl named Wren came.", "Wren"),  # a party
    ("My brother had a girl over last week, named Juno.", "Juno"),  # a visitor, not a birth
    ("My brother had a girl from the agency last week, named Juno.", "Juno"),
    ("Did my cousin have a baby in April, a girl named Wren?", "Wren"),
    ("I gave my nephew an iPad.", "iPad"),  # not the speaker's
    ("I received an email from Apple.", "Apple"),
    ("I didn't receive the Kindle.", "Kindle"),
    ("If my parents give me an iPad I'll be thrilled.", "iPad"),
    ("I received a Kindle for my niece.", "Kindle"),  # a gift for her
    ("My parents gave me an iPad charger.", "iPad"),
    ("I use Figma for design and research.", "research"),
    ("I use Trello for tasks and Slack hates it.", "Slack"),
    ("I don't use Trello for tasks or Slack for chat.", "Slack"),
    ("Back in 2019 we lived near the coast.", "2019"),
    ("Back home in Galway for Christmas now.", "Galway"),  # a visit
    ("Back home in Galway.", "Galway"),
    ("Are you back home in Galway now?", "Galway"),
    ("New hobby ideas, anyone?", "ideas"),
    ("Grandpa lives!", "lives"),
])
def test_no_fact_from_parties_visitors_gifts_for_others_or_questions(extractor, text, unwanted):
    got = facts(extractor, text)
    assert not any(unwanted in s or unwanted in o for s, p, o, kind in got if kind == "assert"), got


@pytest.mark.parametrize("cheer", ["Dr. Ana!", "Dr. Okafor, nice!", "Wow, Dr. Ana Okafor! Congrats!", "Congrats, Professor Ana!"])
def test_a_titled_name_hailed_is_no_role(extractor, cheer):
    got = claim_set(extractor, [("Ana", "I finally defended my thesis!"), ("Cy", cheer)])
    assert not any(p == "HAS_ROLE" for s, p, o, k in got), got


@pytest.mark.parametrize(("text", "wanted"), [
    ("Ana is a doctor now.", ("Ana", "HAS_ROLE", "doctor", "assert")),
    ("Dr. Okafor fixed my shoulder.", ("Dr. Okafor", "HAS_ROLE", "doctor", "assert")),
    ("Thanks, Dr. Okafor!", ("Dr. Okafor", "HAS_ROLE", "doctor", "assert")),
])
def test_a_title_said_of_someone_still_gives_the_role(extractor, text, wanted):
    got = claim_set(extractor, duo(text))
    assert wanted in got, got
