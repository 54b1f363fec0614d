"""Importance in ranking: a candidate's relevance (already decayed by recency) times its importance.

Each candidate's score is multiplied by ``(1 − w + w · importance) · (1 + b · used)``:
``importance`` is its effective importance now (:meth:`~chronomem.graph.importance.Usage.effective`:
scored when written, corrected by ``feedback``, fading while unused), ``used`` how recently
``feedback`` confirmed it useful (:meth:`~chronomem.graph.importance.Usage.use_recency`: 1 just
now, fading; 0 never), ``w`` and ``b`` the ``importance`` and ``use_boost`` weights of
:class:`~chronomem.query.candidates.Tuning` (0: no part). So relevance leads; between hits about
as relevant, the one that matters more comes first, and one confirmed useful is lifted.

>>> importance_factor(1.0, 0.0, weight=0.2, boost=0.5), importance_factor(0.0, 0.0, weight=0.2, boost=0.5)
(1.0, 0.8)
>>> importance_factor(0.5, 1.0, weight=0.2, boost=0.5)
1.35
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from chronomem.graph.base import GraphStore, TurnRecord
from chronomem.graph.importance import Usage, fact_usage, importance_table
from chronomem.graph.lifecycle import LifecycleStore
from chronomem.schema.models import Fact

Pool = list[tuple[tuple[str, str], float, str]]  # ((kind, id), score, text), as search ranks them


def importance_factor(importance: float, used: float, *, weight: float, boost: float) -> float:
    """``(1 − weight + weight · importance) · (1 + boost · used)``."""
    return (1.0 - weight + weight * importance) * (1.0 + boost * used)


def importance_now(store: GraphStore, group_id: str, facts: Mapping[str, Fact],
                   turns: Mapping[str, TurnRecord], *, now: datetime) -> dict[tuple[str, str], tuple[float, float]]:
    """The effective importance now and the recency of use of each of ``facts`` and ``turns``,
    keyed ``(kind, id)``; empty for a store that keeps no usage
    (:class:`~chronomem.graph.lifecycle.LifecycleStore`)."""
    if not isinstance(store, LifecycleStore):
        return {}
    table = importance_table()
    half_life = table.half_life_days
    usages = []
    stored = store.usage(group_id, "turn", list(turns)) if turns else {}
    usages += [stored.get(i) or Usage("turn", i, table.turn.default, born_at=t.at) for i, t in turns.items()]
    stored = store.usage(group_id, "fact", list(facts)) if facts else {}
    usages += [fact_usage(f, store.vocabulary, stored.get(i), table=table) for i, f in facts.items()]
    return {(u.kind, u.id): (u.effective(now, half_life), u.use_recency(now, half_life)) for u in usages}


def weigh_importance(store: GraphStore, group_id: str, pool: Pool, facts: Mapping[str, Fact],
                     turns: Mapping[str, TurnRecord], *, now: datetime, weight: float, boost: float) -> Pool:
    """``pool`` with each score multiplied by its :func:`importance_factor`."""
    if not (weight or boost) or not pool:
        return pool
    keys = {key for key, _, _ in pool}
    known = importance_now(store, group_id, {i: f for i, f in facts.items() if ("fact", i) in keys},
                           {i: t for i, t in turns.items() if ("turn", i) in keys}, now=now)
    if not known:
        return pool
    return [(key, value * importance_factor(*known.get(key, (1.0, 0.0)), weight=weight, boost=boost), text)
            for key, value, text in pool]
