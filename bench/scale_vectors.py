"""What the scale benchmark measures about vectors kept with the data, many turns and the Neo4j server.

* :func:`bulk_turns`: ``count`` more chat turns, in sessions of 500, through ``Memory.ingest`` with an
  extractor that extracts nothing (the store's cost of turns), streamed so that a million turns are
  never all in memory;
* :func:`rebuild_from_store`: the side-index built again from the vectors the store keeps (a new
  index file, as after deleting the files or in a second process), timed, with every text the
  embedder is asked for counted (nothing should be);
* :func:`search_medians`: search p50/p95 over the same questions in ``rounds`` rounds, the median of each;
* :func:`server_memory`: the heap and page cache of the running Neo4j server, read from the server.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import timedelta
from pathlib import Path
from typing import Any

SESSION_TURNS = 500


def _sessions(group: str, count: int, *, size: int, seed: int = 13) -> Iterator[Any]:
    from bench.scale_bench import CHAT, NOW, person, subjects_for
    from chronomem.schema.models import Session, Turn

    rng = random.Random(seed)
    people = subjects_for(size)
    sessions = -(-count // SESSION_TURNS)
    for i in range(sessions):
        a, b = person(rng.randrange(people)), person(rng.randrange(people))
        started = NOW - timedelta(days=sessions - i, hours=1)
        turns = min(SESSION_TURNS, count - i * SESSION_TURNS)
        yield Session(session_id=f"bulk-{i}", group_id=group, started_at=started, turns=[
            Turn(speaker=(a, b)[t % 2], text=f"{rng.choice(CHAT)} ({i}.{t})", at=started + timedelta(seconds=t))
            for t in range(turns)])


def bulk_turns(mem: Any, count: int, *, size: int) -> dict[str, Any]:
    """Ingest ``count`` chat turns into ``mem`` (its extractor must extract nothing); their rate."""
    started = time.perf_counter()
    summary = mem.ingest(_sessions(mem.group, count, size=size))
    seconds = time.perf_counter() - started
    return {"bulk_turns": summary.turns, "bulk_turns_tps": round(summary.turns / seconds)}


class _Counting:
    def __init__(self, inner: Any) -> None:
        self.inner, self.dim, self.name, self.texts = inner, inner.dim, getattr(inner, "name", "?"), 0

    def embed(self, texts: Sequence[str]) -> Any:
        self.texts += len(texts)
        return self.inner.embed(texts)


def rebuild_from_store(mem: Any, embedder: Any, path: Path) -> tuple[Any, dict[str, Any]]:
    """A new side-index at ``path`` (no files there), filled from the stored vectors: the index, and
    its seconds, size and the texts its embedder was asked for (0 when nothing was re-embedded)."""
    from chronomem.graph.side_index import SideIndex

    counting = _Counting(embedder)
    for old in path.parent.glob(path.name + "*"):
        old.unlink()
    side = SideIndex(mem.store, mem.group, embedder=counting, path=path, batch_size=512)
    started = time.perf_counter()
    side.vectors  # noqa: B018 - opening builds it from the store
    seconds = time.perf_counter() - started
    return side, {"rebuild_s": round(seconds, 1), "rebuild_vectors": len(side.vectors), "rebuild_embedded": counting.texts}


def search_medians(search: Callable[[str], Any], questions: Sequence[str], *, rounds: int = 3,
                   warmup: int = 10) -> dict[str, Any]:
    """p50 and p95 (ms) of ``search`` over ``questions`` in each of ``rounds`` rounds, and the median of each."""
    from bench._report import percentile

    for q in questions[:warmup]:
        search(q)
    p50s, p95s = [], []
    for _ in range(rounds):
        times = []
        for q in questions:
            started = time.perf_counter()
            search(q)
            times.append((time.perf_counter() - started) * 1000)
        p50s.append(statistics.median(times))
        p95s.append(percentile(times, 95))
    return {"p50_ms": round(statistics.median(p50s), 3), "p95_ms": round(statistics.median(p95s), 3),
            "p50_rounds": [round(x, 1) for x in p50s]}


def server_memory(store: Any) -> str | None:
    """``heap <max>, page cache <size>`` of the Neo4j server ``store`` talks to, as the server says
    (the JVM's heap maximum through JMX, the page cache setting); ``None`` when it cannot be read."""
    try:
        heap = store._read("CALL dbms.queryJmx('java.lang:type=Memory') YIELD attributes "
                           "RETURN attributes.HeapMemoryUsage.value.properties.max AS max")[0]["max"]
        cache = store._read("SHOW SETTINGS YIELD name, value WHERE name = 'server.memory.pagecache.size' "
                            "RETURN value")[0]["value"]
    except Exception:  # an older server or a restricted account: say nothing rather than guess
        return None
    return f"heap {heap / 2**30:.2g} GiB, page cache {cache}"
