"""SpacyRuleExtractor as a component: entities, mentions, ids, batching, robustness, determinism."""

from __future__ import annotations

import pickle
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from chronomem.schema import Claim, ExtractionResult, Session, Turn, entity_id
from tests.unit.extract.extract_helpers import TURN_AT, rows, session_of


def test_claim_fields(extractor):
    session = session_of("I joined Stripe two weeks ago.", session_id="s-fields", group_id="acme")
    result = extractor.extract(session)
    [claim] = result.claims
    assert isinstance(claim, Claim)
    assert claim.group_id == "acme"
    assert claim.subject_id == entity_id("acme", "user")
    assert claim.object_id == entity_id("acme", "Stripe")
    assert claim.statement == "user works at Stripe"
    assert claim.said_at == TURN_AT
    assert [(s.session_id, s.turn_id) for s in claim.sources] == [("s-fields", "s-fields:1")]
    assert 0 < claim.confidence <= 1


def test_entities_types_aliases_and_mentions(extractor):
    session = session_of("We upgraded Postgres from 13 to 14 over the weekend.", "My sister Emma lives in Zurich.",
                         "Priya leads the platform team.")
    result = extractor.extract(session)
    by_name = {e.name: e for e in result.entities}
    assert by_name["PostgreSQL 14"].type == "TOOL"
    assert "default" not in by_name  # "we" with no team named is the speaker, never the group id
    assert by_name["Emma"].type == "PERSON"
    assert by_name["Zurich"].type == "PLACE"
    assert by_name["platform team"].type == "GROUP"
    assert by_name["user"].type == "PERSON"
    assert all(e.id == entity_id("default", e.name) and e.group_id == "default" for e in result.entities)
    # every entity is mentioned, and every claim's entities are mentioned in the claim's turn
    mentioned = {(m.turn_id, m.entity_id) for m in result.mentions}
    assert {e.id for e in result.entities} == {eid for _, eid in mentioned}
    for claim in result.claims:
        turn = claim.sources[0].turn_id
        assert (turn, claim.subject_id) in mentioned and (turn, claim.object_id) in mentioned
    assert len(mentioned) == len(result.mentions)  # no duplicates


def test_gazetteer_aliases(extractor):
    result = extractor.extract(session_of("We use Postgres."))
    [pg] = [e for e in result.entities if e.name == "PostgreSQL"]
    assert {"Postgres", "PSQL"} <= set(pg.aliases)


def test_custom_gazetteer_entries():
    from chronomem.extract import SpacyRuleExtractor

    ex = SpacyRuleExtractor(gazetteer={"Acme Deployer": ["deployer", "acmed"]}, raise_errors=True)
    result = ex.extract(session_of("We switched to acmed last week."))
    assert rows(result) == [("user", "USES", "Acme Deployer", "assert", "2024-03-05", "week", False)]
    assert set(result.entities[[e.name for e in result.entities].index("Acme Deployer")].aliases) == {"deployer", "acmed"}


def test_first_person_is_the_speaker_and_we_is_the_named_team(extractor):
    session = session_of(("Sam", "I live in Lisbon."), ("Sam", "We use Redis."), metadata={"we": "Acme"})
    assert rows(extractor.extract(session)) == [
        ("Sam", "LIVES_IN", "Lisbon", "assert", "turn", "day", True),
        ("Acme", "USES", "Redis", "assert", "turn", "day", True),
    ]
    grouped = session_of("We use Redis.", group_id="team-7")
    assert rows(extractor.extract(grouped))[0][0] == "user"  # no team named: the speaker, never the group id


def test_we_without_a_named_team_is_the_speaker_never_the_group_id(extractor):
    session = session_of(("Noor", "We adopted a second kitten, Pickle, on Sunday."), ("Noor", "We're using Postgres now."),
                         group_id="household-3")
    result = extractor.extract(session)
    assert "household-3" not in {e.name for e in result.entities}
    assert {r[0] for r in rows(result)} == {"Noor"}


def test_assistant_turns_yield_mentions_but_no_claims(extractor):
    session = session_of(("user", "Hi!"), ("assistant", "I live in the cloud and I moved to Toronto last week."))
    result = extractor.extract(session)
    assert result.claims == []
    assert "Toronto" in {e.name for e in result.entities}
    assert "assistant" not in {e.name for e in result.entities}


