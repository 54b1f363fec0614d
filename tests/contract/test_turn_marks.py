"""How search and context mark the turns of a slot whose value changed, on every backend (issue 28)."""

from __future__ import annotations

import pytest

from tests.contract.memory_helpers import session, told


@pytest.fixture
def moved(store, rule_extractor):
    return told(store, rule_extractor, session("home-1", "2023-06-01T10:00:00Z", "I live in Toronto."),
                session("home-2", "2024-03-12T10:00:00Z", "I moved to Vancouver last week!"))


def test_searching_the_old_value_never_labels_the_move_as_no_longer_true(moved):
    hits = {h.text: h for h in moved.search("Toronto") if h.kind == "turn"}
    move = hits["I moved to Vancouver last week!"]
    assert move.status is None and move.later() is None  # the turn telling the move still holds
    old = hits["I live in Toronto."]
    assert old.status == "superseded" and "user lives in Vancouver" in (old.later() or "")


def test_context_of_the_old_value_marks_only_the_old_turn(moved):
    block = moved.context("Toronto")
    lines = {line for line in block.splitlines() if "] user:" in line}
    assert any("I moved to Vancouver last week!" in line and "later" not in line for line in lines), block
    assert any("I live in Toronto." in line and "later: user lives in Vancouver" in line for line in lines), block
    assert "no longer true" not in block


@pytest.fixture
def corrected(store, rule_extractor):
    return told(store, rule_extractor, session("job-1", "2024-01-05T10:00:00Z", "I joined Stripe last month."),
                session("job-2", "2024-02-05T10:00:00Z", "Sorry, I joined Plaid, not Stripe."))


def test_context_labels_a_corrected_statement(corrected):
    block = corrected.context("when did I join Stripe")
    (line,) = [x for x in block.splitlines() if "I joined Stripe last month." in x]
    assert "(corrected: user works at Plaid" in line, block
    (fixed,) = [x for x in block.splitlines() if "not Stripe" in x]
    assert "corrected" not in fixed and "later" not in fixed


def test_search_marks_a_corrected_statement_retracted(corrected):
    (hit,) = [h for h in corrected.search("Stripe") if h.text == "I joined Stripe last month."]
    assert hit.status == "retracted" and hit.later().startswith("corrected: user works at Plaid")
    assert hit.to_json()["superseded_by"]["corrected"] is True
