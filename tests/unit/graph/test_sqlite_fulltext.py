"""The embedded store's full text ranks in the FTS index first; it must equal the plain join."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from chronomem.extract.parse.importer import batches_from_records
from chronomem.graph import SqliteGraphStore, sqlite_store
from chronomem.graph.sqlite_store import fts_query

PLAIN = ("SELECT f.id, bm25(facts_fts) FROM facts_fts JOIN facts f ON f.rowid = facts_fts.rowid "
         "WHERE facts_fts MATCH ? AND f.group_id = ? ORDER BY bm25(facts_fts), f.rowid LIMIT ?")


def test_ranked_first_equals_the_plain_join_across_groups(tmp_path):
    store = SqliteGraphStore(tmp_path / "m.sqlite")
    t = datetime(2024, 1, 1, tzinfo=timezone.utc)
    # group "big" crowds the top of the global ranking; "small" has few matches, some weak
    sizes = {"big": 400, "small": 30}
    for group, n in sizes.items():
        rows = [{"subject": f"P{i}", "predicate": "LIKES", "object": "jazz" if i % 3 else "jazz piano jazz",
                 "statement": f"P{i} likes jazz" + (" and opera" if i % 5 == 0 else "")} for i in range(n)]
        for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=t):
            store.write(batch, recorded_at=t)
    for group in sizes:
        for text, limit in (("jazz opera", 10), ("jazz", 50), ("opera", 5), ("nothing", 5)):
            got = store.fulltext(group, text, kind="fact", limit=limit)
            want = [(r[0], -float(r[1])) for r in store._query(PLAIN, (fts_query(text), group, limit))]
            assert [s for _, s in got] == [s for _, s in want]  # same scores in the same order
            assert len(got) == min(limit, len(want))
            assert {i for i, _ in got} <= {f.id for f in store.iter_facts(group)}
    store.close()


def _store_with(tmp_path, statements, group="g"):
    store = SqliteGraphStore(tmp_path / "pairs.sqlite")
    t = datetime(2024, 1, 1, tzinfo=timezone.utc)
    rows = [{"subject": f"P{i}", "predicate": "LIKES", "object": f"O{i}", "statement": s} for i, s in enumerate(statements)]
    for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=t):
        store.write(batch, recorded_at=t)
    return store


def _plain(store, text, group, limit):
    return [(r[0], -float(r[1])) for r in store._query(PLAIN, (fts_query(text), group, limit))]


def test_many_matches_rank_only_the_rows_holding_two_words_with_their_full_scores(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_store, "EXACT_FULLTEXT_MATCHES", 10)
    statements = ([f"P{i} plays jazz and piano at the club on most long evenings" for i in range(20)]
                  + [f"P{i} plays jazz piano and sings opera" for i in range(5)]
                  + [f"P{i} likes opera" for i in range(3)] + [f"P{i} likes jazz" for i in range(10)]
                  + [f"P{i} likes tea" for i in range(200)])
    store = _store_with(tmp_path, statements)
    text = "jazz opera piano"
    statement_of = {f.id: f.statement for f in store.iter_facts("g")}
    held = lambda i: len({"jazz", "opera", "piano"} & set(statement_of[i].split()))  # noqa: E731
    everything = _plain(store, text, "g", 1000)
    assert len(everything) > 10 and any(held(i) == 1 for i, _ in everything[:12])  # single-word rows rank among them
    got = store.fulltext("g", text, kind="fact", limit=12)
    want = [(i, s) for i, s in everything if held(i) >= 2][:12]
    assert [i for i, _ in got] == [i for i, _ in want]
    assert [s for _, s in got] == pytest.approx([s for _, s in want])  # the score the full query gives
    store.close()


def test_too_few_rows_holding_two_words_fall_back_to_every_match(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite_store, "EXACT_FULLTEXT_MATCHES", 10)
    store = _store_with(tmp_path, [f"P{i} likes jazz" for i in range(30)] + ["P likes jazz and opera"])
    for text, limit in (("jazz opera", 5), ("jazz", 5), ("jazz opera", 40)):
        got = store.fulltext("g", text, kind="fact", limit=limit)
        assert [s for _, s in got] == [s for _, s in _plain(store, text, "g", limit)]
    store.close()


def test_entity_names_rank_first_then_keep_the_group(tmp_path):
    store = SqliteGraphStore(tmp_path / "e.sqlite")
    t = datetime(2024, 1, 1, tzinfo=timezone.utc)
    for group, n in (("big", 300), ("small", 4)):
        rows = [{"subject": f"Ana Silva {i}", "predicate": "LIVES_IN", "object": f"Town {i}"} for i in range(n)]
        for batch in batches_from_records(rows, group_id=group, vocabulary=store.vocabulary, said_at=t):
            store.write(batch, recorded_at=t)
    plain = ("SELECT entity_id, bm25(entities_fts) FROM entities_fts WHERE entities_fts MATCH ? AND group_id = ? "
             "ORDER BY bm25(entities_fts), rowid LIMIT ?")
    for group in ("big", "small"):
        for text, limit in (("Ana Silva", 10), ("Town", 50), ("silva 3", 5)):
            got = store.fulltext(group, text, kind="entity", limit=limit)
            want = [(r[0], -float(r[1])) for r in store._query(plain, (fts_query(text), group, limit))]
            assert got == want
    store.close()
