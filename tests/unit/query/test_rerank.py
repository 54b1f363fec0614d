"""MMR keeps each candidate's similarity to the picked ones up to date; it must pick exactly what
the textbook form (recomputing every similarity at every step) picks."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from chronomem.query.rerank import _jaccard, mmr, mmr_score, reach_credit, words


def textbook_mmr(items, *, k, diversity, origins):
    """The plain O(k² n) form: at every step, the max similarity to every picked item."""
    if not items or k < 1:
        return []
    top = max(rel for _, rel, _ in items) or 1.0
    best_rel = max(rel for _, rel, _ in items)
    pool = [(key, rel, rel / top, words(text), origins.get(key, frozenset())) for key, rel, text in items]
    picked, seen = [], []
    while pool and len(picked) < k:
        best, best_value = 0, -math.inf
        for n, (_, _, scaled, ws, og) in enumerate(pool):
            overlap = max((1.0 if og & o else _jaccard(ws, w) for w, o in seen), default=0.0) if diversity else 0.0
            value = scaled - diversity * overlap
            if value > best_value:
                best, best_value = n, value
        key, rel, _, ws, og = pool.pop(best)
        picked.append((key, mmr_score(best_value, top=best_rel, diversity=diversity)))
        seen.append((ws, og))
    return picked


VOCAB = ["ana", "lisbon", "porto", "acme", "jazz", "bo", "redis", "kafka", "the", "is"]
item = st.tuples(st.floats(0.0, 10.0, allow_nan=False), st.lists(st.sampled_from(VOCAB), max_size=5),
                 st.sets(st.sampled_from(["t1", "t2", "t3", "t4"]), max_size=2))


@settings(max_examples=300, deadline=None)
@given(st.lists(item, max_size=25), st.integers(0, 12), st.sampled_from([0.0, 0.3, 0.7, 1.0]))
def test_incremental_mmr_picks_what_the_textbook_form_picks(rows, k, diversity):
    items = [(f"k{n}", rel, " ".join(text)) for n, (rel, text, _) in enumerate(rows)]
    origins = {f"k{n}": frozenset(og) for n, (_, _, og) in enumerate(rows) if og}
    assert mmr(items, k=k, diversity=diversity, origins=origins) == textbook_mmr(
        items, k=k, diversity=diversity, origins=origins)


def test_shared_origin_counts_as_a_duplicate():
    items = [("fact", 1.0, "ana moved to porto"), ("turn", 0.95, "we went hiking"), ("other", 0.8, "bo likes jazz")]
    origins = {"fact": frozenset({"s1:2"}), "turn": frozenset({"s1:2"})}
    assert [key for key, _ in mmr(items, k=2, diversity=0.3, origins=origins)] == ["fact", "other"]
    assert [key for key, _ in mmr(items, k=2, diversity=0.0, origins=origins)] == ["fact", "turn"]


@settings(max_examples=200, deadline=None)
@given(st.lists(item, max_size=25), st.integers(0, 12), st.sampled_from([0.0, 0.3, 0.7, 1.0]))
def test_scores_are_final_and_never_increase_down_the_list(rows, k, diversity):
    items = [(f"k{n}", rel, " ".join(text)) for n, (rel, text, _) in enumerate(rows)]
    origins = {f"k{n}": frozenset(og) for n, (_, _, og) in enumerate(rows) if og}
    scores = [score for _, score in mmr(items, k=k, diversity=diversity, origins=origins)]
    assert all(a >= b for a, b in zip(scores, scores[1:]))
    assert all(s >= 0 for s in scores)
    if scores:
        assert scores[0] == pytest.approx(max(rel for _, rel, _ in items))


def test_all_zero_relevance_scores_zero():
    assert mmr([("a", 0.0, "x"), ("b", 0.0, "y")], k=2, diversity=0.3) == [("a", 0.0), ("b", 0.0)]


def test_a_reached_fact_earns_traversal_credit_by_matching_the_question_itself():
    # about the person asked about, but nothing of what was asked: no credit
    assert reach_credit(1.0, own=0.0, best=1.7, hop=1) == 0.0
    # the credit grows with the fact's own match, up to the entity's full relevance
    weak, strong, best = (reach_credit(1.0, own=own, best=1.7, hop=1) for own in (0.4, 1.2, 1.7))
    assert 0.0 < weak < strong < best == 1.0
    assert reach_credit(1.0, own=3.0, best=1.7, hop=1) == 1.0  # never more than full credit
    assert reach_credit(1.0, own=1.7, best=1.7, hop=2) == 0.5  # the second hop counts half
    assert reach_credit(0.6, own=0.0, best=1.7, hop=1, gate=0.0) == 0.6  # gate 0: the old, ungated credit
