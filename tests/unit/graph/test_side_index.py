"""The HNSW side-index: change tracking, catch-up, expiry, persistence, reconciliation, worker."""

from __future__ import annotations

import time
from datetime import datetime, timezone

import numpy as np
import pytest

from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import SqliteGraphStore, WriteBatch
from chronomem.graph.embedders import HashingEmbedder
from chronomem.graph.side_index import SideIndex, default_index_path
from chronomem.query.search import search
from chronomem.schema import Session, Turn


def d(y, m=1, day=1):
    return datetime(y, m, day, tzinfo=timezone.utc)


class CountingEmbedder(HashingEmbedder):
    """Counts the texts it embeds."""

    def __init__(self, dim: int = 64, name: str | None = None) -> None:
        super().__init__(dim)
        self.name = name or self.name
        self.texts: list[str] = []

    def embed(self, texts):
        self.texts.extend(texts)
        return super().embed(texts)


def write_facts(store, group, rows, at, index=None):
    for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=at):
        report = store.write(batch, recorded_at=at)
        if index is not None:
            index.notify(report)


def write_session(store, group, sid, at, lines, index=None):
    s = Session(session_id=sid, group_id=group, started_at=at, turns=[Turn(speaker=a, text=b) for a, b in lines])
    report = store.write(WriteBatch(group, session=s), recorded_at=at)
    if index is not None:
        index.notify(report)


@pytest.fixture
def sqlite(tmp_path):
    s = SqliteGraphStore(tmp_path / "data" / "memory.sqlite")
    yield s
    s.close()


def test_notify_records_and_catch_up_embeds(sqlite):
    emb = CountingEmbedder()
    index = SideIndex(sqlite, "default", embedder=emb, path=None, batch_size=2)
    index.vectors  # open (empty store: in step)
    write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon"}], d(2024), index)
    write_session(sqlite, "default", "s1", d(2024), [("Ana", "Lisbon is sunny"), ("Bo", "Indeed")], index)
    assert emb.texts == []  # notify never embeds
    assert index.pending_count() == 5  # the fact, its two entities and the session's two turns
    assert index.catch_up(max_items=1) == 1
    assert index.catch_up() == 4  # the rest
    assert index.pending_count() == 0 and index.in_step()
    assert sorted(emb.texts) == sorted(["Ana lives in Lisbon", "Ana", "Lisbon", "Ana: Lisbon is sunny", "Bo: Indeed"])
    hits = index.query("Ana: Lisbon is sunny", k=1)
    assert hits["turn"][0][0] == "s1:1" and hits["fact"][0][0].startswith("f_") and len(hits["entity"]) == 1


def test_expired_versions_are_marked_deleted(sqlite):
    index = SideIndex(sqlite, "default", embedder=HashingEmbedder(64))
    write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"}],
                d(2020), index)
    index.catch_up()
    (first,) = [f.id for f in sqlite.iter_facts("default")]
    assert "fact:" + first in index.vectors
    write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}],
                d(2023, 6), index)
    index.catch_up()
    assert "fact:" + first not in index.vectors  # the open-ended Lisbon version was replaced
    current = {f.id for f in sqlite.iter_facts("default")}
    assert {i.split(":", 1)[1] for i in index.vectors.ids() if i.startswith("fact:")} == current
    assert index.in_step()
    # the closed Lisbon version stays indexed; as-of filtering happens on read
    hits = search(sqlite, "default", "Ana Lisbon", index=index, now=d(2024))
    assert all(not (h.kind == "fact" and h.object == "Lisbon") for h in hits)
    assert [h.object for h in search(sqlite, "default", "Ana Lisbon", index=index, now=d(2024), as_of=d(2020))] == ["Lisbon"]


def test_persistence_reuses_vectors_and_reconciles_what_changed_while_closed(sqlite):
    path = default_index_path(sqlite, "default")
    assert path == default_index_path(sqlite, "default") and path.parent.name == "index"
    index = SideIndex(sqlite, "default", embedder=CountingEmbedder(), path=path)
    write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme"}], d(2024), index)
    index.catch_up()
    index.close()
    assert path.exists()
    again = SideIndex(sqlite, "default", embedder=CountingEmbedder(), path=path)
    assert again.catch_up() == 0 and again.embedder.texts == [] and again.in_step()
    # written while no index was listening: found out of step on the next open, fixed incrementally
    write_facts(sqlite, "default", [{"subject": "Bo", "predicate": "WORKS_AT", "object": "Acme"}], d(2024, 2))
    third = SideIndex(sqlite, "default", embedder=CountingEmbedder(), path=path)
    assert third.catch_up() == 2 and sorted(third.embedder.texts) == ["Bo", "Bo works at Acme"]
    assert third.in_step()
    third.close()


