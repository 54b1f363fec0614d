"""Work chat, in our own wordings: a job or team one came from ("I joined from Hubspot", "she came over from
Etsy", "I moved over from the data team"), a known employer said as the one before ("before that I was at
Twilio", "previously I was at Shopify"), a known employer one is headed to ("Kai is heading to Stripe next
month", "she's off to Google in May"), a field of work one leads ("I lead platform eng"), and lower-case tools
after "moved to" or "everything in" ("we moved to snowflake"); and the sentences with the same words that say
no such thing (a home, a phone, a place, a shop, a visit, a meal, bed).

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, E, U, c, last_turn_rows, month, year

OVER = ("turn", "unknown", True)  # over by the time it was said, at no known time

READS = [
    # a job or team one came from ends
    ("I joined from Shopify in October.", [c(U, "WORKS_AT", "Shopify", E, month("2023-10"))]),
    ("Maya came over from Etsy last year.", [c("Maya", "WORKS_AT", "Etsy", E, year(2023))]),
    ("I joined Plaid from Shopify in 2022.", [c(U, "WORKS_AT", "Plaid", A, year(2022)),
                                               c(U, "WORKS_AT", "Shopify", E, year(2022))]),
    ("I came over from the payments team in May.", [c(U, "MEMBER_OF", "payments team", E, month("2023-05"))]),
    ("I moved over from the analytics team last month.", [c(U, "MEMBER_OF", "analytics team", E, month("2024-02"))]),
    # a known employer said as the one before
    ("Before that I was at Twilio.", [c(U, "WORKS_AT", "Twilio", E, OVER)]),
    ("previously I was at Shopify", [c(U, "WORKS_AT", "Shopify", E, OVER)]),
    ("I've been here two years, before that I was at Zalando.", [c(U, "WORKS_AT", "Zalando", E, OVER)]),
    # a known employer one is headed to
    ("Kai is heading to Stripe next month.", [c("Kai", "WORKS_AT", "Stripe", A, month("2024-04"))]),
    ("Rosa is off to Google in May.", [c("Rosa", "WORKS_AT", "Google", A, month("2024-05"))]),
    # a field of work one leads
    ("I lead platform eng.", [c(U, "LEADS", "platform engineering", A, NOW)]),
    ("i lead mobile engineering", [c(U, "LEADS", "mobile engineering", A, NOW)]),
    # lower-case tools after more cues
    ("we moved to snowflake last year", [c(U, "USES", "Snowflake", A, year(2023))]),
    ("we track everything in linear", [c(U, "USES", "Linear", A, NOW)]),
]


@pytest.mark.parametrize("text,expected", READS, ids=[t for t, _ in READS])
def test_work_chat_reads(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NOTHING = [
    "I joined from home.",
    "I joined the call from Stripe.",
    "Maya came over from Ohio.",
    "Maya came over from Etsy for dinner.",
    "I came over from Starbucks.",
    "Did Maya come over from Etsy?",
    "I moved over from the couch.",
    "Before that I was at the gym.",
    "Before that I was at Tom's.",
    "Before that I was at Costco.",
    "Before this I was at Google for a meeting.",
    "Kai is headed to Paris next week.",
    "Kai is off to work.",
    "Kai is off to bed.",
    "Kai headed to Stripe last year.",
    "Is Kai heading to Stripe next month?",
    "Kai isn't heading to Stripe next month.",
    "I lead engineering.",
    "I studied mechanical engineering.",
    "we moved to go see my parents last year",
    "we track everything in a spreadsheet",
]


@pytest.mark.parametrize("text", NOTHING)
def test_same_words_no_work_fact(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] in ("WORKS_AT", "MEMBER_OF", "LEADS", "USES")] == []


def test_phoenix_after_moved_to_is_a_town(extractor):
    assert last_turn_rows(extractor, "we moved to phoenix last year") == [c(U, "LIVES_IN", "Phoenix", A, year(2023))]
