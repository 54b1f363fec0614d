"""The DialogRE benchmark's scoring, on tiny dialogues and extraction results written for these tests."""

from __future__ import annotations

import functools
import json
from datetime import datetime, timezone

import pytest

from bench import dialogre_bench as D
from chronomem.schema.models import Claim, Entity, ExtractionResult

T = datetime(2020, 1, 1, tzinfo=timezone.utc)


def rel(x, y, *labels, xt="PER", yt="PER"):
    return {"x": x, "y": y, "r": list(labels), "t": [""] * len(labels), "x_type": xt, "y_type": yt}


def R(subject, predicate, obj):
    """An extracted relation between entities called ``subject`` and ``obj`` (a tuple: name and aliases)."""
    s = subject if isinstance(subject, tuple) else (subject,)
    o = obj if isinstance(obj, tuple) else (obj,)
    return D.Relation(s, predicate, o)


def one(relations, extracted):
    return D.score([D.gold_for(relations)], [extracted])


# ---------------------------------------------------------------- sessions
def test_lines_become_turns_a_second_apart():
    s = D.to_session(3, ["Speaker 1: Did the parcel come?", "Speaker 2:It did.", "Speaker 1, Speaker 2: Great!",
                         "Speaker 12: "])
    assert s.session_id == "dialogre-0003" and s.group_id == "dialogre" and s.started_at == D.STARTED_AT
    assert [(t.speaker, t.text) for t in s.turns] == [
        ("Speaker 1", "Did the parcel come?"), ("Speaker 2", "It did."), ("Speaker 1, Speaker 2", "Great!"),
        ("Speaker 12", "")]
    assert [(t.at - s.started_at).total_seconds() for t in s.turns] == [0, 1, 2, 3]


# ---------------------------------------------------------------- directions
@pytest.mark.parametrize("label,predicate", [
    ("per:parents", "PARENT_OF"), ("per:subordinate", "REPORTS_TO"), ("gpe:residents_of_place", "LIVES_IN"),
    ("org:employees_or_members", "WORKS_AT"), ("org:employees_or_members", "MEMBER_OF"), ("org:students", "STUDIES_AT"),
])
def test_inverse_labels_are_found_only_the_other_way_round(label, predicate):
    gold = [rel("Quill", "Speaker 1", label)]  # the label's x is the predicate's object
    right = one(gold, [R("Speaker 1", predicate, "Quill")])
    assert (right.found_items, right.gold_items, right.right, right.on_annotated) == (1, 1, 1, 1)
    wrong = one(gold, [R("Quill", predicate, "Speaker 1")])
    assert (wrong.found_items, wrong.right, wrong.on_annotated) == (0, 0, 1)


@pytest.mark.parametrize("label,predicate", [
    ("per:children", "PARENT_OF"), ("per:boss", "REPORTS_TO"), ("per:place_of_residence", "LIVES_IN"),
    ("per:place_of_work", "WORKS_AT"), ("per:title", "HAS_ROLE"), ("per:pet", "HAS_PET"),
    ("per:schools_attended", "STUDIES_AT"), ("per:positive_impression", "LIKES"),
    ("per:negative_impression", "DISLIKES"),
])
def test_forward_labels_keep_their_direction(label, predicate):
    gold = [rel("Speaker 1", "Quill", label)]
    assert one(gold, [R("Speaker 1", predicate, "Quill")]).found_items == 1
    assert one(gold, [R("Quill", predicate, "Speaker 1")]).found_items == 0


def test_a_label_and_its_inverse_are_one_gold_item():
    s = one([rel("Speaker 2", "Wren", "per:parents"), rel("Wren", "Speaker 2", "per:children")],
            [R("Wren", "PARENT_OF", "Speaker 2")])
    assert (s.gold_items, s.found_items) == (1, 1)
    assert s.gold == {"per:parents": 1, "per:children": 1} and s.annotated == {"per:parents": 1, "per:children": 1}


# ---------------------------------------------------------------- symmetric predicates
@pytest.mark.parametrize("label,predicate", [
    ("per:friends", "FRIEND_OF"), ("per:siblings", "SIBLING_OF"), ("per:spouse", "MARRIED_TO"),
    ("per:girl/boyfriend", "PARTNER_OF"), ("per:girl/boyfriend", "ENGAGED_TO"), ("per:girl/boyfriend", "MARRIED_TO"),
])
def test_symmetric_relations_match_either_way_and_count_once(label, predicate):
    gold = [rel("Speaker 1", "Speaker 2", label), rel("Speaker 2", "Speaker 1", label)]
    for ext in (R("Speaker 1", predicate, "Speaker 2"), R("Speaker 2", predicate, "Speaker 1")):
        s = one(gold, [ext])
        assert (s.gold_items, s.found_items, s.right, s.on_annotated) == (1, 1, 1, 1)
    assert sum(D.gold_for(gold).annotated.values()) == 2