def test_rebuild_when_files_are_missing_broken_or_from_another_embedder(sqlite, tmp_path):
    path = tmp_path / "idx" / "default.hnsw"
    write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme"}], d(2024))
    index = SideIndex(sqlite, "default", embedder=CountingEmbedder(), path=path)
    assert index.catch_up() == 3
    index.close()
    other = SideIndex(sqlite, "default", embedder=CountingEmbedder(32, name="other-model"), path=path)
    assert other.catch_up() == 3 and other.vectors.dim == 32  # another model: everything re-embedded
    assert sorted(other.embedder.texts) == ["Acme", "Ana", "Ana works at Acme"]
    other.close()
    path.with_name(path.name + ".ids").write_text("garbage")
    broken = SideIndex(sqlite, "default", embedder=CountingEmbedder(32, name="other-model"), path=path)
    assert broken.catch_up() == 0 and len(broken.vectors) == 3 and broken.in_step()  # rebuilt from stored vectors
    seen = []
    assert broken.rebuild(progress=lambda done, total: seen.append((done, total))) == 3
    assert seen[-1] == (3, 3) and broken.embedder.texts == []


def test_search_catches_up_a_bounded_amount_and_full_text_covers_the_rest(sqlite):
    index = SideIndex(sqlite, "default", embedder=HashingEmbedder(64), search_catch_up=2)
    index.vectors
    rows = [{"subject": f"P{i}", "predicate": "LIVES_IN", "object": "Oslo"} for i in range(6)]
    write_facts(sqlite, "default", rows, d(2024), index)
    hits = search(sqlite, "default", "lives in Oslo", index=index, now=d(2024), k=10)
    assert len([h for h in hits if h.kind == "fact"]) == 6  # full text finds all six
    assert 0 < index.pending_count() < 7 + 6  # only two were embedded on the way


def test_worker_embeds_in_the_background(sqlite):
    index = SideIndex(sqlite, "default", embedder=HashingEmbedder(64))
    index.vectors
    index.start_worker(interval=0.05)
    try:
        write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "LIKES", "object": "jazz"}], d(2024), index)
        deadline = time.monotonic() + 10
        while index.pending_count() and time.monotonic() < deadline:
            time.sleep(0.02)
        assert index.pending_count() == 0 and len(index.vectors) == 3
        assert index.status()["worker"] is True
    finally:
        index.close()
    assert index.status()["worker"] is False


def test_groups_are_indexed_separately(sqlite):
    write_facts(sqlite, "a", [{"subject": "Ana", "predicate": "LIKES", "object": "jazz"}], d(2024))
    write_facts(sqlite, "b", [{"subject": "Bo", "predicate": "LIKES", "object": "rock"}], d(2024))
    index = SideIndex(sqlite, "a", embedder=HashingEmbedder(64))
    index.catch_up()
    assert len(index.vectors) == 3 and all("Bo" not in t for t in index.store_ids().values())
    assert default_index_path(sqlite, "a") != default_index_path(sqlite, "b")


# -- the same on every backend -----------------------------------------------------------
def test_side_index_contract(store, tmp_path):
    group = store.test_group
    index = SideIndex(store, group, embedder=HashingEmbedder(256), path=tmp_path / "n" / f"{group}.hnsw")
    write_facts(store, group, [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"}],
                d(2020), index)
    write_session(store, group, "s1", d(2023, 3), [("Ana", "I moved to Porto, rent is lower")], index)
    write_facts(store, group, [{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}],
                d(2023, 6), index)
    assert index.catch_up() > 0 and index.in_step()
    index.close()
    reopened = SideIndex(store, group, embedder=HashingEmbedder(256), path=tmp_path / "n" / f"{group}.hnsw")
    assert reopened.catch_up() == 0 and reopened.in_step()
    hits = search(store, group, "where does Ana live", index=reopened, now=d(2024))
    assert [h.object for h in hits if h.kind == "fact"] == ["Porto"]
    past = search(store, group, "where does Ana live", index=reopened, now=d(2024), as_of=d(2021))
    assert [h.object for h in past if h.kind == "fact"] == ["Lisbon"]
    turns = search(store, group, "moved rent", index=reopened, now=d(2024))
    assert "s1:1" in [t for h in turns for t in h.turn_ids()]
    vec = reopened.embed_query("Ana")
    assert isinstance(vec, np.ndarray) and vec.shape == (256,)


def test_a_write_does_not_wait_for_the_index_to_open(sqlite):
    """Opening (a rebuild from a large store takes minutes) holds back searches, never writes."""
    import threading

    class SlowStore:  # the store, reading its vector changes slowly
        def __init__(self, inner):
            self.inner, self.entered = inner, threading.Event()

        def vector_sequence(self):
            self.entered.set()
            time.sleep(1.0)
            return self.inner.vector_sequence()

        def __getattr__(self, name):
            return getattr(self.inner, name)

    slow = SlowStore(sqlite)
    index = SideIndex(slow, "default", embedder=HashingEmbedder(64))
    opening = threading.Thread(target=lambda: index.vectors)
    opening.start()
    assert slow.entered.wait(5)
    started = time.monotonic()
    write_facts(sqlite, "default", [{"subject": "Ana", "predicate": "LIKES", "object": "jazz"}], d(2024), index)
    assert time.monotonic() - started < 0.5 and index.pending_count() == 3  # recorded while the index opens
    opening.join()
    assert index.catch_up() == 3
