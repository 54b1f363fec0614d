"""A turn's importance when written: the chance it will be needed later, from what extraction saw in
it and what its session shows around it.

:func:`turn_features` gives each feature a value in ``[0, 1]`` (the keys of the turn weights of
``chronomem/data/importance.json``): what extraction saw (it sourced a fact; it named a person other
than its speaker, a date, another entity; it stated a plan), its form (a question, small talk, its
length, proper nouns, numbers, the first person), and its place in the session (how much of it is
new against the turns just before; whether it answers a question or opens with a reaction; whether
the next turn asks about it or reacts to it; whether it closes the session). :func:`turn_importance`
is the logistic model over them, with weights set by hand (the table says why).

>>> from datetime import datetime, timezone
>>> from chronomem.graph.importance import importance_table
>>> said, table = datetime(2024, 3, 1, tzinfo=timezone.utc), importance_table()
>>> round(score_turn("haha same", said, table=table), 2)
0.02
>>> round(score_turn("Caroline is moving to Berlin next month.", said, table=table, sourced=True,
...                  mention_types=["PERSON", "PLACE"], context=TurnContext(previous="Any news?")), 2)
0.97
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from chronomem.graph.importance import ImportanceTable

_WORD = re.compile(r"[\w']+")
# A capitalised word that does not open the text or a sentence: a name, a place, a title.
_PROPER = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+")
_DIGIT = re.compile(r"\d")
_FIRST = frozenset(("i", "my", "me", "i'm", "i've", "i'll", "i'd", "mine", "myself", "we", "our", "us", "we're",
                    "we've"))
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")


@dataclass(frozen=True)
class TurnContext:
    """A turn's neighbours in its session: the texts just before and after (``""``: none), the content
    words of the few turns before, whether it closes the session, and the lower-cased names of the
    session's speakers (a speaker's name in a turn mostly addresses them: "Thanks, Ada!")."""

    previous: str = ""
    following: str = ""
    recent: frozenset[str] = frozenset()
    closes: bool = False
    speakers: frozenset[str] = frozenset()


def words(text: str) -> list[str]:
    """The lower-cased words of ``text``."""
    return _WORD.findall(text.lower())


def sentences(text: str) -> list[str]:
    """The sentences of ``text``, split at ``.``, ``!`` and ``?`` (which each keeps).

    >>> sentences("Thanks! I sold my bike last week. Did you?")
    ['Thanks!', 'I sold my bike last week.', 'Did you?']
    """
    return [s.strip() for s in _SENTENCE.findall(text) if s.strip() and _WORD.search(s)]


def first_person_statements(text: str) -> float:
    """The share of the sentences of ``text`` that state something in the first person (a sentence
    with "I", "my", "we"... that is not a question): what the speaker tells of their own life.

    >>> first_person_statements("Wow, congrats! I finally finished my thesis. Want to celebrate?")
    0.3333333333333333
    """
    said = sentences(text)
    told = sum(1 for s in said if not s.endswith("?") and not _FIRST.isdisjoint(words(s)))
    return told / len(said) if said else 0.0


def proper_nouns(text: str, speakers: frozenset[str] = frozenset()) -> list[str]:
    """The capitalised words of ``text`` inside its sentences (a name, a place, a title), the names
    of the conversation's ``speakers`` aside: addressing someone tells nothing new.

    >>> proper_nouns("Thanks, Ada! We hiked Mount Tam with Bruno.", frozenset({"ada"}))
    ['Mount', 'Tam', 'Bruno']
    """
    return [w for w in _PROPER.findall(text) if w.lower() not in speakers]


def names_something(text: str, speakers: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` names something specific: a proper noun (not a speaker's name) or a number.

    >>> names_something("It's Kurosawa!"), names_something("Yes, Ada!", frozenset({"ada"}))
    (True, False)
    """
    return bool(proper_nouns(text, speakers)) or _DIGIT.search(text) is not None


