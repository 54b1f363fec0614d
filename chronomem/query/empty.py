"""Why an answer would be empty, when that can be told: the checks reading commands share.

A reading command that answers nothing should say why when it can: a predicate that is not in
the vocabulary (a typo: :func:`require_predicate`), a ``known_at`` before anything was recorded
(:func:`before_first_record`), an input file with nothing in it (:func:`empty_input`). Unknown
groups are :meth:`chronomem.Memory.require_group`'s.

>>> from chronomem.schema.vocabulary import CORE_VOCABULARY
>>> require_predicate(CORE_VOCABULARY, "lives_in")
'LIVES_IN'
>>> require_predicate(CORE_VOCABULARY, "LIVESIN")
Traceback (most recent call last):
...
chronomem.errors.InputError: unknown predicate 'LIVESIN': did you mean LIVES_IN? Predicates: ATTENDED, DID, \
DISLIKES, ENGAGED_TO, FRIEND_OF, HAS_PET, HAS_ROLE, LEADS, LIKES, LIVES_IN, MARRIED_TO, MEMBER_OF, OWNS, PARENT_OF, \
PARTNER_OF, PREFERS, RELATED_TO, REPORTS_TO, SIBLING_OF, STUDIES_AT, USES, VISITED, WORKS_AT
"""

from __future__ import annotations

import difflib
from datetime import datetime
from pathlib import Path

from chronomem.errors import InputError
from chronomem.graph.base import GraphStore
from chronomem.schema.vocabulary import Vocabulary


def require_predicate(vocabulary: Vocabulary, predicate: str | None) -> str | None:
    """The vocabulary's name for ``predicate`` (any case, spaces or dashes for underscores;
    ``None`` stays ``None``). A name the vocabulary does not have is an :class:`InputError` that
    names the closest predicates and lists them all, instead of an empty answer."""
    if predicate is None:
        return None
    if predicate in vocabulary:
        return predicate
    name = "_".join(predicate.strip().upper().replace("-", " ").split())
    if name in vocabulary:
        return name
    names = sorted(spec.name for spec in vocabulary)
    squeezed = {n.replace("_", ""): n for n in names}
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.75) or (
        [squeezed[name.replace("_", "")]] if name.replace("_", "") in squeezed else [])
    hint = f"did you mean {' or '.join(close)}? " if close else ""
    raise InputError(f"unknown predicate {predicate!r}: {hint}Predicates: {', '.join(names)}")


def before_first_record(store: GraphStore, group_id: str, known_at: datetime | None) -> str | None:
    """Why nothing is known at ``known_at``: it is before the group's first recorded fact (the
    sentence says when that was), or the group has recorded no fact at all; ``None`` otherwise."""
    if known_at is None:
        return None
    first = store.first_recorded_at(group_id)
    if first is None:
        return f"group {group_id!r} has no facts recorded at any time (ingest or import some first)"
    if known_at >= first:
        return None
    return (f"known at {known_at.isoformat()} nothing had been recorded yet: the first fact of group {group_id!r} "
            f"was recorded at {first.isoformat()}. Facts are recorded when they are ingested: ask with a later "
            "--known-at, or ingest with --recorded-at session (recorded_at='session') to backfill history as if "
            "learned when said")


def empty_input(path: Path, text: str | None = None) -> bool:
    """Whether an input file (or standard input's ``text``) holds nothing but white space; reads
    only up to its first non-blank line."""
    if text is not None:
        return not text.strip()
    with open(path, "rb") as fh:
        return not any(line.strip() for line in fh)