def test_pronoun_never_resolves_to_the_speaker(extractor):
    session = session_of(("Emma", "I work at Google."), ("Emma", "She moved to Zurich in January."))
    assert rows(extractor.extract(session), session.turns[-1].id) == []


def test_pronoun_window(extractor):
    texts = ["My sister Emma lives in Zurich."] + ["ok"] * 5 + ["She moved to Bern in May."]
    session = session_of(*texts)
    assert rows(extractor.extract(session), session.turns[-1].id) == []


def test_pronoun_gender(extractor):
    session = session_of("My brother Tom and my sister Anna live in Oslo.", "She works at Spotify.", "He works at Stripe.")
    got = rows(extractor.extract(session))
    assert ("Anna", "WORKS_AT", "Spotify", "assert", "turn", "day", True) in got
    assert ("Tom", "WORKS_AT", "Stripe", "assert", "turn", "day", True) in got


def test_statement_and_switch_qualifiers(extractor):
    result = extractor.extract(session_of("We replaced Redis with Memcached for the session cache."))
    assert [(c.kind, c.statement, c.qualifiers) for c in result.claims] == [
        ("end", "user uses Redis", {"for": "session cache"}),
        ("assert", "user uses Memcached", {"for": "session cache"}),
    ]


def test_job_location_is_a_qualifier_and_a_weaker_lives_in(extractor):
    result = extractor.extract(session_of("My sister Emma just started a new job at Google in Zurich."))
    works = next(c for c in result.claims if c.predicate == "WORKS_AT")
    lives = next(c for c in result.claims if c.predicate == "LIVES_IN")
    assert works.qualifiers == {"location": "Zurich"}
    assert lives.confidence < works.confidence


def test_store_accepts_the_output(extractor, tmp_path):
    """Claims, entities and mentions go through a real store write, and the timeline comes out right."""
    from datetime import datetime, timezone

    from chronomem.graph import SqliteGraphStore
    from chronomem.graph.base import WriteBatch

    store = SqliteGraphStore(tmp_path / "m.sqlite")
    s1 = session_of("I live in Toronto.", "We upgraded Postgres from 13 to 14 over the weekend.", session_id="a")
    s2 = Session(session_id="b", started_at=datetime(2024, 6, 1, tzinfo=timezone.utc),
                 turns=[Turn(speaker="user", text="I moved to Vancouver last week.")])
    for session, result in extractor.extract_many([s1, s2]):
        store.write(WriteBatch(session.group_id, session=session, entities=result.entities, mentions=result.mentions,
                               claims=result.claims), recorded_at=session.started_at)
    from chronomem.query.temporal_queries import timeline

    def day(y, m, d):
        return datetime(y, m, d, tzinfo=timezone.utc)

    now = day(2024, 7, 1)
    lives = timeline(store, "default", "user", now=now, predicate="LIVES_IN")
    uses = timeline(store, "default", "user", now=now, predicate="USES")
    store.close()
    # Toronto from the first session until the move "last week" before 1 June; Vancouver since.
    assert [(f.object, f.status) for f in lives] == [("Toronto", "ended"), ("Vancouver", "current")]
    toronto, vancouver = lives
    assert toronto.valid_from == TURN_AT and vancouver.valid_to is None
    assert toronto.valid_to == vancouver.valid_from and day(2024, 5, 20) <= vancouver.valid_from < day(2024, 6, 1)
    # Postgres 13 until the upgrade over the weekend before the first session, 14 since.
    assert [(f.object, f.status) for f in uses] == [("PostgreSQL 13", "ended"), ("PostgreSQL 14", "current")]
    pg13, pg14 = uses
    assert pg13.valid_to == pg14.valid_from and day(2024, 3, 9) <= pg14.valid_from <= day(2024, 3, 10) and pg14.valid_to is None


def test_extract_many_keeps_input_order_and_matches_extract(extractor):
    sessions = [session_of("I live in Toronto.", session_id="a"), session_of(session_id="empty"),
                session_of("", "   ", session_id="blank"), session_of("We use Redis.", "I moved to Lisbon.", session_id="b")]
    out = list(extractor.extract_many(iter(sessions)))
    assert [s.session_id for s, _ in out] == ["a", "empty", "blank", "b"]
    assert out[1][1] == ExtractionResult() and out[2][1] == ExtractionResult()
    for session, result in out:
        assert result == extractor.extract(session)


