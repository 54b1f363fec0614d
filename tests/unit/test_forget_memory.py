"""Memory.retract / Memory.forget and the CLI commands: the side-index and the files keep no trace."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from click.testing import CliRunner

from chronomem import Memory
from chronomem.cli import cli
from chronomem.clock import FixedClock
from chronomem.errors import InputError
from chronomem.graph.embedders import HashingEmbedder
from tests.unit.test_memory import NoClaims

SECRET, WORD = "Zorblaxian", "quixotically"


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


def secret_memory(path: Path) -> Memory:
    mem = Memory.open(path, clock=FixedClock(d(2024, 6)), extractor=NoClaims(), embedder=HashingEmbedder(64))
    mem.import_facts([{"subject": SECRET, "predicate": "LIVES_IN", "object": "Oslo", "valid_from": "2020"},
                      {"subject": "Bo", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2021"}])
    mem.ingest([{"session_id": "s-secret", "started_at": "2024-03-01T00:00:00Z",
                 "turns": [{"speaker": SECRET, "text": f"I {WORD} moved to Oslo"}]},
                {"session_id": "s-bo", "started_at": "2024-03-02T00:00:00Z",
                 "turns": [{"speaker": "Bo", "text": "Acme is fine"}]}])
    mem.catch_up_index()
    mem.index.save()
    return mem


def stored_bytes(directory: Path) -> bytes:
    return b"".join(f.read_bytes() for f in sorted(directory.rglob("*")) if f.is_file())


def test_forget_entity_erases_store_rows_and_side_index_vectors(tmp_path):
    mem = secret_memory(tmp_path / "store")
    try:
        assert "turn:s-secret:1" in mem.index.vectors
        mem.store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        assert WORD.encode() in stored_bytes(tmp_path / "store") and b"s-secret" in stored_bytes(tmp_path / "store")
        report = mem.forget(SECRET, by="alice")
        assert report.erasure.erased_by == "alice" and report.turn_ids == ["s-secret:1"]
        assert "turn:s-secret:1" not in mem.index.vectors and mem.index.in_step()
        hits = mem.index.query(f"{SECRET}: I {WORD} moved to Oslo", k=5)
        assert all(not i.startswith("s-secret") for i, _ in hits["turn"])
        raw = stored_bytes(tmp_path / "store")
        assert WORD.encode() not in raw and SECRET.encode() not in raw
        assert [f.object for f in mem.facts("Bo")] == ["Acme"]
        assert [e.kind for e in mem.erasures()] == ["entity"]
    finally:
        mem.close()


def test_forget_session_erases_its_turns_and_their_vectors(tmp_path):
    mem = secret_memory(tmp_path / "store")
    try:
        mem.forget(session="s-secret")
        assert "turn:s-secret:1" not in mem.index.vectors and mem.index.in_step()
        raw = stored_bytes(tmp_path / "store")
        assert WORD.encode() not in raw and b"s-secret" not in raw
        assert [s.id for s in mem.sessions()] == ["s-bo"]
    finally:
        mem.close()


def test_forget_needs_one_known_target(tmp_path):
    with Memory.open(tmp_path / "s", extractor=NoClaims(), embedder=None) as mem:
        with pytest.raises(InputError, match="exactly one"):
            mem.forget()
        with pytest.raises(InputError, match="no entity called"):
            mem.forget("Nobody")
        with pytest.raises(InputError, match="no session"):
            mem.forget(session="nope")


def test_retract_from_memory_keeps_the_past_belief(tmp_path):
    with Memory.open(tmp_path / "s", clock=FixedClock(d(2024, 6)), extractor=NoClaims(), embedder=None) as mem:
        mem.import_facts([{"subject": "Ana", "predicate": "USES", "object": "Redis", "valid_from": "2020"}],
                         recorded_at="2021-01-01")
        (fact,) = mem.facts("Ana")
        report = mem.retract(fact.id, at="2023-01-01")
        assert report.expired_fact_ids == [fact.id]
        assert mem.facts("Ana") == [] and [f.object for f in mem.facts("Ana", known_at="2022-01-01")] == ["Redis"]


def test_cli_retract_and_forget(tmp_path):
    store = ["--store", str(tmp_path / "db")]
    runner = CliRunner()
    rows = tmp_path / "facts.jsonl"
    rows.write_text(json.dumps({"subject": "Ana", "predicate": "USES", "object": "Redis", "valid_from": "2020"}) + "\n")
    assert runner.invoke(cli, [*store, "import", str(rows)]).exit_code == 0
    (fact,) = json.loads(runner.invoke(cli, [*store, "facts", "Ana", "--json"]).output)
    result = runner.invoke(cli, [*store, "retract", fact["id"], "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["expired_fact_ids"] == [fact["id"]]
    assert json.loads(runner.invoke(cli, [*store, "facts", "Ana", "--json"]).stdout) == []
    refused = runner.invoke(cli, [*store, "forget", "Ana"], input="n\n")
    assert refused.exit_code == 2 and "not confirmed" in refused.output
    done = runner.invoke(cli, [*store, "forget", "Ana", "--yes", "--by", "ops"])
    assert done.exit_code == 0 and "erased entity 'Ana'" in done.output
    again = runner.invoke(cli, [*store, "forget", "Ana", "--yes"])
    assert again.exit_code == 2 and "no entity called 'Ana'" in again.output and "Traceback" not in again.output


def test_forget_embeds_the_versions_it_re_derives(tmp_path):
    from tests.contract.test_forget_contract import moved_to_porto

    mem = Memory.open(tmp_path / "store", clock=FixedClock(d(2025)), extractor=NoClaims(), embedder=HashingEmbedder(64))
    try:
        from tests.contract.test_store_contract import World

        world = World(mem.group)
        ana = moved_to_porto(mem.store, world)
        mem.catch_up_index()
        (closed,) = mem.store.facts_of(mem.group, [ana], as_of=d(2020))
        assert f"fact:{closed.id}" in mem.index.vectors
        report = mem.forget(session="s-b")
        (reopened,) = report.new_fact_ids
        assert f"fact:{closed.id}" not in mem.index.vectors
        mem.catch_up_index()
        assert f"fact:{reopened}" in mem.index.vectors and mem.index.in_step()
        assert [(f.object, f.valid_to) for f in mem.facts("Ana", as_of="2024-06")] == [("Lisbon", None)]
    finally:
        mem.close()
