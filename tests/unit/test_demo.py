"""``chronomem demo``: every question answered, and the search it shows says which search ran."""

from __future__ import annotations

from chronomem import Memory
from chronomem.demo import QUESTIONS, run_demo
from chronomem.graph.embedders import installed_minilm


def test_demo_answers_every_question_and_shows_a_semantic_search(tmp_path):
    lines: list[str] = []
    with Memory.open(tmp_path / "demo") as mem:
        pairs = run_demo(mem, echo=lines.append)
    assert len(pairs) == len(QUESTIONS) and all(a != "(no answer)" for _, a in pairs)
    search = next(i for i, line in enumerate(lines) if line.startswith("search ("))
    embedder = installed_minilm()
    expected = f"semantic, {embedder.name}" if embedder is not None else "full text only: no embedder installed"
    assert lines[search].startswith(f"search ({expected}): ")
    # the query shares no content word with the answer: only a semantic search finds it first
    assert embedder is None or "Vancouver" in lines[search + 1]


def test_demo_without_an_embedder_says_search_is_full_text(tmp_path):
    lines: list[str] = []
    with Memory.open(tmp_path / "demo", embedder=None) as mem:
        run_demo(mem, echo=lines.append)
    assert any(line.startswith("search (full text only: no embedder installed)") for line in lines)
