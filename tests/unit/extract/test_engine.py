"""The pass table: every pass a row, merged as the row says (own sentences, fake passes)."""

from __future__ import annotations

import pytest

from chronomem.extract.clauses.records import ENTITY, SPEAKER, Arg, Rel, When
from chronomem.extract.rules import engine
from chronomem.extract.rules.engine import PASSES, Pass, sentence_kind, sentence_relations, table_passes


def _rel(predicate: str, obj: str) -> Rel:
    return Rel(predicate, Arg(SPEAKER, 0), Arg(ENTITY, 1, obj), When())


def _pass(name: str, merge: str, *rels: Rel, kinds=("stated",)) -> Pass:
    return Pass(name, lambda sent, idx: list(rels), kinds=frozenset(kinds), merge=merge)


@pytest.fixture(scope="module")
def nlp():
    from chronomem.extract import SpacyRuleExtractor

    return SpacyRuleExtractor().nlp


def test_every_row_names_a_handler_and_the_clause_reading_is_one_of_them():
    assert {p.name for p in PASSES} >= {"clauses", "appositions", "naming", "titles"}
    assert all(callable(p.handler) for p in PASSES)
    with pytest.raises(ValueError, match="no such handler"):
        table_passes([{"name": "ghost", "handler": "people.no_such_pass"}])
    with pytest.raises(ValueError, match="kinds"):
        table_passes([{"name": "odd", "handler": "people.people_rels", "kinds": ["shouted"]}])
    with pytest.raises(ValueError, match="merge"):
        table_passes([{"name": "odd", "handler": "people.people_rels", "merge": "somehow"}])


@pytest.mark.parametrize("text, kind", [
    ("I moved to Lisbon.", "stated"),
    ("Did you move to Lisbon?", "question"),
    ("If I moved to Lisbon I would surf.", "hypothetical"),
    ("We planned to move to Lisbon but decided against it.", "dropped"),
])
def test_a_sentence_is_read_for_its_kind_once(nlp, text, kind):
    assert sentence_kind(next(nlp(text).sents)) == kind


def test_merge_policies(nlp):
    sent = next(nlp("I adopted a cat.").sents)
    cat, dog, oven = _rel("HAS_PET", "cat"), _rel("HAS_PET", "dog"), _rel("OWNS", "oven")
    passes = [
        _pass("appos", "yield", cat, dog),            # "cat" is said by the clauses below: it yields
        _pass("clauses", "said", cat),
        _pass("unnamed", "unless_said", cat, oven),   # "cat" already said by the clauses: dropped
        _pass("late", "after", _rel("LIKES", "tea")),
        _pass("asked", "add", _rel("LIKES", "jazz"), kinds=("question",)),  # not read in a statement
    ]
    rels, hints = sentence_relations(sent, None, {}, passes)
    assert [(r.predicate, r.obj.name) for r in rels] == [("HAS_PET", "dog"), ("HAS_PET", "cat"), ("OWNS", "oven"),
                                                        ("LIKES", "tea")]
    assert hints == []


def test_a_question_states_nothing_so_nothing_yields(nlp):
    sent = next(nlp("Is Rex your dog?").sents)
    rex = _rel("HAS_PET", "Rex")
    rels, _ = sentence_relations(sent, None, {}, [_pass("appos", "yield", rex, kinds=("question",)),
                                                   _pass("asked", "add", rex, kinds=("question",))])
    assert len(rels) == 2


def test_a_gated_pass_runs_only_when_its_gate_passes(nlp):
    sent = next(nlp("I adopted a cat.").sents)
    gated = Pass("tie", lambda sent, idx: [_rel("FRIEND_OF", "Ana")], kinds=frozenset({"stated"}), gate="ties")
    assert sentence_relations(sent, None, {"ties": False}, [gated])[0] == []
    assert len(sentence_relations(sent, None, {"ties": True}, [gated])[0]) == 1
    assert set(engine.GATES) == {"ties"}
