"""Running the extractor for a benchmark: every session through one ``extract_many``, timed.

The DialogRE and ConvAI2 benchmarks extract their sessions the same way: spaCy loaded outside
the timed part (``extractor.nlp``, when the extractor has one), then one ``extract_many`` over
all sessions, whose results must come back in the order the sessions went in.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from chronomem.schema.models import ExtractionResult, Session

# Claims that state a fact holds now (an ``end`` says it held until then; ``retract`` takes one back).
CURRENT_KINDS = frozenset({"assert", "correct"})


@dataclass
class Extraction:
    """Each session's result, in session order, and what it took."""

    results: list[ExtractionResult]
    seconds: float  # the extraction, spaCy's load apart
    load_seconds: float
    model: str = ""


def extract_all(extractor: Any, sessions: Sequence[Session]) -> Extraction:
    """Extract ``sessions`` with one ``extract_many``, timing the load of spaCy apart.

    >>> class Echo:
    ...     def extract_many(self, sessions):
    ...         yield from ((s, ExtractionResult()) for s in sessions)
    >>> from datetime import datetime, timezone
    >>> t = datetime(2020, 1, 1, tzinfo=timezone.utc)
    >>> x = extract_all(Echo(), [Session(session_id=f"s{i}", started_at=t) for i in range(3)])
    >>> len(x.results), x.model
    (3, '')
    """
    started = time.perf_counter()
    nlp = getattr(extractor, "nlp", None)  # load spaCy outside the timed extraction
    load_seconds = time.perf_counter() - started
    meta = getattr(nlp, "meta", None) or {}
    model = f"{meta.get('name', '')} {meta.get('version', '')}".strip()
    started = time.perf_counter()
    results = [result for _, result in in_order(sessions, extractor.extract_many(sessions))]
    return Extraction(results, time.perf_counter() - started, load_seconds, model)


def in_order(sessions: Sequence[Session], results: Iterable[tuple[Session, ExtractionResult]]
             ) -> Iterator[tuple[Session, ExtractionResult]]:
    """``results`` as they come, checked to follow ``sessions`` one for one (else ``RuntimeError``)."""
    n = 0
    for session, result in results:
        if n >= len(sessions) or session.session_id != sessions[n].session_id:
            expected = sessions[n].session_id if n < len(sessions) else "nothing"
            raise RuntimeError(f"extract_many yielded {session.session_id} where {expected} was expected")
        n += 1
        yield session, result
    if n != len(sessions):
        raise RuntimeError(f"extract_many yielded {n} results for {len(sessions)} sessions")
