"""``--profile memory-server``: the reference MCP memory server's tools, mapped onto chronomem.

Clients configured for ``@modelcontextprotocol/server-memory`` keep their tool calls and gain
time: an observation is a fact (``RELATED_TO`` a ``VALUE`` entity holding its text, relation
``observation``), a relation a fact (its ``relationType`` as the predicate when the vocabulary has
it, else ``RELATED_TO`` with that relation), both valid from when they were said. Deleting an
observation or a relation retracts it (still visible with an earlier ``known_at`` through
chronomem's own tools); deleting an entity erases it for good (``forget``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Annotated, Any

from mcp.server.mcpserver import Context
from pydantic import BaseModel, ConfigDict, Field

from chronomem.errors import InputError
from chronomem.mcp.runtime import MemoryPool
from chronomem.mcp.tools import CallerOf, tool_errors
from chronomem.memory import Memory
from chronomem.query.records import FactRecord
from chronomem.schema.models import MAX_NAME_CHARS, Claim, Entity, Source, entity_id

OBSERVATION = "observation"
_TYPES = {"person": "PERSON", "organization": "ORG", "organisation": "ORG", "company": "ORG", "place": "PLACE",
          "location": "PLACE", "city": "PLACE", "tool": "TOOL", "technology": "TOOL", "role": "ROLE", "pet": "PET",
          "group": "GROUP", "team": "GROUP"}
Group = Annotated[str | None, Field(description="The memory group; default: the first group you may use.")]


class EntityIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    entityType: str = Field(min_length=1)
    observations: list[str] = Field(default_factory=list)


class RelationIn(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_: str = Field(alias="from", min_length=1, max_length=MAX_NAME_CHARS)
    to: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    relationType: str = Field(min_length=1, max_length=100)


class ObservationsIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entityName: str = Field(min_length=1)
    contents: list[str] = Field(default_factory=list)


class DeletionIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    entityName: str = Field(min_length=1)
    observations: list[str] = Field(default_factory=list)


class KnowledgeGraph(BaseModel):
    """The reference server's graph shape: entities with observations, relations (from, to, relationType)."""

    entities: list[dict[str, Any]]
    relations: list[dict[str, str]]


def predicate_for(mem: Memory, relation_type: str) -> str:
    """The vocabulary predicate a relation type names (``works at`` → ``WORKS_AT``), else ``RELATED_TO``."""
    name = re.sub(r"[^A-Za-z0-9]+", "_", relation_type).strip("_").upper()
    return name if name in mem.vocabulary else "RELATED_TO"


def _entity(mem: Memory, name: str, etype: str = "OTHER") -> Entity:
    known = mem.entities(name)
    if known:
        return known[0]
    return Entity.model_validate({"id": entity_id(mem.group, name), "group_id": mem.group, "name": name,
                                  "type": _TYPES.get(etype.lower(), "OTHER")})


def _claim(mem: Memory, subject: Entity, predicate: str, obj: Entity, relation: str, statement: str,
           ) -> Claim:
    now = mem.clock.now()
    return Claim(group_id=mem.group, subject_id=subject.id, predicate=predicate, object_id=obj.id,
                 qualifiers={"relation": relation}, statement=statement[:2000], at=now, observed=True, said_at=now,
                 sources=[Source(session_id="mcp-memory-server")])


def _observation(mem: Memory, subject: Entity, text: str) -> tuple[Claim, Entity]:
    if not text.strip() or len(text) > MAX_NAME_CHARS:
        raise InputError(f"observations are 1 to {MAX_NAME_CHARS} characters; split longer ones")
    value = Entity(id=entity_id(mem.group, text), group_id=mem.group, name=text, type="VALUE")
    return _claim(mem, subject, "RELATED_TO", value, OBSERVATION, text), value


def _write(mem: Memory, entities: Sequence[Entity], claims: Sequence[Claim]) -> None:
    mem.write_facts(entities, claims)


def graph_of(mem: Memory, names: Sequence[str] | None = None) -> KnowledgeGraph:
    """The current graph (or the part about ``names``) in the reference server's shape."""
    facts = mem.current_facts()
    entities = {e.id: e for e in mem.entities()}
    observed = {f.object_id for f in facts if f.qualifiers.get("relation") == OBSERVATION}
    related = {i for f in facts if f.qualifiers.get("relation") != OBSERVATION for i in (f.subject_id, f.object_id)}
    wanted = None if names is None else {e.id for n in names for e in mem.entities(n)}
    out_entities, relations = [], []
    for e in entities.values():
        if (e.id in observed and e.id not in related) or (wanted is not None and e.id not in wanted):
            continue
        notes = [entities[f.object_id].name for f in facts
                 if f.subject_id == e.id and f.qualifiers.get("relation") == OBSERVATION and f.object_id in entities]
        out_entities.append({"name": e.name, "entityType": e.type.lower(), "observations": notes})
    for f in facts:
        if f.qualifiers.get("relation") == OBSERVATION or f.subject_id not in entities or f.object_id not in entities:
            continue
        if wanted is None or (f.subject_id in wanted and f.object_id in wanted):
            relations.append({"from": entities[f.subject_id].name, "to": entities[f.object_id].name,
                              "relationType": f.qualifiers.get("relation", f.predicate)})
    return KnowledgeGraph(entities=out_entities, relations=relations)


