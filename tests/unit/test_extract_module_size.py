"""No module of ``chronomem.extract`` is over 400 lines (issue #26): a module that grows past it is split by topic."""

from __future__ import annotations

from pathlib import Path

import chronomem.extract

MAX_LINES = 400
ROOT = Path(chronomem.extract.__file__).parent


def long_modules(root: Path = ROOT, limit: int = MAX_LINES) -> list[str]:
    """The ``.py`` files below ``root`` with more than ``limit`` lines, as ``path: lines``."""
    counts = {p: len(p.read_text(encoding="utf-8").splitlines()) for p in sorted(root.rglob("*.py"))}
    return [f"{p.relative_to(root)}: {n}" for p, n in counts.items() if n > limit]


def test_no_module_of_extract_is_over_400_lines() -> None:
    assert long_modules() == []


def test_long_modules_names_a_long_file(tmp_path: Path) -> None:
    (tmp_path / "short.py").write_text("x = 1\n" * 3)
    (tmp_path / "long.py").write_text("x = 1\n" * 5)
    assert long_modules(tmp_path, limit=4) == ["long.py: 5"]
