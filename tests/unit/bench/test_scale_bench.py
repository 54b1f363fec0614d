"""The scale benchmark's table and targets for a store it reused (``--reuse``): no import or ingest
rate was measured, the turns are the store's, and the targets that were measured are still checked."""

from __future__ import annotations

from bench.scale_bench import table_rows, target_checks

REUSED = {"backend": "neo4j", "size": 1_000_000, "versions": 1_000_126, "entities": 51_368, "reused_turns": 1_001_600,
          "facts_p50_ms": 1.1, "facts_p95_ms": 1.9, "timeline_p50_ms": 1.7, "hop2_p50_ms": 44.1, "search_p50_ms": 52.6,
          "search_p95_ms": 92.5, "search_plain_p50_ms": 38.3, "hnsw_embedder": "hashing-384", "hnsw_embed_s": 0.0,
          "hnsw_build_s": 79.4, "peak_rss_mb": 4174, "wall_s": 157.5}


def test_a_reused_store_has_no_import_rate_and_its_own_turns():
    (row,) = table_rows([REUSED])
    assert row["import facts/s"] == row["ingest turns/s¹"] == "(reused store)"
    assert row["turns"] == "1,001,600"


def test_a_reused_store_is_checked_on_what_it_measured():
    checks = {label: met for label, _, _, met in target_checks([REUSED])}
    assert not any(label.startswith("bulk import") for label in checks)
    assert checks["search p50 at 1,000,000 facts + 1,001,600 turns, neo4j, with the embedder⁵"] is True
    assert checks["search p50 at 1,000,000 facts + 1,001,600 turns, neo4j, without an embedder"] is True
