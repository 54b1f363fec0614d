"""The speaker's team's stack said of its own systems ("our API runs on Kubernetes", "the frontend is built
with React", "our stack is Elixir and Redis"), and programming in a language ("I've been coding in Zig for two
years", "I mostly write Kotlin"): USES; and the sentences with the same words that say no such thing.

Rows are ``(subject, predicate, object, kind, at, at_precision, observed)`` with the turn at
2024-03-12T09:00Z (a Tuesday).
"""

from __future__ import annotations

import pytest

from tests.unit.extract.extract_helpers import NOW, A, U, W, c, last_turn_rows, year

SYSTEMS = [
    ("Our billing service is written in Elixir.", [c(W, "USES", "Elixir", A, NOW)]),
    ("Our mobile API runs on Nomad.", [c(W, "USES", "Nomad", A, NOW)]),
    ("Our data lives in Snowflake.", [c(W, "USES", "Snowflake", A, NOW)]),
    ("Our website is hosted on Vercel.", [c(W, "USES", "Vercel", A, NOW)]),
    ("We host everything on DigitalOcean.", [c(W, "USES", "DigitalOcean", A, NOW)]),
    ("Everything runs on Azure these days.", [c(W, "USES", "Azure", A, NOW)]),
    ("Our stack is Django and Celery.", [c(W, "USES", "Django", A, NOW), c(W, "USES", "Celery", A, NOW)]),
    ("The dashboard app is built with Svelte.", [c(W, "USES", "Svelte", A, NOW)]),
    ("Our pipeline uses Airflow.", [c(W, "USES", "Airflow", A, NOW)]),
    # "we" as the system's subject, for a known tool only
    ("We run on Google Cloud.", [c(W, "USES", "Google Cloud", A, NOW)]),
    ("We're hosted on Netlify.", [c(W, "USES", "Netlify", A, NOW)]),
    # made with a tool in the past: used since then, not over
    ("Our site was built with Drupal in 2018.", [c(W, "USES", "Drupal", A, year(2018))]),
    ("The frontend was rewritten in Svelte last year.", [c(W, "USES", "Svelte", A, year(2023))]),
]


@pytest.mark.parametrize("text,expected", SYSTEMS, ids=[t for t, _ in SYSTEMS])
def test_a_tool_of_our_own_system_is_used(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


LANGUAGES = [
    ("I've been coding in Zig since 2021.", [c(U, "USES", "Zig", A, year(2021))]),
    ("I mostly write Kotlin these days.", [c(U, "USES", "Kotlin", A, NOW)]),
    ("I program in Haskell.", [c(U, "USES", "Haskell", A, NOW)]),
    ("I've been writing Swift for about two years.", [c(U, "USES", "Swift", A, ("2022-03-12", "year", False))]),
]


@pytest.mark.parametrize("text,expected", LANGUAGES, ids=[t for t, _ in LANGUAGES])
def test_programming_in_a_language_uses_it(extractor, text, expected):
    assert sorted(last_turn_rows(extractor, text)) == sorted(expected)


NOT_OURS = [
    "Our rival runs on Azure.",
    "Is your backend written in Elixir?",
    "Our backend isn't written in Elixir.",
    "If our data lived in Snowflake, reports would be faster.",
    "My memoir is written in Portuguese.",
    "Their website is hosted on Vercel.",
    "Shopify's backend runs on Kubernetes.",
    "A backend written in Rust is fast.",
    "Our data lives in a spreadsheet.",
    "I don't code in Java.",
    "We run on caffeine and hope.",  # no known tool
    "We were hosted on Netlify before the merger?",  # a question
    "Their site was built with Drupal in 2018.",
]


@pytest.mark.parametrize("text", NOT_OURS)
def test_no_tool_of_ours(extractor, text):
    assert [r for r in last_turn_rows(extractor, text) if r[1] == "USES"] == []


def test_a_plan_to_move_uses_nothing_yet(extractor):
    assert [r for r in last_turn_rows(extractor, "We're thinking about moving to Nomad.") if r[1] == "USES"] == []