def test_extract_many_small_batches(extractor):
    from chronomem.extract import SpacyRuleExtractor

    sessions = [session_of(f"I moved to Lisbon {w}.", "We use Redis.", session_id=f"s{k}")
                for k, w in enumerate(["last week", "yesterday", "in May", "in 2020"] * 3)]
    small = SpacyRuleExtractor(batch_size=3, raise_errors=True)
    assert list(small.extract_many(sessions)) == list(extractor.extract_many(sessions))


def test_deterministic(extractor):
    texts = ["My sister Emma just started a new job at Google in Zurich.", "She moved there in January.",
             "We upgraded Postgres from 13 to 14 over the weekend.", "I joined Plaid, not Stripe.", "I love hiking."]
    first = extractor.extract(session_of(*texts)).model_dump()
    for _ in range(3):
        assert extractor.extract(session_of(*texts)).model_dump() == first


ROBUST = [
    "", "   ", "...", "?!?!", "😀😀🎉", "- - -", "\n\n\n", "I", "I I I I", "my my my sister",
    "Ich wohne in Berlin und arbeite bei Siemens.", "我住在北京。", "Je vis à Paris depuis 2019.",
    "\x00\x01\x02 I live in Toronto \u200b", "a" * 100_000, "🙂" * 5000, "<html><body>I live in <b>Toronto</b></body></html>",
    "http://example.com/?q=I+moved+to+Berlin", "I moved to " + "very " * 3000 + "far away.",
]


@pytest.mark.parametrize("text", ROBUST, ids=[repr(t[:20]) + f"…{len(t)}" for t in ROBUST])
def test_robust_inputs(extractor, text):
    result = extractor.extract(session_of(text))
    assert isinstance(result, ExtractionResult)
    for entity in result.entities:
        assert "\x00" not in entity.name and entity.name == entity.name.strip()


def test_non_english_and_noise_yield_no_claims(extractor):
    for text in ["Ich wohne in Berlin.", "我住在北京。", "😀😀🎉", "?!?!", "", "- - -"]:
        assert extractor.extract(session_of(text)).claims == []


def test_control_characters_do_not_reach_names(extractor):
    assert rows(extractor.extract(session_of("\x00\x01\x02 I live in Toronto \u200b"))) == [
        ("user", "LIVES_IN", "Toronto", "assert", "turn", "day", True)]


def test_huge_turn_is_capped_and_fast(extractor):
    text = ("I moved to Vancouver last week. We use Postgres. " * 2200)[:100_000]
    start = time.perf_counter()
    result = extractor.extract(session_of(text))
    assert time.perf_counter() - start < 30
    assert sorted(c.statement for c in result.claims) == ["user lives in Vancouver", "user uses PostgreSQL"]


def test_chunks(extractor):
    assert extractor.chunks("") == [] and extractor.chunks(" \n ") == []
    assert extractor.chunks("I live in Toronto.") == ["I live in Toronto."]
    long = "I live in Toronto. " * 1000
    pieces = extractor.chunks(long)
    assert all(len(p) <= extractor.chunk_chars for p in pieces)
    assert sum(len(p) for p in pieces) <= extractor.max_turn_chars
    assert all(len(p) <= extractor.chunk_chars for p in extractor.chunks("x" * 50_000))