def test_accepted_predicates_per_label():
    assert one([rel("Speaker 1", "Speaker 2", "per:spouse")], [R("Speaker 1", "PARTNER_OF", "Speaker 2")]).found_items == 0
    assert one([rel("Speaker 1", "Speaker 2", "per:friends")], [R("Speaker 1", "LIKES", "Speaker 2")]).found_items == 0
    gold = [rel("Speaker 3", "Harbor Dental", "per:employee_or_member_of", yt="ORG")]
    assert one(gold, [R("Speaker 3", "MEMBER_OF", "Harbor Dental")]).found_items == 1
    assert one(gold, [R("Speaker 3", "WORKS_AT", "Harbor Dental")]).found_items == 1
    assert one(gold, [R("Speaker 3", "LIKES", "Harbor Dental")]).found_items == 0


def test_unmapped_labels_make_no_gold_items():
    g = D.gold_for([rel("Speaker 1", "Speaker 2", "per:roommate"), rel("Speaker 1", "Pike", "unanswerable")])
    assert g.items == {} and len(g.pairs) == 2 and not g.annotated


# ---------------------------------------------------------------- names
def test_alternate_names_join_a_speaker_and_a_name_for_scoring():
    gold = [rel("Speaker 2", "Odile Marsh", "per:alternate_names"), rel("Speaker 2", "Speaker 4", "per:siblings")]
    g = D.gold_for(gold)
    assert ("Speaker 2", "Odile Marsh") in g.classes
    for name in ("Odile Marsh", "odile marsh", "Odile", "Speaker 2"):
        assert one(gold, [R(name, "SIBLING_OF", "Speaker 4")]).found_items == 1, name
    for name in ("Marsh", "Odile Fenn", "Speaker 22", "Speaker"):
        assert one(gold, [R(name, "SIBLING_OF", "Speaker 4")]).found_items == 0, name


def test_an_entity_alias_can_carry_the_match():
    gold = [rel("Speaker 1", "Lisbon", "per:place_of_residence", yt="GPE")]
    assert one(gold, [R("Speaker 1", "LIVES_IN", ("Lisboa", "Lisbon"))]).found_items == 1
    assert one(gold, [R("Speaker 1", "LIVES_IN", ("Lisboa",))]).found_items == 0


def test_names_without_an_alternate_names_label_stay_apart_unless_one_names_the_other():
    g = D.gold_for([rel("Speaker 1", "Pim", "per:friends"), rel("Pim Adler", "Speaker 3", "per:friends"),
                    rel("Speaker 3", "pal", "per:alternate_names", yt="STRING")])
    assert ("Pim", "Pim Adler") in g.classes  # a first name and the full name: one person
    assert ("Speaker 3",) in g.classes and ("pal",) in g.classes  # a nickname that is not a name is not merged
    assert len(g.items) == 2


def test_strings_match_exactly_up_to_case_and_articles():
    gold = [rel("Speaker 1", "night nurse", "per:title", yt="STRING")]
    assert one(gold, [R("Speaker 1", "HAS_ROLE", "the Night Nurse")]).found_items == 1
    assert one(gold, [R("Speaker 1", "HAS_ROLE", "nurse")]).found_items == 0
    assert one(gold, [R("Speaker 1", "HAS_ROLE", "night")]).found_items == 0


