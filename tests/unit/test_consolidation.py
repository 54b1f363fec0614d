"""Consolidation: near-duplicate open facts and turns merge into one, the others its sources."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from chronomem import FixedClock, Memory
from chronomem.graph.base import WriteBatch
from chronomem.graph.consolidation import duplicate_facts, thresholds
from chronomem.graph.embedders.auto import installed_minilm
from chronomem.schema import Claim, Entity, Source, entity_id

T0 = datetime(2024, 3, 1, 9, tzinfo=timezone.utc)


def said(sid, at, *lines):
    return {"session_id": sid, "started_at": at.isoformat(), "turns": [{"speaker": w, "text": t} for w, t in lines]}


@pytest.fixture(scope="module")
def embedder():
    found = installed_minilm("auto", threads=1)
    if found is None:
        pytest.fail("all-MiniLM-L6-v2 is installed with chronomem: consolidation compares by embedding")
    return found


def open_fact(group, subject, relation, obj, statement, turn, at):
    s, o = (Entity(id=entity_id(group, subject), group_id=group, name=subject, type="PERSON"),
            Entity(id=entity_id(group, obj), group_id=group, name=obj, type="OTHER"))
    claim = Claim(group_id=group, subject_id=s.id, predicate="RELATED_TO", object_id=o.id, qualifiers={"relation": relation},
                  statement=statement, at=at, said_at=at, sources=[Source(session_id=turn.split(":")[0], turn_id=turn)])
    return WriteBatch(group, entities=[s, o], claims=[claim])


def test_the_same_turn_said_again_merges_into_the_first(tmp_path, rule_extractor):
    clock = FixedClock(T0 + timedelta(days=3))
    with Memory.open(tmp_path / "m", clock=clock, extractor=rule_extractor, embedder=None) as mem:
        mem.ingest([said("s1", T0, ("Ana", "I love hiking in the Alps every summer."), ("Bo", "Nice, me too.")),
                    said("s2", T0 + timedelta(days=1), ("Ana", "I love hiking in the Alps every summer!"))])
        before = mem.timeline("Ana")
        mem.set_policy(consolidate=True)
        assert mem.compact(dry_run=True).consolidation.turns_merged == 1 and mem.stats()["turns"] == 3
        report = mem.compact()
        assert report.consolidation.turns_merged == 1 and mem.stats()["turns"] == 2
        hit = next(h for h in mem.search("hiking in the Alps") if h.kind == "turn")
        assert hit.id == "s1:1"
        assert [(s.turn_id, s.evicted) for s in hit.sources] == [("s1:1", False), ("s2:1", True)]
        assert [r.model_dump(exclude={"sources"}) for r in mem.timeline("Ana")] == \
            [r.model_dump(exclude={"sources"}) for r in before]  # facts untouched
        assert mem.compact().consolidation.turns_merged == 0  # nothing left to merge


def test_near_duplicate_open_facts_merge_by_embedding(tmp_path, embedder):
    clock = FixedClock(T0 + timedelta(days=3))
    with Memory.open(tmp_path / "m", clock=clock, embedder=embedder) as mem:
        g = mem.group
        for args in (("Ana", "volunteers at", "animal shelter", "Ana volunteers at the animal shelter", "s1:1", T0),
                     ("Ana", "volunteers at", "local animal shelter", "Ana volunteers at the local animal shelter",
                      "s2:1", T0 + timedelta(days=1)),
                     ("Ana", "plays", "chess club", "Ana plays at the chess club", "s3:1", T0),
                     ("Bo", "volunteers at", "animal shelter", "Bo volunteers at the animal shelter", "s4:1", T0)):
            mem.store.write(open_fact(g, *args), recorded_at=T0 + timedelta(days=2))
        facts = list(mem.store.iter_facts(g))
        pairs = duplicate_facts(facts, embed=embedder.embed, threshold=thresholds().fact_similarity)
        assert [(k.statement, [f.statement for f in m]) for k, m in pairs] == [
            ("Ana volunteers at the animal shelter", ["Ana volunteers at the local animal shelter"])]
        mem.set_policy(consolidate=True)
        assert mem.compact().consolidation.facts_merged == 1
        now = {f.statement: f for f in mem.store.iter_facts(g)}
        assert sorted(now) == ["Ana plays at the chess club", "Ana volunteers at the animal shelter",
                               "Bo volunteers at the animal shelter"]
        kept = now["Ana volunteers at the animal shelter"]
        assert sorted(s.turn_id for s in kept.sources) == ["s1:1", "s2:1"]  # the other became its source
        earlier = {f.statement for f in mem.store.iter_facts(g, known_at=T0 + timedelta(days=2, hours=1))}
        assert "Ana volunteers at the local animal shelter" in earlier  # known_at before it shows both


def test_without_an_embedder_only_identical_statements_merge():
    from chronomem.schema import Fact

    def fact(i, statement):
        return Fact(id=i, subject_id="a", predicate="RELATED_TO", object_id=f"o{i}", qualifiers={"relation": "likes"},
                    statement=statement, recorded_at=T0)

    facts = [fact("1", "Ana likes jazz."), fact("2", "ana likes JAZZ"), fact("3", "Ana likes jazz music")]
    assert [(k.id, [f.id for f in m]) for k, m in duplicate_facts(facts, embed=None, threshold=0.9)] == [("1", ["2"])]


def test_near_duplicate_turns_of_one_speaker_merge_by_embedding(embedder):
    from chronomem.graph.base import TurnRecord
    from chronomem.graph.consolidation import duplicate_turns

    texts = [("Ana", "I love hiking in the Alps every summer"), ("Ana", "I really love hiking in the Alps every summer"),
             ("Ana", "I hate the beach in winter, honestly"), ("Bo", "I love hiking in the Alps every summer"),
             ("Ana", "I love hiking in the Alps every summer!")]
    turns = [TurnRecord(f"t{i}", "s", "g", who, text, T0 + timedelta(hours=i), i) for i, (who, text) in enumerate(texts)]
    merged = [(k.id, [m.id for m in ms]) for k, ms in duplicate_turns(turns, embed=embedder.embed, limits=thresholds())]
    assert merged == [("t0", ["t1", "t4"])]  # Bo saying it too is not Ana repeating herself
    assert [(k.id, [m.id for m in ms]) for k, ms in duplicate_turns(turns, embed=None, limits=thresholds())] == [
        ("t0", ["t4"])]
