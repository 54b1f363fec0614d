"""Reads across groups for :class:`~chronomem.Memory` (it inherits :class:`GroupReading`): which
groups a read spans, and a Memory for each of the other ones (sharing the store, the clock and the
embedder). Searching and merging are :mod:`chronomem.query.groups`."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from chronomem.clock import Clock
    from chronomem.graph.base import GraphStore
    from chronomem.memory import Memory


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
        me = cast("Memory", self)
        if groups is None:
            return [me]
        peers: dict[str, Memory] = self.__dict__.setdefault("_peers", {})
        for g in self._read_groups(groups):
            if g != self.group and g not in peers:
                peers[g] = type(me)(self.store, group=g, clock=self.clock, embedder=self._embedder_option,
                                    index_dir=self._index_dir)
        return [me if g == self.group else peers[g] for g in self._read_groups(groups)]

