"""The embedded store's full text ranks in the FTS index first; it must equal the plain join."""

from __future__ import annotations

from datetime import datetime, timezone

from chronomem.extract.importer import batches_from_records
from chronomem.graph import SqliteGraphStore
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
