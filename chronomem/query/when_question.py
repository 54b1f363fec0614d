"""How a question about time reads: what it asks (a date or a duration), its tense, whom it names
and the content words a turn must share with it. The words are data: ``chronomem/data/when_words.json``.

>>> q = read_question("When did Caroline go to the LGBTQ support group?")
>>> q.kind, q.tense, q.names, sorted(q.words)
('when', 'past', ('Caroline',), ['group', 'lgbtq', 'support'])
>>> q = read_question("When is Melanie planning on going camping?")
>>> q.tense, sorted(q.words)
('future', ['camp'])
>>> read_question("How long has Caroline had her current group of friends for?").kind
'how_long'
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from importlib import resources
from typing import Any, Literal

from chronomem.timeexpr import Tense, find_times, tense_of

Kind = Literal["when", "how_long"]
_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]*|\d+")
_NAME = re.compile(r"\b[A-Z][a-z]+(?:['\u2019]s)?\b")
_QUESTION_WORDS = frozenset({"When", "What", "Which", "How", "Who", "Where", "Did", "Does", "Do", "Is", "Was", "Were",
                             "Has", "Have", "In", "On", "After", "Before", "Since", "The", "A", "An", "I", "Will",
                             "Are", "Can", "Could", "Would", "Should"})
_SOME_DAY = datetime(2000, 1, 1, tzinfo=timezone.utc)  # the question's own time phrases are only cut out


@lru_cache(maxsize=1)
def _table() -> dict[str, Any]:
    text = resources.files("chronomem.data").joinpath("when_words.json").read_text(encoding="utf-8")
    return json.loads(text)  # type: ignore[no-any-return]


def norm_word(word: str) -> str:
    """The form words are compared by: lower case, irregular forms to their base ("went" → "go"),
    regular endings cut ("camping" → "camp", "painted" → "paint", "groups" → "group").

    >>> [norm_word(w) for w in ("went", "Camping", "painted", "groups", "studies", "race", "ran")]
    ['go', 'camp', 'paint', 'group', 'study', 'race', 'run']
    >>> [norm_word(w) for w in ("applied", "married", "tried", "died", "needed")]
    ['apply', 'marry', 'try', 'died', 'need']
    """
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    table = _table()
    if w in table["lemmas"]:
        w = table["lemmas"][w]
    elif len(w) > 4 and w.endswith(("ies", "ied")):  # "studies", "applied": "study", "apply"
        w = w[:-3] + "y"
    elif len(w) > 5 and w.endswith("ing"):
        w = _undouble(w[:-3])
    elif len(w) > 4 and w.endswith("ed"):
        w = _undouble(w[:-2]) if not w.endswith("eed") else w
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    return table["same"].get(w, w)  # type: ignore[no-any-return]


def _undouble(stem: str) -> str:
    """"runn" → "run", "shopp" → "shop"; "danc" stays (compared with "dance" by prefix)."""
    if len(stem) > 3 and stem[-1] == stem[-2] and stem[-1] not in "lsaeiou":
        return stem[:-1]
    return stem


def content_words(text: str) -> frozenset[str]:
    """The normalized content words of ``text`` (stop words out, see :func:`norm_word`)."""
    stop = _stop_words()
    out = set()
    for w in _WORD.findall(text):
        low = w.lower().replace("\u2019", "'")
        if low in stop or len(low) < 2:
            continue
        n = norm_word(low)
        if n not in stop:
            out.add(n)
    return frozenset(out)


@lru_cache(maxsize=1)
def _stop_words() -> frozenset[str]:
    return frozenset(_table()["stop"])


def same_word(a: str, b: str) -> bool:
    """Two normalized words match when equal, or one is the other with an ending cut off that the
    rules leave ("danc" and "dance", "hik" and "hike").

    >>> same_word("danc", "dance"), same_word("camp", "campfire"), same_word("art", "article")
    (True, False, False)
    """
    if a == b:
        return True
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return len(short) >= 3 and long.startswith(short) and len(long) - len(short) == 1 and long[-1] == "e"


@dataclass(frozen=True)
class WhenQuestion:
    """A question about time, read: ``kind`` (``when`` a date, ``how_long`` a duration), ``tense``
    (``future`` for plans), the capitalized ``names`` it holds, its content ``words`` and the
    ``granularity`` it asks for ("which month"), if any; ``asks_start`` when it asks when something
    began or was got (a state's start may answer it)."""

    text: str
    kind: Kind
    tense: Tense
    names: tuple[str, ...]
    words: frozenset[str]
    granularity: str | None = None
    asks_start: bool = False  # "When did Nate get his turtles?": a state's start answers it


def read_question(text: str) -> WhenQuestion:
    """Read a question about time (see the module docstring)."""
    table = _table()
    low = " ".join(text.lower().replace("\u2019", "'").split())
    padded = f" {re.sub(r'[^a-z0-9 ]', ' ', low)} "
    kind: Kind = "how_long" if any(f" {p} " in padded for p in table["how_long"]) else "when"
    granularity = next((g for p, g in table["granularity"].items() if f" {p} " in padded), None)
    tense: Tense
    if any(f" {w} " in padded for w in table["future"]) or re.search(r"\bwhen\s+(?:is|are)\s+\w+(?:'s)?\s+\w+ing\b", low):
        tense = "future"
    elif kind == "how_long":
        tense = "present"
    else:
        tense = "past" if tense_of(text) == "past" or re.search(r"\b(?:did|was|were)\b", low) else "present"
    names = tuple(dict.fromkeys(n[:-2] if n.endswith(("'s", "\u2019s")) else n for n in _NAME.findall(text)
                                if n not in _QUESTION_WORDS))
    spans = [(m.start, m.end) for m in find_times(text, _SOME_DAY)]
    kept = "".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(text))
    words = frozenset(w for w in content_words(kept) if w not in {norm_word(n) for n in names})
    asks_start = kind == "how_long" or any(f" {w} " in padded for w in table["start_cues"])
    return WhenQuestion(text, kind, tense, names, words, granularity, asks_start)
