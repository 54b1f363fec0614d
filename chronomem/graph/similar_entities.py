"""Entity resolution by embedding similarity, on top of names and aliases.

Normalized names and aliases already make "Postgres" and "PostgreSQL" one entity. When a memory
is opened with ``similar_entities=τ`` (and an embedder), a new organisation, tool, place or team
whose name embeds within cosine ``τ`` of an entity already in the group's side-index becomes that
entity, with the new spelling kept as an alias ("Acme Corporation" → "Acme Corp").

People are never merged this way: two people with close names are usually two people. The
side-index is per group, so entities of different groups never merge. Only entities the side-index
has embedded are candidates (it catches up in the background; ``chronomem index`` forces it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from chronomem.graph.base import GraphStore, WriteBatch
from chronomem.graph.writing import merge_aliases
from chronomem.schema.models import Entity

MERGEABLE_TYPES = frozenset({"ORG", "TOOL", "PLACE", "GROUP"})


def similar_entity_map(batch: WriteBatch, store: GraphStore, side: Any, *, threshold: float) -> dict[str, Entity]:
    """New entity id → the existing entity it should be (same group, same type, similarity ≥ ``threshold``)."""
    candidates = [e for e in batch.entities if e.type in MERGEABLE_TYPES]
    if not candidates:
        return {}
    known = store.get_entities(batch.group_id, [e.id for e in candidates])
    out: dict[str, Entity] = {}
    for entity in candidates:
        if entity.id in known:
            continue
        hits = [(i, s) for i, s in side.query(entity.name, k=5, kinds=("entity",))["entity"] if s >= threshold and i != entity.id]
        if not hits:
            continue
        found = store.get_entities(batch.group_id, [i for i, _ in hits])
        target = next((found[i] for i, _ in hits if i in found and found[i].type == entity.type), None)
        if target is not None:
            out[entity.id] = target
    return out


def remap_batch(batch: WriteBatch, mapping: Mapping[str, Entity]) -> WriteBatch:
    """``batch`` with the mapped entities replaced by their targets (the new names kept as aliases)."""
    if not mapping:
        return batch

    def to(eid: str | None) -> str | None:
        return mapping[eid].id if eid in mapping else eid

    entities: dict[str, Entity] = {}
    for e in batch.entities:
        if e.id in mapping:
            target = mapping[e.id]
            prev = entities.get(target.id, target)
            entities[target.id] = prev.model_copy(update={"aliases": merge_aliases(prev.aliases, [e.name, *e.aliases], prev.name)})
        else:
            entities[e.id] = e
    claims = [c.model_copy(update={"subject_id": to(c.subject_id), "object_id": to(c.object_id),
                                   "replaces_object_id": to(c.replaces_object_id)})
              if {c.subject_id, c.object_id, c.replaces_object_id} & mapping.keys() else c for c in batch.claims]
    mentions = [m.model_copy(update={"entity_id": to(m.entity_id)}) if m.entity_id in mapping else m for m in batch.mentions]
    return WriteBatch(batch.group_id, session=batch.session, entities=list(entities.values()), mentions=mentions, claims=claims)
