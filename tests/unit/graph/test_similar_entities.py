"""Entity resolution by embedding similarity (opt-in): organisations, tools, places and teams
merge into an indexed entity whose name embeds close enough; people never do; groups stay apart."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from chronomem import FixedClock, Memory
from chronomem.errors import InputError
from chronomem.graph.embedders.hashing import HashingEmbedder
from chronomem.schema import Claim, Entity, ExtractionResult, Session, Source, Turn
from chronomem.schema.models import entity_id

UTC = timezone.utc
T0 = datetime(2024, 1, 10, tzinfo=UTC)


class ScriptedExtractor:
    """Returns the given (subject, predicate, object, object type) facts for each session."""

    def __init__(self, facts: dict[str, list[tuple[str, str, str, str]]]) -> None:
        self.facts = facts

    def extract_many(self, sessions):
        for s in sessions:
            yield s, self.extract(s)

    def extract(self, s: Session) -> ExtractionResult:
        g = s.group_id
        entities, claims = {}, []
        for subj, pred, obj, typ in self.facts[s.session_id]:
            for name, t in ((subj, "PERSON"), (obj, typ)):
                entities[entity_id(g, name)] = Entity(id=entity_id(g, name), group_id=g, name=name, type=t)
            claims.append(Claim(group_id=g, subject_id=entity_id(g, subj), predicate=pred, object_id=entity_id(g, obj),
                                statement=f"{subj} {pred} {obj}", at=s.started_at, said_at=s.started_at,
                                sources=[Source(session_id=s.session_id, turn_id=s.turns[0].id)]))
        return ExtractionResult(entities=list(entities.values()), claims=claims)


def _session(sid: str, day: int, group: str = "default") -> Session:
    return Session(session_id=sid, group_id=group, started_at=T0.replace(day=day), turns=[Turn(speaker="user", text=sid)])


def _memory(facts, threshold, group="default"):
    mem = Memory.open(":memory:", group=group, clock=FixedClock(T0.replace(day=28)), extractor=ScriptedExtractor(facts),
                      embedder=HashingEmbedder(dim=256), similar_entities=threshold)
    return mem


FACTS = {"a": [("Ana", "WORKS_AT", "Acme Robotics Corporation", "ORG"), ("Ana", "REPORTS_TO", "Jonathan Smith", "PERSON")],
         "b": [("Ana", "WORKS_AT", "Acme Robotics Corp", "ORG"), ("Ana", "REPORTS_TO", "Jonathan Smyth", "PERSON")]}


def _after_two_sessions(mem):
    mem.ingest([_session("a", 10)])
    mem.catch_up_index()
    mem.ingest([_session("b", 20)])
    return mem


def test_a_close_organisation_name_merges_into_the_indexed_one_as_an_alias():
    mem = _after_two_sessions(_memory(FACTS, 0.7))  # hashing vectors: 0.72 apart
    works = mem.facts("Ana", predicate="WORKS_AT")
    assert [r.object for r in works] == ["Acme Robotics Corporation"]
    (acme,) = mem.store.find_entities("default", "Acme Robotics Corp")
    assert acme.name == "Acme Robotics Corporation" and "Acme Robotics Corp" in acme.aliases


def test_people_never_merge_by_embedding():
    mem = _after_two_sessions(_memory(FACTS, 0.5))
    assert sorted(r.object for r in mem.facts("Ana", predicate="REPORTS_TO")) == ["Jonathan Smyth"]
    assert len(mem.store.find_entities("default", "Jonathan Smith")) == 1


def test_off_by_default_and_below_the_threshold():
    for mem in (_after_two_sessions(_memory(FACTS, None)), _after_two_sessions(_memory(FACTS, 0.999))):
        assert [r.object for r in mem.facts("Ana", predicate="WORKS_AT")] == ["Acme Robotics Corp"]


def test_groups_never_merge():
    a = _memory({"a": FACTS["a"]}, 0.7, group="g1")
    a.ingest([_session("a", 10, group="g1")])
    a.catch_up_index()
    b = Memory(a.store, group="g2", clock=a.clock, extractor=ScriptedExtractor({"b": FACTS["b"]}),
               embedder=HashingEmbedder(dim=256), similar_entities=0.7)
    b.ingest([_session("b", 20, group="g2")])
    assert [r.object for r in b.facts("Ana", predicate="WORKS_AT")] == ["Acme Robotics Corp"]


def test_the_threshold_is_a_cosine():
    with pytest.raises(InputError):
        Memory.open(":memory:", similar_entities=1.5)
