"""What a side-index remembers beside its HNSW files (``<index>.side.json``): how far it has read
the store.

* ``embedder``, ``dim``, ``group_id``: what the vectors are; another embedder or group means the
  files are not this index's (it is rebuilt from the store).
* ``vector_seq``: every change of the store's vector states up to this number is in the files
  (:mod:`chronomem.graph.vectors`); catching up reads the changes after it.
* ``cursors``: per kind, the insertion position up to which the store's items without a vector
  have been looked for (and ``insertion_mark``, the store's :meth:`~chronomem.graph.base.VectorStore.insertion_mark`
  then: when it has not moved, nothing new can be waiting).
* ``erasures``: how many erasures (``forget``) of the group the files have seen; another process's
  erasure makes the index drop whatever the store no longer holds.
* ``speakers``: who speaks in the group's turns (search reads it).

A file without ``vector_seq`` was written before vectors were kept in the store: its vectors are
written back to the store once (:func:`chronomem.graph.side_sync.write_back`).

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "g.hnsw"
>>> state = SideState(embedder="m", dim=3, group_id="g", vector_seq=7, speakers={"Ana"})
>>> state.save(path)
>>> loaded = SideState.load(path)
>>> loaded.vector_seq, loaded.speakers, loaded.fits("m", 3, "g"), loaded.fits("other", 3, "g")
(7, {'Ana'}, True, False)
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any

FORMAT = "chronomem-side/2"


@dataclass
class SideState:
    """The reading position of one side-index in its store (see the module docstring)."""

    embedder: str | None = None
    dim: int | None = None
    group_id: str | None = None
    vector_seq: int = 0
    cursors: dict[str, int] = field(default_factory=dict)
    insertion_mark: int | None = None
    erasures: int | None = None
    speakers: set[str] = field(default_factory=set)
    legacy: bool = False  # read from a file of the format before vectors were stored

    def fits(self, embedder: str | None, dim: int, group_id: str) -> bool:
        """True when the files hold vectors of ``embedder`` (of length ``dim``) for ``group_id``."""
        return self.embedder == embedder and self.group_id == group_id and self.dim in (None, dim)

    @classmethod
    def load(cls, index_path: Path) -> SideState | None:
        """The state saved beside the index at ``index_path``; ``None`` when there is none (or it is unreadable)."""
        try:
            data = json.loads(state_path(index_path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        legacy = data.get("format") != FORMAT
        return cls(embedder=data.get("embedder"), dim=data.get("dim"), group_id=data.get("group_id"),
                   vector_seq=int(data.get("vector_seq") or 0), cursors=dict(data.get("cursors") or {}),
                   insertion_mark=data.get("insertion_mark"), erasures=data.get("erasures"),
                   speakers=set(data.get("speakers") or ()), legacy=legacy)

    def save(self, index_path: Path) -> None:
        """Write the state beside the index at ``index_path`` (atomically: a temporary file, then a rename)."""
        data: dict[str, Any] = {
            "format": FORMAT, "embedder": self.embedder, "dim": self.dim, "group_id": self.group_id,
            "vector_seq": self.vector_seq, "cursors": self.cursors, "insertion_mark": self.insertion_mark,
            "erasures": self.erasures, "speakers": sorted(self.speakers),
        }
        target = state_path(index_path)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        tmp.write_text(json.dumps(data), encoding="utf-8")
        os.replace(tmp, target)


def state_path(index_path: Path) -> Path:
    """Where the state of the index at ``index_path`` is kept."""
    return index_path.with_name(index_path.name + ".side.json")


class Pending:
    """The keys a side-index has yet to add, in two lanes: what this process just wrote (``fresh``:
    taken first, so that a new session is searchable at once however long the backlog) and the rest
    (found in the store without a vector, or holding another model's), each key with the insertion
    position it was found at (``None`` when unknown).

    >>> p = Pending()
    >>> p.add("turn:a", 7); p.add("fact:b", fresh=True); p.add("turn:a", fresh=True)
    >>> p.peek(2), len(p), "turn:a" in p
    (['fact:b', 'turn:a'], 2, True)
    >>> p.pop("fact:b"); list(p.items())
    [('turn:a', 7)]
    """

    def __init__(self) -> None:
        self._fresh: dict[str, int | None] = {}
        self._later: dict[str, int | None] = {}

    def add(self, key: str, position: int | None = None, *, fresh: bool = False) -> None:
        """Queue ``key`` (a key already queued stays where it is; a position found later is kept)."""
        if key in self._fresh or key in self._later:
            lane = self._fresh if key in self._fresh else self._later
            if position is not None:
                lane[key] = position
            return
        (self._fresh if fresh else self._later)[key] = position

    def pop(self, key: str) -> None:
        """Take ``key`` off the queue (nothing when it is not queued)."""
        self._fresh.pop(key, None)
        self._later.pop(key, None)

    def peek(self, count: int) -> list[str]:
        """The next ``count`` keys, fresh ones first (they stay queued until popped)."""
        out = list(islice(self._fresh, count))
        return out + list(islice(self._later, count - len(out))) if len(out) < count else out

    def items(self) -> Iterator[tuple[str, int | None]]:
        """Every queued key with its position."""
        yield from self._fresh.items()
        yield from self._later.items()

    def clear(self) -> None:
        self._fresh.clear()
        self._later.clear()

    def __len__(self) -> int:
        return len(self._fresh) + len(self._later)

    def __contains__(self, key: object) -> bool:
        return key in self._fresh or key in self._later