# ---------------------------------------------------------------- precision
def test_precision_counts_only_pairs_the_annotators_labelled():
    gold = [rel("Speaker 1", "Speaker 2", "per:friends"), rel("Speaker 1", "Speaker 3", "per:roommate"),
            rel("Speaker 2", "Fennel", "unanswerable")]
    s = one(gold, [
        R("Speaker 1", "FRIEND_OF", "Speaker 2"),  # right
        R("Speaker 3", "SIBLING_OF", "Speaker 1"),  # labelled pair (roommate, unmapped), either order: wrong
        R("Speaker 2", "LIKES", "Fennel"),  # labelled unanswerable: wrong
        R("Speaker 2", "FRIEND_OF", "Speaker 3"),  # both annotated arguments, pair never labelled: unknown
        R("Speaker 3", "LIVES_IN", "Tromso"),  # an argument nobody annotated: unknown
        R("Speaker 1", "RELATED_TO", "Speaker 3"),  # open fact on a labelled pair: apart from precision
    ])
    assert (s.right, s.on_annotated, s.precision) == (1, 3, 1 / 3)
    assert (s.unannotated_pair, s.unknown_argument) == (1, 1)
    assert (s.extracted, s.open_extracted, s.open_on_annotated) == (5, 1, 1)
    assert s.wrong_by_predicate == {"SIBLING_OF": 1, "LIKES": 1}
    assert (s.found_items, s.gold_items, s.recall) == (1, 1, 1.0)


def test_dialogues_are_scored_apart():
    golds = [D.gold_for([rel("Speaker 1", "Speaker 2", "per:siblings")]),
             D.gold_for([rel("Speaker 1", "Speaker 3", "per:friends")])]
    # a true relation of dialogue 0 said in dialogue 1 finds nothing there
    s = D.score(golds, [[], [R("Speaker 1", "SIBLING_OF", "Speaker 2")]])
    assert (s.found_items, s.gold_items, s.on_annotated, s.unknown_argument) == (0, 2, 0, 1)
    with pytest.raises(ValueError):
        D.score(golds, [[]])


# ---------------------------------------------------------------- extraction results
def _claim(kind, s, p, o, **kw):
    return Claim(kind=kind, subject_id=s, predicate=p, object_id=o, said_at=T, **kw)


def test_extracted_relations_take_assert_correct_and_end_once_each():
    ents = [Entity(id="a", name="Speaker 1"), Entity(id="b", name="Tova", aliases=["Tovah"]), Entity(id="c", name="Bram"),
            Entity(id="d", name="Kiln Works", type="ORG")]
    claims = [_claim("assert", "a", "PARTNER_OF", "b"), _claim("end", "a", "PARTNER_OF", "b"),
              _claim("correct", "a", "WORKS_AT", "d", replaces_object_id="c"), _claim("retract", "a", "FRIEND_OF", "c"),
              _claim("assert", "a", "FRIEND_OF", "a")]
    rels = D.extracted_relations(ExtractionResult(entities=ents, claims=claims))
    assert rels == [R("Speaker 1", "PARTNER_OF", ("Tova", "Tovah")), R("Speaker 1", "WORKS_AT", "Kiln Works")]


class StubExtractor:
    """Yields hand-made results by dialogue index, and records the sessions it was given."""

    def __init__(self, results):
        self.results, self.seen = results, []

    def extract_many(self, sessions):
        for i, session in enumerate(sessions):
            self.seen.append(session)
            yield session, self.results.get(i, ExtractionResult())


DIALOGUES = [
    (["Speaker 1: My brother Ames is visiting.", "Speaker 2: Say hi to Ames for me."],
     [rel("Speaker 1", "Ames", "per:siblings"), rel("Ames", "Speaker 1", "per:siblings")]),
    (["Speaker 1: Lena and I broke up.", "Speaker 2: Sorry, Joss."],
     [rel("Speaker 1", "Joss", "per:alternate_names"), rel("Speaker 1", "Lena", "per:girl/boyfriend")]),
]


def test_run_extracts_every_dialogue_and_scores_it():
    result = ExtractionResult(entities=[Entity(id="j", name="Joss"), Entity(id="l", name="Lena")],
                              claims=[_claim("end", "l", "PARTNER_OF", "j")])
    stub = StubExtractor({1: result})
    r = D.run(DIALOGUES, stub)
    assert [s.session_id for s in stub.seen] == ["dialogre-0000", "dialogre-0001"]
    assert r.turns == 4 and r.model == ""
    assert (r.score.gold_items, r.score.found_items, r.score.right, r.score.on_annotated) == (2, 1, 1, 1)
    rows = D.recall_rows(r.score)
    assert rows[-1] == {"relation": "all mapped (unique items)", "chronomem": "", "annotated": 3, "gold items": 2,
                        "found": 1, "recall %": 50.0}
    assert {row["relation"]: row["recall %"] for row in rows[:-1]} == {"per:girl/boyfriend": 100.0, "per:siblings": 0.0}
    summary = {row["measure"]: row["value"] for row in D.summary_rows(r.score, turns=r.turns, seconds=2.0, load_seconds=0)}
    assert summary["precision on annotated pairs (right / on annotated pairs)"] == "100.0% (1 / 1)"


