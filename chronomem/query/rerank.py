"""Reranking helpers for search: rank fusion, recency decay per predicate, MMR diversity.

>>> fused = rrf([["a", "b", "c"], ["c", "a"]])
>>> sorted(fused, key=fused.get, reverse=True)
['a', 'c', 'b']
>>> round(decay_factor("LIKES", 365.0, DEFAULT_DECAY), 3)
0.5
>>> [key for key, _ in mmr([("x", 1.0, "ana lives in lisbon"), ("y", 0.99, "ana lives in lisbon"),
...                         ("z", 0.9, "bo works at acme")], k=2, diversity=0.3)]
['x', 'z']
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

RRF_K = 60


def half_life(days: float) -> float:
    """The decay rate λ (per day) that halves a score every ``days`` days (0: no decay).

    >>> round(half_life(365) * 365, 4)
    0.6931
    """
    return 0.0 if days <= 0 or math.isinf(days) else math.log(2) / days


#: λ per day by predicate. ``"*"`` is the default for other predicates, ``"turn"`` applies to
#: conversation turns. Kinship does not fade; tastes and tools do, within a year or two.
DEFAULT_DECAY: dict[str, float] = {
    "*": half_life(5 * 365),
    "turn": 0.0,
    **dict.fromkeys(["PARENT_OF", "SIBLING_OF"], 0.0),
    **dict.fromkeys(["LIKES", "DISLIKES", "PREFERS"], half_life(365)),
    **dict.fromkeys(["USES", "HAS_ROLE", "MEMBER_OF"], half_life(2 * 365)),
}


def decay_factor(predicate: str, age_days: float, decay: Mapping[str, float]) -> float:
    """``exp(−λ·Δt)`` for an item ``age_days`` old (negative ages count as 0)."""
    rate = decay.get(predicate, decay.get("*", 0.0))
    return math.exp(-rate * max(0.0, age_days)) if rate > 0 else 1.0


def reach_credit(reach: float, *, own: float, best: float, hop: int, gate: float = 1.0) -> float:
    """The traversal credit of a fact reached from an entry entity of relevance ``reach``:
    halved on the second hop, and scaled by ``(own / best) ** gate``, ``own`` being how well the
    fact itself matched the query (its dense and full-text relevance) and ``best`` the best
    match among all candidates. Being about the person asked about is weaker evidence than
    saying what was asked: a fact that matched nothing of the question gets no credit
    (``gate`` 0: every reached fact gets the full credit).

    >>> reach_credit(1.0, own=0.0, best=2.0, hop=1), reach_credit(1.0, own=1.0, best=2.0, hop=1)
    (0.0, 0.5)
    >>> reach_credit(0.8, own=2.0, best=2.0, hop=2), reach_credit(0.8, own=0.0, best=2.0, hop=2, gate=0.0)
    (0.4, 0.4)
    """
    scale = min(1.0, own / best) ** gate if gate and best > 0 else 1.0
    return reach * (1.0 if hop == 1 else 0.5) * scale


def rrf(rankings: Sequence[Sequence[K]], *, weights: Sequence[float] | None = None, k: int = RRF_K) -> dict[K, float]:
    """Reciprocal rank fusion, scaled so that rank 1 in one list of weight 1 scores 1.0:
    ``Σ w · (k + 1) / (k + rank)``."""
    scores: dict[K, float] = {}
    for n, ranking in enumerate(rankings):
        w = 1.0 if weights is None else weights[n]
        for rank, key in enumerate(ranking, start=1):
            scores[key] = scores.get(key, 0.0) + w * (k + 1) / (k + rank)
    return scores


def rank_value(rank: int, k: int = RRF_K) -> float:
    """The RRF value of a 0-based rank (1.0 for the first)."""
    return (k + 1) / (k + rank + 1)


_WORD = re.compile(r"\w+")
_STOP = frozenset("a an and are at be did do does for from had has have he her his i in is it its me my of on or our "
                  "she so that the their them they this to was we were what when where which who why with you your".split())


def words(text: str) -> frozenset[str]:
    """Lower-cased content words, used to compare candidates for diversity."""
    return frozenset(w for w in _WORD.findall(text.lower()) if w not in _STOP)


def mmr(items: Sequence[tuple[K, float, str]], *, k: int, diversity: float = 0.3,
        origins: Mapping[K, frozenset[str]] | None = None) -> list[tuple[K, float]]:
    """Maximal marginal relevance: pick ``k`` of ``(key, relevance, text)`` greedily by
    ``relevance − diversity · max similarity to the picked ones``, relevance scaled to the best
    one. Similarity is the Jaccard index of the content words, or 1 for items that share an
    origin (``origins``: e.g. a fact and the turn it was extracted from). Returns
    ``(key, score)`` in pick order, ties keeping the input order; the score is the MMR value at
    which the item was picked, mapped back to relevance units (:func:`mmr_score`), so scores
    never increase down the list and the first item keeps its relevance."""
    if not items or k < 1:
        return []
    best_rel = max(rel for _, rel, _ in items)
    top = best_rel or 1.0
    empty: frozenset[str] = frozenset()
    found = origins or {}
    keys = [key for key, _, _ in items]
    rels = [rel for _, rel, _ in items]
    scaled = [rel / top for rel in rels]
    texts = [words(text) for _, _, text in items] if diversity else []
    sources = [found.get(key, empty) for key in keys] if diversity else []
    overlap = [0.0] * len(items)  # max similarity to the items picked so far, kept up to date
    left = list(range(len(items)))  # input order, so that ties keep it
    picked: list[tuple[K, float]] = []
    while left and len(picked) < k:
        best, best_value = 0, -math.inf
        for n, i in enumerate(left):
            value = scaled[i] - diversity * overlap[i]
            if value > best_value:
                best, best_value = n, value
        chosen = left.pop(best)
        picked.append((keys[chosen], mmr_score(best_value, top=best_rel, diversity=diversity)))
        if diversity and len(picked) < k:
            ws, og = texts[chosen], sources[chosen]
            for i in left:
                if overlap[i] < 1.0:
                    overlap[i] = max(overlap[i], 1.0 if og & sources[i] else _jaccard(ws, texts[i]))
    return picked


def mmr_score(value: float, *, top: float, diversity: float) -> float:
    """An MMR value (``scaled relevance − diversity · overlap``, in ``[−diversity, 1]``) as a
    score in ``[0, top]``: ``top · (value + diversity) / (1 + diversity)``.

    >>> mmr_score(1.0, top=2.0, diversity=0.3), mmr_score(-0.3, top=2.0, diversity=0.3)
    (2.0, 0.0)
    """
    return top * (value + diversity) / (1.0 + diversity)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a or not b:
        return 0.0
    return len(a & b) / len(a | b)
