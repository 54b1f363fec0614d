"""Who "you" is in a chat of two when a turn calls its listener by a name that is nobody of the chat.

Between two, "you" is the other speaker whatever the turn calls them ("Thanks, Mel!" to Melanie); but a name
that is no speaker's, nor a short form of one, calls someone else there: "Bo, you're my best friend!" said by
Ann to Cy speaks to Bo (read by :meth:`~chronomem.extract.resolution.session.SessionResolver._listener`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_NAME_LABEL = re.compile(r"[A-Z][a-z]+(?:[ '-][A-Z][a-z]+)*")  # "Ann", "Mary Lou": a speaker labelled by a name


def someone_else_called(name: str, speakers: Iterable[str]) -> bool:
    """In a chat of two, ``name`` (the turn's vocative) calls no speaker: only when every speaker is labelled by a
    name (not "Speaker 2" nor "d17-a", whose names the chat may give) and ``name`` is no short or long form of a
    speaker's first name (the first three letters alike: "Mel" for Melanie, "Cyrus" for Cy).

    >>> someone_else_called("Bo", ["Ann", "Cy"]), someone_else_called("Mel", ["Melanie", "Jon"])
    (True, False)
    >>> someone_else_called("Nora", ["Speaker 1", "Speaker 2"]), someone_else_called("Cyrus", ["Ann", "Cy"])
    (False, False)
    """
    labels = [s.strip() for s in speakers]
    called = name.split()[0].lower()[:3] if name.split() else ""
    firsts = [s.split()[0].lower()[:3] for s in labels if s]
    return bool(called) and bool(labels) and all(_NAME_LABEL.fullmatch(s) for s in labels) and not any(
        f.startswith(called) or called.startswith(f) for f in firsts)
