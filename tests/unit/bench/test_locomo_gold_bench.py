"""The LoCoMo gold benchmark's scoring and its tuning / set-aside split, on conversations written for these tests."""

from __future__ import annotations

import functools
import json
from datetime import datetime, timezone

import pytest

from bench import locomo_gold_bench as G
from chronomem.schema.models import Claim, Entity, ExtractionResult, Source

T = datetime(2023, 5, 8, tzinfo=timezone.utc)


# ---------------------------------------------------------------- matching
def test_objects_need_most_content_words_both_ways():
    assert G.objects_match("ceramics classes", "ceramics")
    assert G.objects_match("old red kayak", "red kayak")
    assert not G.objects_match("kayak", "red kayak trip on the lake")
    assert not G.objects_match("the", "the")  # no content word at all
    assert G.objects_match("Biscuit", "parrot", ["Biscuit"])


def test_subjects_first_names_and_possessives():
    assert G.same_entity("Orla", "Orla Byrne") and G.same_entity("ORLA", "orla")
    assert not G.same_entity("Orla Byrne", "Orla Kane")
    assert G.same_entity("Orla's brother", "orla's brother") and not G.same_entity("Orla's brother", "Orla")


def test_open_predicate_and_symmetric_triples():
    gold = G.Triple("D2:4", "Orla", "FRIEND_OF", "Pia")
    assert G.triples_match(G.Triple("D2:4", "Pia", "FRIEND_OF", "Orla"), gold)
    assert G.triples_match(G.Triple("D2:4", "Orla", "RELATED_TO", "Pia"), gold)
    assert G.triples_match(G.Triple("D2:4", "Pia", "RELATED_TO", "Orla"), gold)  # the gold predicate is symmetric
    assert not G.triples_match(G.Triple("D2:4", "Cork", "RELATED_TO", "Orla"), G.Triple("D2:4", "Orla", "LIVES_IN", "Cork"))
    assert not G.triples_match(G.Triple("D2:4", "Orla", "SIBLING_OF", "Pia"), gold)


def test_score_precision_counts_events_recall_only_durable_facts():
    gold = [G.Triple("D1:1", "Orla", "LIVES_IN", "Cork", valid_from="2022-03-01"),
            G.Triple("D1:1", "Orla", "LIKES", "kite surfing"),
            G.Triple("D1:2", "Orla", "RELATED_TO", "charity run", relation="ran", kind="event")]
    s = G.score([G.Triple("D1:1", "Orla", "LIVES_IN", "Cork", valid_from="2022-03-15"),
                 G.Triple("D1:2", "Orla", "RELATED_TO", "charity run"),  # an event: right, not required
                 G.Triple("D1:2", "Orla", "LIKES", "Wow")], gold)
    assert (s.correct, s.extracted, s.found_durable, s.gold_durable) == (2, 3, 1, 2)
    assert (s.time_given, s.time_right, s.exact_predicate) == (1, 1, 1)
    assert [t.object for t in s.wrong] == ["Wow"] and [t.object for t in s.missed] == ["kite surfing"]
    assert dict(s.per_predicate) == {"LIVES_IN": [1, 1], "LIKES": [0, 1]}


def test_merge_adds_every_count():
    a = G.score([G.Triple("t", "A", "OWNS", "van")], [G.Triple("t", "A", "OWNS", "van")])
    b = G.score([], [G.Triple("u", "B", "OWNS", "boat"), G.Triple("u", "B", "HAS_PET", "hen")])
    m = G.merge([a, b])
    assert {k: getattr(m, k) for k in G.COUNTS} == {
        "extracted": 1, "correct": 1, "gold_durable": 3, "found_durable": 1, "exact_predicate": 1, "time_given": 0,
        "time_right": 0}
    assert dict(m.per_predicate) == {"OWNS": [1, 2], "HAS_PET": [0, 1]} and len(m.missed) == 2
    assert G.merge([]).extracted == 0


def test_junk_names():
    lower = {"brilliant"}
    assert G.is_junk_name("Hiya Orla", lower) and G.is_junk_name("They", lower) and G.is_junk_name("Brilliant", lower)
    assert not G.is_junk_name("Orla", lower) and not G.is_junk_name("Brilliant Corners", lower)


# ---------------------------------------------------------------- run on a tiny corpus
def _conversation(sample_id, a, b, lines):
    turns = [{"speaker": a if i % 2 == 0 else b, "dia_id": f"D1:{i + 1}", "text": text} for i, text in enumerate(lines)]
    return {"sample_id": sample_id, "conversation": {"speaker_a": a, "speaker_b": b, "session_1": turns,
                                                     "session_1_date_time": "10:00 am on 8 May, 2023"}}


SAMPLES = [
    _conversation("conv-x", "Orla", "Pia", ["I moved to Cork last spring.", "Nice! I still keep bees.", "Wow, bees!"]),
    _conversation("conv-y", "Ruth", "Sam", ["My sister Ada lives in Leeds.", "I drive a green van now."]),
]
GOLD = {
    "conv-x": [("D1:1", "Orla", "LIVES_IN", "Cork"), ("D1:2", "Pia", "OWNS", "bees")],
    "conv-y": [("D1:1", "Ada", "LIVES_IN", "Leeds"), ("D1:2", "Sam", "OWNS", "green van")],
}
# What the stub "extracts", by turn: conv-x one right and one wrong; conv-y one right, one junk name.
EXTRACTED = {
    "conv-x": [("D1:1", "Orla", "LIVES_IN", "Cork"), ("D1:3", "Orla", "LIKES", "bee sting")],
    "conv-y": [("D1:2", "Sam", "OWNS", "green van"), ("D1:2", "Sam", "RELATED_TO", "Now")],
}


