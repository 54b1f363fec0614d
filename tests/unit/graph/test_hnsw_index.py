"""HnswVectorIndex: ids, replacement, deletion, growth, persistence, checksum, recall."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from chronomem.errors import ConfigError, InputError, StoreError
from chronomem.graph.hnsw_index import HnswVectorIndex, ids_checksum


def unit(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    return rows / np.linalg.norm(rows, axis=-1, keepdims=True)


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(7)


def filled(rng: np.random.Generator, n: int = 200, dim: int = 16, **kwargs) -> tuple[HnswVectorIndex, list[str], np.ndarray]:
    ids = [f"fact:{i}" if i % 2 == 0 else f"turn:s1:{i}" for i in range(n)]
    vectors = unit(rng.standard_normal((n, dim)))
    index = HnswVectorIndex(dim, **kwargs)
    index.add(ids, vectors)
    return index, ids, vectors


def test_add_and_query_returns_self_first(rng) -> None:
    index, ids, vectors = filled(rng)
    assert len(index) == 200 and "fact:0" in index and "fact:1" not in index and 3 not in index
    hits = index.query(vectors[10], 5)
    assert hits[0][0] == ids[10] and hits[0][1] == pytest.approx(1.0, abs=1e-5)
    assert [s for _, s in hits] == sorted((s for _, s in hits), reverse=True)
    batch = index.query(vectors[:3], 1)
    assert [row[0][0] for row in batch] == ids[:3]


def test_query_similarity_is_cosine(rng) -> None:
    index, ids, vectors = filled(rng, n=50)
    query = unit(rng.standard_normal(16))
    for item, sim in index.query(query, 10):
        assert sim == pytest.approx(float(vectors[ids.index(item)] @ query), abs=1e-5)


def test_replace_existing_id(rng) -> None:
    index, ids, vectors = filled(rng, n=50)
    before = index.checksum()
    index.add(["fact:0"], vectors[7])  # now a copy of row 7
    assert len(index) == 50 and index.checksum() == before
    top = dict(index.query(vectors[7], 2))
    assert top["fact:0"] == pytest.approx(1.0, abs=1e-5)
    index.add(["x:dup", "x:dup"], np.vstack([vectors[1], vectors[2]]))  # last one wins
    assert index.query(vectors[2], 1, filter_prefix="x:")[0][1] == pytest.approx(1.0, abs=1e-5)


def test_mark_deleted(rng) -> None:
    index, ids, vectors = filled(rng, n=50)
    assert index.mark_deleted(["fact:0", "unknown", "fact:0"]) == 1
    assert len(index) == 49 and "fact:0" not in index
    assert "fact:0" not in dict(index.query(vectors[0], 10))
    assert len(index.query(vectors[0], 100)) == 49  # k is capped at the live count
    index.add(["fact:0"], vectors[0])  # re-adding revives the id
    assert "fact:0" in index and index.query(vectors[0], 1)[0][0] == "fact:0"


def test_resize_past_capacity(rng) -> None:
    index = HnswVectorIndex(8, initial_capacity=16)
    start = index.capacity
    vectors = unit(rng.standard_normal((100, 8)))
    for i in range(100):
        index.add([f"e:{i}"], vectors[i])
    assert len(index) == 100 and index.capacity >= 100 and index.capacity > start
    assert index.query(vectors[99], 1)[0][0] == "e:99"


def test_save_load_round_trip(tmp_path: Path, rng) -> None:
    index, ids, vectors = filled(rng, n=300, ef=50)
    index.mark_deleted(ids[:10])
    path = index.save(tmp_path / "sub" / "vectors.hnsw")
    loaded = HnswVectorIndex.load(path)
    assert len(loaded) == 290 and loaded.dim == 16 and loaded.ef == 50
    assert loaded.checksum() == index.checksum() == ids_checksum(ids[10:])
    assert ids[0] not in loaded and ids[10] in loaded
    for row in (10, 150, 299):
        assert loaded.query(vectors[row], 3) == index.query(vectors[row], 3)
    loaded.add(["new:1"], vectors[0])
    assert loaded.query(vectors[0], 1)[0][0] == "new:1"
    loaded.save()  # to its own path
    assert len(HnswVectorIndex.load(path)) == 291


def test_open_creates_or_loads(tmp_path: Path, rng) -> None:
    path = tmp_path / "v.hnsw"
    index = HnswVectorIndex.open(path, 4)
    assert len(index) == 0 and index.path == path
    index.add(["a:1"], np.array([1.0, 0, 0, 0]))
    index.save()
    again = HnswVectorIndex.open(path, 4)
    assert "a:1" in again
    with pytest.raises(ConfigError, match="dim 4"):
        HnswVectorIndex.open(path, 8)


def test_load_corrupt_raises_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError):
        HnswVectorIndex.load(tmp_path / "missing.hnsw")
    index = HnswVectorIndex(2, tmp_path / "v.hnsw")
    index.add(["a", "b"], np.eye(2))
    index.save()
    (tmp_path / "v.hnsw.ids").write_text("a")
    with pytest.raises(StoreError):
        HnswVectorIndex.load(tmp_path / "v.hnsw")


def test_checksum_tracks_the_live_id_set(rng) -> None:
    a = HnswVectorIndex(4)
    b = HnswVectorIndex(4)
    empty = a.checksum()
    vectors = unit(rng.standard_normal((3, 4)))
    a.add(["x", "y", "z"], vectors)
    b.add(["z", "y", "x"], vectors[::-1])
    assert a.checksum() == b.checksum() == ids_checksum({"x", "y", "z"}) != empty
    a.mark_deleted(["y"])
    assert a.checksum() != b.checksum() and a.checksum() == ids_checksum(["x", "z"])
    a.add(["y"], vectors[1])
    assert a.checksum() == b.checksum()
    a.clear()
    assert a.checksum() == empty and len(a) == 0


def test_filter_prefix(rng) -> None:
    index, ids, vectors = filled(rng, n=400)
    index.add(["entity:rare"], vectors[3] * -1)  # the only entity, far from the query
    hits = index.query(vectors[3], 5, filter_prefix="fact:")
    assert len(hits) == 5 and all(i.startswith("fact:") for i, _ in hits)
    rare = index.query(vectors[3], 5, filter_prefix="entity:")
    assert [i for i, _ in rare] == ["entity:rare"]
    assert index.query(vectors[3], 5, filter_prefix="nothing:") == []
    brute = sorted(
        ((ids[i], float(vectors[i] @ vectors[3])) for i in range(len(ids)) if ids[i].startswith("turn:")),
        key=lambda h: -h[1],
    )[:5]
    assert [i for i, _ in index.query(vectors[3], 5, filter_prefix="turn:")] == [i for i, _ in brute]


def test_bad_inputs(rng) -> None:
    index = HnswVectorIndex(4)
    with pytest.raises(InputError):
        index.add(["a"], np.ones((1, 5)))
    with pytest.raises(InputError):
        index.add(["a", "b"], np.ones((1, 4)))
    with pytest.raises(InputError):
        index.add(["bad\nid"], np.ones((1, 4)))
    with pytest.raises(InputError):
        index.query(np.ones(3), 1)
    with pytest.raises(InputError):
        index.save()
    assert index.query(np.ones(4), 3) == []
    index.add([], np.zeros((0, 4)))
    assert len(index) == 0


def test_concurrent_adds_and_queries(rng) -> None:
    index = HnswVectorIndex(8, initial_capacity=16)
    vectors = unit(rng.standard_normal((800, 8)))
    errors: list[BaseException] = []

    def writer(offset: int) -> None:
        try:
            for i in range(offset, offset + 200, 10):
                index.add([f"w:{j}" for j in range(i, i + 10)], vectors[i : i + 10])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    def reader() -> None:
        try:
            for i in range(200):
                index.query(vectors[i], 3)
        except BaseException as exc:  # pragma: no cover
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(o,)) for o in (0, 200, 400, 600)]
    threads.append(threading.Thread(target=reader))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and len(index) == 800


def test_recall_against_brute_force() -> None:
    rng = np.random.default_rng(42)
    n, dim, k = 2000, 64, 10
    vectors = unit(rng.standard_normal((n, dim)))
    queries = unit(rng.standard_normal((200, dim)))
    index = HnswVectorIndex(dim)
    index.add([f"v:{i}" for i in range(n)], vectors)
    truth = np.argsort(-(queries @ vectors.T), axis=1)[:, :k]
    found = index.query(queries, k)
    hits = sum(len({f"v:{i}" for i in t} & {item for item, _ in row}) for t, row in zip(truth, found))
    recall = hits / (len(queries) * k)
    assert recall >= 0.98, recall


def test_two_writers_saving_one_path_at_once_do_not_trip_over_each_others_temporary_files(rng, tmp_path):
    # two processes with the same store each keep their own index object; saves must not share a temp file
    a, ids, vectors = filled(rng)
    b, _, _ = filled(rng)
    target = tmp_path / "index" / "default.hnsw"
    errors: list[BaseException] = []

    def keep_saving(index: HnswVectorIndex) -> None:
        try:
            for _ in range(40):
                index.save(target)
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=keep_saving, args=(x,)) for x in (a, b)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert not list(target.parent.glob("*.tmp*"))
    assert HnswVectorIndex.load(target).checksum() == ids_checksum(ids)
