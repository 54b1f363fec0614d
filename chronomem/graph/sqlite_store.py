"""The embedded store: one SQLite file (WAL, foreign keys, FTS5), zero setup.

>>> from datetime import datetime, timezone
>>> from chronomem.schema import Entity, Claim, entity_id
>>> store = SqliteGraphStore(":memory:")
>>> t = datetime(2024, 3, 1, tzinfo=timezone.utc)
>>> ana, lisbon = Entity(id=entity_id("default", "Ana"), name="Ana", type="PERSON"), Entity(id=entity_id("default", "Lisbon"), name="Lisbon", type="PLACE")
>>> claim = Claim(subject_id=ana.id, predicate="LIVES_IN", object_id=lisbon.id, statement="Ana lives in Lisbon", at=t, said_at=t)
>>> store.write(WriteBatch("default", entities=[ana, lisbon], claims=[claim]), recorded_at=t).facts_added
1
>>> [f.statement for f in store.facts_of("default", [ana.id], as_of=t)]
['Ana lives in Lisbon']
"""  # noqa: E501

from __future__ import annotations

import json
import re
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path

from chronomem.errors import InputError, StoreError
from chronomem.graph import sqlite_schema as sql
from chronomem.graph.base import (
    FactsAbout,
    SessionRecord,
    TextKind,
    TurnRecord,
    WriteBatch,
    WriteReport,
    breadth_first,
    fact_order,
    facts_about_in_parts,
)
from chronomem.graph.codec import fact_from_values, from_us, sources_from_json, to_us
from chronomem.graph.erasure import Erasure, ErasureReport
from chronomem.graph.sqlite_lifecycle import SqliteLifecycle, create_lifecycle_tables
from chronomem.graph.sqlite_lifecycle_sql import DELETE_GROUP_LIFECYCLE
from chronomem.graph.sqlite_migration import add_turn_times, migrate_claims, migrate_vectors
from chronomem.graph.sqlite_tx import immediate
from chronomem.graph.sqlite_vectors import SqliteVectors
from chronomem.graph.sqlite_write import (
    SqliteWrite,
    bulk_import,
    chunks,
    marks,
    row_to_entity,
)
from chronomem.graph.turn_scope import migrate_sqlite
from chronomem.graph.writer import write_batch
from chronomem.graph.writing import validate_batch
from chronomem.schema.models import Entity, Fact, normalize_name
from chronomem.schema.timeutil import ensure_utc
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

__all__ = ["SqliteGraphStore", "from_us", "fts_query", "row_to_fact", "sources_from_json", "to_us"]

_TOKEN = re.compile(r"\w+", re.UNICODE)
#: Up to this many matching rows (all groups), full-text search ranks every match; above it, only
#: the rows holding at least two of the query's words (see ``SqliteGraphStore.fulltext``).
EXACT_FULLTEXT_MATCHES = 2_000
_PAIR_TERMS = 8  # more words than this: every match is ranked (the pairs grow quadratically)
# kind -> (FTS table, table whose rowids it shares, column giving the id)
_FULLTEXT_TABLES = {"fact": ("facts_fts", "facts", "id"), "turn": ("turns_fts", "turns", "id"),
                    "entity": ("entities_fts", "entities_fts", "entity_id")}


def fts_terms(text: str) -> list[str]:
    """The distinct lower-cased words of ``text`` that full text matches on (at most 64).

    >>> fts_terms("Ana met ana in Porto")
    ['ana', 'met', 'in', 'porto']
    """
    return list(dict.fromkeys(w.lower() for w in _TOKEN.findall(text)))[:64]


def fts_query(text: str) -> str:
    """An FTS5 query that ORs the words of ``text``, each quoted, so no input is syntax.

    >>> fts_query('where does "Ana" live? OR NEAR(')
    '"where" OR "does" OR "ana" OR "live" OR "or" OR "near"'
    """
    return " OR ".join(f'"{w}"' for w in fts_terms(text))


def fts_pairs_query(terms: Sequence[str]) -> str:
    """An FTS5 query matching the rows that hold at least two of ``terms`` (``""`` for fewer terms).

    >>> fts_pairs_query(["ana", "silva", "live"])
    '("ana" AND "silva") OR ("ana" AND "live") OR ("silva" AND "live")'
    """
    return " OR ".join(f'("{a}" AND "{b}")' for n, a in enumerate(terms) for b in terms[n + 1:])


