"""Reads across groups for :class:`~chronomem.Memory` (it inherits :class:`GroupReading`): which
groups a read spans, a Memory for each of the other ones (sharing the store, the clock and the
embedder), and search and context over several memories (:func:`search_across`,
:func:`context_across`, also used by the MCP server's per-group memories). Merging is
:mod:`chronomem.query.groups`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from chronomem.clock import Clock
    from chronomem.graph.base import GraphStore
    from chronomem.memory import Memory
    from chronomem.query.search import SearchResult
    from chronomem.time_args import When


class GroupReading:
    """``_read_groups`` and ``_readers``, on the store, group and clock of a Memory."""

    if TYPE_CHECKING:
        store: GraphStore
        group: str
        clock: Clock
        _embedder_option: Any
        _index_dir: str | Path | None

    def _read_groups(self, groups: Sequence[str] | None) -> list[str]:
        """The groups a read spans: this memory's, or ``groups`` (:func:`chronomem.query.groups.group_list`)."""
        if groups is None:
            return [self.group]
        from chronomem.query.groups import group_list

        return group_list(groups)

    def _readers(self, groups: Sequence[str] | None) -> list[Memory]:
        """This memory, or one per group of ``groups`` (sharing the store, the clock and the embedder)."""
        from chronomem.memory import Memory  # noqa: F811 - the class itself, at run time

        me = cast("Memory", self)
        if groups is None:
            return [me]
        peers: dict[str, Memory] = self.__dict__.setdefault("_peers", {})
        for g in self._read_groups(groups):
            if g != self.group and g not in peers:
                peers[g] = Memory(self.store, group=g, clock=self.clock, embedder=self._embedder_option,
                                  index_dir=self._index_dir)
        return [me if g == self.group else peers[g] for g in self._read_groups(groups)]


def search_across(memories: Sequence[Memory], text: str, *, as_of: When | None = None, known_at: When | None = None,
                  k: int = 10) -> list[SearchResult]:
    """Each memory's search hits for ``text``, merged (:func:`chronomem.query.groups.merge_hits`)."""
    from chronomem.query.groups import merge_hits

    return merge_hits([(m.group, m.search(text, as_of=as_of, known_at=known_at, k=k)) for m in memories], k=k)


def context_across(memories: Sequence[Memory], text: str, *, as_of: When | None = None, max_tokens: int = 800) -> str:
    """The context block of the merged hits of ``memories`` (headings name their groups)."""
    from chronomem.query.context import layout
    from chronomem.time_args import _when

    when = _when(as_of, "as_of") or memories[0].clock.now()
    return layout(search_across(memories, text, as_of=as_of, k=30), when=when, max_tokens=max_tokens)
