"""The storage contract every backend implements, and the records it exchanges.

Stores keep entities, sessions, turns, mentions, the claims (evidence) of every slot and the
fact versions derived from them. Every read and write is scoped to one ``group_id``.
``as_of`` selects valid time (``None``: any time, used by timelines) and ``known_at``
selects transaction time (``None``: current belief, i.e. versions not expired).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Literal, Protocol, runtime_checkable

from chronomem.errors import InputError
from chronomem.graph.erasure import Erasure, ErasureReport
from chronomem.graph.vectors import Kind, StoredVector
from chronomem.schema.models import Claim, Entity, Fact, Mention, Session
from chronomem.schema.vocabulary import Vocabulary

TextKind = Literal["fact", "entity", "turn"]

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def fact_order(fact: Fact) -> tuple:
    """The order stores return facts in: unknown starts first, then by start, predicate, recording, id."""
    return (fact.valid_from is not None, fact.valid_from or _EPOCH, fact.predicate, fact.recorded_at, fact.id)


def breadth_first(
    entity_ids: Sequence[str],
    hop: Callable[[list[str]], Iterable[Fact]],
    *,
    depth: int,
    limit: int,
) -> list[Fact]:
    """Facts reachable from ``entity_ids`` in ``depth`` hops, at most ``limit``, in :func:`fact_order`.

    ``hop(frontier)`` returns the (already time-filtered) facts touching the frontier, so every
    backend applies its as-of filter on every hop and shares this walk.
    """
    if not 1 <= depth <= 3:
        raise InputError("depth must be 1, 2 or 3")
    seen_entities = set(entity_ids)
    frontier = list(dict.fromkeys(entity_ids))
    found: dict[str, Fact] = {}
    for _ in range(depth):
        if not frontier or len(found) >= limit:
            break
        nxt = []
        for f in hop(frontier):
            if f.id not in found and len(found) < limit:
                found[f.id] = f
                for e in (f.subject_id, f.object_id):
                    if e not in seen_entities:
                        seen_entities.add(e)
                        nxt.append(e)
        frontier = nxt
    return sorted(found.values(), key=fact_order)


@dataclass(frozen=True)
class TurnRecord:
    """A stored turn, with its session. ``times`` holds the times it speaks about as stored
    (:mod:`chronomem.graph.turn_times`; ``None`` for a turn stored before turns kept them)."""

    id: str
    session_id: str
    group_id: str
    speaker: str
    text: str
    at: datetime
    seq: int
    times: str | None = None


@dataclass(frozen=True)
class SessionRecord:
    """A stored session (without its turns)."""

    id: str
    group_id: str
    started_at: datetime
    turn_count: int
    metadata: dict = field(default_factory=dict)


@dataclass
class WriteBatch:
    """Everything one session contributes; written in a single transaction."""

    group_id: str
    session: Session | None = None
    entities: list[Entity] = field(default_factory=list)
    mentions: list[Mention] = field(default_factory=list)
    claims: list[Claim] = field(default_factory=list)


@dataclass
class WriteReport:
    """What a write changed."""

    entities_added: int = 0
    claims_added: int = 0
    facts_added: int = 0
    facts_closed: int = 0
    facts_corrected: int = 0
    versions_expired: int = 0
    session_added: bool = False
    new_fact_ids: list[str] = field(default_factory=list)
    expired_fact_ids: list[str] = field(default_factory=list)
    turn_ids: list[str] = field(default_factory=list)  # the turns of a session this write added
    speakers: list[str] = field(default_factory=list)  # who speaks in them
    entity_ids: list[str] = field(default_factory=list)  # the batch's entities (new or merged)

    def __iadd__(self, other: WriteReport) -> WriteReport:
        for name in ("entities_added", "claims_added", "facts_added", "facts_closed", "facts_corrected", "versions_expired"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.session_added = self.session_added or other.session_added
        for name in ("new_fact_ids", "expired_fact_ids", "turn_ids", "speakers", "entity_ids"):
            getattr(self, name).extend(getattr(other, name))
        return self


@dataclass(frozen=True)
class FactsAbout:
    """What a question about one name needs: the entities called that, their facts (in
    :func:`fact_order`) and every entity those facts touch, by id."""

    entities: list[Entity]
    facts: list[Fact]
    touched: dict[str, Entity]


def facts_about_in_parts(store: GraphStore, group_id: str, name: str, *, predicate: str | None = None,
                         as_of: datetime | None = None, known_at: datetime | None = None,
                         include_expired: bool = False) -> FactsAbout:
    """:meth:`GraphStore.facts_about` from :meth:`~GraphStore.find_entities`, :meth:`~GraphStore.facts_of`
    and :meth:`~GraphStore.get_entities` (a backend answering in one query gives the same result)."""
    entities = store.find_entities(group_id, name)
    if not entities:
        return FactsAbout([], [], {})
    facts = store.facts_of(group_id, [e.id for e in entities], predicate=predicate, as_of=as_of, known_at=known_at,
                           include_expired=include_expired)
    touched = store.get_entities(group_id, [i for f in facts for i in (f.subject_id, f.object_id)])
    return FactsAbout(entities, facts, touched)


@runtime_checkable
class GraphStore(Protocol):
    """A bitemporal property graph of entities and facts."""

    vocabulary: Vocabulary

    def close(self) -> None: ...

    # -- writing -------------------------------------------------------------------------
    def write(self, batch: WriteBatch, *, recorded_at: datetime) -> WriteReport:
        """Write a batch atomically: entities, session, turns, mentions, claims, and the fact
        versions the temporal rules derive from them. Re-writing the same batch is a no-op."""
        ...

    # -- entities ------------------------------------------------------------------------
    def get_entities(self, group_id: str, ids: Sequence[str]) -> dict[str, Entity]: ...

    def find_entities(self, group_id: str, name: str) -> list[Entity]:
        """Entities whose normalized name or alias equals ``name``'s."""
        ...

    def iter_entities(self, group_id: str) -> Iterator[Entity]: ...

    # -- facts ---------------------------------------------------------------------------
    def facts_of(
        self,
        group_id: str,
        entity_ids: Sequence[str],
        *,
        predicate: str | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_expired: bool = False,
    ) -> list[Fact]:
        """Facts whose subject or object is one of ``entity_ids``."""
        ...

    def facts_about(
        self,
        group_id: str,
        name: str,
        *,
        predicate: str | None = None,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_expired: bool = False,
    ) -> FactsAbout:
        """The entities called ``name``, their facts (as :meth:`facts_of`) and the entities those
        facts touch: exactly :func:`facts_about_in_parts`, in one round trip where that matters."""
        ...

    def get_facts(self, group_id: str, ids: Sequence[str]) -> list[Fact]: ...

    def fact_ids_starting(self, group_id: str, prefix: str, *, limit: int = 2) -> list[str]:
        """The ids of fact versions that start with ``prefix`` (a short id), at most ``limit``."""
        ...

    def iter_facts(
        self,
        group_id: str,
        *,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        include_expired: bool = False,
    ) -> Iterator[Fact]: ...

    def neighbourhood(
        self,
        group_id: str,
        entity_ids: Sequence[str],
        *,
        depth: int = 1,
        as_of: datetime | None = None,
        known_at: datetime | None = None,
        limit: int = 500,
    ) -> list[Fact]:
        """Facts reachable from ``entity_ids`` in 1–3 hops, the as-of filter on every hop."""
        ...

    def changed_between(self, group_id: str, since: datetime, until: datetime) -> list[Fact]:
        """Versions whose valid interval starts or ends in ``[since, until)``, or that were
        recorded or expired in it."""
        ...

    def first_recorded_at(self, group_id: str) -> datetime | None:
        """When the group's first fact version was recorded (transaction time), ``None`` when it
        has none: a ``known_at`` before it can only see an empty memory."""
        ...

    # -- text ----------------------------------------------------------------------------
    def fulltext(self, group_id: str, text: str, *, kind: TextKind, limit: int = 20) -> list[tuple[str, float]]:
        """Full-text (BM25-style) hits as ``(id, score)``, best first; higher is better."""
        ...

    # -- sessions and turns --------------------------------------------------------------
    def sessions(self, group_id: str) -> list[SessionRecord]: ...

    def get_turns(self, group_id: str, ids: Sequence[str]) -> dict[str, TurnRecord]: ...

    def turns_of(self, group_id: str, session_id: str) -> list[TurnRecord]: ...

    def iter_turns(self, group_id: str) -> Iterator[TurnRecord]: ...

    def mentions_of(self, group_id: str, turn_id: str) -> list[str]:
        """Entity ids a turn mentions."""
        ...

    def turns_mentioning(self, group_id: str, entity_ids: Sequence[str], *, limit: int = 50) -> list[str]: ...

    # -- housekeeping --------------------------------------------------------------------
    def groups(self) -> list[str]: ...

    def stats(self, group_id: str) -> dict[str, int]:
        """Counts: entities, sessions, turns, claims, facts (current versions), versions."""
        ...

    def delete_group(self, group_id: str) -> None:
        """Delete everything stored for ``group_id`` (entities, sessions, turns, mentions, claims,
        fact versions and their full-text entries); other groups are untouched. Deleting a group
        that does not exist does nothing."""
        ...

    # -- forget (erasure; see chronomem.graph.erasure) ------------------------------------
    def forget_entities(self, group_id: str, entity_ids: Sequence[str], *, audit: Erasure) -> ErasureReport:
        """Erase entities for good: their facts, the claims naming them, the turns mentioning them;
        write ``audit`` (with the counts filled in) as the only trace."""
        ...

    def forget_session(self, group_id: str, session_id: str, *, audit: Erasure) -> ErasureReport:
        """Erase a session for good: its turns, what it alone sourced, the entities left unused."""
        ...

    def erasures(self, group_id: str) -> list[Erasure]:
        """The audit records of the group's erasures, oldest first."""
        ...


