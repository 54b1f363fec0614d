"""The side-index's graph navigates a projection of the vectors, the full int8 vectors rank; old files convert."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import hnswlib
import numpy as np
import pytest

from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import SqliteGraphStore
from chronomem.graph.embedders import HashingEmbedder
from chronomem.graph.hnsw_index import HnswVectorIndex, ids_checksum
from chronomem.graph.hnsw_rows import REDUCED_DIM
from chronomem.graph.side_index import SideIndex

INT8 = 5e-3  # similarities are exact cosines over the vectors kept as int8


def clustered(rng: np.random.Generator, n: int, dim: int, rank: int = 12) -> np.ndarray:
    """Unit vectors whose variance sits in a few directions, as sentence embeddings' does (the same
    directions for every call with one seed)."""
    basis = np.random.default_rng(11).standard_normal((rank, dim))
    rows = rng.standard_normal((n, rank)) @ basis + 0.3 * rng.standard_normal((n, dim))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def test_the_graph_holds_fewer_dimensions_and_the_full_vectors_rank(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    n, dim, k = 3000, 96, 10
    vectors, queries = clustered(rng, n, dim), clustered(rng, 100, dim)
    index = HnswVectorIndex(dim, reduced_dim=24, fit_at=1000)
    index.add([f"v:{i}" for i in range(n)], vectors)
    assert index.graph_dim == 24
    found = index.query(queries, k)
    exact = queries @ vectors.T
    truth = np.argsort(-exact, axis=1)[:, :k]
    hits = sum(len({f"v:{i}" for i in t} & {item for item, _ in row}) for t, row in zip(truth, found))
    assert hits / (len(queries) * k) >= 0.97
    for q, row in enumerate(found[:5]):  # the full vectors' cosine, not the projection's
        for item, sim in row:
            assert sim == pytest.approx(float(exact[q, int(item[2:])]), abs=INT8)
    path = index.save(tmp_path / "g.hnsw")
    assert path.stat().st_size < n * dim * 4  # a float32 graph of the full vectors holds n*dim*4 bytes and links
    assert path.with_name("g.hnsw.vec").stat().st_size == n * dim  # one int8 byte per component


def test_graph_dimensions_by_default() -> None:
    assert HnswVectorIndex(384).reduced_dim == REDUCED_DIM < 384
    assert HnswVectorIndex(16).reduced_dim == 16  # small vectors: never projected
    index = HnswVectorIndex(32, reduced_dim=8, fit_at=100)
    index.add([f"v:{i}" for i in range(99)], clustered(np.random.default_rng(1), 99, 32))
    assert index.graph_dim == 32  # few vectors: the graph holds them whole
    index.add(["v:99"], clustered(np.random.default_rng(2), 1, 32))
    assert index.graph_dim == 8 and index.query(index.get_vectors(["v:5"])[0], 1)[0][0] == "v:5"


def test_an_erased_vector_leaves_the_rows_file(tmp_path: Path) -> None:
    index = HnswVectorIndex(8, tmp_path / "g.hnsw")
    index.add(["fact:a", "fact:b"], np.arange(16, dtype=np.float32).reshape(2, 8) + 1)
    index.erase(["fact:a"])
    index.save()
    rows = np.fromfile(tmp_path / "g.hnsw.vec", dtype=np.int8).reshape(2, 8)
    assert not rows[0].any() and rows[1].all()
    again = HnswVectorIndex.load(tmp_path / "g.hnsw")
    assert again.known_ids() == ["fact:b"] and again.query(np.ones(8), 5)[0][0] == "fact:b"


def as_first_format(path: Path) -> None:
    """Rewrite a saved index the way the first format kept it: a float32 graph of the full vectors."""
    meta_path, ids_path = path.with_name(path.name + ".meta.json"), path.with_name(path.name + ".ids")
    meta, ids = json.loads(meta_path.read_text()), ids_path.read_text().split("\n")
    vectors = HnswVectorIndex.load(path).get_vectors(ids)
    graph = hnswlib.Index(space="cosine", dim=meta["dim"])
    graph.init_index(max_elements=max(16, len(ids)), ef_construction=200, M=16, random_seed=100)
    graph.add_items(vectors, np.arange(len(ids)))
    for label in meta["deleted"]:
        graph.mark_deleted(label)
    graph.save_index(str(path))
    path.with_name(path.name + ".vec").unlink()
    meta["format"] = "chronomem-hnsw/1"
    for key in ("reduced_dim", "fit_at", "projection"):
        del meta[key]
    meta_path.write_text(json.dumps(meta))


def test_first_format_files_are_converted_on_load(tmp_path: Path) -> None:
    rng = np.random.default_rng(5)
    vectors = clustered(rng, 300, 32)
    ids = [f"fact:{i}" for i in range(300)]
    index = HnswVectorIndex(32, tmp_path / "g.hnsw", reduced_dim=8, fit_at=100)
    index.add(ids, vectors)
    index.mark_deleted(ids[:5])
    index.erase([ids[5]])
    index.save()
    as_first_format(tmp_path / "g.hnsw")
    loaded = HnswVectorIndex.load(tmp_path / "g.hnsw")
    assert loaded.graph_dim == 32  # the first format kept neither the projection nor its parameters
    assert loaded.checksum() == ids_checksum(ids[6:]) and ids[0] not in loaded and ids[5] not in loaded
    assert loaded.query(vectors[100], 1)[0][0] == ids[100]
    assert ids[0] not in dict(loaded.query(vectors[0], 20))
    loaded.save()
    assert json.loads((tmp_path / "g.hnsw.meta.json").read_text())["format"] == "chronomem-hnsw/2"
    assert HnswVectorIndex.load(tmp_path / "g.hnsw").query(vectors[200], 1)[0][0] == ids[200]


class CountingEmbedder(HashingEmbedder):
    def __init__(self) -> None:
        super().__init__(64)
        self.texts: list[str] = []

    def embed(self, texts):
        self.texts.extend(texts)
        return super().embed(texts)


def test_a_side_index_in_first_format_files_opens_without_embedding(tmp_path: Path) -> None:
    store = SqliteGraphStore(tmp_path / "data" / "memory.sqlite")
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    rows = [{"subject": "Mira", "predicate": "LIVES_IN", "object": "Quito"},
            {"subject": "Tobin", "predicate": "WORKS_AT", "object": "Fernwood Mill"}]
    path = tmp_path / "index" / "default.hnsw"
    index = SideIndex(store, "default", embedder=CountingEmbedder(), path=path)
    for batch in batches_from_records(rows, group_id="default", vocabulary=store.vocabulary, said_at=at):
        index.notify(store.write(batch, recorded_at=at))
    index.catch_up()
    index.close()
    as_first_format(path)
    again = SideIndex(store, "default", embedder=CountingEmbedder(), path=path)
    assert again.catch_up() == 0 and again.in_step()
    assert again.query("Tobin works at Fernwood Mill", k=1)["fact"][0][1] > 0.99
    assert again.embedder.texts == ["Tobin works at Fernwood Mill"]  # the question only
    store.close()
