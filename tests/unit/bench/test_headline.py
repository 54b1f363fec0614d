"""The at-a-glance rows of issue #26's sets (tuning beside untouched), and the entries ``python -m bench all`` runs."""

from __future__ import annotations

import json

import pytest

import bench.__main__ as bench_main
from bench import _report
from bench.headline import headline_rows


def _write(d, name, meta, rows=()):
    (d / f"{name}.json").write_text(json.dumps({"meta": meta, "rows": list(rows)}))


def _block(convs, p, r, junk=1.0, turns=100):
    return {"conversations": convs, "turns": turns, "precision %": p, "recall %": r, "junk entities %": junk,
            "facts/100 turns": 20.0}


def _rows(d, source):
    return [(r["target"], r["measured"], r["goal"], r[""]) for r in headline_rows(d) if r["from"] == f"`{source}.json`"]


@pytest.mark.parametrize("aside,met", [((84.0, 47.5), "met"), ((79.9, 50.0), "MISSED"), ((88.0, 58.0), "MISSED")])
def test_locomo_gold_tuning_beside_set_aside(tmp_path, aside, met):
    _write(tmp_path, "locomo_gold", {"tuning": _block(["conv-1", "conv-2"], 88.0, 52.0),
                                     "set_aside": _block(["conv-9"], *aside, junk=2.0)})
    tuning, set_aside, junk = _rows(tmp_path, "locomo_gold")
    assert "tuning (conv-1, 2;" in tuning[0] and tuning[1].startswith("88.0% / 52.0%") and tuning[3] == "met"
    assert "set-aside (conv-9, untouched" in set_aside[0] and "vs tuning 88.0% / 52.0%" in set_aside[1]
    assert set_aside[3] == met
    assert junk[1:] == ("1.0% / 2.0%", "≤ 3%", "met")


def test_locomo_gold_without_a_set_aside_part_or_from_before_the_split(tmp_path):
    _write(tmp_path, "locomo_gold", {"tuning": _block(["conv-1"], 90.0, 40.0), "set_aside": {"conversations": []}})
    rows = _rows(tmp_path, "locomo_gold")
    assert [r[3] for r in rows] == ["MISSED", "met"] and rows[1][0] == "junk entities on real chat"
    _write(tmp_path, "locomo_gold", {}, [{"conversation": "all", "turns": 10, "precision %": 90.0, "recall %": 55.0,
                                          "facts/100 turns": 9.0, "junk entities %": 0.0}])
    assert [r[3] for r in _rows(tmp_path, "locomo_gold")] == ["met", "met"]


def test_dialogre_dev_and_train_rows_sit_together_with_their_own_bars(tmp_path):
    summary = {"recall_pct": 26.0, "precision_on_annotated_pct": 83.0}
    _write(tmp_path, "dialogre", {"summary": summary})
    _write(tmp_path, "dialogre_train", {"summary": summary})
    rows = headline_rows(tmp_path)
    names = [r["from"] for r in rows]
    assert names.index("`dialogre_train.json`") == names.index("`dialogre.json`") + 1
    assert [r[3] for r in _rows(tmp_path, "dialogre")] == ["met"]  # ≥ 25% / ≥ 80%
    (train,) = _rows(tmp_path, "dialogre_train")
    assert "untouched" in train[0] and train[2:] == ("≥ 25% / ≥ 85%", "MISSED")


def test_convai2_row(tmp_path):
    _write(tmp_path, "convai2", {"lines": 9000, "summary": {"recall_pct": 66.0, "precision_pct": 81.0,
                                                             "facts_per_line": 0.5}})
    (row,) = _rows(tmp_path, "convai2")
    assert "untouched, 9,000 lines" in row[0] and row[1:] == ("66.0% / 81.0% (0.50 facts per line)", "≥ 65% / ≥ 80%", "met")


def test_missing_results_are_listed_as_not_measured(tmp_path):
    labels = {r["target"] for r in headline_rows(tmp_path) if r["measured"] == "not measured"}
    assert {"DialogRE relations (train, untouched)", "ConvAI2 persona lines (untouched)"} <= labels


def test_all_runs_the_untouched_sets_with_their_own_arguments(monkeypatch):
    calls = []
    monkeypatch.setattr(bench_main, "run_module", lambda module, argv: calls.append((module, list(argv))) or ("ok", 0.0, ""))
    assert bench_main.run_all(["--quick"]) == 0
    assert ("dialogre_bench", ["--quick"]) in calls and ("dialogre_bench", ["--split", "train", "--quick"]) in calls
    assert ("convai2_bench", ["--quick"]) in calls and ("locomo_gold_bench", ["--quick"]) in calls
    assert all(bench_main._exists(module) for module, _ in calls)


def test_quick_untouched_sets_skip_cleanly_without_data(tmp_path, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    for entry in ("dialogre_bench --split train", "convai2_bench"):
        module, own = bench_main.split_entry(entry)
        assert bench_main.run_module(module, [*own, "--quick", "--data", str(tmp_path)])[0] == "skipped"
    assert _report.SKIPPED


def test_retention_row_shows_the_benchmarks_own_difference(tmp_path):
    """The recalls are rounded in the JSON; the difference is taken from the unrounded ones (71.44 - 64.85 = -6.59 would
    read -6.6 from 71.4 and 64.8, and the bar is judged on it)."""
    rows = [{"measure": "evidence R@10, overall (1-4)", "full store": 71.4, "compacted": 68.3, "difference (points)": -2.96},
            {"measure": "when-benchmark top-1 (%)", "full store": 77.0, "compacted": 75.0},
            {"measure": "search p50 (ms)", "full store": 18.0, "compacted": 17.0}]
    _write(tmp_path, "retention", {"turns_before": 100, "turns_after": 50, "keep": 0.5}, rows)
    recall = _rows(tmp_path, "retention")[0]
    assert "(-3.0 points)" in recall[1] and recall[3] == "met"  # 68.3 - 71.4 = -3.1 would miss


@pytest.mark.parametrize(("full", "capped", "met"), [(1700.0, 1650.5, "met"), (1687.9, 1714.9, "MISSED")])
def test_year_rows_judge_search_on_the_capped_store_against_the_full_one(tmp_path, full, capped, met):
    _write(tmp_path, "year", {"turns": 100_000, "cap": 20_000, "peak": 6_091, "same": True,
                              "search_latency_full": {"p50_ms": full}, "search_latency_capped": {"p50_ms": capped}})
    cap, search = _rows(tmp_path, "year")
    assert cap[3] == "met" and search[3] == met and f"{capped:,.1f} vs {full:,.1f} ms" == search[1]
