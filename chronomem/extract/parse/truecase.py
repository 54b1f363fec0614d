"""Case for a turn typed all in lower case, so that the parser and NER read it as they read careful text.

Crowd chat and phone typing often drop every capital ("i live in ohio"), and spaCy's model leans on case
to tell names from words, so such a turn is cased first as a careful writer would: sentence starts, "i"
and its forms, gazetteer names in their own case (an everyday word such as "austin" or "apple" only after a
place word, a work word or a role), known first names that are not everyday words, any word after a
naming word ("named", "her name is") or after an owner's pet noun ("my dog max"), and months and weekdays
("may", "march" only after a time word or before a day number). A turn with a capital is left as it is, but for
its shouted sentences (:func:`unshout`): "MY SISTER EMMA JUST MOVED TO BOSTON!!" is cased as if typed in lower case.

>>> from chronomem.extract.parse.gazetteer import load_gazetteer
>>> truecase("i live in new york. my dog is named buster and my sister emma loves apple pie.", load_gazetteer())
'I live in New York. My dog is named Buster and my sister Emma loves apple pie.'
>>> truecase("i love my dog max and my cat mittens; max wore mittens and ate dog food", load_gazetteer())
'I love my dog Max and my cat Mittens; max wore mittens and ate dog food'
>>> truecase("i'm from ohio, i'll grace you with my will; im sure ive", load_gazetteer())
"I'm from Ohio, I'll grace you with my will; I'm sure I've"
>>> truecase("we moved to austin from turkey; austin cooked turkey", load_gazetteer())
'We moved to Austin from Turkey; austin cooked turkey'
>>> truecase("i graduated last may and we may move in march, on friday", load_gazetteer())
'I graduated last May and we may move in March, on Friday'
>>> truecase("Already Cased text stays.", load_gazetteer())
'Already Cased text stays.'
"""

from __future__ import annotations

import re

from chronomem.extract import lexicon as L
from chronomem.extract.lexicon import DIALOGUE, ROLES
from chronomem.extract.parse.gazetteer import Gazetteer
from chronomem.schema.models import normalize_name
from chronomem.timeexpr.words import MONTHS, WEEKDAYS

_WORD = re.compile(r"[a-z0-9][a-z0-9'’&.-]*[a-z0-9]|[a-z]")
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n\s*)([a-z])")
_LONGEST = 4  # words in the longest gazetteer name tried
_TIME_NAMES = frozenset(w for w in (*MONTHS, *WEEKDAYS) if len(w) > 4 or w in ("may", "june", "july"))
_DAY_NUMBER = re.compile(r"\s+\d{1,2}(?:st|nd|rd|th)?\b")
_LETTERS = re.compile(r"[A-Za-z]+(?:['’][A-Za-z]+)?")
_SENTENCE = re.compile(r"[^.!?\n]+[.!?\n]*\s*|[.!?\n]+\s*")  # a sentence with its end marks and the space after
_SHOUTING = re.compile(r"[A-Z]{2,}\S*\s+\S*[A-Z]{2,}")  # two words in capitals, near: the cheap look before unshout


def is_lower_case(text: str) -> bool:
    """Letters, and not one of them a capital."""
    return any(c.isalpha() for c in text) and not any(c.isupper() for c in text)


def shouted(sentence: str) -> bool:
    """A sentence written all in capitals: three words or more, every one of two letters or more in capitals ("I
    LOVE HIKING", "I'M SO HAPPY"; not "I work at IBM", nor "OMG LOL").

    >>> shouted("I GOT THE JOB!!"), shouted("We met at NASA HQ."), shouted("OMG LOL")
    (True, False, False)
    """
    words = _LETTERS.findall(sentence)
    return len(words) >= 3 and all(w.isupper() for w in words if len(w) >= 2) and any(len(w) >= 2 for w in words)


def unshout(text: str, gazetteer: Gazetteer) -> str:
    """``text`` with each shouted sentence (:func:`shouted`) cased as if it had been typed in lower case.

    >>> from chronomem.extract.parse.gazetteer import load_gazetteer
    >>> unshout("We got a cat. I LOVE HER SO MUCH!! Call me at 5, OK?", load_gazetteer())
    'We got a cat. I love her so much!! Call me at 5, OK?'
    """
    return "".join(truecase(m.group(0).lower(), gazetteer) if shouted(m.group(0)) else m.group(0)
                   for m in _SENTENCE.finditer(text))


