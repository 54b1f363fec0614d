"""How important a stored turn or fact is: scored when it is written, corrected by use, fading unused.

The weights are data (``chronomem/data/importance.json``, :func:`importance_table`):

* a **turn** scores the chance it will be needed later, a logistic model over what extraction saw
  in it and its place in the session (:mod:`chronomem.graph.turn_importance`): it sourced a fact,
  named a person, a date or another entity, stated a plan, says something new, answers a question;
  against it, a question, small talk ("haha same"), a reaction ("Wow, that's great!");
* a **fact** version scores ``base`` plus a weight for a vocabulary predicate (not an open fact)
  and one per source beyond the first, times its confidence (:func:`fact_importance`);
* **use** corrects it: ``feedback(useful=True)`` moves it part of the way to 1, marks it used now
  and keeps a turn (it no longer expires by time to live); ``useful=False`` moves it part of the
  way to 0 (:func:`after_feedback`);
* an **unused** memory fades: its effective importance halves every ``half_life_days`` since it
  was last confirmed useful, or since it was said (:meth:`Usage.effective`).

>>> from datetime import datetime, timezone
>>> said = datetime(2024, 3, 1, tzinfo=timezone.utc)
>>> table = importance_table()
>>> u = Usage("turn", "s1:1", 0.2, born_at=said)
>>> u.effective(said, table.half_life_days), round(u.effective(datetime(2024, 8, 28, tzinfo=timezone.utc), 180), 3)
(0.2, 0.1)
>>> useful = after_feedback(u, useful=True, now=said, table=table)
>>> useful.importance, useful.kept
(0.6, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from datetime import datetime
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from chronomem.schema.models import normalize_name

if TYPE_CHECKING:
    from chronomem.graph.base import WriteBatch
    from chronomem.schema.models import Fact
    from chronomem.schema.vocabulary import Vocabulary

UsageKind = Literal["turn", "fact"]


class _Table(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TurnWeights(_Table):
    """The turn half of the table: a logistic model (``bias``, ``weights`` of the features, ``per_word``
    up to ``max_words``); ``default`` for a turn stored without an importance (an older store)."""

    default: float = Field(ge=0, le=1)
    bias: float
    weights: dict[str, float]
    per_word: float
    max_words: int = Field(ge=0)
    max_new_words: int = Field(ge=0)
    recent_turns: int = Field(ge=0)
    small_talk_words: int = Field(ge=0)
    small_talk: frozenset[str]
    plan_cues: tuple[str, ...]
    function_words: frozenset[str]
    reaction_openers: tuple[str, ...]


class FactWeights(_Table):
    """The fact half of the table: ``default`` for a fact version stored without an importance."""

    default: float = Field(ge=0, le=1)
    base: float = Field(ge=0, le=1)
    weights: dict[str, float]
    max_extra_sources: int = Field(ge=0)
    open_predicate: str


class FeedbackWeights(_Table):
    gain: float = Field(gt=0, le=1)
    loss: float = Field(gt=0, le=1)


class ImportanceTable(_Table):
    """``chronomem/data/importance.json``, validated."""

    half_life_days: float = Field(gt=0)
    feedback: FeedbackWeights
    turn: TurnWeights
    fact: FactWeights


@lru_cache(maxsize=1)
def importance_table() -> ImportanceTable:
    """The weights table shipped in ``chronomem/data/importance.json``."""
    text = resources.files("chronomem.data").joinpath("importance.json").read_text(encoding="utf-8")
    data = {k: v for k, v in json.loads(text).items() if not k.startswith("_")}
    return ImportanceTable.model_validate(data)


@dataclass(frozen=True, slots=True)
class Usage:
    """The importance state of one stored turn or fact version.

    ``importance`` is in ``[0, 1]``; ``born_at`` is when the item entered memory (a turn's time, a
    version's recording); ``used_at`` when it was last confirmed useful (``None``: never); ``kept``
    marks a turn promoted to the long-term tier (it never expires by time to live).
    """

    kind: UsageKind
    id: str
    importance: float
    born_at: datetime
    used_at: datetime | None = None
    kept: bool = False

    def effective(self, now: datetime, half_life_days: float) -> float:
        """The importance faded by the time since the item was last used (or born): halved every
        ``half_life_days``; never more than :attr:`importance`."""
        last = self.used_at if self.used_at is not None and self.used_at > self.born_at else self.born_at
        return self.importance * _fade(now, last, half_life_days)

    def use_recency(self, now: datetime, half_life_days: float) -> float:
        """How recently the item was confirmed useful: 1 just now, halved every ``half_life_days``
        since; 0 when it never was."""
        return 0.0 if self.used_at is None else _fade(now, self.used_at, half_life_days)


def _fade(now: datetime, since: datetime, half_life_days: float) -> float:
    idle = max(0.0, (now - since).total_seconds() / 86_400)
    return 0.5 ** (idle / half_life_days)


def after_feedback(usage: Usage, *, useful: bool, now: datetime, table: ImportanceTable) -> Usage:
    """``usage`` after the caller said whether it was useful at ``now``: useful moves the importance
    ``gain`` of the way to 1, marks it used now and keeps it; not useful moves it ``loss`` of the
    way to 0, forgets its last use and unkeeps it (it may expire again)."""
    if useful:
        value = usage.importance + table.feedback.gain * (1.0 - usage.importance)
        return replace(usage, importance=round(value, 6), used_at=now, kept=True)
    value = usage.importance * (1.0 - table.feedback.loss)
    return replace(usage, importance=round(value, 6), used_at=None, kept=False)


def fact_importance(fact: Fact, vocabulary: Vocabulary, table: ImportanceTable) -> float:
    """A fact version's importance: ``base``, plus ``vocabulary`` for a vocabulary predicate (not
    the open one), plus ``per_extra_source`` for each source beyond the first (at most
    ``max_extra_sources``), times its confidence; clipped to ``[0, 1]``."""
    w = table.fact
    value = w.base
    if fact.predicate != w.open_predicate and fact.predicate in vocabulary:
        value += w.weights.get("vocabulary", 0.0)
    extra = min(w.max_extra_sources, max(0, len(fact.sources) - 1))
    value += extra * w.weights.get("per_extra_source", 0.0)
    return _clip(value * fact.confidence)


def batch_usage(batch: WriteBatch, *, table: ImportanceTable | None = None) -> list[Usage]:
    """The usage rows a write stores: one for each turn of the batch's session, scored
    (:func:`~chronomem.graph.turn_importance.score_turn`) from its claims' sources, the types of
    the entities it mentions (its speaker aside), its text and its neighbours in the session. (A
    fact version's importance is a function of the version itself, :func:`fact_importance`: only
    feedback stores one.)"""
    from chronomem.graph.turn_importance import TurnContext, content_words, score_turn, words

    table = table or importance_table()
    session = batch.session
    if session is None or not session.turns:
        return []
    turns = session.turns
    sourced = {s.turn_id for c in batch.claims if c.kind != "retract" for s in c.sources if s.turn_id}
    entities = {e.id: e for e in batch.entities}
    speakers = {t.id: normalize_name(t.speaker) for t in turns}
    mentioned: dict[str, list[str]] = {}
    for m in batch.mentions:
        e = entities.get(m.entity_id)
        if e is None or normalize_name(e.name) != speakers.get(m.turn_id):  # "I" names no one new
            mentioned.setdefault(m.turn_id, []).append(e.type if e is not None else "OTHER")
    contents = [content_words(t.text, table) for t in turns]
    names = frozenset(w for t in turns for w in words(t.speaker))
    rows = []
    for n, t in enumerate(turns):
        assert t.id is not None and t.at is not None  # filled in by Session
        context = TurnContext(previous=turns[n - 1].text if n else "",
                              following=turns[n + 1].text if n + 1 < len(turns) else "",
                              recent=frozenset().union(*contents[max(0, n - table.turn.recent_turns):n]),
                              closes=n + 1 == len(turns), speakers=names)
        importance = score_turn(t.text, t.at, table=table, sourced=t.id in sourced,
                                mention_types=mentioned.get(t.id, ()), context=context)
        rows.append(Usage("turn", t.id, importance, born_at=t.at))
    return rows


def fact_usage(fact: Fact, vocabulary: Vocabulary, stored: Usage | None = None, *,
               table: ImportanceTable | None = None) -> Usage:
    """A fact version's usage: as stored (feedback corrected it), else scored from the version."""
    if stored is not None:
        return stored
    return Usage("fact", fact.id, fact_importance(fact, vocabulary, table or importance_table()),
                 born_at=fact.recorded_at)


def _clip(value: float) -> float:
    return round(min(1.0, max(0.0, value)), 6)
