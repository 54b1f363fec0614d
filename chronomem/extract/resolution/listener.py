"""Who "you" is when a turn calls its listener by a name that is nobody of the chat, or speaks to several.

Between two, "you" is the other speaker whatever the turn calls them ("Thanks, Mel!" to Melanie); but a name
that is no speaker's, nor a short form of one, calls someone else there: "Bo, you're my best friend!" said by
Ann to Cy speaks to Bo (read by :meth:`~chronomem.extract.resolution.session.SessionResolver._listener`).
In a group, a turn that speaks to several ("You guys are back! I missed you", "Guys, I love you") has no one
listener for its "you" (:func:`speaks_to_several`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from spacy.tokens import Doc, Token

from chronomem.extract.clauses.stance import you_all
from chronomem.extract.lexicon import DIALOGUE, NAMES, OTHER_PRONOUNS, TIES

_GROUP_CALLS = (TIES.group_nouns & OTHER_PRONOUNS) | DIALOGUE.several_listeners  # "everybody", "guys", "people"

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


def speaks_to_several(docs: Sequence[Doc]) -> bool:
    """The turn speaks to several people: a "you" with "guys", "all", "two" ("you guys", "you two"), or a call
    to the group set off at a sentence's edge ("Guys, ...", "Hey everybody!", "..., people.")."""
    return any(t.lower_ == "you" and you_all(t) or _calls_group(t) for d in docs for t in d)


def _calls_group(tok: Token) -> bool:
    if tok.lower_ not in _GROUP_CALLS or tok.lower_ in ("all", "both", "two"):
        return False  # ("all", "both", "two" call several only after "you")
    sent, doc = tok.sent, tok.doc
    before = [t for t in doc[sent.start:tok.i] if not t.is_punct]
    after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    opens = all(t.lower_ in NAMES.interjections or t.lower_ in DIALOGUE.greetings for t in before)
    closes = tok.i > sent.start and doc[tok.i - 1].text == ","
    return (opens or closes) and (after is None or after.is_punct or after.i >= sent.end)
