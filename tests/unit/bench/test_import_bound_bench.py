"""The import-bound benchmark's SQL floor replays the real import's statements faithfully."""

from __future__ import annotations

import sqlite3

from bench import import_bound_bench as B
from bench.scale_bench import GROUP


def _table(path, statement):
    db = sqlite3.connect(path)
    try:
        return sorted(db.execute(statement).fetchall())
    finally:
        db.close()


def test_the_sql_floor_replay_writes_what_the_import_wrote(tmp_path):
    mem = B._memory(tmp_path / "real.sqlite")
    capture = mem.store._db = B._CapturingConnection(mem.store._db)
    B._timed_import(mem, 600)
    mem.store._db = capture._db
    mem.close()
    assert capture.seconds > 0 and any(kind == "m" for kind, _, _ in capture.log)

    B.replay_floor(capture.log, tmp_path / "floor.sqlite")

    for statement in ("SELECT id, slot, subject_id, object_id, valid_from, valid_to, expired_at, statement FROM facts",
                      "SELECT group_id, slot, id, body FROM claims", "SELECT id, name, type FROM entities",
                      "SELECT rowid FROM facts_fts WHERE facts_fts MATCH 'lives OR works OR uses'"):
        real = _table(tmp_path / "real.sqlite", statement)
        assert real and _table(tmp_path / "floor.sqlite", statement) == real
    indexes = "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'"
    assert _table(tmp_path / "floor.sqlite", indexes) == _table(tmp_path / "real.sqlite", indexes)
    assert _table(tmp_path / "real.sqlite", "SELECT DISTINCT group_id FROM facts") == [(GROUP,)]


def test_the_floor_replays_claims_in_key_order_in_one_transaction():
    log = [("x", "BEGIN IMMEDIATE", []),
           ("m", "INSERT OR IGNORE INTO claims (group_id, slot, id, body, recorded_at) VALUES (?, ?, ?, ?, ?)",
            [("g", "s2", "c1", "{}", 1), ("g", "s1", "c9", "{}", 1), ("g", "s1", "c2", "{}", 1)]),
           ("m", "INSERT INTO facts (...) VALUES (...)", [("f2",), ("f1",)]),
           ("x", "COMMIT", [])]
    replayed = list(B.floor_statements(log))
    assert [s for _, s, _ in replayed] == [log[1][1], log[2][1]]
    assert [r[1:3] for r in replayed[0][2]] == [("s1", "c2"), ("s1", "c9"), ("s2", "c1")]
    assert replayed[1][2] == [("f2",), ("f1",)]  # fact rows keep their order (rowids are insertion order)


def test_the_summary_reports_the_bound_at_each_backend_s_largest_size(tmp_path):
    import json

    from bench.headline import headline_rows

    rows = [{"backend": "sqlite", "size": 100_000, "measure": "bound: both floors", "facts_per_s": "38,094 / 53,183",
             "target": "50,000"},
            {"backend": "sqlite", "size": 1_000_000, "measure": "bound: both floors", "facts_per_s": "20,121 / 24,784",
             "target": "50,000"},
            {"backend": "sqlite", "size": 1_000_000, "measure": "real import", "facts_per_s": 6785, "target": ""},
            {"backend": "neo4j", "size": 100_000, "measure": "bound: the faster server floor", "facts_per_s": 11458,
             "target": "10,000"}]
    (tmp_path / "import_bound.json").write_text(json.dumps({"meta": {}, "rows": rows}))
    got = [(r["target"], r["measured"], r[""]) for r in headline_rows(tmp_path) if r["from"] == "`import_bound.json`"]
    assert got == [("bulk import, sqlite: best rate its floors allow at 1,000,000", "24,784 facts/s", "reported"),
                   ("bulk import, neo4j: best rate its floors allow at 100,000", "11,458 facts/s", "reported")]


def test_the_floor_reads_through_the_indexes_the_import_reads_through():
    """At 1M records the floor came out slower than the import it bounds: it loaded into a schema
    without any index, so each batch's reads of claim ids and current versions scanned every
    row written before. Only the indexes a bulk import itself defers may be missing."""
    from chronomem.graph import sqlite_schema as sql

    schema, deferred = B.floor_schema()
    assert sorted(s.rstrip(";") for s in deferred) == sorted(sql.DEFERRED_FACT_INDEXES.values())
    db = sqlite3.connect(":memory:")
    try:
        db.executescript(schema)
        for statement in (sql.CURRENT_OF_SLOTS, sql.CLAIM_IDS_OF_SLOTS, sql.CLAIMS_OF_SLOTS):
            plan = " ".join(r[-1] for r in db.execute("EXPLAIN QUERY PLAN " + statement.format("?, ?"), ["g", "a", "b"]))
            assert "USING" in plan and "INDEX" in plan and not plan.startswith("SCAN"), (statement, plan)
    finally:
        db.close()


def test_a_run_of_one_backend_keeps_the_other_backend_s_rows(tmp_path):
    import json

    earlier = [{"backend": "sqlite", "size": 100_000, "measure": "real import"},
               {"backend": "neo4j", "size": 100_000, "measure": "real import"}]
    path = tmp_path / "import_bound.json"
    path.write_text(json.dumps({"meta": {"measured_at": "2026-11-24T10:00:00+00:00"}, "rows": earlier}))
    assert B.kept_rows(path, {"sqlite": False, "neo4j": True}) == ([earlier[0]], {"sqlite": "2026-11-24T10:00:00+00:00"})
    assert B.kept_rows(path, {"sqlite": True, "neo4j": True}) == ([], {})
    assert B.kept_rows(tmp_path / "missing.json", {"sqlite": False, "neo4j": True}) == ([], {})
    # kept twice: still dated by the run that measured them
    path.write_text(json.dumps({"meta": {"measured_at": "2026-11-25T01:00:00+00:00",
                                         "kept_from_earlier_runs": {"sqlite": "2026-11-24T10:00:00+00:00"}},
                                "rows": earlier}))
    assert B.kept_rows(path, {"sqlite": False, "neo4j": True})[1] == {"sqlite": "2026-11-24T10:00:00+00:00"}


def test_the_neo4j_floor_writes_the_import_s_fact_rows_with_the_same_properties():
    from chronomem.graph import cypher

    row = tuple(f"v{i}" for i in range(len(cypher.FACT_ROW_FIELDS)))
    floor = B._floor_fact(row)
    assert (floor["subject_id"], floor["object_id"]) == ("v0", "v1")
    assert floor["props"]["group_id"] == GROUP and floor["props"]["id"] == "v2"
    assert floor["props"]["sources_json"] == row[-1] and len(floor["props"]) == len(cypher.FACT_ROW_FIELDS) - 1


def test_neo4j_sizes_without_a_server_say_so_and_measure_nothing(monkeypatch, capsys):
    monkeypatch.delenv("NEO4J_URI", raising=False)
    assert B.main(["--sqlite-sizes", "", "--neo4j-sizes", "1000"]) == 2
    assert "NEO4J_URI" in capsys.readouterr().err
