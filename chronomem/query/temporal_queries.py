"""As-of questions on any GraphStore: facts, timelines, changes and networkx views."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from chronomem.errors import InputError
from chronomem.graph.base import GraphStore
from chronomem.query.records import FactRecord, to_records
from chronomem.schema.models import Fact

if TYPE_CHECKING:
    import networkx as nx


def _name(name: str) -> str:
    if not name or not name.strip():
        raise InputError("an entity name is required")
    return name


def _dedupe_symmetric(store: GraphStore, facts: list[Fact], entity_ids: set[str]) -> list[Fact]:
    """Symmetric ``one`` predicates are stored in both directions: keep the entity's own side."""
    out = []
    for f in facts:
        spec = store.vocabulary[f.predicate] if f.predicate in store.vocabulary else None
        if spec is not None and spec.symmetric and spec.cardinality == "one" and f.subject_id not in entity_ids:
            continue
        out.append(f)
    return out


def _versions(store: GraphStore, group_id: str, facts: list[Fact]) -> list[Fact]:
    """Every version (expired too) of the triples of the expired ones among ``facts``: what a
    status needs to tell a version later replaced by a newer one (superseded) from a withdrawn
    one (retracted)."""
    expired = [f for f in facts if f.expired_at is not None]
    if not expired:
        return facts
    found = store.facts_of(group_id, sorted({f.subject_id for f in expired}), include_expired=True)
    triples = {(f.subject_id, f.predicate, f.object_id) for f in expired}
    return facts + [f for f in found if (f.subject_id, f.predicate, f.object_id) in triples]


def facts(store: GraphStore, group_id: str, entity: str, *, now: datetime, predicate: str | None = None,
          as_of: datetime | None = None, known_at: datetime | None = None) -> list[FactRecord]:
    """Facts about ``entity`` (as subject or object) true at ``as_of`` (default: now), as believed at ``known_at``;
    a version believed then but replaced since is ``superseded`` (a newer version of it exists) or
    ``retracted`` (withdrawn), as in :func:`timeline`."""
    about = store.facts_about(group_id, _name(entity), predicate=predicate, as_of=as_of or now, known_at=known_at)
    ids = {e.id for e in about.entities}
    chosen = _dedupe_symmetric(store, about.facts, ids)
    return to_records(store, group_id, chosen, now=now, entities=about.touched, context=_versions(store, group_id, chosen))


def timeline(store: GraphStore, group_id: str, entity: str, *, now: datetime, predicate: str | None = None,
             include_retracted: bool = False) -> list[FactRecord]:
    """Every value of the entity's facts with its interval, in valid-time order.

    With ``include_retracted`` the superseded and corrected versions are included too.
    """
    about = store.facts_about(group_id, _name(entity), predicate=predicate, include_expired=True)
    every = about.facts
    chosen = every if include_retracted else [f for f in every if f.expired_at is None]
    chosen = _dedupe_symmetric(store, chosen, {e.id for e in about.entities})
    return to_records(store, group_id, chosen, now=now, context=every, entities=about.touched)


def _one_side(store: GraphStore, facts: list[Fact]) -> list[Fact]:
    """Symmetric facts stored in both directions (Ana married to Bo, Bo married to Ana) once."""
    out, seen = [], set()
    for f in facts:
        spec = store.vocabulary[f.predicate] if f.predicate in store.vocabulary else None
        if spec is not None and spec.symmetric:
            key = (f.predicate, frozenset((f.subject_id, f.object_id)), f.valid_from, f.valid_to, f.expired_at is None)
            if key in seen:
                continue
            seen.add(key)
        out.append(f)
    return out


def changes(store: GraphStore, group_id: str, since: datetime, until: datetime, *, now: datetime) -> list[dict]:
    """Facts that began, ended or were corrected in ``[since, until)``, oldest first. An end date
    added to a fact is its "ended" event (the version it supersedes is no correction); a
    symmetric fact is listed once."""
    if until <= since:
        raise InputError("'until' must be after 'since'")
    versions = _one_side(store, store.changed_between(group_id, since, until))
    records = {r.id: r for r in to_records(store, group_id, versions, now=now,
                                            context=_versions(store, group_id, versions))}
    events = []
    for f in versions:
        if f.expired_at is None:
            if f.valid_from is not None and since <= f.valid_from < until:
                events.append({"at": f.valid_from, "change": "began", "fact": records[f.id]})
            if f.valid_to is not None and since <= f.valid_to < until:
                events.append({"at": f.valid_to, "change": "ended", "fact": records[f.id]})
        elif since <= f.expired_at < until and records[f.id].status == "retracted":
            events.append({"at": f.expired_at, "change": "corrected", "fact": records[f.id]})
    events.sort(key=lambda e: (e["at"], e["change"], e["fact"].statement))
    return events


def to_networkx(store: GraphStore, group_id: str, *, as_of: datetime | None, known_at: datetime | None = None) -> nx.MultiDiGraph:
    """The graph as of ``as_of`` (``None``: every valid time) and ``known_at``, as a networkx MultiDiGraph.

    Nodes carry ``name`` and ``type``; edges carry the fact's fields, keyed by fact id.
    """
    import networkx as nx

    graph = nx.MultiDiGraph(group_id=group_id, as_of=as_of, known_at=known_at)
    chosen = list(store.iter_facts(group_id, as_of=as_of, known_at=known_at))
    entities = store.get_entities(group_id, [i for f in chosen for i in (f.subject_id, f.object_id)])
    for e in entities.values():
        graph.add_node(e.id, name=e.name, type=e.type, aliases=list(e.aliases))
    for f in chosen:
        graph.add_edge(f.subject_id, f.object_id, key=f.id, predicate=f.predicate, statement=f.statement,
                       valid_from=f.valid_from, valid_to=f.valid_to, recorded_at=f.recorded_at,
                       expired_at=f.expired_at, sources=[s.turn_id or s.session_id for s in f.sources])
    return graph
