"""Benchmarks without their input skip outside CI and fail in it; quick results stay out of git."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

import bench.__main__ as bench_main
from bench import _report

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def results(tmp_path, monkeypatch):
    """bench/results and its quick folder, moved to tmp_path."""
    monkeypatch.setattr(_report, "RESULTS_DIR", tmp_path)
    monkeypatch.delenv(_report.QUICK_DIR_ENV, raising=False)
    return tmp_path


def test_data_missing_skips_outside_ci_and_fails_in_it(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)
    _report.SKIPPED.clear()
    assert _report.data_missing(tmp_path / "absent", "Some data") == 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Some data not found at" in err and "skipped" in err
    assert _report.SKIPPED == ["Some data not found"]
    monkeypatch.setenv("CI", "true")
    assert _report.data_missing(tmp_path / "absent", "Some data") == 2
    assert "CI is set" in capsys.readouterr().err


def test_quick_results_go_to_the_quick_folder(results, monkeypatch):
    _report.write_result("thing_quick", [{"a": 1}], command="x --quick")
    _report.write_result("thing", [{"a": 2}])
    assert sorted(p.name for p in results.iterdir()) == ["quick", "thing.json", "thing.md"]
    assert json.loads((results / "quick" / "thing_quick.json").read_text())["rows"] == [{"a": 1}]
    monkeypatch.setenv(_report.QUICK_DIR_ENV, str(results / "elsewhere"))
    _report.write_result("thing_quick", [{"a": 3}])
    assert (results / "elsewhere" / "thing_quick.md").exists()


def test_the_quick_folder_is_ignored_by_git():
    probe = "bench/results/quick/anything_quick.json"
    done = subprocess.run(["git", "check-ignore", "-q", probe], cwd=ROOT, check=False)
    assert done.returncode == 0, f"{probe} is not ignored: add bench/results/quick/ to .gitignore"
    tracked = subprocess.run(["git", "ls-files", "bench/results/*_quick*"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert not tracked


def _absent_data(module, tmp_path):
    return ["--quick", "--data", str(tmp_path / "absent")]


@pytest.mark.parametrize("module", ["yago_bench", "locomo_bench", "locomo_gold_bench", "dialogre_bench", "convai2_bench"])
def test_benchmarks_on_shared_data_skip_without_it(module, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("CI", raising=False)
    status, _, detail = bench_main.run_module(module, _absent_data(module, tmp_path))
    assert (status, detail.endswith("not found")) == ("skipped", True)
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not found at" in err[0]
    monkeypatch.setenv("CI", "1")
    assert bench_main.run_module(module, _absent_data(module, tmp_path))[0] == "failed"


def test_extract_speed_needs_locomo_in_ci(tmp_path, monkeypatch):
    from bench import extract_speed

    monkeypatch.setenv("CI", "1")
    assert extract_speed.main(_absent_data("extract_speed", tmp_path)) == 2


@pytest.mark.parametrize("module", ["embedder_bench", "hnsw_bench"])
def test_benchmarks_on_minilm_skip_without_its_weights(module, monkeypatch):
    from chronomem.graph.embedders import MiniLmEmbedder, OnnxMiniLmEmbedder

    for cls in (MiniLmEmbedder, OnnxMiniLmEmbedder):
        monkeypatch.setattr(cls, "available", classmethod(lambda cls, path=None: False))
    monkeypatch.delenv("CI", raising=False)
    assert bench_main.run_module(module, ["--quick"])[0] == "skipped"
    monkeypatch.setenv("CI", "1")
    assert bench_main.run_module(module, ["--quick"])[0] == "failed"


def test_published_tables_leave_quick_runs_out(tmp_path):
    for stem in ("scale", "scale_quick", "yago_quick", "temporal"):
        (tmp_path / f"{stem}.md").write_text(f"### {stem}\n")
    assert [f.stem for f in bench_main.result_files(tmp_path)] == ["temporal", "scale"]


def test_bench_main_doctests():
    """pytest's --doctest-modules skips __main__.py files: run its examples here."""
    import doctest

    result = doctest.testmod(bench_main)
    assert result.attempted >= 5 and not result.failed


def _section(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    return text[text.index(bench_main.START):text.index(bench_main.END)]


def test_the_readme_has_the_results_at_a_glance_and_docs_every_table():
    readme, docs = _section(bench_main.README), _section(bench_main.BENCHMARKS_DOC)
    assert "### At a glance" in readme and "docs/benchmarks.md" in readme
    assert [line for line in readme.splitlines() if line.startswith("### ")] == [
        "### At a glance: the issues' targets against the result files"]
    titles = [line for line in docs.splitlines() if line.startswith("### ")]
    assert titles[0].startswith("### At a glance") and len(titles) > 10
    for png in (line for line in docs.splitlines() if line.startswith("![")):
        assert (bench_main.BENCHMARKS_DOC.parent / png[png.index("(") + 1:-1]).exists(), png


def test_readme_command_writes_both_files(tmp_path, monkeypatch, capsys):
    results = tmp_path / "results"
    results.mkdir()
    (results / "temporal.md").write_text("### Temporal\n\n| x |\n|---|\n| 1 |\n")
    readme, docs = tmp_path / "README.md", tmp_path / "docs" / "benchmarks.md"
    docs.parent.mkdir()
    for path in (readme, docs):
        path.write_text(f"top\n{bench_main.START}\n{bench_main.END}\n")
    monkeypatch.setattr(bench_main, "ROOT", tmp_path)
    monkeypatch.setattr(bench_main, "RESULTS_DIR", results)
    monkeypatch.setattr(bench_main, "README", readme)
    monkeypatch.setattr(bench_main, "BENCHMARKS_DOC", docs)
    monkeypatch.setattr(bench_main.update_readme, "__defaults__", (readme, results, docs))
    assert bench_main.main(["readme"]) == 0
    assert "README.md and docs/benchmarks.md updated" in capsys.readouterr().out
    assert "### Temporal" in docs.read_text() and "### Temporal" not in readme.read_text()
    assert "(docs/benchmarks.md)" in readme.read_text()
