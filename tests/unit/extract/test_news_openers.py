"""News announced with an opener before a comma or a dash ("Guess what, …", "You know what - …"), in our own
words: the news is read as if the opener were a sentence of its own; "I guess what matters is …" is no opener.

Rows are ``(subject, predicate, object)`` of the one turn.
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import U, last_turn_rows


def facts(extractor, text: str) -> set[tuple[str, str, str]]:
    return {(s, p, o) for s, p, o, *_ in last_turn_rows(extractor, text)}


@pytest.mark.parametrize(("text", "wanted"), [
    ("Guess what, my cousin got into Vassar College.", ("user's cousin", "STUDIES_AT", "Vassar College")),
    ("You know what, I moved to Tacoma in the spring.", (U, "LIVES_IN", "Tacoma")),
    ("And guess what - we adopted a terrier named Moss!", (U, "HAS_PET", "Moss")),
    ("So guess what, my brother works at Bosch now.", ("user's brother", "WORKS_AT", "Bosch")),
])
def test_news_after_an_opener_reads(extractor, text, wanted):
    assert wanted in facts(extractor, text)


@pytest.mark.parametrize("text", [
    "Guess what my cousin studies?",  # a question, no opener
    "I guess what matters is that Tacoma is nice.",
    "You know what, I might move to Tacoma someday.",  # the news is a supposition
])
def test_no_fact_where_the_opener_is_none_or_the_news_is_none(extractor, text):
    assert not {f for f in facts(extractor, text) if f[1] in ("LIVES_IN", "STUDIES_AT")}
