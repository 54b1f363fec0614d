"""The entities a bulk import into Neo4j has already stored as given, so that its later batches
do not send them again.

A bulk import names the same entities batch after batch (the places, organisations and people
its facts point at). Each batch's entity statement (``cypher.MERGE_NEW_ENTITIES``) looked every
one of them up and compared it with what is stored, only to leave it out: on the scale
benchmark 1,540 of a 5,000-record batch's 1,680 entities (now 140 rows: in a PROFILE of that
batch the statement's server time fell from 353 to 37 ms). While :meth:`KnownEntities.active` (the store's
``bulk_load``), a record that a *committed* batch stored, or found stored, exactly as given is
left out of the statement, which is what the statement would have done: merges only grow
(DESIGN §3), so merging the same record again changes nothing. Only records that merging with
themselves leaves unchanged are kept (the statement's own ``stable`` test), and a batch still in
flight adds nothing until its commit (a concurrent batch does not see its nodes before).
Erasing or deleting anything forgets them all.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager

from chronomem.schema.models import Entity

_Record = tuple[str, str, str, tuple[str, ...]]


def _record(e: Entity) -> _Record:
    return e.group_id, e.name, e.type, tuple(e.aliases)


class KnownEntities:
    """Entity records known to be stored as given, while at least one bulk import is running.

    >>> from chronomem.schema import Entity
    >>> known, ana = KnownEntities(), Entity(id="e1", group_id="g", name="Ana", type="PERSON")
    >>> with known.active():
    ...     known.add([ana])
    ...     [e.name for e in known.unsent([ana, ana.model_copy(update={"type": "ORG"})])]
    ['Ana']
    >>> known.unsent([ana]) == [ana]  # forgotten when the import ends
    True
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._records: dict[str, _Record] = {}
        self._imports = 0

    @property
    def is_active(self) -> bool:
        """Whether a bulk import is running (only then are records kept)."""
        return self._imports > 0

    @contextmanager
    def active(self) -> Iterator[None]:
        """Keep records for the duration (nested or concurrent imports share them; the last one out clears)."""
        with self._lock:
            self._imports += 1
        try:
            yield
        finally:
            with self._lock:
                self._imports -= 1
                if not self._imports:
                    self._records.clear()

    def unsent(self, entities: Sequence[Entity]) -> list[Entity]:
        """The ``entities`` not known to be stored exactly as given."""
        records = self._records
        return [e for e in entities if records.get(e.id) != _record(e)]

    def add(self, entities: Iterable[Entity]) -> None:
        """Remember ``entities`` as stored as given (call after the commit that stored them)."""
        with self._lock:
            if self._imports:
                self._records.update((e.id, _record(e)) for e in entities)

    def clear(self) -> None:
        """Forget every record (after anything was erased or deleted)."""
        with self._lock:
            self._records.clear()
