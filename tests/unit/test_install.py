"""What a newcomer installs: extras that exist and say what they are for, commands that work from
a clone, a pyproject.toml without deprecated fields, and hints that name the right extra."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
EXTRAS = PYPROJECT["project"]["optional-dependencies"]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_the_license_is_an_spdx_string_for_a_setuptools_that_reads_it():
    assert PYPROJECT["project"]["license"] == "Apache-2.0"  # a TOML table is deprecated (setuptools >= 77)
    assert "setuptools>=77" in PYPROJECT["build-system"]["requires"]


def test_the_notebooks_extra_has_what_running_the_notebooks_imports():
    names = {re.split(r"[<>=!~ ]", req, maxsplit=1)[0] for req in EXTRAS["notebooks"]}
    assert {"nbformat", "nbclient", "ipykernel", "matplotlib", "pandas"} <= names


def test_install_commands_in_the_docs_work_from_a_clone():
    text = "\n".join(p.read_text(encoding="utf-8") for p in DOCS)
    assert 'pip install "chronomem[' not in text and "pip install chronomem[" not in text  # not on PyPI (yet)
    used = set(re.findall(r'pip install -e "\.\[([a-z,-]+)\]"', text))
    assert {"viz", "notebooks"} <= {extra for group in used for extra in group.split(",")}
    for group in used:
        assert set(group.split(",")) <= set(EXTRAS), f"the docs install an extra pyproject.toml lacks: {group}"


def test_the_readme_says_what_each_extra_is_for():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for extra in EXTRAS:
        assert f"`{extra}`" in readme, f"the README does not explain the {extra!r} extra"


def test_running_notebooks_without_nbformat_names_the_extra(monkeypatch, capsys, tmp_path):
    import importlib.util

    from bench import run_notebooks

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "nbformat" else real(name, *a))
    assert run_notebooks.main([str(tmp_path / "x.ipynb")]) == 2
    err = capsys.readouterr().err
    assert "nbformat is not installed" in err and 'pip install -e ".[notebooks]"' in err
