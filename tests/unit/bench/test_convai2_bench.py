"""The ConvAI2 persona benchmark's parsing and scoring, on persona lines written for these tests."""

from __future__ import annotations

import functools
import json
from datetime import datetime, timezone

import pytest

from bench import convai2_bench as C
from chronomem.schema.models import Claim, Entity, ExtractionResult, Source

T = datetime(2020, 1, 1, tzinfo=timezone.utc)

# Two dialogues in the data's layout: persona lines (tab, triples), then numbered turns.
FILE_LINES = [
    "partner's persona: i fix bicycles for a living .\t['i', 'has_profession', 'bicycle mechanic']",
    "partner's persona: i keep three hens .\t['i', 'have_pet', 'hens']",
    "your persona: my favorite snack is salted plums .\t['i', 'favorite_food', 'salted plums']",
    "your persona: i am afraid of heights .\t['i', 'other', 'heights']",
    "your persona: i live in quebec and hate snow .\t['i', 'live_in_citystatecountry', 'quebec']\t['i', 'dislike', 'snow']",
    "1\thow are you today ?",
    "2\ti live in quebec\t['i', 'live_in_citystatecountry', 'quebec']",
    "your persona: my brother rides a scooter .\t['my brother', 'have_vehicle', 'scooter']",
    "partner's persona: i sail on weekends .\t['i', 'like_activity', 'sailing']",
    "1\thi !",
]


def test_parse_groups_persona_lines_into_dialogues_and_skips_turns():
    dialogues = C.parse(FILE_LINES)
    assert [len(d) for d in dialogues] == [5, 2]
    assert [line.role for line in dialogues[0]] == ["b", "b", "a", "a", "a"]
    assert dialogues[0][4].triples == (("i", "live_in_citystatecountry", "quebec"), ("i", "dislike", "snow"))
    assert dialogues[0][4].text == "i live in quebec and hate snow ."


def test_parse_tolerates_blank_lines_and_bad_triples():
    d = C.parse(["your persona: i paint .\tnot a triple\t['i', 'like_activity']", "", "your persona: i bake .", "1\tyo"])
    assert len(d) == 1 and [line.triples for line in d[0]] == [(), ()]


def test_sessions_have_two_speakers_per_dialogue_and_differ_across_dialogues():
    d = C.parse(FILE_LINES)
    s0, s1 = C.to_session(0, d[0]), C.to_session(1, d[1])
    assert {t.speaker for t in s0.turns} == {"d0-a", "d0-b"} and {t.speaker for t in s1.turns} == {"d1-a", "d1-b"}
    assert [t.text for t in s0.turns][:1] == ["i fix bicycles for a living ."]
    assert s0.group_id == "convai2" and s0.session_id != s1.session_id


@pytest.mark.parametrize("relation,group", [
    ("live_in_citystatecountry", "LIVES_IN"), ("employed_by_company", "WORKS_AT"), ("has_profession", "HAS_ROLE"),
    ("have_pet", "HAS_PET"), ("attend_school", "STUDIES_AT"), ("member_of", "MEMBER_OF"), ("own", "OWNS"),
    ("have_vehicle", "OWNS"), ("dislike", "DISLIKES"), ("like_drink", "LIKES"), ("favorite_color", "LIKES"),
    ("live_in_general", None), ("employed_by_general", None), ("has_hobby", None), ("other", None), ("favorite", None),
])
def test_the_readme_mapping(relation, group):
    assert C.relation_group(relation) == group


def test_gold_needs_subject_i_a_mapped_relation_and_every_object_word_in_the_line():
    d = C.parse(FILE_LINES)
    golds = [C.line_gold(0, n, line) for n, line in enumerate(d[0])]
    assert golds[0] == ([], 1)  # "bicycle mechanic": "mechanic" is not in the line
    assert golds[1][0] == [C.Gold(1, "d0-b", "HAS_PET", "have_pet", "hens")]
    assert [g.group for g in golds[4][0]] == ["LIVES_IN", "DISLIKES"]
    assert golds[3] == ([], 0)  # unmapped relation
    d1 = [C.line_gold(1, n, line) for n, line in enumerate(d[1])]
    assert d1 == [([], 0), ([], 1)]  # "my brother" is not "i"; "sailing" is not in "i sail on weekends"


def F(line, subject, predicate, obj):
    return C.Fact(line, (subject,) if isinstance(subject, str) else subject, predicate,
                  (obj,) if isinstance(obj, str) else obj)


def test_matching_speaker_predicate_and_a_shared_content_word():
    g = C.Gold(2, "d0-a", "LIKES", "favorite_food", "salted plums")
    assert C.fact_matches(F(2, "d0-a", "LIKES", "plums"), g)
    assert C.fact_matches(F(2, "d0-a", "PREFERS", "salted plum"), g)
    assert C.fact_matches(F(2, "d0-a", "LIKES", ("snack", "plum snack")), g)  # an alias carries it
    assert not C.fact_matches(F(2, "d0-b", "LIKES", "plums"), g)  # the other speaker
    assert not C.fact_matches(F(2, "d0-a", "OWNS", "plums"), g)
    assert not C.fact_matches(F(2, "d0-a", "LIKES", "my snack"), g)
    assert not C.fact_matches(F(2, "d0-a", "RELATED_TO", "plums"), g)