class StubExtractor:
    def extract_many(self, sessions):
        for session in sessions:
            conv = session.group_id
            ents: dict[str, Entity] = {}
            claims = []
            for turn, s, p, o in EXTRACTED[conv]:
                for name in (s, o):
                    ents.setdefault(name, Entity(id=f"e{len(ents)}", name=name))
                claims.append(Claim(kind="assert", subject_id=ents[s].id, predicate=p, object_id=ents[o].id, said_at=T,
                                    sources=[Source(session_id=session.session_id,
                                                    turn_id=f"{session.session_id}:{turn}")]))
            yield session, ExtractionResult(entities=list(ents.values()), claims=claims)


@pytest.fixture
def corpus(tmp_path):
    data, gold = tmp_path / "data", tmp_path / "gold"
    data.mkdir()
    gold.mkdir()
    (data / "locomo_dev.json").write_text(json.dumps(SAMPLES))
    for conv, facts in GOLD.items():
        (gold / f"{conv}.json").write_text(json.dumps({"conversation": conv, "sessions": [1, 1], "facts": [
            {"turn": t, "subject": s, "predicate": p, "object": o} for t, s, p, o in facts]}))
    return data, gold


def test_rows_total_the_tuning_and_set_aside_parts_apart(corpus):
    data, gold = corpus
    parts, lowercase, _ = G.run(data, gold, quick=False, set_aside=("conv-y",), extractor=StubExtractor())
    assert [(p.conversation, p.set_aside) for p in parts] == [("conv-x", False), ("conv-y", True)]
    rows = {r["conversation"]: r for r in G.table_rows(parts, lowercase)}
    assert list(rows) == ["conv-x", "conv-y", "tuning", "set-aside", "all"]
    assert (rows["conv-x"]["set"], rows["conv-y"]["set"], rows["all"]["set"]) == ("tuning", "set-aside", "total")
    assert (rows["tuning"]["precision %"], rows["tuning"]["recall %"], rows["tuning"]["turns"]) == (50.0, 50.0, 3)
    assert (rows["set-aside"]["precision %"], rows["set-aside"]["recall %"]) == (50.0, 50.0)
    assert rows["set-aside"]["junk entities %"] == 33.3  # "Now" of Sam, green van, Now: written "now" in the text
    assert (rows["all"]["extracted"], rows["all"]["gold durable"], rows["all"]["facts/100 turns"]) == (4, 4, 80.0)
    block = G.block_summary([p for p in parts if p.set_aside], lowercase)
    assert block["conversations"] == ["conv-y"] and block["recall %"] == 50.0
    assert block["per_predicate"] == {"LIVES_IN": {"found": 0, "gold": 1, "recall": 0.0},
                                      "OWNS": {"found": 1, "gold": 1, "recall": 1.0}}


def test_without_a_set_aside_part_there_is_no_set_aside_row(corpus):
    data, gold = corpus
    parts, lowercase, _ = G.run(data, gold, quick=False, set_aside=(), extractor=StubExtractor())
    assert [r["conversation"] for r in G.table_rows(parts, lowercase)][-2:] == ["tuning", "all"]
    assert G.block_summary([], lowercase) == {"conversations": []}


def test_an_unknown_set_aside_conversation_is_refused(corpus):
    data, gold = corpus
    with pytest.raises(SystemExit, match="conv-z"):
        G.run(data, gold, quick=False, set_aside=("conv-z",), extractor=StubExtractor())


def test_misses_hold_the_tuning_conversations_only(corpus, tmp_path):
    data, gold = corpus
    parts, _, _ = G.run(data, gold, quick=False, set_aside=("conv-y",), extractor=StubExtractor())
    path = tmp_path / "misses.txt"
    G.write_misses(path, parts)
    header, *lines = path.read_text().splitlines()
    assert header.startswith("#") and "tuning conversations only (conv-x)" in header and "(conv-y)" in header
    assert lines == ["wrong  conv-x D1:3\tOrla | LIKES  | bee sting", "missed conv-x D1:2\tPia | OWNS  | bees"]
    assert "Leeds" not in path.read_text() and "Now" not in path.read_text()


def test_main_writes_tuning_and_set_aside_blocks(corpus, tmp_path, monkeypatch):
    data, gold = corpus
    import chronomem.extract as extract_package

    monkeypatch.setattr(extract_package, "SpacyRuleExtractor", StubExtractor)
    monkeypatch.setattr(G, "write_result", functools.partial(G.write_result, results_dir=tmp_path / "out"))
    misses = tmp_path / "m.txt"
    assert G.main(["--data", str(data), "--gold", str(gold), "--set-aside", "conv-y", "--misses", str(misses)]) == 0
    saved = json.loads((tmp_path / "out" / "locomo_gold.json").read_text())
    meta = saved["meta"]
    assert meta["tuning"]["conversations"] == ["conv-x"] and meta["set_aside"]["conversations"] == ["conv-y"]
    assert meta["set_aside_conversations"] == ["conv-y"] and "--set-aside 'conv-y'" in meta["command"]
    assert [r["conversation"] for r in saved["rows"]][-3:] == ["tuning", "set-aside", "all"]
    md = (tmp_path / "out" / "locomo_gold.md").read_text()
    assert "tuning recall %" in md and "set-aside recall %" in md
    assert "conv-y" not in misses.read_text().split("\n", 1)[1]
