"""Episodes know what became of their facts: a turn whose facts in the asked slot were all
superseded ranks below what holds instead, and says so (search, JSON, context); the asked
slot's facts come first. Run on every backend."""

from __future__ import annotations

import pytest
from query_helpers import NoClaims, d, session

from chronomem import FixedClock, Memory
from chronomem.graph.embedders import HashingEmbedder
from chronomem.graph.side_index import SideIndex
from chronomem.query.slots import implied_predicates, supersessions
from chronomem.schema import CORE_VOCABULARY
from chronomem.schema.models import Fact

NOW = d(2025, 1)




@pytest.fixture
def mem(store):
    index = SideIndex(store, store.test_group, embedder=HashingEmbedder(256), path=None)
    m = Memory(store, group=store.test_group, clock=FixedClock(NOW), extractor=NoClaims(), index=index)
    m.ingest([session("s1", d(2022, 3, 1), ("Alice", "I just started a new job at Stripe, so excited to work there!"),
                      ("Bob", "Congrats Alice, where is the office?")),
              session("s2", d(2024, 5, 10), ("Alice", "Big news: I left Stripe and joined Adyen this month."),
                      ("Bob", "Wow, nice.")),
              session("s3", d(2024, 6, 10), ("Alice", "I moved to Amsterdam last week, I work from home a lot."),
                      ("Bob", "Cool."))])
    m.import_facts([{"subject": "Alice", "predicate": "WORKS_AT", "object": "Stripe", "valid_from": "2022-03-01",
                     "sources": ["s1:1"]}], recorded_at=d(2022, 3, 1))
    m.import_facts([{"subject": "Alice", "predicate": "WORKS_AT", "object": "Adyen", "valid_from": "2024-05",
                     "sources": ["s2:1"]},
                    {"subject": "Alice", "predicate": "LIVES_IN", "object": "Amsterdam", "valid_from": "2024-06-03",
                     "sources": ["s3:1"]}], recorded_at=d(2024, 6, 10))
    return m


def _rank(hits, pred):
    return next(n for n, h in enumerate(hits) if pred(h))


def test_a_superseded_turn_ranks_below_what_holds_instead_and_says_so(mem):
    hits = mem.search("where does Alice work", k=8)
    assert hits[0].kind == "fact" and hits[0].text == "Alice works at Adyen"  # the asked slot first
    old = _rank(hits, lambda h: h.id == "s1:1")
    assert _rank(hits, lambda h: h.id == "s2:1") < old
    stale = hits[old]
    assert stale.status == "superseded" and stale.superseded_by is not None
    assert stale.superseded_by.statement == "Alice works at Adyen" and stale.superseded_by.since == d(2024, 5)
    assert stale.superseded_by.text() == "later: Alice works at Adyen since 2024-05-01"
    data = stale.to_json()
    assert data["status"] == "superseded" and data["superseded_by"]["statement"] == "Alice works at Adyen"
    assert all(h.superseded_by is None for h in hits if h.id != "s1:1")  # nor the turn telling the change


def test_as_of_before_the_change_the_old_turn_is_not_stale(mem):
    hits = mem.search("where did Alice work", as_of="2023-06-01", k=5)
    assert hits[0].text == "Alice works at Stripe"
    assert all(h.superseded_by is None for h in hits)


def test_known_at_before_the_change_was_recorded_the_old_turn_is_not_stale(mem):
    hits = mem.search("where does Alice work", known_at="2023-06-01", k=5)
    assert all(h.superseded_by is None for h in hits)
    assert hits[0].text == "Alice works at Stripe"


def test_context_never_lists_a_superseded_turn_unmarked(mem):
    block = mem.context("where does Alice work")
    stripe = [line for line in block.splitlines() if "Stripe, so excited" in line]
    assert stripe and all("(later: Alice works at Adyen since 2024-05-01)" in line for line in stripe)


def test_implied_predicates_come_from_the_cue_table():
    assert implied_predicates("Where is Ana living now?") == {"LIVES_IN"}
    assert "REPORTS_TO" in implied_predicates("who is Bo's manager")
    assert "USES" in implied_predicates("what database do they use for billing")


def _fact(i, pred, obj, start, end=None):
    return Fact(id=i, subject_id="ana", predicate=pred, object_id=obj, valid_from=start, valid_to=end,
                recorded_at=d(2020), sources=[])


def test_a_many_value_is_replaced_only_by_one_that_took_over_when_it_ended():
    jenkins = _fact("j", "USES", "jenkins", d(2020), d(2023, 3))
    actions = _fact("a", "USES", "actions", d(2023, 3, 15))
    postgres = _fact("p", "USES", "postgres", d(2019))
    assert supersessions([jenkins, actions, postgres], at=d(2024), vocabulary=CORE_VOCABULARY) == {"j": actions}
    assert supersessions([jenkins, postgres], at=d(2024), vocabulary=CORE_VOCABULARY) == {}
    lisbon, porto = _fact("l", "LIVES_IN", "lisbon", d(2019), d(2023)), _fact("p2", "LIVES_IN", "porto", d(2023))
    assert supersessions([lisbon, porto], at=d(2024), vocabulary=CORE_VOCABULARY) == {"l": porto}
    assert supersessions([lisbon, porto], at=d(2022), vocabulary=CORE_VOCABULARY) == {}


def test_supersessions_of_a_long_history_take_linear_time():
    """A person who moved every three days for 33 years: every past home points at today's, without
    comparing each home with every other (4,000 homes took about ten seconds, and each search paid it)."""
    from datetime import timedelta

    start = d(1985)
    homes = [_fact(f"h{i}", "LIVES_IN", f"town{i}", start + timedelta(days=3 * i), start + timedelta(days=3 * i + 3))
             for i in range(4_000)]
    now = _fact("now", "LIVES_IN", "here", start + timedelta(days=12_000))
    import time

    began = time.process_time()
    got = supersessions([*homes, now], at=d(2024, 6), vocabulary=CORE_VOCABULARY)
    assert time.process_time() - began < 1.0
    assert len(got) == 4_000 and all(f is now for f in got.values())


def test_since_is_written_at_the_precision_known():
    from chronomem.query.slots import SupersededBy

    by = SupersededBy(fact_id="f", statement="Alice works at Adyen", since=d(2024, 5), since_precision="month")
    assert by.text() == "later: Alice works at Adyen since 2024-05"
    assert SupersededBy(fact_id="f", statement="x", since=d(2024, 5), since_precision="year").since_text() == "2024"
    assert SupersededBy(fact_id="f", statement="x").text() == "later: x"


def test_a_question_about_the_past_marks_old_episodes_but_keeps_their_rank(mem):
    now = {h.id: n for n, h in enumerate(mem.search("where does Alice work", k=8))}
    before = mem.search("where did Alice work before", k=8)
    old = next(h for h in before if h.id == "s1:1")
    assert old.superseded_by is not None and old.status is None
    assert before.index(old) < now["s1:1"]