def test_score_recall_from_any_line_precision_on_lines_with_gold_only():
    d = C.parse(FILE_LINES)
    facts = [[F(1, "d0-b", "HAS_PET", "hens"),  # right
              F(2, "d0-a", "LIKES", "salted plums"),  # right
              F(2, "d0-a", "RELATED_TO", "snack"),  # wrong, other predicates
              F(3, "d0-a", "DISLIKES", "heights"),  # line without gold: not judged
              F(None, "d0-a", "DISLIKES", "snow"),  # no source line: finds its triple, not judged
              F(4, "d0-b", "LIVES_IN", "quebec")],  # the wrong speaker: wrong
             [F(0, "d1-a", "OWNS", "scooter")]]  # no gold in dialogue 1: not judged
    s = C.score(d, facts)
    assert (s.dialogues, s.lines, s.lines_with_gold, s.facts, s.dropped) == (2, 7, 3, 7, 2)
    assert dict(s.gold) == {"HAS_PET": 1, "LIKES": 1, "LIVES_IN": 1, "DISLIKES": 1}
    assert dict(s.found) == {"HAS_PET": 1, "LIKES": 1, "LIVES_IN": 0, "DISLIKES": 1}
    assert dict(s.judged) == {"HAS_PET": 1, "LIKES": 1, C.OTHER: 1, "LIVES_IN": 1}
    assert sum(s.right.values()) == 2 and s.right[C.OTHER] == 0
    assert (s.recall, s.precision) == (0.75, 0.5)
    assert s.found_same_line == 2  # the DISLIKES fact has no source line
    rows = {r["group"]: r for r in C.group_rows(s)}
    assert rows["all"]["recall %"] == 75.0 and rows["all"]["precision %"] == 50.0
    assert rows["OWNS"]["gold"] == 0 and rows["OWNS"]["recall %"] == "" and rows[C.OTHER]["precision %"] == 0.0
    assert rows["LIKES"]["Dialogue NLI relations"] == "like_*, favorite_*"
    with pytest.raises(ValueError):
        C.score(d, facts[:1])


def test_facts_take_current_claims_by_source_line():
    session = C.to_session(0, C.parse(FILE_LINES)[0])
    ents = [Entity(id="s", name="d0-b"), Entity(id="h", name="hens"), Entity(id="m", name="mechanic")]

    def claim(kind, obj, turn, **kw):
        return Claim(kind=kind, subject_id="s", predicate="HAS_PET", object_id=obj, said_at=T,
                     sources=[Source(session_id=session.session_id, turn_id=session.turns[turn].id)], **kw)

    result = ExtractionResult(entities=ents, claims=[
        claim("assert", "h", 1), claim("assert", "h", 1), claim("assert", "h", 0), claim("end", "m", 0),
        claim("retract", "m", 1), claim("correct", "h", 2, replaces_object_id="m")])
    assert C.facts_of(result, session) == [F(1, "d0-b", "HAS_PET", "hens"), F(0, "d0-b", "HAS_PET", "hens"),
                                           F(2, "d0-b", "HAS_PET", "hens")]


class StubExtractor:
    """Says that the speaker of every line with "hens" keeps hens, and records what it was given."""

    def __init__(self):
        self.seen = []

    def extract_many(self, sessions):
        for session in sessions:
            self.seen.append(session)
            ents, claims = {}, []
            for turn in session.turns:
                if "hens" in turn.text:
                    ents[turn.speaker] = Entity(id=turn.speaker, name=turn.speaker)
                    ents["hens"] = Entity(id="hens", name="hens")
                    claims.append(Claim(kind="assert", subject_id=turn.speaker, predicate="HAS_PET", object_id="hens",
                                        said_at=T, sources=[Source(session_id=session.session_id, turn_id=turn.id)]))
            yield session, ExtractionResult(entities=list(ents.values()), claims=claims)


def test_main_writes_aggregates_only(tmp_path, monkeypatch):
    import chronomem.extract.extractor as extractor_module

    (tmp_path / "valid.txt").write_text("\n".join(FILE_LINES) + "\n", encoding="utf-8")
    stub = StubExtractor()
    monkeypatch.setattr(extractor_module, "SpacyRuleExtractor", lambda: stub)
    monkeypatch.setattr(C, "write_result", functools.partial(C.write_result, results_dir=tmp_path / "out"))
    assert C.main(["--data", str(tmp_path), "--quick"]) == 0
    assert [s.session_id for s in stub.seen] == ["convai2-0000", "convai2-0001"]
    saved = json.loads((tmp_path / "out" / "convai2_quick.json").read_text())
    summary = saved["meta"]["summary"]
    assert (summary["gold"], summary["found"], summary["judged"], summary["right"]) == (4, 1, 1, 1)
    assert saved["meta"]["untouched"] is True and saved["meta"]["lines"] == 7
    written = (tmp_path / "out" / "convai2_quick.md").read_text() + json.dumps(saved)
    for text in ("quebec", "plums", "bicycle", "hens"):  # no line, triple or fact is written, only counts
        assert text not in written


def test_main_has_no_misses_option_and_skips_without_data(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit):
        C.main(["--misses", str(tmp_path / "m.txt")])
    monkeypatch.delenv("CI", raising=False)
    assert C.main(["--data", str(tmp_path / "absent")]) == 0
    assert "not found" in capsys.readouterr().err
    monkeypatch.setenv("CI", "1")
    assert C.main(["--data", str(tmp_path / "absent")]) == 2
