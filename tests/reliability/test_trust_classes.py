"""The reliability classes behind issue 28's defects 2-4, on both backends (defects 5 and 6:
``test_absurd_times.py``, ``tests/unit/test_session_times.py``):

* long inputs answer within a time bound, or are refused at once;
* a reused session id is refused whole, through the CLI too, and writes nothing;
* erasure is complete in the raw stored bytes, for ids and names in any script.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from click.testing import CliRunner

from chronomem.cli import cli
from chronomem.errors import InputError
from chronomem.query.search import MAX_QUERY_CHARS
from tests.contract.memory_helpers import memory_on, session
from tests.contract.test_forget_contract import flush, traces

#: Seconds a read of the longest accepted input may take on a loaded 2-core machine (quadratic work took minutes).
BOUND = 10.0


def test_long_inputs_answer_in_bounded_time_or_are_refused_at_once(store, rule_extractor: Any) -> None:
    mem = memory_on(store, rule_extractor)
    mem.ingest([session("s1", "2024-01-01T10:00:00Z", "I live in Toronto and I work at Shopify.")])
    longest = ("where do I live and who do I work for these days " * 400)[:MAX_QUERY_CHARS]
    for read in (mem.search, mem.context):
        started = time.perf_counter()
        read(longest)
        assert time.perf_counter() - started < BOUND, read.__name__
        started = time.perf_counter()
        with pytest.raises(InputError, match="longer than"):
            read(longest * 20)  # 200,000 characters
        assert time.perf_counter() - started < 1.0
    for read in (mem.facts, mem.timeline):
        started = time.perf_counter()
        assert read("x" * 200_000) == []
        assert time.perf_counter() - started < BOUND


def test_a_reused_session_id_is_refused_whole_through_the_cli(store, rule_extractor: Any, tmp_path) -> None:
    mem = memory_on(store, rule_extractor)
    mem.ingest([session("s1", "2024-01-01T10:00:00Z", "I live in Quito.")])
    before = mem.stats()
    path = tmp_path / "again.jsonl"
    path.write_text(json.dumps(session("s1", "2024-01-01T10:00:00Z", "I moved to Lima and I work at Globant.")) + "\n")
    if hasattr(store, "path"):
        args = ["--store", str(store.path)]
    else:
        import os

        args = ["--neo4j", os.environ["NEO4J_URI"]]
    result = CliRunner().invoke(cli, [*args, "--group", mem.group, "ingest", "-q", "--no-index", str(path)])
    assert result.exit_code == 2
    (line,) = [x for x in result.output.splitlines() if x.startswith("skipped")]
    assert "session 's1' is already stored with different content" in line and len(line) < 400
    assert mem.stats() == before
    assert not store.find_entities(mem.group, "Globant")


@pytest.mark.parametrize("session_id", ["café-Ωmega", "日本語:セッション", "s\u202e1"])
def test_erasure_is_complete_in_the_raw_bytes_for_any_script(store, rule_extractor: Any, session_id: str) -> None:
    mem = memory_on(store, rule_extractor)
    mem.ingest([session(session_id, "2024-01-05T10:00:00Z", "My friend Quillon moved to Brackenford.",
                        "I work at Fernwood Labs now."),
                session("later", "2024-02-05T10:00:00Z", "I work at Fernwood Labs and I love it.")])
    flush(store)
    mem.forget(session=session_id)
    flush(store)
    for gone in ("Quillon", "Brackenford", session_id):
        assert traces(store, gone) == 0 and traces(store, json.dumps(session_id)[1:-1]) == 0, gone
    cited = {s.session_id for f in mem.timeline("user", include_retracted=True) for s in f.sources}
    assert cited == {"later"}
