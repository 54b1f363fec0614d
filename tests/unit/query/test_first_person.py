"""First-person questions ("what is my job?"): which slot they ask about, whose it is, and that
the slot's facts stay first. Run on every backend."""

from __future__ import annotations

from query_helpers import NoClaims, d, session

from chronomem import FixedClock, Memory
from chronomem.graph.embedders import HashingEmbedder
from chronomem.graph.side_index import SideIndex
from chronomem.query.slots import implied_predicates

NOW = d(2025, 1)


def test_the_predicate_with_the_most_cues_is_the_one_asked_about():
    assert implied_predicates("What is my job title?") == {"HAS_ROLE"}  # "job" alone is both
    assert implied_predicates("What does Ana work as?") == {"HAS_ROLE"}  # "work" inside "work as" is no cue
    assert implied_predicates("What is Ana's job?") == {"HAS_ROLE", "WORKS_AT"}
    assert implied_predicates("Where does Ana live and work?") == {"LIVES_IN", "WORKS_AT"}


def _memory(store, turns, facts):
    index = SideIndex(store, store.test_group, embedder=HashingEmbedder(256), path=None)
    m = Memory(store, group=store.test_group, clock=FixedClock(NOW), extractor=NoClaims(), index=index)
    m.ingest([session(f"s{n}", d(2024, 1, n + 1), *lines) for n, lines in enumerate(turns, start=1)])
    m.import_facts(facts, recorded_at=d(2024, 3, 1))
    return m


def test_every_fact_of_the_asked_slot_stays_above_the_other_hits(store):
    """Two facts from one turn: MMR's penalty for a shared source must not push the second below
    turns that only share words with the question."""
    mem = _memory(store, [[("user", "I joined Zalando as a product manager.")],
                          [("user", "What is the job queue? The job queue job is my job.")],
                          [("user", "My job: a job, my job, the job board job.")]],
                  [{"subject": "user", "predicate": "WORKS_AT", "object": "Zalando", "valid_from": "2024-01-02",
                    "sources": ["s1:0"]},
                   {"subject": "user", "predicate": "HAS_ROLE", "object": "product manager",
                    "valid_from": "2024-01-02", "sources": ["s1:0"]}])
    hits = mem.search("What is my job?", k=5)
    assert {h.text for h in hits[:2]} == {"user works at Zalando", "user works as product manager"}, hits
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_i_is_whoever_says_i_about_it_not_whoever_talks_about_it_most(store):
    mem = _memory(store, [[("Kevin", "Who is the manager of Ryan? Ryan's manager is Nora, the manager of managers.")],
                          [("user", "My manager is Leo.")]],
                  [{"subject": "Kevin", "predicate": "REPORTS_TO", "object": "Nora", "valid_from": "2023-01-01"},
                   {"subject": "user", "predicate": "REPORTS_TO", "object": "Leo", "valid_from": "2024-01-03",
                    "sources": ["s2:0"]}])
    hits = mem.search("Who is my manager?", k=5)
    assert hits[0].text == "user reports to Leo", hits