def _current(mem: Memory, subject: str, predicate: str | None, obj: str, relation: str) -> list[FactRecord]:
    subjects = {e.id for e in mem.entities(subject)}
    if not subjects:
        return []
    objects = {e.id for e in mem.entities(obj)}
    return [f for f in mem.facts(subject, predicate=predicate) if f.subject_id in subjects and f.object_id in objects
            and f.qualifiers.get("relation", f.predicate) == relation]


def _retract_matching(mem: Memory, wanted: Sequence[tuple[str, str, str, str]], done: str) -> str:
    """Retract, now, the current facts (subject, predicate, object, relation) listed; returns ``done``."""
    for subject, predicate, obj, relation in wanted:
        for f in _current(mem, subject, predicate, obj, relation):
            mem.retract(f.id)
    return done


def register_memory_server_tools(server: Any, pool: MemoryPool, caller_of: CallerOf) -> None:  # noqa: C901
    """Add create_entities, create_relations, add_observations, delete_entities, delete_observations,
    delete_relations, read_graph, search_nodes and open_nodes to ``server``."""

    def memory(ctx: Context, group: str | None, *, write: bool = False) -> Memory:
        return pool.memory(caller_of(ctx).group_for(group, write=write))

    async def create_entities(entities: list[EntityIn], ctx: Context, group: Group = None) -> list[dict[str, Any]]:
        mem = memory(ctx, group, write=True)

        def work() -> list[dict[str, Any]]:
            new = [e for e in entities if not mem.entities(e.name)]
            rows, claims = [], []
            for e in entities:
                subject = _entity(mem, e.name, e.entityType)
                rows.append(subject)
                for text in e.observations:
                    claim, value = _observation(mem, subject, text)
                    rows.append(value)
                    claims.append(claim)
            _write(mem, rows, claims)
            return [e.model_dump() for e in new]

        return await pool.write(work)

    async def create_relations(relations: list[RelationIn], ctx: Context, group: Group = None) -> list[dict[str, str]]:
        mem = memory(ctx, group, write=True)

        def work() -> list[dict[str, str]]:
            rows, claims = [], []
            for r in relations:
                s, o = _entity(mem, r.from_), _entity(mem, r.to)
                rows += [s, o]
                claims.append(_claim(mem, s, predicate_for(mem, r.relationType), o, r.relationType,
                                     f"{r.from_} {r.relationType} {r.to}"))
            _write(mem, rows, claims)
            return [r.model_dump(by_alias=True) for r in relations]

        return await pool.write(work)

    async def add_observations(observations: list[ObservationsIn], ctx: Context,
                               group: Group = None) -> list[dict[str, Any]]:
        mem = memory(ctx, group, write=True)

        def work() -> list[dict[str, Any]]:
            rows, claims, out = [], [], []
            for o in observations:
                if not mem.entities(o.entityName):
                    raise InputError(f"Entity with name {o.entityName} not found")
                subject = _entity(mem, o.entityName)
                have = {n for e in graph_of(mem, [o.entityName]).entities for n in e["observations"]}
                added = [t for t in dict.fromkeys(o.contents) if t not in have]
                for text in added:
                    claim, value = _observation(mem, subject, text)
                    rows += [subject, value]
                    claims.append(claim)
                out.append({"entityName": o.entityName, "addedObservations": added})
            _write(mem, rows, claims)
            return out

        return await pool.write(work)

    async def delete_entities(entityNames: list[str], ctx: Context, group: Group = None) -> str:
        caller = caller_of(ctx)
        mem = pool.memory(caller.group_for(group, write=True))

        def work() -> str:
            for name in entityNames:
                if mem.entities(name):  # its observations (VALUE entities only it held) go with it
                    mem.forget(name, by=caller.name)
            return "Entities deleted successfully"

        return await pool.write(work)

    async def delete_observations(deletions: list[DeletionIn], ctx: Context, group: Group = None) -> str:
        mem = memory(ctx, group, write=True)
        wanted = [(d.entityName, "RELATED_TO", text, OBSERVATION) for d in deletions for text in d.observations]
        return await pool.write(lambda: _retract_matching(mem, wanted, "Observations deleted successfully"))

    async def delete_relations(relations: list[RelationIn], ctx: Context, group: Group = None) -> str:
        mem = memory(ctx, group, write=True)
        wanted = [(r.from_, predicate_for(mem, r.relationType), r.to, r.relationType) for r in relations]
        return await pool.write(lambda: _retract_matching(mem, wanted, "Relations deleted successfully"))

    async def read_graph(ctx: Context, group: Group = None) -> KnowledgeGraph:
        mem = memory(ctx, group)
        return await pool.read(lambda: graph_of(mem))

    async def search_nodes(query: str, ctx: Context, group: Group = None) -> KnowledgeGraph:
        mem = memory(ctx, group)

        def work() -> KnowledgeGraph:
            graph = graph_of(mem)
            q = query.casefold()
            hits = [e["name"] for e in graph.entities if q in e["name"].casefold() or q in e["entityType"]
                    or any(q in o.casefold() for o in e["observations"])]
            return graph_of(mem, hits)

        return await pool.read(work)

    async def open_nodes(names: list[str], ctx: Context, group: Group = None) -> KnowledgeGraph:
        mem = memory(ctx, group)
        return await pool.read(lambda: graph_of(mem, names))

    for fn in (create_entities, create_relations, add_observations, delete_entities, delete_observations,
               delete_relations, read_graph, search_nodes, open_nodes):
        server.add_tool(tool_errors(fn), name=fn.__name__, description=(
            f"{fn.__name__.replace('_', ' ').capitalize()} (the reference memory server's tool, on chronomem: "
            "facts keep when they held; deletions of observations and relations are retractions)."))