def test_lazy_import_does_not_load_spacy():
    code = ("import sys, chronomem, chronomem.extract, chronomem.memory; "
            "assert 'spacy' not in sys.modules, 'spacy imported'; "
            "from chronomem.extract import SpacyRuleExtractor; SpacyRuleExtractor(); "
            "assert 'spacy' not in sys.modules, 'spacy loaded before first use'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_unknown_attribute_of_extract_package():
    import chronomem.extract

    with pytest.raises(AttributeError):
        chronomem.extract.NoSuchThing


def test_components_are_registered_with_versioned_names(extractor):
    nlp = extractor.nlp
    assert nlp.pipe_names[-2:] == ["chronomem_gazetteer_v1", "chronomem_relations_v1"]
    analysis = nlp.analyze_pipes(pretty=False)
    assert "doc._.cm_rels" in analysis["summary"]["chronomem_relations_v1"]["assigns"]
    assert "doc._.cm_terms" in analysis["summary"]["chronomem_relations_v1"]["requires"]
    assert not analysis["problems"]["chronomem_relations_v1"]


def test_factory_is_picklable(extractor):
    factory = pickle.loads(pickle.dumps(extractor.factory()))
    twin = factory()
    assert twin.batch_size == extractor.batch_size and twin.skip_speakers == extractor.skip_speakers


def test_vocabulary_without_a_predicate_drops_its_claims():
    from chronomem.extract import SpacyRuleExtractor
    from chronomem.schema import CORE_PREDICATES, Vocabulary

    vocab = Vocabulary([p for p in CORE_PREDICATES if p.name != "LIVES_IN"])
    ex = SpacyRuleExtractor(vocabulary=vocab, raise_errors=True)
    assert rows(ex.extract(session_of("I live in Toronto and I work at Shopify."))) == [
        ("user", "WORKS_AT", "Shopify", "assert", "turn", "day", True)]


def test_bad_model_name_is_an_extraction_error():
    from chronomem.errors import ExtractionError
    from chronomem.extract import SpacyRuleExtractor

    ex = SpacyRuleExtractor(model="no_such_spacy_model_xyz")
    with pytest.raises(ExtractionError, match="pip install"):
        ex.extract(session_of("I live in Toronto."))


def test_rule_errors_are_contained(monkeypatch):
    """A failing rule costs that turn its facts, never the ingest (unless raise_errors)."""
    from chronomem.extract import SpacyRuleExtractor
    from chronomem.extract.rules import engine as sentences

    def boom(doc, idx):
        raise RuntimeError("rule bug")

    monkeypatch.setattr(sentences, "doc_relations", boom)
    lenient = SpacyRuleExtractor()
    assert lenient.extract(session_of("I live in Toronto.")).claims == []
    strict = SpacyRuleExtractor(raise_errors=True)
    with pytest.raises(RuntimeError, match="rule bug"):
        strict.extract(session_of("I live in Toronto."))


WORDS = ("I we my sister Emma she he there moved to joined left live in at Stripe Toronto Postgres from 13 14 "
         "last week not no longer used maybe if ? . , ! 😀 the platform team leads works as engineer named cat "
         "replaced with for since 2019 January today now just actually meant sorry").split()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(st.sampled_from(WORDS), min_size=0, max_size=14).map(" ".join), min_size=0, max_size=4))
def test_any_word_salad_is_safe_and_deterministic(extractor, texts):
    session = session_of(*texts)
    first = extractor.extract(session)
    assert first == extractor.extract(session)
    ids = {e.id for e in first.entities}
    for claim in first.claims:
        assert claim.subject_id in ids and claim.object_id in ids
        assert claim.kind != "correct" or claim.replaces_object_id in ids


def test_a_turn_that_fails_to_resolve_costs_only_its_own_facts(monkeypatch, caplog):
    """Without ``raise_errors`` a bug met while resolving one turn is logged and that turn yields no facts;
    the session's other turns and the sessions after it still do (a KeyError there once stopped a whole
    ``extract_many``). With ``raise_errors`` (the tests' extractor) it raises."""
    from chronomem.extract.extractor import SpacyRuleExtractor
    from chronomem.extract.resolution.session import SessionResolver

    real = SessionResolver.add_turn

    def flaky(self, turn_no, turn, docs):
        if "Lisbon" in turn.text:
            raise KeyError("boom")
        return real(self, turn_no, turn, docs)

    monkeypatch.setattr(SessionResolver, "add_turn", flaky)
    first = session_of("I live in Lisbon.", "I work at Globex.")
    second = Session(session_id="s2", started_at=TURN_AT, turns=[Turn(speaker="user", text="I work at Initech.", at=TURN_AT)])
    results = [r for _, r in SpacyRuleExtractor().extract_many([first, second])]
    assert [sorted(c.statement for c in r.claims) for r in results] == [["user works at Globex"], ["user works at Initech"]]
    assert "resolving turn" in caplog.text
    with pytest.raises(KeyError):
        SpacyRuleExtractor(raise_errors=True).extract(first)
