"""Spoken disfluencies written out in transcripts, taken out before parsing.

Transcribed speech repeats words as the speaker restarts: "I-I-I think", "she-she is great",
"don't-don't do this", "You'll—you'll be fine", or stutters a first letter: "w-what", "Y-you".
The parser reads "I-I" as one odd token or a compound and the clause around it falls apart, so
:func:`drop_stutters` keeps one copy of the word. A name or place written twice with capitals
("Bora-Bora", "Walla-Walla") is a name, not a stutter, and stays; so do ordinary hyphenated words
("T-shirt", "e-mail", "so-called").
"""

from __future__ import annotations

import re

from chronomem.extract.lexicon import load_lexicon

DIALOGUE = load_lexicon("dialogue")  # restart_openers: "And-and" is a stutter though both halves are capitalised
# a word (with an apostrophe ending: "don't", "I'm") repeated after a hyphen or dash, once or more
_REPEATED = re.compile(r"\b([A-Za-z]+(?:'[A-Za-z]+)?)((?:\s?[-\u2014\u2013]\s?\1\b)+)", re.IGNORECASE)
# a first letter said alone before the word it starts: "w-what", "Y-you"
_FIRST_LETTER = re.compile(r"\b([A-Za-z])-([A-Za-z])(?=[a-z'])")


def _repeated(m: re.Match[str]) -> str:
    word = m.group(1)
    copies = [word, *re.split(r"\s?[-\u2014\u2013]\s?", m.group(2))[1:]]
    if all(c[:1].isupper() for c in copies) and word.lower() not in DIALOGUE.restart_openers:
        return m.group(0)  # "Bora-Bora": a name said so
    return word


def _first_letter(m: re.Match[str]) -> str:
    first, rest = m.group(1), m.group(2)
    if first.lower() != rest.lower():
        return m.group(0)
    return rest.upper() if first.isupper() else rest


def drop_stutters(text: str) -> str:
    """``text`` with restarted words and stuttered first letters said once (see the module docstring).

    >>> drop_stutters("I-I-I think she-she is great. Don't-don't-don't go! W-what? You'll\u2014you'll see.")
    "I think she is great. Don't go! What? You'll see."
    >>> drop_stutters("We flew to Bora-Bora in a T-shirt, the so-called trip, bye-bye.")
    'We flew to Bora-Bora in a T-shirt, the so-called trip, bye.'
    """
    return _FIRST_LETTER.sub(_first_letter, _REPEATED.sub(_repeated, text))
