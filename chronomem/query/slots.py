"""What a question is about, and what became of the facts a turn stated.

* :func:`implied_predicates`: the predicates a question asks about, from the cue table
  ``chronomem/data/question_cues.json`` ("where … live" → ``LIVES_IN``, "who leads" → ``LEADS``).
* :func:`supersessions`: for fact versions of one entity's slots, which of them were replaced
  by a newer value that holds at the reference time, and by which.
* :func:`stale_turns`: the turns whose facts (in the slots the question is about) have *all*
  been replaced — an episode that is no longer true, with what holds instead.

>>> sorted(implied_predicates("Where does Alice live these days?"))
['LIVES_IN']
>>> sorted(implied_predicates("Who leads the platform team?"))
['LEADS', 'MEMBER_OF']
>>> implied_predicates("What did we talk about?")
frozenset()
"""

from __future__ import annotations

import json
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, timedelta
from functools import lru_cache
from importlib import resources
from typing import Any

from pydantic import BaseModel, ConfigDict

from chronomem.schema.models import Fact
from chronomem.schema.vocabulary import Vocabulary

#: A ``many`` value (a tool) counts as replaced by one that started within this of its end.
SWITCH_GAP = timedelta(days=45)
_MONTH_PRECISIONS = frozenset({"month", "season", "week"})


class SupersededBy(BaseModel):
    """What holds instead of a turn's facts: the current fact and since when."""

    model_config = ConfigDict(frozen=True)

    fact_id: str
    statement: str
    since: datetime | None = None
    since_precision: str = "day"
    corrected: bool = False  # what the turn said was corrected (never true), not replaced later

    def since_text(self) -> str:
        """``2024-05`` (month precision), ``2024`` (year) or ``2024-05-03``; ``?`` when unknown."""
        return date_text(self.since, self.since_precision)

    def text(self) -> str:
        """``later: Alice works at Adyen since 2024-05`` (``corrected: …`` for a corrected statement)."""
        when = "" if self.since is None else f" since {self.since_text()}"
        return f"{'corrected' if self.corrected else 'later'}: {self.statement}{when}"


class EndedAt(BaseModel):
    """What became of a turn's facts that ended with nothing known to replace them: the latest
    of them and when it ended."""

    model_config = ConfigDict(frozen=True)

    fact_id: str
    statement: str
    until: datetime
    until_precision: str = "day"

    def text(self) -> str:
        """``later: no longer true since 2022-03 (user has a pet Juniper)``."""
        return f"later: no longer true since {date_text(self.until, self.until_precision)} ({self.statement})"


def date_text(when: datetime | None, precision: str) -> str:
    """A date at the precision known: ``2024-05`` (month, season, week), ``2024`` (year) or
    ``2024-05-03``; ``?`` when unknown.

    >>> from datetime import datetime
    >>> date_text(datetime(2024, 5, 3), "month"), date_text(datetime(2024, 5, 3), "day"), date_text(None, "day")
    ('2024-05', '2024-05-03', '?')
    """
    if when is None:
        return "?"
    if precision == "year":
        return str(when.year)
    if precision in _MONTH_PRECISIONS:
        return when.strftime("%Y-%m")
    return when.date().isoformat()


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    text = resources.files("chronomem.data").joinpath("question_cues.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _words(words: Iterable[str]) -> re.Pattern[str]:
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in words) + r")(?!\w)")


@lru_cache(maxsize=1)
def _cues() -> tuple[tuple[str, re.Pattern[str]], ...]:
    return tuple((pred, _words(words)) for pred, words in _table()["cues"].items())


@lru_cache(maxsize=1)
def _first_person() -> re.Pattern[str]:
    return _words(_table()["first_person"])


@lru_cache(maxsize=1)
def _past() -> re.Pattern[str]:
    return _words(_table()["past"])


def asks_history(question: str) -> bool:
    """Whether the question asks about the past ("where did Ana work before") rather than what holds.

    >>> asks_history("Where did Ana work before Adyen?"), asks_history("Where does Ana work?")
    (True, False)
    """
    return bool(_past().search(question.lower()))


@lru_cache(maxsize=1)
def _not_the_value() -> re.Pattern[str]:
    return _words(_table()["not_the_value"])


