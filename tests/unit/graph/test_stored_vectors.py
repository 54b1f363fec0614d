"""Vectors are data: stored with their items on every backend, the side-index a cache rebuilt from them."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
from datetime import datetime, timezone

import pytest

from chronomem import Memory
from chronomem.clock import FixedClock
from chronomem.graph import SqliteGraphStore, WriteBatch
from chronomem.graph.embedders import HashingEmbedder
from chronomem.graph.side_index import SideIndex
from chronomem.graph.side_state import state_path
from chronomem.graph.vectors import from_blobs
from chronomem.query.search import search
from chronomem.schema import Session, Turn
from tests.unit.graph.test_side_index import CountingEmbedder, write_facts, write_session
from tests.unit.test_memory import NoClaims

NOW = datetime(2024, 6, 1, tzinfo=timezone.utc)


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


class Counting:
    """Wraps any embedder and records every text it is asked to embed."""

    def __init__(self, inner) -> None:
        self.inner, self.dim, self.name, self.texts = inner, inner.dim, inner.name, []

    def embed(self, texts):
        self.texts.extend(texts)
        return self.inner.embed(texts)


def minilm():
    from chronomem.graph.embedders import installed_minilm

    model = installed_minilm()
    if model is None:
        if os.environ.get("CI"):
            pytest.fail("all-MiniLM-L6-v2 is not installed, but CI must run the semantic rebuild test")
        pytest.skip("all-MiniLM-L6-v2 is not installed")
    return model


LINES = [("Ana", "I adopted a puppy last week, she chews everything"), ("Bo", "My laptop battery died again"),
         ("Ana", "We repainted the kitchen a pale yellow"), ("Bo", "The train to Porto was late")]


def fill(store, group, index):
    write_facts(store, group, [{"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2020-01-01"},
                               {"subject": "Bo", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2021-01-01"}],
                d(2022), index)
    write_session(store, group, "s1", d(2024, 3), LINES, index)


def keys_of(store, group):
    return ({f"fact:{f.id}" for f in store.iter_facts(group)} | {f"entity:{e.id}" for e in store.iter_entities(group)}
            | {f"turn:{t.id}" for t in store.iter_turns(group)})


def test_every_embedded_item_keeps_its_vector_and_the_embedders_name(store, tmp_path):
    group = store.test_group
    index = SideIndex(store, group, embedder=HashingEmbedder(64), path=tmp_path / "a" / "g.hnsw")
    fill(store, group, index)
    assert index.catch_up() == len(keys_of(store, group)) == 2 + 4 + 4  # facts, entities, turns
    for kind in ("fact", "entity", "turn"):
        ids = [k.split(":", 1)[1] for k in keys_of(store, group) if k.startswith(kind + ":")]
        stored = store.stored_vectors(group, kind, ids)
        assert set(stored) == set(ids)
        assert {r.model for r in stored.values()} == {"hashing-64"} and {len(r.vector) for r in stored.values()} == {64}
        mine = index.vectors.get_vectors([f"{kind}:{i}" for i in ids])
        again = from_blobs([stored[i].vector for i in ids], 64)
        cos = (mine * again).sum(axis=1) / (abs(again) ** 2).sum(axis=1) ** 0.5
        assert cos.min() > 0.999  # the int8 copy points the same way
    assert {r.speaker for r in store.changed_vectors(group, "turn", after=0, upto=store.vector_sequence())} == {"Ana", "Bo"}


def test_deleting_the_index_files_loses_nothing_and_search_stays_semantic(store, tmp_path):
    """The files go (SQLite: the index beside the store; Neo4j: a second process with an empty
    --index-dir): the index is rebuilt from stored vectors, the embedder embeds only the query."""
    model = minilm()
    group = store.test_group
    first = Memory(store, group=group, clock=FixedClock(NOW), extractor=NoClaims(), embedder=model,
                   index_dir=tmp_path / "first")
    first.ingest([{"session_id": "s1", "started_at": "2024-03-01T10:00:00Z",
                   "turns": [{"speaker": a, "text": b} for a, b in LINES]}])
    first.import_facts([{"subject": "Bo", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2021-01-01"}])
    assert first.catch_up_index() > 0
    first.index.close()
    shutil.rmtree(tmp_path / "first")
    question = "who got a new dog"
    plain = search(store, group, question, index=None, now=NOW)
    assert "s1:1" not in [h.id for h in plain]  # full text alone cannot find it: no word in common
    counting = Counting(model)
    second = Memory(store, group=group, clock=FixedClock(NOW), extractor=NoClaims(), embedder=counting,
                    index_dir=tmp_path / "second")
    hits = second.search(question, k=3)
    assert hits[0].id == "s1:1" and hits[0].kind == "turn"
    assert counting.texts == [question]  # nothing was embedded but the question
    assert second.index.in_step() and not any((tmp_path / "first").glob("*"))
    second.index.close()


def test_processes_on_one_store_share_vectors_expiries_and_erasures(store, tmp_path):
    group = store.test_group
    emb_a, emb_b = CountingEmbedder(64), CountingEmbedder(64)
    a = SideIndex(store, group, embedder=emb_a, path=tmp_path / "a" / "g.hnsw", pull_interval=0)
    b = SideIndex(store, group, embedder=emb_b, path=tmp_path / "b" / "g.hnsw", pull_interval=0)
    b.vectors  # open before anything is written: it learns everything from the store
    fill(store, group, a)
    a.catch_up()
    assert b.catch_up() == 0 and emb_b.texts == [] and b.in_step()
    (lisbon,) = [f.id for f in store.iter_facts(group) if "Porto" in f.statement]
    write_facts(store, group, [{"subject": "Bo", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2023-01-01"}],
                d(2023, 2), a)
    a.catch_up()
    b.ensure_fresh()  # a search reads what the other process stored, and hides what it expired
    assert f"fact:{lisbon}" not in b.vectors and b.in_step() and emb_b.texts == []
    report = store.forget_session(group, "s1", audit=_audit())
    a.erase(report.index_keys())
    b.catch_up()  # another process's erasure: whatever the store no longer holds leaves this index too
    assert not {f"turn:{i}" for i in report.turn_ids} & set(b.vectors.known_ids()) and b.in_step()
    assert "Ana" not in b.known_speakers() and emb_b.texts == []


def _audit():
    from chronomem.graph.erasure import Erasure, target_digest

    return Erasure(kind="session", target_sha256=target_digest("session", "s1"), erased_at=NOW, erased_by="test")


def test_forget_erases_the_stored_vectors(store, tmp_path):
    group = store.test_group
    index = SideIndex(store, group, embedder=HashingEmbedder(64), path=tmp_path / "i" / "g.hnsw")
    fill(store, group, index)
    index.catch_up()
    turn_ids = [t.id for t in store.iter_turns(group)]
    blobs = [r.vector for r in store.stored_vectors(group, "turn", turn_ids).values()]
    assert len(blobs) == 4
    store.forget_session(group, "s1", audit=_audit())
    assert store.stored_vectors(group, "turn", turn_ids) == {}
    if isinstance(store, SqliteGraphStore):
        store._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        raw = open(store.path, "rb").read()
        assert not any(blob in raw for blob in blobs)  # secure_delete zeroed the freed pages


def test_an_index_written_before_vectors_were_stored_gives_them_to_the_store(tmp_path):
    path = tmp_path / "db" / "memory.sqlite"
    store = SqliteGraphStore(path)
    index = SideIndex(store, "default", embedder=CountingEmbedder(64), path=tmp_path / "db" / "index" / "default.hnsw")
    fill(store, "default", index)
    index.catch_up()
    index.close()
    count = len(index.vectors)
    store.close()
    # make it an old store: no vector columns, and an index state file of the earlier format
    db = sqlite3.connect(path)
    for table in ("facts", "entities", "turns"):
        db.execute(f"DROP INDEX {table}_vec_seq")
        for column in ("vec", "vec_model", "vec_seq"):
            db.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
    db.execute("DELETE FROM meta WHERE key = 'vector_sequence'")
    db.commit()
    db.close()
    state_path(index.path).write_text(json.dumps({"embedder": "hashing-64", "group_id": "default", "dim": 64}))
    store = SqliteGraphStore(path)  # migrated on open: the columns are back, empty
    assert store.unembedded("default", "turn", after=0) != []
    again = SideIndex(store, "default", embedder=CountingEmbedder(64), path=index.path)
    assert again.catch_up() == 0 and again.embedder.texts == [] and len(again.vectors) == count and again.in_step()
    assert all(store.unembedded("default", kind, after=0) == [] for kind in ("fact", "entity", "turn"))
    store.close()


def test_changing_the_embedder_re_embeds_everything_with_progress(tmp_path):
    store = SqliteGraphStore(tmp_path / "db" / "memory.sqlite")
    path = tmp_path / "db" / "index" / "default.hnsw"
    old = SideIndex(store, "default", embedder=HashingEmbedder(64), path=path)
    fill(store, "default", old)
    old.catch_up()
    old.close()
    new = SideIndex(store, "default", embedder=CountingEmbedder(32, name="other-model"), path=path)
    seen = []
    assert new.catch_up(progress=lambda done, total: seen.append((done, total))) == 10
    assert len(new.embedder.texts) == 10 and seen[-1] == (10, 10) and new.in_step()
    turn_ids = [t.id for t in store.iter_turns("default")]
    assert {r.model for r in store.stored_vectors("default", "turn", turn_ids).values()} == {"other-model"}
    store.close()


def test_a_turn_written_by_another_process_without_an_index_is_found_and_embedded_once(store, tmp_path):
    group = store.test_group
    emb = CountingEmbedder(64)
    index = SideIndex(store, group, embedder=emb, path=tmp_path / "i" / "g.hnsw", discover_interval=0)
    index.vectors
    s = Session(session_id="late", group_id=group, started_at=d(2024), turns=[Turn(speaker="Cy", text="hello there")])
    store.write(WriteBatch(group, session=s), recorded_at=d(2024))  # nobody notifies this index
    assert index.catch_up(16) == 1 and emb.texts == ["Cy: hello there"]
    assert index.catch_up() == 0 and emb.texts == ["Cy: hello there"] and "Cy" in index.known_speakers()
