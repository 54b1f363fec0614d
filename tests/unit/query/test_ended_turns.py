"""What became of a turn's facts when nothing is known to replace them, and chains of
replacements: a turn whose facts in the asked slot all ended says so (search, JSON, context),
and a version replaced through a chain of versions (PostgreSQL 12 → 13 → 14) is superseded
by the one holding. Search tests run on every backend."""

from __future__ import annotations

import pytest
from query_helpers import d, memory, session

from chronomem.query.slots import ended_turns, supersessions
from chronomem.schema import CORE_VOCABULARY
from chronomem.schema.models import Fact, Source

NOW = d(2025, 1)


def _fact(i, obj, start, end=None, turn=None, pred="USES"):
    return Fact(id=i, subject_id="acme", predicate=pred, object_id=obj, valid_from=start, valid_to=end,
                recorded_at=d(2020), sources=[Source(session_id="s", turn_id=turn)] if turn else [])


def test_a_version_replaced_through_a_chain_is_superseded_by_the_one_holding():
    pg12 = _fact("12", "pg12", d(2019), d(2023, 4, 5))
    pg13 = _fact("13", "pg13", d(2023, 4, 5), d(2023, 8, 1))
    pg14 = _fact("14", "pg14", d(2023, 8, 1))
    got = supersessions([pg12, pg13, pg14], at=d(2024), vocabulary=CORE_VOCABULARY)
    assert got == {"12": pg14, "13": pg14}  # before: only 13 (12 ended long before 14 began)
    assert supersessions([pg12, pg13, pg14], at=d(2023, 6), vocabulary=CORE_VOCABULARY) == {"12": pg13}


def test_a_chain_through_an_unrelated_value_is_no_replacement():
    jenkins = _fact("j", "jenkins", d(2020), d(2021))
    postgres = _fact("p", "postgres", d(2022), d(2023))  # began a year after Jenkins ended
    redis = _fact("r", "redis", d(2023))
    assert supersessions([jenkins, postgres, redis], at=d(2024), vocabulary=CORE_VOCABULARY) == {"p": redis}


def test_ended_turns_are_those_whose_facts_all_ended_unreplaced():
    prom = _fact("prom", "prometheus", d(2020), d(2020, 9), turn="t1")
    relic = _fact("relic", "new relic", d(2021, 7), turn="t2")
    told = _fact("pg", "postgres", d(2019), turn="t3")
    both = _fact("sqs", "sqs", d(2019), d(2020), turn="t3")
    history = [prom, relic, told, both]
    replaced = supersessions(history, at=d(2024), vocabulary=CORE_VOCABULARY)
    assert replaced == {}  # New Relic began long after Prometheus ended: nothing took over
    assert ended_turns(history, replaced, at=d(2024), predicates=frozenset({"USES"})) == {"t1": prom}
    assert ended_turns(history, replaced, at=d(2020, 6), predicates=frozenset({"USES"})) == {}
    assert ended_turns(history, replaced, at=d(2024), predicates=frozenset({"LIVES_IN"})) == {}


@pytest.fixture
def mem(store):
    m = memory(store, NOW)
    m.ingest([session("s1", d(2021, 3, 1), ("Ana", "Two weeks ago I brought home a pet dog called Juniper."),
                      ("Bo", "Lovely.")),
              session("s2", d(2023, 5, 10), ("Ana", "I adopted a cat named Chewie last month."), ("Bo", "Cute."))])
    m.import_facts([{"subject": "Ana", "predicate": "HAS_PET", "object": "Juniper", "valid_from": "2021-02-15",
                     "valid_to": "2022-03", "sources": ["s1:1"]},
                    {"subject": "Ana", "predicate": "HAS_PET", "object": "Chewie", "valid_from": "2023-04",
                     "sources": ["s2:1"]}], recorded_at=d(2023, 5, 10))
    return m


def test_a_turn_whose_facts_ended_says_so_in_search_json_and_context(mem):
    hits = mem.search("What pet does Ana have?", k=6)
    old = next(h for h in hits if h.id == "s1:1")
    assert old.status == "ended" and old.superseded_by is None and old.ended is not None
    assert old.later() == "later: no longer true since 2022-03-01 (Ana has a pet Juniper)"
    data = old.to_json()
    assert data["status"] == "ended" and data["ended"]["statement"] == "Ana has a pet Juniper"
    assert all(h.ended is None for h in hits if h.id != "s1:1")
    assert "ended" not in next(h for h in hits if h.kind == "fact").to_json()
    juniper = [line for line in mem.context("What pet does Ana have?").splitlines() if "Juniper." in line]
    assert juniper and all("(later: no longer true since 2022-03-01 (Ana has a pet Juniper))" in x for x in juniper)


