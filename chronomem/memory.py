"""Memory: the small facade over a store, the extractor, the side-index and the queries.

>>> from datetime import datetime, timezone
>>> from chronomem.clock import FixedClock
>>> mem = Memory.open(":memory:", clock=FixedClock(datetime(2024, 6, 1, tzinfo=timezone.utc)))
>>> _ = mem.import_facts([{"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01-01"},
...                      {"subject": "Ana", "predicate": "LIVES_IN", "object": "Porto", "valid_from": "2023-05-01"}])
>>> [f.object for f in mem.facts("Ana", as_of=datetime(2020, 1, 1, tzinfo=timezone.utc))]
['Lisbon']
>>> [(f.object, f.interval()) for f in mem.timeline("Ana")]
[('Lisbon', '2019-01-01 → 2023-05-01'), ('Porto', '2023-05-01 → now')]
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import datetime
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Self

from chronomem.clock import Clock, SystemClock
from chronomem.errors import ConfigError, ExtractionError, InputError, check_text
from chronomem.graph.base import GraphStore, WriteBatch, WriteReport
from chronomem.graph.vector_status import default_embedder, no_model_note, vector_status
from chronomem.ingest_summary import IngestSummary
from chronomem.memory_erase import ErasingMemory
from chronomem.memory_groups import GroupReading
from chronomem.memory_lifecycle import LifecycleMemory
from chronomem.query import temporal_queries as tq
from chronomem.query.empty import before_first_record, require_predicate
from chronomem.query.records import FactRecord
from chronomem.schema.models import Claim, Entity, ExtractionResult, Fact, Session, validate_session
from chronomem.schema.vocabulary import Vocabulary
from chronomem.store_location import DEFAULT_STORE, NEO4J_URI_VARIABLES, neo4j_uri_from_env, open_store, store_file
from chronomem.time_args import When, _when, when_or_now

__all__ = ["DEFAULT_STORE", "NEO4J_URI_VARIABLES", "IngestSummary", "Memory", "When", "neo4j_uri_from_env",
           "open_store", "store_file"]

if TYPE_CHECKING:
    import networkx as nx

    from chronomem.query.search import SearchResult
    from chronomem.query.when import WhenAnswers

RecordedAt = Literal["now", "session"]
DEFAULT_IMPORT_BATCH = 5_000  # records per transaction for a store that does not say (import_batch_size)


@contextmanager
def _gc_paused() -> Iterator[Callable[[], object]]:
    """Pause Python's cyclic garbage collector during a bulk import, then restore it.

    An import allocates millions of short-lived, acyclic objects (records, claims, facts), which
    reference counting frees; the collector would still walk every batch's live objects again
    and again (about a fifth of the import's time). Yields ``between_batches()``, which collects
    the young generation: the cycles a batch made (the Neo4j driver's transaction and result
    objects refer to each other and hold the batch's parameters) are freed before the next
    batch instead of piling up for the whole import (about 1 GB at a million records on Neo4j).
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield (lambda: gc.collect(0)) if was_enabled else (lambda: None)
    finally:
        if was_enabled:
            gc.enable()


def _bulk_load(store: GraphStore, index_progress: Callable[[int, int], None] | None) -> AbstractContextManager[object]:
    """The store's own preparation for a bulk import (its ``bulk_load()``, if it has one), told
    how to report the indexes it builds after the load (``index_progress(done, total)``)."""
    prepare = getattr(store, "bulk_load", None)
    if prepare is None:
        return nullcontext()
    return prepare(index_progress=index_progress) if index_progress is not None else prepare()


class Memory(ErasingMemory, LifecycleMemory, GroupReading):
    """A temporal memory for one group: ingest sessions, ask what was true when."""

    def __init__(self, store: GraphStore, *, group: str = "default", clock: Clock | None = None,
                 extractor: Any | None = None, index: Any | None = None, embedder: Any = "auto",
                 index_dir: str | Path | None = None, similar_entities: float | None = None) -> None:
        if similar_entities is not None and not 0 < similar_entities <= 1:
            raise InputError("similar_entities is a cosine similarity in (0, 1]")
        if similar_entities is not None and (embedder in (None, False) or embedder == "auto" and default_embedder() is None):
            raise InputError(f"similar_entities needs an embedder to compare names: {no_model_note()}, or pass embedder=...")
        self.store = store
        self.group = check_text(group, "group")
        self.clock: Clock = clock or SystemClock()
        self._extractor = extractor
        self.index = index
        self._embedder_option = embedder
        self._index_dir = index_dir
        self.similar_entities = similar_entities

    @classmethod
    def open(cls, path: str | Path | None = None, *, neo4j_uri: str | None = None, group: str = "default",
             clock: Clock | None = None, extractor: Any | None = None, vocabulary: Vocabulary | None = None,
             index: Any | None = None, embedder: Any = "auto", index_dir: str | Path | None = None,
             similar_entities: float | None = None) -> Memory:
        """Open (or create) a memory on the embedded store or on Neo4j (which one: :func:`open_store`).

        ``embedder`` feeds the HNSW side-index used by :meth:`search`: ``"auto"`` (all-MiniLM-L6-v2,
        installed with chronomem, see :func:`~chronomem.graph.embedders.installed_minilm`; full-text
        search only if it was removed), ``None``/``False`` (full text
        only) or an :class:`~chronomem.graph.embedders.Embedder`. Each item's vector is kept in the store;
        the index is a cache over them, made on first use (from the stored vectors, with no embedding)
        and kept beside the SQLite file, or in ``index_dir`` (one per process on a shared Neo4j; in
        memory without one).
        ``"auto"`` runs the model on one thread (pass ``OnnxMiniLmEmbedder()`` for one per core).
        ``similar_entities`` (a cosine, e.g. 0.9; off by default) also merges a new organisation,
        tool, place or team into an indexed one whose name embeds that close
        (:mod:`chronomem.graph.similar_entities`); names and aliases always merge.
        """
        return cls(open_store(path, neo4j_uri=neo4j_uri, vocabulary=vocabulary), group=group, clock=clock,
                   extractor=extractor, index=index, embedder=embedder, index_dir=index_dir,
                   similar_entities=similar_entities)

    def close(self) -> None:
        for mem in [self, *self.__dict__.get("_peers", {}).values()]:
            if mem.index is not None and hasattr(mem.index, "close"):
                mem.index.close()
        self.store.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def extractor(self) -> Any:
        if self._extractor is None:
            from chronomem.extract import SpacyRuleExtractor

            self._extractor = SpacyRuleExtractor(vocabulary=self.store.vocabulary)
        return self._extractor

    # -- writing -------------------------------------------------------------------------
    def ingest(self, sessions: Iterable[Session | dict], *, recorded_at: RecordedAt = "now",
               progress: Callable[[Session, WriteReport], None] | None = None, workers: int = 1) -> IngestSummary:
        """Extract and store sessions, one transaction each. ``recorded_at="session"`` replays
        history: each session's facts are recorded at the session's start. ``workers > 1`` runs
        extraction in that many processes while this one writes; the result is the same. A session
        the extractor could not read (it yields an :class:`ExtractionError` for it, as the LLM
        extractor does) or the store refused (a session id already stored with other content: a
        session is immutable) is skipped, nothing of it written, and its error listed in ``errors``."""
        if recorded_at not in ("now", "session"):
            raise InputError("recorded_at is 'now' or 'session'")
        if workers < 1:
            raise InputError("workers must be at least 1")
        summary = IngestSummary()
        started = time.perf_counter()
        if workers > 1:
            from chronomem.extract.parallel import extract_parallel

            extracted = extract_parallel(self._extractor_factory(), self._in_group(sessions), workers=workers)
        else:
            extracted = self.extractor.extract_many(self._in_group(sessions))
        for session, result in extracted:
            if isinstance(result, ExtractionError):  # this session could not be extracted: skip it, report it
                summary.errors.append(str(result))
                continue
            try:
                report = self.write_extracted(session, result, recorded_at=recorded_at)
            except InputError as e:  # refused as a whole (an id reused for other content): the others go on
                summary.errors.append(str(e))
                continue
            summary.add(report, session)
            if progress is not None:
                progress(session, report)
        summary.seconds = time.perf_counter() - started
        return summary

    def write_extracted(self, session: Session, result: ExtractionResult, *,
                        recorded_at: RecordedAt = "now") -> WriteReport:
        """Store one session its extractor has already read (a pair from ``extract_many``, e.g. made in
        another process) in one transaction, as :meth:`ingest` does; its write report."""
        if session.group_id != self.group:
            raise InputError(f"session {session.session_id!r} is for group {session.group_id!r}, not {self.group!r}")
        batch = self._resolve_similar(WriteBatch(session.group_id, session=session, entities=result.entities,
                                                 mentions=result.mentions, claims=result.claims))
        at = session.started_at if recorded_at == "session" else self.clock.now()
        report = self.store.write(batch, recorded_at=at)
        self._after_write(report)
        return report

    def _resolve_similar(self, batch: WriteBatch) -> WriteBatch:
        """Merge new entities into similar indexed ones when ``similar_entities`` is set."""
        if self.similar_entities is None:
            return batch
        side = self._side_index()
        if side is None:
            return batch
        from chronomem.graph.similar_entities import remap_batch, similar_entity_map

        return remap_batch(batch, similar_entity_map(batch, self.store, side, threshold=self.similar_entities))

    def _extractor_factory(self) -> Callable[[], Any]:
        factory = getattr(self.extractor, "factory", None)
        if factory is None:
            raise InputError(f"{type(self.extractor).__name__} cannot run in worker processes (it has no .factory())")
        return factory()

    def _in_group(self, sessions: Iterable[Session | dict]) -> Iterable[Session]:
        for s in sessions:
            if not isinstance(s, Session):
                s = validate_session(s)
            yield s if s.group_id == self.group else s.model_copy(update={"group_id": self.group})

    def import_facts(self, records: Iterable[dict | Any], *, recorded_at: When | None = None,
                     batch_size: int | None = None, progress: Callable[[int], None] | None = None,
                     index_progress: Callable[[int, int], None] | None = None) -> IngestSummary:
        """Import pre-extracted facts (subject, predicate, object, valid_from, valid_to, statement,
        optional sources and group), skipping extraction but going through the same temporal rules.

        Records are written in transactions of ``batch_size`` (default: the store's
        ``import_batch_size``, else 5,000); where several run at once (a server store), a
        transaction goes on to the end of its last subject's run of records (at most twice as
        many), so that the next one, in flight beside it, has no slot of that subject to wait
        for. ``progress(n)`` is called with the number of records each transaction wrote. Into a
        store with no facts, indexes are built after the load, in this call (on Neo4j the fact
        full-text index: ``index_progress(percent, 100)`` while it builds).
        """
        from chronomem.extract.parse.importer import batches_from_records

        recorded_at = _when(recorded_at, "recorded_at")
        if batch_size is None:
            batch_size = getattr(self.store, "import_batch_size", DEFAULT_IMPORT_BATCH)
        summary = IngestSummary()
        started = time.perf_counter()
        with _bulk_load(self.store, index_progress), _gc_paused() as between_batches:
            batches = ((batch, recorded_at or self.clock.now()) for batch in batches_from_records(
                records, group_id=self.group, vocabulary=self.store.vocabulary, batch_size=batch_size,
                said_at=recorded_at or self.clock.now(), subject_runs=self._import_writers() > 1))
            for batch, report in self._write_batches(batches):
                summary.add(report, None)
                self._after_write(report)
                count = len(batch.claims)
                summary.records += count
                del batch, report  # before collecting: nothing of this batch is kept alive
                between_batches()
                if progress is not None:
                    progress(count)
        summary.seconds = time.perf_counter() - started
        return summary

    def _write_batches(
            self, batches: Iterator[tuple[WriteBatch, datetime]]) -> Iterator[tuple[WriteBatch, WriteReport]]:
        """Each batch written, with its report: several at once on a store that says so
        (``import_writers``) while no side-index follows the writes (it wants them in commit order)."""
        writers = self._import_writers()
        if writers > 1:
            from chronomem.graph.concurrent_write import write_concurrently

            yield from write_concurrently(lambda b, at: self.store.write(b, recorded_at=at), batches, writers=writers)
            return
        for batch, recorded_at in batches:
            yield batch, self.store.write(batch, recorded_at=recorded_at)

    def _import_writers(self) -> int:
        """Import batches written at once: the store's ``import_writers`` while no side-index
        follows the writes (it wants them in commit order), else 1."""
        return getattr(self.store, "import_writers", 1) if self.index is None else 1

    def _after_write(self, report: WriteReport) -> None:
        if self.index is not None and hasattr(self.index, "notify"):
            self.index.notify(report)

    # -- reading -------------------------------------------------------------------------
    def facts(self, entity: str, *, predicate: str | None = None, as_of: When | None = None,
              known_at: When | None = None, groups: Sequence[str] | None = None) -> list[FactRecord]:
        """Facts about ``entity`` true at ``as_of`` (default now), as believed at ``known_at`` (default now).
        An unknown ``predicate`` is an :class:`InputError` naming the closest ones (see :meth:`why_empty`).
        ``groups`` reads these groups (this one is not added) instead of this one, group by group."""
        predicate = require_predicate(self.store.vocabulary, predicate)
        entity, as_of, known_at = check_text(entity, "entity"), _when(as_of, "as_of"), _when(known_at, "known_at")
        return [r for g in self._read_groups(groups) for r in tq.facts(
            self.store, g, entity, now=self.clock.now(), predicate=predicate, as_of=as_of, known_at=known_at)]

    def timeline(self, entity: str, *, predicate: str | None = None, include_retracted: bool = False,
                 groups: Sequence[str] | None = None) -> list[FactRecord]:
        """Every value of ``entity``'s facts with its interval, in valid-time order (group by group
        with ``groups``)."""
        predicate = require_predicate(self.store.vocabulary, predicate)
        entity = check_text(entity, "entity")
        return [r for g in self._read_groups(groups) for r in tq.timeline(
            self.store, g, entity, now=self.clock.now(), predicate=predicate, include_retracted=include_retracted)]

    def changes(self, since: When, until: When | None = None) -> list[dict]:
        """Facts that began, ended or were corrected between ``since`` and ``until`` (default now)."""
        start = _when(since, "since")
        if start is None:
            raise InputError("changes() needs a start time (since)")
        return tq.changes(self.store, self.group, start, when_or_now(until, "until", self.clock), now=self.clock.now())

    def to_networkx(self, *, as_of: When | None = None, known_at: When | None = None) -> nx.MultiDiGraph:
        """The graph as of ``as_of`` (default now) as believed at ``known_at``."""
        return tq.to_networkx(self.store, self.group, as_of=when_or_now(as_of, "as_of", self.clock),
                              known_at=_when(known_at, "known_at"))

    def stats(self) -> dict[str, int]:
        return self.store.stats(self.group)

    def sessions(self) -> Sequence:
        """The group's sessions (id, start, number of turns), oldest first."""
        return self.store.sessions(self.group)

    @property
    def vocabulary(self) -> Vocabulary:
        """The predicates this memory's store knows."""
        return self.store.vocabulary

    def write_facts(self, entities: Sequence[Entity], claims: Sequence[Claim]) -> WriteReport:
        """Store ``entities`` and ``claims`` without a conversation, recorded now, in one transaction
        (what :meth:`import_facts` does for records, for callers that build claims themselves)."""
        report = self.store.write(WriteBatch(self.group, entities=list(entities), claims=list(claims)),
                                  recorded_at=self.clock.now())
        self._after_write(report)
        return report

    def current_facts(self) -> list[Fact]:
        """Every fact of the group that holds now, as currently believed."""
        return list(self.store.iter_facts(self.group, as_of=self.clock.now()))

    def entities(self, name: str | None = None, *, limit: int | None = None) -> list[Entity]:
        """The entities called ``name`` (a name or an alias, any case), or the group's entities (at most ``limit``)."""
        if name is not None:
            return self.store.find_entities(self.group, check_text(name, "name"))[:limit]
        return list(islice(self.store.iter_entities(self.group), limit))

    # -- reading: say why an answer would be empty ----------------------------------------
    def require_group(self) -> None:
        """Raise an :class:`InputError` naming the groups that exist when this memory's group has
        nothing stored (a typo, or another case: group names are case-sensitive)."""
        groups = self.store.groups()
        if self.group in groups:
            return
        if not groups:
            raise InputError(f"group {self.group!r} is empty: this store holds nothing yet (ingest or import first)")
        near = [g for g in groups if g.lower() == self.group.lower()]
        hint = f"; did you mean {near[0]!r}? (group names are case-sensitive)" if near else ""
        listed = ", ".join(repr(g) for g in groups[:20]) + (" …" if len(groups) > 20 else "")
        raise InputError(f"no group {self.group!r} in this store{hint}; groups: {listed} "
                         "(choose one with --group, or a tool's group argument)")

    def why_empty(self, *, known_at: When | None = None) -> str | None:
        """Why a reading answer is empty when that can be told from ``known_at`` alone: it is before
        the group's first recorded fact (the sentence says when that was); ``None`` otherwise."""
        return before_first_record(self.store, self.group, _when(known_at, "known_at"))

    # -- search --------------------------------------------------------------------------
    def _side_index(self) -> Any:
        """The side-index, created on first use (``None`` when search is full-text only)."""
        if self.index is None and self._embedder_option not in (None, False):
            from chronomem.graph.side_index import SideIndex, default_index_path

            embedder = self._embedder_option
            if embedder == "auto":
                # one thread: a search embeds one short query, where more threads only add wake-up
                # latency (ONNX p50 5.8 ms with one against 9.9 ms with two on a busy 2-core machine)
                embedder = default_embedder(threads=1)
            if embedder is None:
                self._embedder_option = None
                return None
            self.index = SideIndex(self.store, self.group, embedder=embedder,
                                   path=default_index_path(self.store, self.group, self._index_dir))
        return self.index

    def has_vectors(self) -> bool:
        """Whether search has an embedder (and so a vector side-index), not full text only."""
        return self._side_index() is not None

    def status(self) -> dict[str, Any]:
        """The group, the store's counts (:meth:`stats`) and ``search``: whether it has vectors, the
        embedder, indexed and pending counts, and a note naming what to install when the model is missing."""
        return {"group": self.group, **self.stats(), "search": vector_status(self._side_index())}

    def search(self, text: str, *, as_of: When | None = None, known_at: When | None = None,
               k: int = 10, groups: Sequence[str] | None = None) -> list[SearchResult]:
        """Facts (valid at ``as_of``, default now) and turns relevant to ``text``, best first, each
        naming its group. ``groups`` searches these groups (this one is not added) instead of this
        one and merges their hits (:mod:`chronomem.query.groups`)."""
        from chronomem.query.groups import search_across, tag
        from chronomem.query.search import search

        if groups is not None:
            return search_across(self._readers(groups), text, as_of=as_of, known_at=known_at, k=k)
        hits = search(self.store, self.group, check_text(text, "query"), index=self._side_index(), now=self.clock.now(),
                      as_of=_when(as_of, "as_of"), known_at=_when(known_at, "known_at"), k=k)
        return [tag(h, self.group) for h in hits]

    def context(self, text: str, *, as_of: When | None = None, max_tokens: int = 800,
                groups: Sequence[str] | None = None) -> str:
        """A dated block of relevant facts and turns, at most ``max_tokens`` (estimated), for a prompt
        (from several groups with ``groups``: each heading names its group)."""
        from chronomem.query.context import context
        from chronomem.query.groups import context_across

        if groups is not None:
            return context_across(self._readers(groups), text, as_of=as_of, max_tokens=max_tokens)
        return context(self.store, self.group, check_text(text, "query"), index=self._side_index(),
                       now=self.clock.now(), as_of=_when(as_of, "as_of"), max_tokens=max_tokens)

    def when(self, question: str, *, as_of: When | None = None, k: int = 5) -> WhenAnswers:
        """Dated answers to a "when" (or "how long") question, best first: each with ``start`` and
        ``end`` (dates, inclusive), ``granularity``, the time phrase, the evidence turn and, for an
        event, the fact; empty with a ``reason`` when nothing dated matches (:mod:`chronomem.query.when`)."""
        from chronomem.query.when import when

        return when(self.store, self.group, check_text(question, "question"), index=self._side_index(),
                    now=self.clock.now(), as_of=_when(as_of, "as_of"), k=k)

    def reindex(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Rebuild the side-index from the vectors kept in the store (embedding only the items that have
        none, or one of another embedder); returns how many items it holds."""
        index = self._side_index()
        if index is None:
            raise ConfigError(f"there is no index to rebuild: {no_model_note()} (or pass embedder=... to Memory.open)")
        return index.rebuild(progress=progress)

    def start_indexing(self, *, interval: float = 1.0) -> bool:
        """Keep the side-index catching up in a background thread (woken by every write, and every
        ``interval`` seconds) so that ingest never waits for embeddings. Returns ``False`` when search
        has no embedder. :meth:`stop_indexing` (or :meth:`close`) stops it."""
        index = self._side_index()
        if index is None or not hasattr(index, "start_worker"):
            return False
        index.start_worker(interval=interval)
        return True

    def stop_indexing(self, *, finish: bool = True,
                      progress: Callable[[int, int], None] | None = None) -> int:
        """Stop the background indexer; with ``finish`` embed what is still pending first. Returns
        how many items that last catch-up embedded."""
        index = self.index
        if index is None or not hasattr(index, "stop_worker"):
            return 0
        index.stop_worker()
        return index.catch_up(progress=progress) if finish else 0

    def catch_up_index(self, max_items: int | None = None, *,
                       progress: Callable[[int, int], None] | None = None) -> int:
        """Bring the side-index up to date: read the vectors other processes stored, and embed (and
        store) what was written since without one (ingest never waits for it); returns how many items
        were added (0 without an index)."""
        index = self._side_index()
        return 0 if index is None else index.catch_up(max_items, progress=progress)
