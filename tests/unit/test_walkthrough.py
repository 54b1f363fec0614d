"""docs/walkthrough.md is executed: every ``$ chronomem …`` command it shows runs in a fresh directory
and prints what the page says (``…`` matches anything; search scores are not compared)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from chronomem.cli import cli

PAGE = Path(__file__).parents[2] / "docs" / "walkthrough.md"
_SCORE = re.compile(r"^\s*\d+\.\d+\s+")


def blocks(kind: str) -> list[str]:
    """The page's fenced blocks of ``kind`` (json, console), in order."""
    return re.findall(rf"```{kind}\n(.*?)```", PAGE.read_text(encoding="utf-8"), flags=re.S)


def matches(expected: str, actual: str) -> bool:
    pattern = ".*".join(re.escape(part) for part in expected.split("…"))
    return re.fullmatch(pattern, actual) is not None


def test_the_walkthrough_runs_as_written(tmp_path, monkeypatch):
    for variable in ("NEO4J_URI", "CHRONOMEM_STORE", "CHRONOMEM_GROUP"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.chdir(tmp_path)
    (story,) = blocks("json")
    Path("story.jsonl").write_text(story, encoding="utf-8")
    env: dict[str, str] = {}
    ran = 0
    for block in blocks("console"):
        command, *shown = block.rstrip("\n").split("\n")
        argv = shlex.split(command.removeprefix("$ "))
        if argv[0] == "export":
            key, value = argv[1].split("=", 1)
            env[key] = value
            continue
        assert argv[0] == "chronomem", command
        result = CliRunner().invoke(cli, argv[1:], env=env)
        assert result.exit_code == 0, f"{command}: {result.output}"
        printed = result.output.rstrip("\n").split("\n")
        if argv[1] == "search":  # the embedder may order close hits either way: the same hits, scores aside
            assert sorted(_SCORE.sub("", x) for x in printed) == sorted(_SCORE.sub("", x) for x in shown), command
        else:
            assert len(printed) == len(shown) and all(map(matches, shown, printed)), (
                f"{command}\nshown:\n" + "\n".join(shown) + "\nprinted:\n" + "\n".join(printed))
        ran += 1
    assert ran >= 12