def asks_for_value(question: str) -> bool:
    """Whether the question asks for a slot's value ("where does Ana live") rather than why, when
    or how something happened ("why does Nate like turtles as pets?").

    >>> asks_for_value("Which pets does Nate have?"), asks_for_value("Why does Nate like turtles as pets?")
    (True, False)
    """
    return not _not_the_value().search(question.lower())


def first_person(question: str) -> bool:
    """Whether the question speaks in the first person ("where do I live").

    >>> first_person("Where do I live?"), first_person("Where does Ana live?")
    (True, False)
    """
    return bool(_first_person().search(question.lower()))


def implied_predicates(question: str) -> frozenset[str]:
    """The predicates the question's words point at (see the module docstring): those with the
    most cue words in it. A cue inside a longer cue of another predicate at the same place does
    not count ("work" in "work as"), and a word two predicates share only decides between them
    when nothing else does ("job" in "what is my job title" is a role, "what is my job" either).

    >>> sorted(implied_predicates("What is my job title?")), sorted(implied_predicates("What do I work as?"))
    (['HAS_ROLE'], ['HAS_ROLE'])
    >>> sorted(implied_predicates("What is my job?"))
    ['HAS_ROLE', 'WORKS_AT']
    """
    counts: dict[str, int] = {}
    for pred in _kept_cues(question):
        counts[pred] = counts.get(pred, 0) + 1
    most = max(counts.values(), default=0)
    return frozenset(pred for pred, n in counts.items() if n == most)


def _kept_cues(text: str) -> list[str]:
    """The predicate of every cue in ``text``, but a cue inside a longer cue of another predicate.

    Only the spans starting at most the longest cue's length before a span can contain it, so
    each span is compared with a bounded number of others: linear in the text, not quadratic.

    >>> _kept_cues("what do I work as"), _kept_cues("where do I live")
    (['HAS_ROLE'], ['LIVES_IN'])
    """
    low = text.lower()
    spans = sorted((m.start(), m.end(), pred) for pred, pattern in _cues() for m in pattern.finditer(low))
    starts = [a for a, _, _ in spans]
    longest = max((b - a for a, b, _ in spans), default=0)
    kept = []
    for a, b, pred in spans:
        near = spans[bisect_left(starts, a - longest):bisect_right(starts, a)]
        if not any(other != pred and x <= a and b <= y and y - x > b - a for x, y, other in near):
            kept.append(pred)
    return kept


def mentioned_predicates(text: str) -> frozenset[str]:
    """Every predicate a cue word of ``text`` points at (not only the most cued, as
    :func:`implied_predicates`).

    >>> sorted(mentioned_predicates("I got promoted to data scientist and moved to Oslo."))
    ['HAS_ROLE', 'LIVES_IN']
    """
    return frozenset(_kept_cues(text))


def cardinality(vocabulary: Vocabulary, predicate: str) -> str:
    """The predicate's cardinality (``many`` for one the vocabulary does not know)."""
    return vocabulary[predicate].cardinality if predicate in vocabulary else "many"


def anchor(vocabulary: Vocabulary, f: Fact) -> str:
    """The entity a fact's slot belongs to: the subject, or the object for ``one_per_object``
    predicates (LEADS: a team has one lead)."""
    return f.object_id if cardinality(vocabulary, f.predicate) == "one_per_object" else f.subject_id


def _group(vocabulary: Vocabulary, f: Fact) -> tuple[str, str]:
    """Facts that compete for one answer: the anchor's values of one predicate."""
    return f.predicate, anchor(vocabulary, f)


def _replaces(vocabulary: Vocabulary, new: Fact, old: Fact) -> bool:
    if (new.subject_id, new.object_id) == (old.subject_id, old.object_id):
        return False
    if old.valid_from is not None and new.valid_from is not None and new.valid_from < old.valid_from:
        return False
    if cardinality(vocabulary, old.predicate) != "many":
        return True
    # a `many` predicate (tools): only a value that took over when the old one ended
    return (old.valid_to is not None and new.valid_from is not None
            and abs(new.valid_from - old.valid_to) <= SWITCH_GAP)