def truecase(text: str, gazetteer: Gazetteer) -> str:
    """``text`` cased as described in the module doc (unchanged unless it is all lower case or shouts)."""
    if not is_lower_case(text):
        return text if _SHOUTING.search(text) is None else unshout(text, gazetteer)
    words = list(_WORD.finditer(text))
    forms: dict[int, tuple[int, str]] = {}  # start → (end, form): "im" becomes "I'm", one letter longer

    def write(start: int, form: str, end: int | None = None) -> None:
        forms[start] = (start + len(form) if end is None else end, form)

    i = 0
    while i < len(words):
        before = text[max(0, words[i].start() - 24):words[i].start()].rstrip()  # a place or a naming word before it
        placed = _cued(before, DIALOGUE.place_words)
        hired = _cued(before, DIALOGUE.org_words) or _role_at(before)
        tooled = _cued(before, DIALOGUE.tool_words)
        for n in range(min(_LONGEST, len(words) - i), 0, -1):
            span = words[i:i + n]
            if any(text[a.end():b.start()] != " " for a, b in zip(span, span[1:])):
                continue
            form = _gazetteer_form(text[span[0].start():span[-1].end()], gazetteer, placed=placed, hired=hired,
                                   tooled=tooled)
            if form is not None:
                write(span[0].start(), form)
                i += n
                break
        else:
            word = words[i].group()
            named = any(before.endswith(w) for w in DIALOGUE.naming_words)
            if word in DIALOGUE.first_person_forms:
                write(words[i].start(), DIALOGUE.first_person_forms[word], words[i].end())
            elif _time_name(word, before, text[words[i].end():]) or named or _pet_named(word, before) or (
                    word in L.FEMALE_NAMES or word in L.MALE_NAMES) and word not in DIALOGUE.name_words:
                write(words[i].start(), word[:1].upper())
            i += 1
    cased, at = "", 0
    for start, (end, form) in sorted(forms.items()):
        cased, at = cased + text[at:start] + form, end
    cased += text[at:]
    return _SENTENCE_START.sub(lambda m: m.group(0)[:-1] + m.group(1).upper(), cased)


def _pet_named(word: str, before: str) -> bool:
    """``word`` is a first name or a pet's name (``pet_names``) right after an owner and a pet noun: "my dog max",
    "our cat mittens" (not "my dog food", nor "max" alone)."""
    owner, _, pet = before.rpartition(" ")
    if not (word in L.FEMALE_NAMES or word in L.MALE_NAMES or word in DIALOGUE.pet_names):
        return False
    return pet in L.PET_NOUNS and owner.rsplit(" ", 1)[-1] in DIALOGUE.pet_owners


def _time_name(word: str, before: str, after: str) -> bool:
    """A month or weekday named in full ("september", "friday"); one that is also an everyday word ("may",
    "march") only after a time word ("last may") or before a day number ("may 5th")."""
    if word not in _TIME_NAMES:
        return False
    if word not in DIALOGUE.ambiguous_time_names:
        return True
    cue = before.rsplit(" ", 1)[-1] if before else ""
    return cue in DIALOGUE.time_name_cues or _DAY_NUMBER.match(after) is not None


def _cued(before: str, cues: list[str]) -> bool:
    """``before`` ends with one of ``cues`` as whole words."""
    return any(before.endswith(w) and before[-len(w) - 1:-len(w)] in ("", " ") for w in cues)


def _role_at(before: str) -> bool:
    """``before`` ends with a role held at a workplace: "a cashier at", "the night manager at"."""
    words = before.split()
    return len(words) >= 2 and words[-1] == "at" and (
        words[-2] in L.ROLE_HEADS or words[-2].endswith(tuple(ROLES.role_endings)))


def _gazetteer_form(phrase: str, gazetteer: Gazetteer, *, placed: bool = False, hired: bool = False,
                    tooled: bool = False) -> str | None:
    """The gazetteer's own spelling of ``phrase`` (same letters, its case), unless the entry matches by
    exact case only; a place that does ("austin", "turkey") is cased when ``placed`` (a place word before it),
    an organisation ("yale", "apple") when ``hired`` (a school or work word before it, or a role: "a cashier at"),
    a tool ("redis", "slack") when ``tooled`` (a word of using or leaving a tool before it: "we dropped redis")."""
    entry = gazetteer.lookup(phrase)
    if entry is None:
        return None
    key = normalize_name(phrase)
    form = next((f for f in entry.forms() if normalize_name(f) == key and f.lower() == phrase), None)
    if form is None or form.islower() or form in gazetteer.case_sensitive and not (
            placed and entry.type == "PLACE" or hired and entry.type == "ORG" or tooled and entry.type == "TOOL"):
        return None
    return form
