"""Claims are stored as their non-default fields; stores whose claims hold every field keep working."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest

from chronomem.clock import FixedClock
from chronomem.graph import writer
from chronomem.graph.codec import claim_from_json, claim_to_json
from chronomem.memory import Memory
from chronomem.schema.models import Claim, Source, entity_id

T0 = datetime(2024, 6, 1, tzinfo=timezone.utc)
RECORDS = [
    {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01", "sources": ["s1:1"]},
    {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01", "sources": ["s2:1"]},
    {"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2020-02-01", "valid_to": "2022-01-01"},
    {"subject": "Bo", "predicate": "MARRIED_TO", "object": "Ana", "valid_from": "2021-07-01"},
]
MORE = [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Braga", "valid_from": "2024-01-01"}]


def bodies(mem: Memory) -> list[str]:
    return [b for (b,) in mem.store._db.execute("SELECT body FROM claims ORDER BY rowid")]


def test_a_claim_is_stored_without_its_default_fields_and_reads_back_whole():
    claim = Claim(group_id="g", subject_id="e_1", predicate="LIVES_IN", object_id="e_2", at=T0, said_at=T0,
                  sources=[Source(session_id="import")])
    body = claim_to_json(claim)
    assert "replaces_object_id" not in body and "turn_id" not in body and '"kind"' not in body
    assert '"session_id":"import"' in body  # what forgetting a session looks for (erasure.session_needle)
    again = claim_from_json(body)
    assert again == claim and again.id == claim.id
    corrected = claim.model_copy(update={"kind": "correct", "replaces_object_id": "e_3", "confidence": 0.5})
    assert claim_from_json(claim_to_json(corrected)) == corrected


def full_field_store(path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """A store whose claims hold every field (as the stores before this layout wrote them)."""
    with monkeypatch.context() as m:
        m.setattr(writer, "claim_to_json", lambda c: c.model_dump_json())
        mem = Memory.open(path, clock=FixedClock(T0), group="g")
        mem.import_facts(RECORDS)
        assert all('"replaces_object_id":null' in b for b in bodies(mem))
        held = (mem.stats()["fact_versions"], len(bodies(mem)))
        mem.close()
    return held


def test_a_store_with_full_claim_bodies_keeps_working(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite"
    held = full_field_store(path, monkeypatch)
    mem = Memory.open(path, clock=FixedClock(T0), group="g")
    again = mem.import_facts(RECORDS)  # the same claims are found: nothing new
    assert (again.facts_added, mem.stats()["fact_versions"], len(bodies(mem))) == (0, *held)
    later = Memory(mem.store, clock=FixedClock(T0.replace(month=7)), group="g").import_facts(MORE)
    assert later.facts_added == 1 and later.facts_closed == 1  # Porto closed by Braga: the old bodies read back
    assert [f.object for f in mem.facts("Ana", predicate="LIVES_IN")] == ["Braga"]
    assert '"replaces_object_id"' not in bodies(mem)[-1]  # new claims in the short form beside the old ones
    acme = entity_id("g", "Acme")
    assert any(acme in b for b in bodies(mem))
    mem.forget("Acme")  # erasure finds an entity's claims in the full bodies too
    assert not any(acme in b for b in bodies(mem))
    assert mem.store._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    mem.close()
