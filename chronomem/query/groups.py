"""Reads that span several groups (an agent's own and its team's): each group is searched as
itself, then the hits are merged, each naming its group. Writes always go to one group.

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
from typing import TypeVar

from pydantic import BaseModel

from chronomem.errors import InputError, check_text
from chronomem.query.search import SearchResult

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