def test_as_of_before_the_end_the_turn_is_not_marked(mem):
    hits = mem.search("What pet does Ana have?", as_of="2021-06-01", k=6)
    assert any(h.id == "s1:1" for h in hits)
    assert all(h.ended is None and h.status is None for h in hits if h.kind == "turn")


def test_a_turn_about_the_slot_from_before_the_value_holding_says_what_holds_instead(store):
    """A turn that spoke about the asked slot before the holding value began, and sourced no fact
    (the extractor missed "promoted to data scientist"), is marked with what holds since."""
    m = memory(store, NOW)
    m.ingest([session("s1", d(2021, 4, 10), ("user", "I got promoted to data scientist, my new job title.")),
              session("s2", d(2022, 1, 15), ("user", "Yesterday I started as a product manager, new job title."),
                      ("Bo", "I got promoted to staff engineer, my job title changed."))])
    m.import_facts([{"subject": "user", "predicate": "HAS_ROLE", "object": "product manager",
                     "valid_from": "2022-01-14", "sources": ["s2:1"]}], recorded_at=d(2022, 1, 15))
    hits = {h.id: h for h in m.search("What is my job title?", k=8)}
    assert hits["s1:1"].later() == "later: user works as product manager since 2022-01-14"
    assert hits["s1:1"].status is None  # marked, not demoted: it sourced no fact
    assert hits["s2:1"].later() is None  # names the value holding
    assert "s2:2" not in hits or hits["s2:2"].later() is None  # another speaker's role
    before = {h.id: h for h in m.search("What is my job title?", as_of="2021-12-01", k=8)}
    assert before["s1:1"].later() is None


def test_a_sentence_said_again_is_no_further_evidence_of_who_i_am(store):
    m = memory(store, NOW)
    m.ingest([session(f"r{n}", d(2021, n, 1), ("Ryan", "My manager is Kevin.")) for n in (1, 2, 3)]
             + [session("u1", d(2022, 1, 1), ("user", "My manager is Pablo, I met my manager today.")),
                session("u2", d(2022, 2, 1), ("user", "My new manager Pablo runs the team."))])
    m.import_facts([{"subject": "Ryan", "predicate": "REPORTS_TO", "object": "Kevin", "valid_from": "2021-01-01",
                     "sources": ["r1:1"]},
                    {"subject": "user", "predicate": "REPORTS_TO", "object": "Pablo", "valid_from": "2022-01-01",
                     "sources": ["u1:1"]}], recorded_at=d(2022, 2, 1))
    hits = m.search("Who is my manager?", k=5)
    assert hits[0].text == "user reports to Pablo", hits


def test_a_question_asking_why_does_not_put_the_slot_facts_first(store):
    m = memory(store, NOW)
    m.ingest([session("s1", d(2023, 1, 1), ("Nate", "I like turtles as pets because turtles are calm and slow."))])
    m.import_facts([{"subject": "Nate", "predicate": "HAS_PET", "object": name, "valid_from": "2022-01-01"}
                    for name in ("Shelly", "Tank", "Max")], recorded_at=d(2023, 1, 1))
    assert m.search("Which pets does Nate have?", k=4)[0].kind == "fact"
    why = m.search("Why does Nate like turtles as pets?", k=4)
    assert why[0].id == "s1:1", why


def test_the_asker_is_found_below_many_better_matching_turns_by_others(store):
    """Short first-person questions match chit-chat best ("What's my role?" ~ "What's up?"): the
    asker's own turns can rank below the first twenty."""
    m = memory(store, NOW)
    m.ingest([session(f"a{n}", d(2022, 1, n + 1), ("assistant", f"What's the role of this, number {n}? What's up?"))
              for n in range(25)]
             + [session("u1", d(2023, 1, 1), ("user", "My role changed: I am now the product designer."))])
    m.import_facts([{"subject": "user", "predicate": "HAS_ROLE", "object": "product designer",
                     "valid_from": "2023-01-01", "sources": ["u1:1"]}], recorded_at=d(2023, 1, 1))
    assert m.search("What's my role?", k=5)[0].text == "user works as product designer"
