"""Reads that span several groups (an agent's own and its team's): each group is searched as
itself, then the hits are merged, each naming its group (:func:`search_across`,
:func:`context_across`: over a :class:`~chronomem.Memory` per group). Writes always go to one group.

Hits are merged by score (a search's scores are comparable across groups: relevance in the same
units, recency and importance on the same scales), ties going to the group named first; facts
and timelines are listed group by group, in the order the groups were given.

>>> from chronomem.query.search import SearchResult
>>> mine = [SearchResult(kind="turn", id="a", text="x", score=0.9), SearchResult(kind="turn", id="b", text="y", score=0.2)]
>>> team = [SearchResult(kind="fact", id="c", text="z", score=0.5)]
>>> [(h.group, h.id) for h in merge_hits([("me", mine), ("team", team)], k=2)]
[('me', 'a'), ('team', 'c')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel

from chronomem.errors import InputError, check_text
from chronomem.query.search import SearchResult

if TYPE_CHECKING:
    from chronomem.memory import Memory
    from chronomem.time_args import When

R = TypeVar("R", bound=BaseModel)


def group_list(groups: Iterable[str], *, own: str | None = None) -> list[str]:
    """The groups a read spans: ``own`` first (when given), then ``groups``, each once.

    >>> group_list(["team", "me", "team"], own="me")
    ['me', 'team']
    """
    names = list(dict.fromkeys([*([own] if own is not None else []), *(check_text(g, "group") for g in groups)]))
    if not names or any(not g.strip() for g in names):
        raise InputError("a read across groups needs at least one non-empty group name")
    return names


def merge_hits(per_group: Iterable[tuple[str, Sequence[SearchResult]]], *, k: int) -> list[SearchResult]:
    """The ``k`` best hits of several groups' searches, by score, each carrying its group."""
    merged: list[tuple[float, int, int, SearchResult]] = []
    for n, (group, hits) in enumerate(per_group):
        merged += [(-h.score, n, rank, tag(h, group)) for rank, h in enumerate(hits)]
    merged.sort(key=lambda item: item[:3])
    return [h for *_, h in merged[:k]]


def tag(record: R, group: str) -> R:
    """``record`` (a search hit or a fact record) naming ``group``."""
    return record if getattr(record, "group", None) == group else record.model_copy(update={"group": group})


def search_across(memories: Sequence[Memory], text: str, *, as_of: When | None = None, known_at: When | None = None,
                  k: int = 10) -> list[SearchResult]:
    """Each memory's search hits for ``text``, merged (:func:`chronomem.query.groups.merge_hits`)."""
    return merge_hits([(m.group, m.search(text, as_of=as_of, known_at=known_at, k=k)) for m in memories], k=k)


def context_across(memories: Sequence[Memory], text: str, *, as_of: When | None = None, max_tokens: int = 800) -> str:
    """The context block of the merged hits of ``memories`` (headings name their groups)."""
    from chronomem.query.context import layout
    from chronomem.time_args import _when

    when = _when(as_of, "as_of") or memories[0].clock.now()
    return layout(search_across(memories, text, as_of=as_of, k=30), when=when, max_tokens=max_tokens)