def content_words(text: str, table: ImportanceTable) -> set[str]:
    """The words of ``text`` that are not function words."""
    return {w for w in words(text) if w not in table.turn.function_words}


@lru_cache(maxsize=16)
def _phrases(phrases: tuple[str, ...], at_start: bool) -> re.Pattern[str]:
    """One pattern matching any of ``phrases`` as whole words (at the start only, with ``at_start``)."""
    either = "|".join(re.escape(p) for p in sorted(phrases, key=len, reverse=True))
    return re.compile(("^" if at_start else "") + rf"(?<!\w)(?:{either})(?!\w)")


def _has_phrase(text: str, phrases: tuple[str, ...], *, at_start: bool = False) -> bool:
    return bool(phrases) and _phrases(phrases, at_start).search(" ".join(words(text))) is not None


def turn_features(text: str, said_at: datetime, *, table: ImportanceTable, sourced: bool = False,
                  mention_types: Iterable[str] = (), context: TurnContext = TurnContext()) -> dict[str, float]:
    """The features of a turn that its importance weighs, each with its value in ``[0, 1]``.

    >>> from datetime import datetime, timezone
    >>> from chronomem.graph.importance import importance_table
    >>> f = turn_features("Are you going to Rome next week?", datetime(2024, 3, 1, tzinfo=timezone.utc),
    ...                   table=importance_table())
    >>> sorted(k for k, v in f.items() if v == 1)
    ['names_date', 'novelty', 'question', 'states_plan']
    """
    w = table.turn
    said = words(text)
    types = set(mention_types)
    from chronomem.timeexpr import find_times

    times = find_times(text, said_at)
    plan = any(m.tense == "future" or (m.span.start is not None and m.span.start > said_at.date()) for m in times)
    content = content_words(text, table)
    new = content - context.recent
    parts = sentences(text)
    found = {
        "sourced_fact": sourced,
        "names_person": "PERSON" in types,
        "names_date": bool(times),
        "states_plan": plan or _has_phrase(text, w.plan_cues),
        "names_entity": bool(types - {"PERSON"}),
        "question": sum(1 for s in parts if s.endswith("?")) / max(1, len(parts)),
        "small_talk": all(word in w.small_talk for word in said)
        or (len(said) <= w.small_talk_words and not names_something(text, context.speakers)),
        "novelty": len(new) / len(content) if content else 0.0,
        "new_words": min(len(new), w.max_new_words) / w.max_new_words if w.max_new_words else 0.0,
        "proper_nouns": min(len(proper_nouns(text)), 5) / 5,
        "first_person": first_person_statements(text),
        "numbers": bool(_DIGIT.search(text)),
        "answers_question": "?" in context.previous,
        "reaction": _has_phrase(text, w.reaction_openers, at_start=True) / max(1, len(parts)),
        "prompts_question": "?" in context.following,
        "prompts_reaction": bool(context.following) and _has_phrase(context.following, w.reaction_openers,
                                                                     at_start=True),
        "closes_session": context.closes,
    }
    return {k: float(v) for k, v in found.items()}


def turn_importance(features: dict[str, float], word_count: int, table: ImportanceTable) -> float:
    """``sigmoid(bias + Σ weight · value + per_word · min(words, max_words))``, rounded to 6 places."""
    import math

    w = table.turn
    z = w.bias + sum(w.weights.get(k, 0.0) * v for k, v in features.items()) + w.per_word * min(word_count, w.max_words)
    return round(1.0 / (1.0 + math.exp(-z)), 6)


def score_turn(text: str, said_at: datetime, *, table: ImportanceTable, sourced: bool = False,
               mention_types: Iterable[str] = (), context: TurnContext = TurnContext()) -> float:
    """A turn's importance when written: :func:`turn_features`, then :func:`turn_importance`."""
    features = turn_features(text, said_at, table=table, sourced=sourced, mention_types=mention_types, context=context)
    return turn_importance(features, len(words(text)), table)