@runtime_checkable
class CountsFacts(Protocol):
    """A store that tells how many fact versions touch an entity without reading them (both stores
    do; search uses it to leave hubs alone, see :func:`chronomem.query.candidates.traverse`)."""

    def fact_counts(self, group_id: str, entity_ids: Sequence[str]) -> dict[str, int]:
        """For each of ``entity_ids`` with any, the number of fact versions (any time, any belief) it
        is the subject of plus the number it is the object of."""
        ...


@runtime_checkable
class VectorStore(Protocol):
    """A store that keeps each embedded item's vector with the item (:mod:`chronomem.graph.vectors`):
    what the HNSW side-index is built and caught up from. ``kind`` is ``fact``, ``entity`` or ``turn``."""

    def vector_sequence(self) -> int:
        """The store-wide vector sequence: the number of the last committed change of vector states."""
        ...

    def changed_vectors(self, group_id: str, kind: Kind, *, after: int, upto: int,
                        limit: int = 5_000) -> list[StoredVector]:
        """The group's items of ``kind`` whose vector state last changed in ``(after, upto]``, in change
        order: about ``limit`` of them, always every item of the last change returned (continue with
        ``after=`` its ``seq``). Expired fact versions come with ``gone`` set."""
        ...

    def stored_vectors(self, group_id: str, kind: Kind, ids: Sequence[str]) -> dict[str, StoredVector]:
        """The stored vectors of the items ``ids`` that have one, by id."""
        ...

    def put_vectors(self, group_id: str, kind: Kind, rows: Sequence[tuple[str, bytes]], *, model: str) -> int:
        """Store ``(item id, vector bytes)`` made by ``model`` in one transaction (one change), except
        where the item already holds a vector of ``model`` or is gone; returns how many were stored."""
        ...

    def unembedded(self, group_id: str, kind: Kind, *, after: int, limit: int = 5_000) -> list[tuple[str, int]]:
        """Up to ``limit`` items of ``kind`` with no vector (current fact versions only), as ``(id,
        position)`` in insertion order after position ``after`` (positions only grow; a backend
        without them for a kind gives 0 and every such item)."""
        ...

    def insertion_mark(self) -> int:
        """A number that changes whenever items are inserted (in any group): when it has not moved,
        no item can be waiting for a vector that was not waiting before."""
        ...

    def speakers(self, group_id: str) -> set[str]:
        """Everyone who speaks in the group's turns (search matches them in questions)."""
        ...
