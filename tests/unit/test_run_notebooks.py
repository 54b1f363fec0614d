"""bench.run_notebooks: runs notebooks on the current interpreter, fails on errors, skips or
requires the Neo4j notebook, writes outputs back."""

import sys

import pytest

nbformat = pytest.importorskip("nbformat")
pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

from bench.run_notebooks import main  # noqa: E402


def notebook(path, *sources, requires_env=None):
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    if requires_env:
        nb.metadata["chronomem"] = {"requires_env": requires_env}
    nb.cells = [nbformat.v4.new_markdown_cell("# test")] + [nbformat.v4.new_code_cell(s) for s in sources]
    nbformat.write(nb, path)
    return path


def test_runs_on_this_interpreter_and_writes_outputs(tmp_path, capsys):
    path = notebook(tmp_path / "ok.ipynb", "import sys, chronomem\nprint(sys.executable)")
    assert main([str(path), "--write"]) == 0
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[1].outputs[0]["text"].strip() == sys.executable
    assert nb.metadata.kernelspec.name == "python3"
    assert "execution" not in nb.cells[1].metadata
    assert "ok " in capsys.readouterr().out
    assert main([str(path), "--check"]) == 0


def test_a_failing_cell_fails_the_run_and_is_shown(tmp_path, capsys):
    path = notebook(tmp_path / "bad.ipynb", "x = 1", "raise ValueError('boom')")
    assert main([str(path)]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "ValueError: boom" in out and "\x1b[" not in out


def test_notebook_needing_neo4j_is_skipped_locally_and_required_in_ci(tmp_path, capsys, monkeypatch):
    path = notebook(tmp_path / "neo4j.ipynb", "1 / 0", requires_env=["CHRONOMEM_TEST_UNSET_URI"])
    monkeypatch.delenv("CHRONOMEM_TEST_UNSET_URI", raising=False)
    monkeypatch.delenv("CI", raising=False)
    assert main([str(path)]) == 0
    assert "skipped" in capsys.readouterr().out
    monkeypatch.setenv("CI", "1")
    assert main([str(path)]) == 1
    assert "must run in CI" in capsys.readouterr().out