def _valid_clause(as_of: datetime | None, known_at: datetime | None, include_expired: bool) -> tuple[str, list]:
    clauses, params = [], []
    if as_of is not None:
        t = to_us(as_of)
        clauses.append(sql.VALID_AT)
        params += [t, t]
    if known_at is not None:
        k = to_us(known_at)
        clauses.append(sql.KNOWN_AT)
        params += [k, k]
    elif not include_expired:
        clauses.append(sql.NOT_EXPIRED)
    return (" AND ".join(clauses) or "1"), params


row_to_fact = fact_from_values  # a fact row (the facts columns, in chronomem.graph.codec order)


def _row_to_turn(row: Sequence) -> TurnRecord:
    return TurnRecord(id=row[0], session_id=row[1], group_id=row[2], speaker=row[3], text=row[4], at=from_us(row[5]),
                      seq=row[6], times=row[7])


OPEN_WAIT_SECONDS = 30  # how long opening waits for other processes' locks (the busy timeout too)


class SqliteGraphStore(SqliteVectors, SqliteLifecycle):
    """The default store: a single SQLite file (or ``":memory:"``); it keeps vectors with the data
    (:class:`~chronomem.graph.sqlite_vectors.SqliteVectors`)."""

    #: Records per transaction in :meth:`Memory.import_facts`. Each commit rewrites the index
    #: pages the transaction touched, so fewer, larger transactions cost less per fact: at 100k
    #: records, 50,000 per transaction spends about 1.5 s less in COMMIT than 5,000.
    import_batch_size = 50_000

    def __init__(self, path: str | Path, *, vocabulary: Vocabulary | None = None) -> None:
        self.vocabulary = vocabulary or CORE_VOCABULARY
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + OPEN_WAIT_SECONDS
        while True:
            try:
                self._db = self._connect()
                break
            except sqlite3.OperationalError as e:
                # Several processes creating one store at once: switching a new file to WAL and
                # creating its schema can answer "locked" at once, without the busy wait.
                if "locked" not in str(e) or time.monotonic() > deadline:
                    raise StoreError(f"cannot open the embedded store at {self.path}: {e}") from e
                time.sleep(0.05)
            except sqlite3.Error as e:
                raise StoreError(f"cannot open the embedded store at {self.path}: {e}") from e
        self._lock = threading.RLock()

    def _connect(self) -> sqlite3.Connection:
        """A connection with the pragmas set and the schema created or migrated (closed on failure)."""
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=OPEN_WAIT_SECONDS)
        try:
            for pragma in sql.CONNECTION_PRAGMAS:
                db.execute(pragma)
            migrate_claims(db)  # before the schema script: it would index the earlier table
            db.executescript(sql.SCHEMA)
            db.executescript(sql.ERASURES_SCHEMA)
            create_lifecycle_tables(db)
            add_turn_times(db)
            migrate_sqlite(db)
            migrate_vectors(db)
        except BaseException:
            db.close()
            raise
        return db

    def __repr__(self) -> str:
        return f"SqliteGraphStore({self.path!r})"

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> SqliteGraphStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _query(self, statement: str, params: Sequence = ()) -> list[tuple]:
        with self._lock:
            try:
                return self._db.execute(statement, params).fetchall()
            except sqlite3.Error as e:
                raise StoreError(f"embedded store query failed: {e}") from e

    # -- writing -------------------------------------------------------------------------
    def write(self, batch: WriteBatch, *, recorded_at: datetime) -> WriteReport:
        validate_batch(self.vocabulary, batch)
        recorded_at = ensure_utc(recorded_at, what="recorded_at")
        with self._lock:
            db = self._db
            try:
                with immediate(db):
                    return write_batch(SqliteWrite(db, batch.group_id), self.vocabulary, batch, recorded_at)
            except sqlite3.IntegrityError as e:
                raise InputError(f"batch for group {batch.group_id!r} refers to unknown records: {e}") from e
            except sqlite3.Error as e:
                raise StoreError(f"writing to {self.path} failed: {e}") from e

    def bulk_load(self, *, index_progress: Callable[[int, int], None] | None = None) -> AbstractContextManager[None]:
        """Around a bulk import (:meth:`Memory.import_facts`): see :func:`~chronomem.graph.sqlite_write.bulk_import`
        (its indexes are built in one transaction, with no progress to report: ``index_progress`` is not called)."""
        return bulk_import(self._db, self._lock, self.path)

    # -- entities ------------------------------------------------------------------------
    def get_entities(self, group_id: str, ids: Sequence[str]) -> dict[str, Entity]:
        rows: list[tuple] = []
        ids = list(dict.fromkeys(ids))
        for chunk in chunks(ids):
            rows += self._query(sql.ENTITIES_OF_IDS.format(ids=marks(chunk)), [*chunk, group_id])
        return {r[1]: row_to_entity(r[1:]) for r in sorted(rows, key=lambda r: r[0])}  # in insertion order

    def find_entities(self, group_id: str, name: str) -> list[Entity]:
        rows = self._query(sql.ENTITIES_NAMED, (group_id, normalize_name(name)))
        return [row_to_entity(r) for r in rows]

    def iter_entities(self, group_id: str) -> Iterator[Entity]:
        yield from (row_to_entity(r) for r in self._query(sql.ENTITIES_OF_GROUP, (group_id,)))

    # -- facts ---------------------------------------------------------------------------
    def facts_of(self, group_id: str, entity_ids: Sequence[str], *, predicate: str | None = None,
                 as_of: datetime | None = None, known_at: datetime | None = None, include_expired: bool = False) -> list[Fact]:
        where, params = _valid_clause(as_of, known_at, include_expired)
        pred_clause, pred_params = (sql.PREDICATE_IS, [predicate]) if predicate else ("", [])
        out: dict[str, Fact] = {}
        ids = list(dict.fromkeys(entity_ids))
        for chunk in chunks(ids, 400):
            statement = sql.FACTS_OF_ENTITIES.format(ids=marks(chunk), predicate=pred_clause, where=where)
            rows = self._query(statement, [group_id, *chunk, *pred_params, *params, group_id, *chunk, *pred_params, *params])
            out.update((r[0], row_to_fact(r)) for r in rows)
        return sorted(out.values(), key=fact_order)

    def facts_about(self, group_id: str, name: str, *, predicate: str | None = None, as_of: datetime | None = None,
                    known_at: datetime | None = None, include_expired: bool = False) -> FactsAbout:
        return facts_about_in_parts(self, group_id, name, predicate=predicate, as_of=as_of, known_at=known_at,
                                    include_expired=include_expired)  # in-process: no round trips to save

    def get_facts(self, group_id: str, ids: Sequence[str]) -> list[Fact]:
        out: dict[str, Fact] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            rows = self._query(sql.FACTS_OF_IDS.format(ids=marks(chunk)), [*chunk, group_id])
            out.update((r[0], row_to_fact(r)) for r in rows)
        return [out[i] for i in ids if i in out]

    def fact_ids_starting(self, group_id: str, prefix: str, *, limit: int = 2) -> list[str]:
        """The ids of fact versions that start with ``prefix`` (a short id), at most ``limit``."""
        return [r[0] for r in self._query(sql.FACT_IDS_FROM, [prefix, prefix + "\U0010ffff", group_id, limit])]

    def iter_facts(self, group_id: str, *, as_of: datetime | None = None, known_at: datetime | None = None,
                   include_expired: bool = False) -> Iterator[Fact]:
        where, params = _valid_clause(as_of, known_at, include_expired)
        rows = self._query(sql.FACTS_OF_GROUP.format(where=where), [group_id, *params])
        yield from (row_to_fact(r) for r in rows)

    def neighbourhood(self, group_id: str, entity_ids: Sequence[str], *, depth: int = 1, as_of: datetime | None = None,
                      known_at: datetime | None = None, limit: int = 500) -> list[Fact]:
        return breadth_first(entity_ids, lambda frontier: self._first_facts_of(
            group_id, frontier, as_of=as_of, known_at=known_at, count=limit), depth=depth, limit=limit)

    def _first_facts_of(self, group_id: str, entity_ids: list[str], *, as_of: datetime | None,
                        known_at: datetime | None, count: int) -> list[Fact]:
        """The first ``count`` of ``facts_of(...)`` in its order, sorted and cut in SQL, so that a hub
        (an entity with thousands of facts) costs no more than ``count`` rows in Python."""
        if len(entity_ids) > 400:
            return self.facts_of(group_id, entity_ids, as_of=as_of, known_at=known_at)[:count]
        where, params = _valid_clause(as_of, known_at, False)
        statement = sql.FIRST_FACTS_OF_ENTITIES.format(ids=marks(entity_ids), where=where)
        rows = self._query(statement, [group_id, *entity_ids, group_id, *entity_ids, *params, count])
        return [row_to_fact(r) for r in rows]

    def fact_counts(self, group_id: str, entity_ids: Sequence[str]) -> dict[str, int]:
        out: dict[str, int] = {}
        for chunk in chunks(list(dict.fromkeys(entity_ids)), 400):
            out.update(self._query(sql.FACT_COUNTS.format(ids=marks(chunk)), [group_id, *chunk, group_id, *chunk]))
        return out

    def changed_between(self, group_id: str, since: datetime, until: datetime) -> list[Fact]:
        a, b = to_us(since), to_us(until)
        rows = self._query(sql.CHANGED_BETWEEN, [group_id, a, b, a, b, a, b, a, b])
        return sorted((row_to_fact(r) for r in rows), key=fact_order)

    def first_recorded_at(self, group_id: str) -> datetime | None:
        return from_us(self._query("SELECT min(recorded_at) FROM facts WHERE group_id = ?", (group_id,))[0][0])

    # -- text ----------------------------------------------------------------------------
    def fulltext(self, group_id: str, text: str, *, kind: TextKind, limit: int = 20) -> list[tuple[str, float]]:
        """The ``limit`` best BM25 matches of ``text``'s words (any of them) among ``group_id``'s
        facts, turns or entity names, as ``(id, score)``, best first (higher is better).

        Every match is ranked (``bm25`` costs about a microsecond a row), except when the words
        match more than :data:`EXACT_FULLTEXT_MATCHES` rows of the store: then only the rows that
        hold at least two of the words are ranked (with the score the full query gives them), as
        long as ``limit`` of the group's come back; otherwise every match is ranked after all."""
        terms = fts_terms(text)
        if not terms:
            return []
        if kind not in _FULLTEXT_TABLES:
            raise InputError(f"unknown text kind {kind!r}; use fact, entity or turn")
        fts, table, key = _FULLTEXT_TABLES[kind]
        query = " OR ".join(f'"{w}"' for w in terms)
        top = max(4 * limit, 100)
        pairs = fts_pairs_query(terms) if 2 <= len(terms) <= _PAIR_TERMS else ""
        if pairs and self._worth_pairs(fts, query, pairs, limit):
            only = sql.FULLTEXT_ONLY_PAIRS.format(fts=fts)
            rows = self._query(sql.FULLTEXT_RANKED.format(fts=fts, table=table, key=key, only=only),
                               (query, pairs, top, group_id, limit))
            if len(rows) >= limit:
                return [(r[0], -float(r[1])) for r in rows]
        # Rank in the FTS index first, then look up only the best rows (joining every match to
        # check its group costs more than the ranking). The group's best `limit` are the first
        # of the group in the global order, so this is exact when enough of them come back;
        # otherwise (other groups crowd the top, or few matches) the plain join answers.
        rows = self._query(sql.FULLTEXT_RANKED.format(fts=fts, table=table, key=key, only=""), (query, top, group_id, limit))
        if len(rows) < limit:
            statement = (sql.FULLTEXT_ENTITIES_OF_GROUP if kind == "entity"
                         else sql.FULLTEXT_OF_GROUP.format(fts=fts, table=table))
            rows = self._query(statement, (query, group_id, limit))
        return [(r[0], -float(r[1])) for r in rows]

    def _worth_pairs(self, fts: str, query: str, pairs: str, limit: int) -> bool:
        """True when ``query`` matches more than ``EXACT_FULLTEXT_MATCHES`` rows of ``fts`` and
        ``pairs`` at least ``limit`` (both counted only that far: cheap next to ranking)."""
        matches, paired = self._query(sql.FULLTEXT_MATCH_COUNTS.format(fts=fts), (query, EXACT_FULLTEXT_MATCHES + 1, pairs, limit))[0]
        return matches > EXACT_FULLTEXT_MATCHES and paired >= limit

    # -- sessions and turns --------------------------------------------------------------
    def sessions(self, group_id: str) -> list[SessionRecord]:
        rows = self._query(sql.SESSIONS_OF_GROUP, (group_id,))
        return [SessionRecord(r[0], r[1], from_us(r[2]), r[4], json.loads(r[3])) for r in rows]

    def get_turns(self, group_id: str, ids: Sequence[str]) -> dict[str, TurnRecord]:
        out: dict[str, TurnRecord] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            rows = self._query(sql.TURNS_OF_IDS.format(ids=marks(chunk)), [group_id, *chunk])
            out.update((r[0], _row_to_turn(r)) for r in rows)
        return out

    def turns_of(self, group_id: str, session_id: str) -> list[TurnRecord]:
        rows = self._query(sql.TURNS_OF_SESSION, (group_id, session_id))
        return [_row_to_turn(r) for r in rows]

    def iter_turns(self, group_id: str) -> Iterator[TurnRecord]:
        yield from (_row_to_turn(r) for r in self._query(sql.TURNS_OF_GROUP, (group_id,)))

    def mentions_of(self, group_id: str, turn_id: str) -> list[str]:
        rows = self._query(sql.MENTIONS_OF_TURN, (group_id, turn_id))
        return [r[0] for r in rows]

    def turns_mentioning(self, group_id: str, entity_ids: Sequence[str], *, limit: int = 50) -> list[str]:
        ids = list(dict.fromkeys(entity_ids))[:400]
        if not ids:
            return []
        rows = self._query(sql.TURNS_MENTIONING.format(ids=marks(ids)), [group_id, *ids, limit])
        return [r[0] for r in rows]

    # -- housekeeping --------------------------------------------------------------------
    def groups(self) -> list[str]:
        rows = self._query(sql.GROUPS)
        return [r[0] for r in rows]

    def stats(self, group_id: str) -> dict[str, int]:
        return {name: int(self._query(statement, (group_id,))[0][0]) for name, statement in sql.STATS.items()}

    def delete_group(self, group_id: str) -> None:
        """Delete every row of ``group_id`` from every table, full-text indexes included."""
        with self._lock:
            db = self._db
            try:
                with immediate(db):
                    for statement in (*DELETE_GROUP_LIFECYCLE, *sql.DELETE_GROUP):
                        db.execute(statement, (group_id,))
            except sqlite3.Error as e:
                raise StoreError(f"deleting group {group_id!r} from {self.path} failed: {e}") from e


    # -- forget (erasure; see chronomem.graph.erasure) ------------------------------------
    def forget_entities(self, group_id: str, entity_ids: Sequence[str], *, audit: Erasure) -> ErasureReport:
        """Erase the entities ``entity_ids`` of ``group_id`` for good (see :mod:`chronomem.graph.erasure`)."""
        from chronomem.graph.eraser import erase_entities
        from chronomem.graph.sqlite_erasure import SqliteErase

        ids = list(entity_ids)
        return self._erase(lambda db: erase_entities(SqliteErase(db, group_id), self.vocabulary, group_id, ids, audit))

    def forget_session(self, group_id: str, session_id: str, *, audit: Erasure) -> ErasureReport:
        """Erase the session ``session_id`` of ``group_id`` for good; :class:`InputError` if it is unknown."""
        from chronomem.graph.eraser import erase_session
        from chronomem.graph.sqlite_erasure import SqliteErase

        return self._erase(lambda db: erase_session(SqliteErase(db, group_id), self.vocabulary, group_id, session_id,
                                                    audit))

    def erasures(self, group_id: str) -> list[Erasure]:
        """The audit records of every erasure in ``group_id``, oldest first."""
        rows = self._query(sql.SELECT_ERASURES, (group_id,))
        return [Erasure(kind=r[0], target_sha256=r[1], erased_at=from_us(r[2]), erased_by=r[3], counts=json.loads(r[4]))
                for r in rows]

    def _erase(self, work: Callable[[sqlite3.Connection], ErasureReport]) -> ErasureReport:
        """Run ``work`` in one write transaction with secure_delete on, then checkpoint the WAL."""
        with self._lock:
            db = self._db
            try:
                db.execute(sql.SECURE_DELETE_ON)
                with immediate(db):
                    report = work(db)
                db.execute(sql.CHECKPOINT_TRUNCATE)
                return report
            except sqlite3.Error as e:
                raise StoreError(f"erasing from {self.path} failed (nothing was erased): {e}") from e
            finally:
                db.execute(sql.SECURE_DELETE_OFF)
