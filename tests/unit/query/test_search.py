"""Hybrid search, context assembly and their Memory methods (HashingEmbedder, embedded store)."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from query_helpers import NoClaims, d, session

from chronomem import FixedClock, Memory
from chronomem.graph import SqliteGraphStore
from chronomem.graph.embedders import HashingEmbedder
from chronomem.graph.side_index import SideIndex
from chronomem.query.context import context, estimate_tokens
from chronomem.query.rerank import rrf
from chronomem.query.search import search

NOW = d(2024, 6)




@pytest.fixture
def mem(tmp_path):
    m = Memory.open(tmp_path / "store", clock=FixedClock(NOW), extractor=NoClaims(), embedder=HashingEmbedder(1024))
    yield m
    m.close()


@pytest.fixture
def lazy(tmp_path):
    """A memory whose index never catches up on its own before a search."""
    store = SqliteGraphStore(tmp_path / "lazy" / "memory.sqlite")
    index = SideIndex(store, "default", embedder=HashingEmbedder(64), path=None, search_catch_up=0)
    m = Memory(store, clock=FixedClock(NOW), extractor=NoClaims(), index=index)
    yield m
    m.close()


def seed(m):
    m.ingest([session("s1", d(2023, 3, 12), ("Tom", "We upgraded Postgres over the weekend."),
                      ("Ana", "I moved to Porto in May, the rent is much lower."))])
    m.import_facts([
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
        {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01", "sources": ["s1:2"]},
        {"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2018-01-01", "valid_to": "2020-06-01"},
        {"subject": "Bo", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2017-01-01"},
        {"subject": "Tom", "predicate": "USES", "object": "PostgreSQL", "valid_from": "2022-01-01"},
    ])


def test_results_carry_kind_score_and_sources(mem):
    seed(mem)
    hits = mem.search("Ana Porto", k=10)
    kinds = {r.kind for r in hits}
    assert kinds == {"fact", "turn"}
    fact = next(r for r in hits if r.kind == "fact" and r.object == "Porto")
    assert fact.sources[0].turn_id == "s1:2" and fact.turn_ids() == ["s1:2"]
    assert fact.subject == "Ana" and fact.predicate == "LIVES_IN" and fact.valid_from == d(2023, 5) and fact.valid_to is None
    turn = next(r for r in hits if r.kind == "turn")
    assert turn.sources[0].session_id == "s1" and turn.turn_ids() == [turn.id] and turn.at == d(2023, 3, 12)
    assert all(r.score > 0 for r in hits)
    data = fact.to_json()
    for key in ("id", "subject", "predicate", "object", "statement", "valid_from", "valid_to", "recorded_at",
                "expired_at", "sources", "score", "kind"):
        assert key in data
    assert data["sources"] == [{"session_id": "s1", "turn_id": "s1:2"}]
    assert set(turn.to_json()) >= {"kind", "id", "text", "speaker", "session_id", "at", "sources", "score"}
    assert "predicate" not in turn.to_json()


def test_full_text_finds_what_the_index_has_not_embedded_yet(lazy):
    seed(lazy)
    assert lazy.index.pending_count() > 0
    hits = lazy.search("Lisbon Porto")  # full text only: nothing is embedded yet
    assert [r.object for r in hits if r.kind == "fact"] == ["Porto"]  # Lisbon has ended by now
    assert not [r for r in lazy.search("Portto") if r.kind == "fact"]  # a typo: full text misses it
    assert lazy.catch_up_index() > 0 and lazy.index.pending_count() == 0
    assert [r.object for r in lazy.search("Portto") if r.kind == "fact"][:1] == ["Porto"]  # now dense finds it


def test_fusion_keeps_hits_of_either_list_and_favours_agreement(mem):
    seed(mem)
    mem.catch_up_index()
    hits = mem.search("Portto Postgres", k=10)  # "Portto" only the dense list can find, "Postgres" only full text
    texts = [r.text for r in hits]
    assert "Ana lives in Porto" in texts
    assert any("Postgres" in t for t in texts)
    fused = rrf([["a", "b"], ["b", "c"]])
    assert max(fused, key=fused.get) == "b"


def test_traversal_reaches_facts_two_hops_away_with_the_as_of_filter_on_every_hop(mem):
    seed(mem)
    mem.catch_up_index()
    no_dense = {"dense": 0.0}
    two_hops = search(mem.store, "default", "Ana", index=None, now=NOW, as_of=d(2019, 6), weights=no_dense)
    assert "Bo works at Acme" in [r.text for r in two_hops]  # Ana → Acme → Bo
    one_hop = search(mem.store, "default", "Ana", index=None, now=NOW, as_of=d(2019, 6), weights=no_dense, depth=1)
    assert "Bo works at Acme" not in [r.text for r in one_hop]
    # Ana left Acme in 2020: today the Ana → Acme edge is not crossed, so Bo is not reached
    today = search(mem.store, "default", "Ana", index=None, now=NOW, weights=no_dense)
    assert "Bo works at Acme" not in [r.text for r in today]


def test_as_of_and_times_named_in_the_query_narrow_the_window(mem):
    seed(mem)
    mem.catch_up_index()
    facts = lambda hits: [r.object for r in hits if r.kind == "fact" and r.predicate == "LIVES_IN"]  # noqa: E731
    assert facts(mem.search("where does Ana live")) == ["Porto"]
    assert facts(mem.search("where does Ana live", as_of=d(2020))) == ["Lisbon"]
    assert facts(mem.search("where did Ana live in 2020")) == ["Lisbon"]
    assert set(facts(mem.search("where did Ana live in 2023"))) == {"Lisbon", "Porto"}
    assert facts(mem.search("where did Ana live in March 2022")) == ["Lisbon"]
    # turns are filtered to those said by as_of
    assert not [r for r in mem.search("Porto rent", as_of=d(2023, 3, 1)) if r.kind == "turn"]
    assert [r.id for r in mem.search("Porto rent", as_of=d(2023, 4, 1)) if r.kind == "turn"][:1] == ["s1:2"]


def test_known_at_sees_what_was_believed_then(mem):
    mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"}],
                     recorded_at=d(2020))
    mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}],
                     recorded_at=d(2023, 6))
    past = mem.search("where does Ana live", known_at=d(2021))
    assert [(r.object, r.valid_to) for r in past] == [("Lisbon", None)]
    assert [r.object for r in mem.search("where does Ana live")] == ["Porto"]


def test_recency_decay_is_per_predicate(mem):
    mem.import_facts([
        {"subject": "Ana", "predicate": "LIKES", "object": "jazz", "valid_from": "2010-01-01", "statement": "Ana likes jazz music"},
        {"subject": "Ana", "predicate": "LIKES", "object": "techno", "valid_from": "2024-01-01", "statement": "Ana likes techno music"},
    ])
    order = [r.object for r in mem.search("Ana likes music")]
    assert order[:2] == ["techno", "jazz"]
    # diversity off: the final score is then the decayed relevance itself
    decayed = {r.object: r.score for r in search(mem.store, "default", "Ana likes music", index=None, now=NOW,
                                                 diversity=0.0)}
    flat = {r.object: r.score for r in search(mem.store, "default", "Ana likes music", index=None, now=NOW,
                                              decay={"LIKES": 0.0}, diversity=0.0)}
    years = (NOW - d(2010)).days / 365  # LIKES halves every year by default
    assert decayed["jazz"] / flat["jazz"] == pytest.approx(0.5 ** years)
    assert decayed["techno"] / flat["techno"] == pytest.approx(0.5 ** ((NOW - d(2024)).days / 365))


def test_context_groups_dated_facts_then_turns_within_the_budget(mem):
    seed(mem)
    text = mem.context("Ana Porto Postgres")
    lines = text.splitlines()
    assert lines[0] == "Facts as of 2024-06-01:"
    assert "- Ana lives in Porto (2023-05-01 → now)" in lines
    assert "Conversation:" in lines and lines.index("Conversation:") > lines.index("- Ana lives in Porto (2023-05-01 → now)")
    # the turn shows the time it speaks about ("in May", said in March: last May) beside when it was said
    assert any(line.startswith("- [2022-05-01 → 2022-05-31 (in May), said 2023-03-12] Ana: ") for line in lines)
    assert text == mem.context("Ana Porto Postgres")  # stable
    small = mem.context("Ana Porto Postgres", max_tokens=20)
    assert estimate_tokens(small) <= 20 + len(small.splitlines()) and len(small) < len(text)
    assert mem.context("zzzz qqqq") == ""
    assert "Lisbon" in context(mem.store, "default", "Ana", index=None, now=NOW, as_of=d(2020))


def test_memory_index_is_lazy_and_optional(tmp_path):
    with Memory.open(tmp_path / "a", clock=FixedClock(NOW), extractor=NoClaims(), embedder=None) as m:
        seed(m)
        assert m.index is None
        assert [r.object for r in m.search("Ana Porto") if r.kind == "fact"] == ["Porto"]
        assert m.index is None and m.catch_up_index() == 0
    with Memory.open(tmp_path / "b", clock=FixedClock(NOW), extractor=NoClaims(), embedder=HashingEmbedder(32)) as m:
        seed(m)
        assert m.index is None  # nothing is created before the first search
        m.search("Ana")
        assert isinstance(m.index, SideIndex) and (tmp_path / "b").exists()
        assert m.reindex() > 0
    assert (tmp_path / "b" / "index" / "default.hnsw").exists()


# -- the as-of property ---------------------------------------------------------------------
NAMES = ["Ana", "Bo", "Cy"]
PLACES = ["Lisbon", "Porto", "Paris", "Oslo"]
YEARS = st.integers(min_value=2000, max_value=2030)


@st.composite
def timelines(draw):
    rows = []
    for _ in range(draw(st.integers(1, 8))):
        start = draw(st.one_of(st.none(), YEARS))
        end = draw(st.one_of(st.none(), st.integers(min_value=(start or 1999) + 1, max_value=2031)))
        rows.append({"subject": draw(st.sampled_from(NAMES)),
                     "predicate": draw(st.sampled_from(["LIVES_IN", "LIKES", "WORKS_AT"])),
                     "object": draw(st.sampled_from(PLACES)),
                     "valid_from": f"{start}-01-01" if start else None,
                     "valid_to": f"{end}-07-01" if end else None,
                     "recorded": draw(st.integers(2000, 2030))})
    return rows


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rows=timelines(), t=st.datetimes(min_value=datetime(1999, 1, 1), max_value=datetime(2032, 1, 1),
                                        timezones=st.just(timezone.utc)),
       query=st.sampled_from(["Ana", "where does Bo live", "Cy likes Paris", "Lisbon Porto Oslo",
                              "who works at Paris in 2010", "Ana last May"]),
       known=st.one_of(st.none(), st.integers(2000, 2031)))
def test_search_and_facts_never_return_a_fact_invalid_at_as_of(rows, t, query, known):
    store = SqliteGraphStore(":memory:")
    mem = Memory(store, clock=FixedClock(d(2031, 6)), extractor=NoClaims(),
                 index=SideIndex(store, "default", embedder=HashingEmbedder(16)))
    for row in sorted(rows, key=lambda r: r["recorded"]):
        fields = {key: value for key, value in row.items() if key != "recorded"}
        mem.import_facts([fields], recorded_at=d(row["recorded"]))
    known_at = None if known is None else d(known, 3)
    hits = mem.search(query, as_of=t, known_at=known_at, k=20)
    event(f"facts returned: {min(len(hits), 3)}")
    for r in hits:
        assert r.kind == "fact"
        assert (r.valid_from is None or r.valid_from <= t) and (r.valid_to is None or t < r.valid_to), r
        if known_at is not None:
            assert r.recorded_at <= known_at and (r.expired_at is None or known_at < r.expired_at)
        else:
            assert r.expired_at is None
    for name in NAMES:
        for f in mem.facts(name, as_of=t, known_at=known_at):
            assert (f.valid_from is None or f.valid_from <= t) and (f.valid_to is None or t < f.valid_to)
    mem.close()


def test_every_hop_of_a_window_search_is_filtered(mem):
    seed(mem)
    hits = search(mem.store, "default", "Ana in 2019", index=None, now=NOW, weights={"dense": 0.0})
    window_start, window_end = d(2019), d(2020)
    for r in hits:
        if r.kind == "fact":
            assert (r.valid_from is None or r.valid_from < window_end) and (r.valid_to is None or r.valid_to > window_start)
    assert "Bo works at Acme" in [r.text for r in hits]  # via Acme, valid for Ana in 2019
    assert search(mem.store, "default", "Ana", index=None, now=NOW, k=0) == []
    with pytest.raises(Exception, match="required"):
        search(mem.store, "default", "  ", index=None, now=NOW)
    assert timedelta(0) == timedelta(0)


def test_symmetric_facts_come_once(mem):
    mem.import_facts([{"subject": "Ana", "predicate": "MARRIED_TO", "object": "Bo", "valid_from": "2015-06-01"}])
    assert len(list(mem.store.iter_facts("default"))) == 2  # stored both ways
    hits = [r for r in mem.search("Ana married Bo") if r.kind == "fact"]
    assert len(hits) == 1 and {hits[0].subject, hits[0].object} == {"Ana", "Bo"}


def test_auto_embedder_is_created_lazily_and_loads_nothing_until_needed(tmp_path):
    from chronomem.graph.embedders import installed_minilm

    with Memory.open(tmp_path / "auto", clock=FixedClock(NOW), extractor=NoClaims()) as m:
        seed(m)
        assert m.index is None
        index = m._side_index()
        if installed_minilm() is None:
            assert index is None  # full-text search only
            assert m.search("Ana Porto")
            return
        assert isinstance(index.embedder, type(installed_minilm()))
        assert not index.embedder._loaded and index.embedder.threads == 1
        assert index.path == tmp_path / "auto" / "index" / "default.hnsw"


def test_an_uncertain_fact_ranks_below_a_sure_one_of_the_same_relevance():
    from chronomem.extract.parse.importer import batches_from_records

    store, t = SqliteGraphStore(":memory:"), datetime(2024, 6, 1, tzinfo=timezone.utc)
    rows = [{"subject": "Ana", "predicate": "LIKES", "object": "jazz", "valid_from": "2020-01-01", "confidence": 0.2},
            {"subject": "Ana", "predicate": "LIKES", "object": "blues", "valid_from": "2020-01-01", "confidence": 1.0}]
    for batch in batches_from_records(rows, group_id="default", vocabulary=store.vocabulary, said_at=t):
        store.write(batch, recorded_at=t)
    ranked = [r.text for r in search(store, "default", "does Ana like jazz", index=None, now=t)]
    # the text matches the jazz fact better, but it was a guess (confidence 0.2): the sure fact comes first
    assert ranked.index("Ana likes blues") < ranked.index("Ana likes jazz")


def test_scores_are_final_and_in_order(mem):
    seed(mem)
    hits = mem.search("Ana Porto Lisbon Acme", k=10)
    assert len(hits) >= 3
    scores = [r.score for r in hits]
    assert scores == sorted(scores, reverse=True)
    assert [h.to_json()["score"] for h in hits] == [round(s, 6) for s in scores]

