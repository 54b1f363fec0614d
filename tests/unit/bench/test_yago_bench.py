"""The YAGO11k benchmark's reading, timeline selection and scoring, on a tiny stand-in dataset."""

from __future__ import annotations

from collections import Counter

import pytest

from bench import yago_bench as Y
from bench.temporal.scorer import run, score

ENTITIES = ["<Ann_Lee>", "<Bob_Ray>", "<Acme_Corp>", "<Beta_Inc>", "<Cara_Diaz>", "<FC_Red>",
            "<Spain_national_football_team>", "<Dan_Fox_(footballer)>"]
RELATIONS = {0: "<wasBornIn>", 1: "<worksAt>", 2: "<playsFor>", 4: "<isMarriedTo>"}
FACTS = [
    "0\t1\t2\t2001\t2005",        # Ann worksAt Acme 2001-2005
    "0\t1\t3\t2007_03\tNone",     # Ann worksAt Beta since March 2007 (a gap before)
    "0\t4\t1\t1999\tNone",        # Ann married Bob 1999, no end given
    "1\t4\t0\t1999\tNone",        # the same marriage the other way round: a duplicate
    "4\t4\t1\t2010_06_12\tNone",  # Cara married Bob 2010: closes Ann for Bob
    "7\t2\t5\t2000\t2004",        # Dan playsFor FC Red 2000-2004
    "7\t2\t6\t2001\tNone",        # and for Spain from 2001: overlaps FC Red
    "7\t1\t3\t-100\tNone",        # a BC date: dropped
    "0\t0\t2\t1980_05_01\t1980_05_01",  # another relation: ignored
]


@pytest.fixture
def data(tmp_path):
    (tmp_path / "entities.dict").write_text("".join(f"{i}\t{n}\n" for i, n in enumerate(ENTITIES)), encoding="utf-8")
    (tmp_path / "relations.dict").write_text("".join(f"{i}\t{n}\n" for i, n in RELATIONS.items()), encoding="utf-8")
    (tmp_path / "temporal").write_text("\n".join(FACTS) + "\n", encoding="utf-8")
    return tmp_path


def test_reading_parses_dates_and_drops_bad_rows(data):
    stats = Counter()
    rows = Y.read_rows(data, stats)
    assert {r.subject for r in rows} == {"Ann Lee", "Cara Diaz", "Dan Fox"}
    assert stats["isMarriedTo: dropped, duplicate"] == 1
    assert stats["worksAt: dropped, unreadable or BC date"] == 1
    beta = next(r for r in rows if r.object == "Beta Inc")
    assert (beta.start.day.isoformat(), beta.start.precision) == ("2007-03-01", "month")


def test_one_cardinality_leaves_out_overlapping_timelines(data):
    stats = Counter()
    core, closes = Y.select(Y.read_rows(data, stats), "core", stats)
    assert not any(r.subject == "Dan Fox" for r in core)
    assert stats["overlapping timelines: WORKS_AT (playsFor)"] == 1
    assert len(closes) == 1  # Bob's marriage to Ann closed by his marriage to Cara
    custom, _ = Y.select(Y.read_rows(data, Counter()), "custom", Counter())
    assert sum(r.subject == "Dan Fox" for r in custom) == 2  # PLAYS_FOR is many: both kept


@pytest.mark.parametrize("vocab", ["core", "custom"])
def test_oracle_and_import_answer_every_probe(data, vocab):
    rows, closes = Y.select(Y.read_rows(data, Counter()), vocab, Counter())
    bench = Y.build(rows, vocab, seed=1, closes=closes)
    cats = {p.category for p in bench.probes}
    assert {"past", "current", "abstain_before", "abstain_gap"} <= cats
    vocabulary = Y.vocabulary_for(vocab)
    for result in (run(bench, mode="oracle", vocabulary=vocabulary), score(bench, Y.import_memory(bench, vocabulary))):
        failed = [(a.probe.subject, a.probe.as_of, sorted(a.probe.expected), sorted(a.got)) for a in result.answers
                  if not a.correct]
        assert not failed


def test_main_writes_a_table(data, tmp_path, monkeypatch):
    import bench._report as report

    monkeypatch.setattr(report, "RESULTS_DIR", tmp_path)
    assert Y.main(["--data", str(data), "--mode", "import"]) == 0
    assert "overall" in (tmp_path / "yago_import.md").read_text()