def supersessions(history: Iterable[Fact], *, at: datetime, vocabulary: Vocabulary) -> dict[str, Fact]:
    """``{fact id: the fact that replaced it}`` for the versions in ``history`` that ended by
    ``at`` while a newer value of their slot holds at ``at`` (the latest-starting one)."""
    groups: dict[tuple[str, str], list[Fact]] = {}
    for f in history:
        groups.setdefault(_group(vocabulary, f), []).append(f)
    out: dict[str, Fact] = {}
    for facts in groups.values():
        holding = [g for g in facts if g.valid_at(at)]
        if not holding:
            continue
        starts = _Starts(vocabulary, facts, many=cardinality(vocabulary, facts[0].predicate) == "many")
        for f in facts:
            if f.valid_to is None or f.valid_to > at:
                continue
            newer = _successor(vocabulary, starts, f, at, holding)
            if newer is not None:
                out[f.id] = newer
    return out


class _Starts:
    """The values of one slot by when they started: those that may have replaced a value (every one
    :func:`_replaces` accepts, and a few it does not) without comparing it with every other value."""

    def __init__(self, vocabulary: Vocabulary, facts: Sequence[Fact], *, many: bool) -> None:
        self.vocabulary, self.facts, self.many = vocabulary, facts, many
        self._replacing: dict[str, list[Fact]] = {}
        dated = sorted((f.valid_from, i) for i, f in enumerate(facts) if f.valid_from is not None)
        self.starts = [start for start, _ in dated]
        self.order = [i for _, i in dated]
        self.undated = [i for i, f in enumerate(facts) if f.valid_from is None]

    def after(self, old: Fact) -> list[Fact]:
        """The values that started late enough to replace ``old`` (within :data:`SWITCH_GAP` of its end
        for a ``many`` predicate), in their order in the slot."""
        if self.many:
            if old.valid_to is None:
                return []
            low, high = old.valid_to - SWITCH_GAP, old.valid_to + SWITCH_GAP
            low = max(low, old.valid_from) if old.valid_from is not None else low
            found = self.order[bisect_left(self.starts, low): bisect_right(self.starts, high)]
        else:
            later = self.order[bisect_left(self.starts, old.valid_from):] if old.valid_from is not None else self.order
            found = self.undated + later
        return [self.facts[i] for i in sorted(found)]

    def replacing(self, old: Fact) -> list[Fact]:
        """The values that replaced ``old`` directly (:func:`_replaces`), in their order in the slot; found once
        per value, as the chain walks of many values of one slot cross the same values again."""
        found = self._replacing.get(old.id)
        if found is None:
            found = self._replacing[old.id] = [g for g in self.after(old) if _replaces(self.vocabulary, g, old)]
        return found


def _successor(vocabulary: Vocabulary, starts: _Starts, old: Fact, at: datetime,
               holding: Sequence[Fact]) -> Fact | None:
    """The value holding at ``at`` that replaced ``old``, directly or through a chain of values
    that each took over from the one before and ended by ``at`` too (PostgreSQL 12 → 13 → 14).

    ``holding``: the values of ``facts`` that hold at ``at``. One of them that replaced ``old``
    directly is the answer without walking the chain (the common case, and the walk compares every
    value with every other: a person with a thousand past homes made each search take seconds)."""
    direct = [g for g in holding if g.id != old.id and _replaces(vocabulary, g, old)]
    if direct:
        return max(direct, key=lambda g: (g.valid_from or at, g.id))
    seen, frontier = {old.id}, [old]
    while frontier:
        found = {g.id: g for f in frontier for g in starts.replacing(f) if g.id not in seen}
        newer = list(found.values())
        holding = [g for g in newer if g.valid_at(at)]
        if holding:
            return max(holding, key=lambda g: (g.valid_from or at, g.id))
        frontier = [g for g in newer if g.valid_to is not None and g.valid_to <= at]
        seen.update(g.id for g in newer)
    return None


def _stated(history: Sequence[Fact], predicates: frozenset[str]) -> dict[str, list[Fact]]:
    """``{turn id: the facts of history it sourced}`` (only those of ``predicates`` when given)."""
    stated: dict[str, list[Fact]] = {}
    for f in history:
        if not predicates or f.predicate in predicates:
            for s in f.sources:
                if s.turn_id:
                    stated.setdefault(s.turn_id, []).append(f)
    return stated