def test_run_refuses_results_out_of_order():
    class Shuffled(StubExtractor):
        def extract_many(self, sessions):
            yield from ((s, ExtractionResult()) for s in reversed(list(sessions)))

    with pytest.raises(RuntimeError):
        D.run(DIALOGUES, Shuffled({}))


# ---------------------------------------------------------------- main
def test_main_skips_cleanly_without_data(tmp_path, monkeypatch, capsys):
    def no_write(*a, **k):
        raise AssertionError("nothing must be written without data")

    monkeypatch.setattr(D, "write_result", no_write)
    monkeypatch.delenv("CI", raising=False)
    assert D.main(["--data", str(tmp_path / "absent"), "--quick"]) == 0
    assert "skipped" in capsys.readouterr().err
    monkeypatch.setenv("CI", "1")
    assert D.main(["--data", str(tmp_path / "absent")]) == 2


def test_main_writes_the_quick_result(tmp_path, monkeypatch):
    import chronomem.extract.extractor as extractor_module

    (tmp_path / "dev.json").write_text(json.dumps(DIALOGUES), encoding="utf-8")
    monkeypatch.setattr(extractor_module, "SpacyRuleExtractor", lambda: StubExtractor({}))
    monkeypatch.setattr(D, "write_result", functools.partial(D.write_result, results_dir=tmp_path / "out"))
    assert D.main(["--data", str(tmp_path), "--quick"]) == 0
    saved = json.loads((tmp_path / "out" / "dialogre_quick.json").read_text())
    assert saved["meta"]["dialogues"] == 2 and saved["meta"]["summary"]["gold_items"] == 2
    assert "--quick" in (tmp_path / "out" / "dialogre_quick.md").read_text()


def test_main_train_split_reads_train_json_and_writes_its_own_result(tmp_path, monkeypatch):
    import chronomem.extract.extractor as extractor_module

    (tmp_path / "train.json").write_text(json.dumps(DIALOGUES[:1]), encoding="utf-8")
    (tmp_path / "dev.json").write_text(json.dumps(DIALOGUES), encoding="utf-8")
    monkeypatch.setattr(extractor_module, "SpacyRuleExtractor", lambda: StubExtractor({}))
    monkeypatch.setattr(D, "write_result", functools.partial(D.write_result, results_dir=tmp_path / "out"))
    assert D.main(["--split", "train", "--data", str(tmp_path), "--quick"]) == 0
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["dialogre_train_quick.json", "dialogre_train_quick.md"]
    saved = json.loads((tmp_path / "out" / "dialogre_train_quick.json").read_text())
    assert (saved["meta"]["split"], saved["meta"]["untouched"], saved["meta"]["dialogues"]) == ("train", True, 1)
    assert "--split train --quick" in saved["meta"]["command"]
    assert D.main(["--split", "train", "--data", str(tmp_path)]) == 0
    assert (tmp_path / "out" / "dialogre_train.md").exists() and not (tmp_path / "out" / "dialogre.md").exists()


def test_main_refuses_misses_of_the_untouched_train_split(tmp_path, monkeypatch, capsys):
    def no_run(*a, **k):
        raise AssertionError("an untouched split must not even be extracted when its misses are asked for")

    (tmp_path / "train.json").write_text(json.dumps(DIALOGUES), encoding="utf-8")
    monkeypatch.setattr(D, "run", no_run)
    misses = tmp_path / "misses.txt"
    assert D.main(["--split", "train", "--data", str(tmp_path), "--misses", str(misses)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "untouched" in err[0] and "--misses" in err[0]
    assert not misses.exists()


def test_main_dev_split_still_writes_misses(tmp_path, monkeypatch):
    import chronomem.extract.extractor as extractor_module

    (tmp_path / "dev.json").write_text(json.dumps(DIALOGUES), encoding="utf-8")
    monkeypatch.setattr(extractor_module, "SpacyRuleExtractor", lambda: StubExtractor({}))
    monkeypatch.setattr(D, "write_result", functools.partial(D.write_result, results_dir=tmp_path / "out"))
    assert D.main(["--data", str(tmp_path), "--quick", "--misses", str(tmp_path / "m.txt")]) == 0
    assert (tmp_path / "m.txt").read_text().count("missed\t") == 2
