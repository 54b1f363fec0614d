"""Who "you" is when nobody is named: the last other speaker who said something of substance.

In a chat of several people, "you" without a vocative is usually the one who spoke last. A turn
that only acknowledges or exclaims ("Yeah.", "Oh, okay!", "Wow."; not "What?" nor "Hey.", which
answer or greet someone) is someone chiming in: the conversation goes on between the people who
spoke before it, so such a turn is passed over, and
so is a line said by several speakers at once ("Speaker 1, Speaker 2: No!"), which names nobody.
When every earlier turn by someone else is a backchannel, the last one still counts; a joint line never does.

>>> is_backchannel("Oh, okay!"), is_backchannel("Uh-huh... yeah."), is_backchannel("Okay, you go first.")
(True, True, False)
>>> turns = [("Ana", "You're late again."), ("Ben", "The bus was late."), ("Cy", "Yeah."), ("Ana", "You always are.")]
>>> previous_speaker(turns, 3)
'Ben'
>>> previous_speaker([("Ana", "Hi."), ("Ben", "Yeah.")], 1)
'Ana'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from chronomem.extract.lexicon import load_lexicon

DIALOGUE = load_lexicon("dialogue")
_WORD = re.compile(r"[a-z]+(?:[-'’][a-z]+)*")


def is_backchannel(text: str) -> bool:
    """A turn that only acknowledges or exclaims: every word is one of the lexicon's backchannels."""
    words = _WORD.findall(text.lower().replace("’", "'"))
    if not words:
        return bool(text.strip())  # "...", "?!"
    return all(w in DIALOGUE.backchannels for w in words)


def joint(speaker: str) -> bool:
    """A line said by several speakers at once: ``"Speaker 1, Speaker 2"``."""
    return "," in speaker


def previous_speaker(turns: Sequence[tuple[str, str]], at: int) -> str | None:
    """The speaker ``you`` means in turn ``at`` of ``(speaker, text)`` turns when no name says it (see the
    module docstring): the latest earlier turn by someone else that is not a backchannel nor said jointly,
    else the latest earlier backchannel by someone else, else (when nobody spoke before, not even jointly)
    the first later one; a line said jointly is never the listener."""
    me = turns[at][0].strip().lower()
    fallback: str | None = None
    together = False
    for speaker, text in reversed(turns[:at]):
        name = speaker.strip()
        if name.lower() == me:
            continue
        if joint(name):
            together = True
            continue  # a line said together names nobody
        if not is_backchannel(text):
            return name
        fallback = fallback or name
    if fallback is not None or together:
        return fallback  # only a joint line before: one of its speakers, which one is unknown
    return next((s.strip() for s, _ in turns[at + 1:] if s.strip().lower() != me and not joint(s)), None)