def stale_turns(history: Sequence[Fact], replaced: Mapping[str, Fact], *,
                predicates: frozenset[str]) -> tuple[dict[str, Fact], dict[str, Fact]]:
    """``({turn id: the fact holding instead}, same for partly stale turns)``: turns whose facts
    in ``history`` (only those of ``predicates`` when given) were all replaced, and turns where
    only some were ("I work at Acme as a designer" after a new role at Acme). Turns that
    sourced none are in neither, nor is a turn that states the newer value itself (a change is
    told by the turn that closes the old value and opens the new one)."""
    stated = _stated(history, predicates)
    whole: dict[str, Fact] = {}
    partly: dict[str, Fact] = {}
    for turn, facts in stated.items():
        newer = [replaced[f.id] for f in facts if f.id in replaced]
        if newer and not {g.id for g in newer} & {f.id for f in facts}:  # not the turn telling the change
            latest = max(newer, key=lambda g: (g.valid_from is not None, g.valid_from, g.id))
            (whole if len(newer) == len(facts) else partly)[turn] = latest
    return whole, partly


def ended_turns(history: Sequence[Fact], replaced: Mapping[str, Fact], *, at: datetime,
                predicates: frozenset[str]) -> dict[str, Fact]:
    """``{turn id: the latest-ending of its facts}`` for the turns whose facts in ``history``
    (only those of ``predicates`` when given) all ended by ``at`` with none of them replaced
    ("We rely on Prometheus", retired later and nothing took over; "I lost my dog Juniper").
    A turn that also stated a fact still holding, or one that was replaced, is not in it."""
    out: dict[str, Fact] = {}
    for turn, facts in _stated(history, predicates).items():
        ends = [f.valid_to for f in facts]
        if all(end is not None and end <= at for end in ends) and not any(f.id in replaced for f in facts):
            out[turn] = max(facts, key=lambda f: (f.valid_to or at, f.id))
    return out


def ended_at(f: Fact) -> EndedAt:
    """The :class:`EndedAt` a turn whose facts all ended carries, from the latest-ending one."""
    if f.valid_to is None:
        raise ValueError(f"fact {f.id} has not ended")
    return EndedAt(fact_id=f.id, statement=f.statement, until=f.valid_to, until_precision=f.valid_to_precision)


def superseded_by(f: Fact, *, corrected: bool = False) -> SupersededBy:
    """The :class:`SupersededBy` a stale (or corrected) turn carries, from the fact holding instead."""
    return SupersededBy(fact_id=f.id, statement=f.statement, since=f.valid_from, since_precision=f.valid_from_precision,
                        corrected=corrected)


def corrected_turns(versions: Sequence[Fact], believed: Sequence[Fact], *, vocabulary: Vocabulary,
                    predicates: frozenset[str]) -> dict[str, Fact]:
    """``{turn id: the fact believed instead}`` for the turns whose facts (of ``predicates`` when
    given) were all corrected: among ``versions`` (every version, expired ones included) they are
    no longer believed, no believed version has their value, and a believed value of the same
    slot holds where they did ("I joined Stripe", then "I joined Plaid, not Stripe")."""
    held = {(f.subject_id, f.predicate, f.object_id) for f in believed}
    by_slot: dict[tuple[str, str], list[Fact]] = {}
    for f in believed:
        by_slot.setdefault(_group(vocabulary, f), []).append(f)
    wrong: dict[str, Fact] = {}  # expired version id -> what is believed instead
    for f in versions:
        if f.expired_at is None or (f.subject_id, f.predicate, f.object_id) in held:
            continue
        instead = [g for g in by_slot.get(_group(vocabulary, f), []) if g.object_id != f.object_id
                   and (f.valid_from is None or g.valid_at(f.valid_from) or g.valid_from == f.valid_from)]
        if instead:
            wrong[f.id] = max(instead, key=lambda g: (g.recorded_at, g.id))
    out: dict[str, Fact] = {}
    for turn, facts in _stated([*versions, *believed], predicates).items():
        said = [wrong[f.id] for f in facts if f.id in wrong]
        # the correction takes over the wrong value's interval and sources: a turn citing only it still told the wrong value
        if said and all(f.id in wrong or f.id in {g.id for g in said} for f in facts):
            out[turn] = said[0]
    return out
