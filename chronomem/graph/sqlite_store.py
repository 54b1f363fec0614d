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
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timedelta, timezone
from functools import lru_cache
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
from chronomem.graph.erasure import Erasure, ErasureReport, unknown_session
from chronomem.graph.turn_scope import clash_error, migrate_sqlite
from chronomem.graph.writing import (
    file_claims_by_id,
    merge_batch_entities,
    merge_entity,
    plan_slots,
    summarize,
    validate_batch,
)
from chronomem.schema.models import Claim, Entity, Fact, Session, Source, normalize_name, trusted
from chronomem.schema.timeutil import ensure_utc
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary

_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_TOKEN = re.compile(r"\w+", re.UNICODE)
#: Up to this many matching rows (all groups), full-text search ranks every match; above it, only
#: the rows holding at least two of the query's words (see ``SqliteGraphStore.fulltext``).
EXACT_FULLTEXT_MATCHES = 2_000
_PAIR_TERMS = 8  # more words than this: every match is ranked (the pairs grow quadratically)
# kind -> (FTS table, table whose rowids it shares, column giving the id)
_FULLTEXT_TABLES = {"fact": ("facts_fts", "facts", "id"), "turn": ("turns_fts", "turns", "id"),
                    "entity": ("entities_fts", "entities_fts", "entity_id")}
# Batched forms of sql.CLAIMS_OF_SLOT and sql.CURRENT_OF_SLOT, for the write path ({} = placeholders).
_CLAIMS_OF_SLOTS = "SELECT slot, id, body FROM claims WHERE group_id = ? AND slot IN ({})"
_CURRENT_OF_SLOTS = f"SELECT rowid, {sql.FACT_COLUMNS} FROM facts WHERE group_id = ? AND slot IN ({{}}) AND expired_at IS NULL"


def to_us(value: datetime | None) -> int | None:
    """Microseconds since the epoch (``None`` stays ``None``)."""
    if value is None:
        return None
    delta = value - _EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_us(value: int | None) -> datetime | None:
    return None if value is None else _EPOCH + timedelta(microseconds=value)


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
        clauses.append("(valid_from IS NULL OR valid_from <= ?) AND (valid_to IS NULL OR valid_to > ?)")
        params += [t, t]
    if known_at is not None:
        k = to_us(known_at)
        clauses.append("recorded_at <= ? AND (expired_at IS NULL OR expired_at > ?)")
        params += [k, k]
    elif not include_expired:
        clauses.append("expired_at IS NULL")
    return (" AND ".join(clauses) or "1"), params


def row_to_fact(row: Sequence) -> Fact:
    return trusted(Fact, {
        "id": row[0], "group_id": row[1], "slot": row[2], "subject_id": row[3], "predicate": row[4], "object_id": row[5],
        "qualifiers": json.loads(row[6]) if row[6] != "{}" else {}, "statement": row[7], "valid_from": from_us(row[8]),
        "valid_to": from_us(row[9]), "valid_from_precision": row[10], "valid_to_precision": row[11],
        "start_observed": bool(row[12]),
        "recorded_at": from_us(row[13]), "expired_at": from_us(row[14]), "confidence": row[15],
        "sources": list(sources_from_json(row[16])),
    })


@lru_cache(maxsize=4096)
def sources_from_json(column: str) -> tuple[Source, ...]:
    """The sources in a fact's JSON column (both stores keep them so). Many facts share one (an
    import, a turn), and sources are frozen, so each distinct text is parsed once and its objects shared.

    >>> sources_from_json('[["s1", "s1:3"], ["import", ""]]')
    (Source(session_id='s1', turn_id='s1:3'), Source(session_id='import', turn_id=None))
    """
    return tuple(trusted(Source, {"session_id": s, "turn_id": t or None}) for s, t in json.loads(column))


def fact_to_row(f: Fact) -> tuple:
    return (
        f.id, f.group_id, f.slot, f.subject_id, f.predicate, f.object_id,
        json.dumps(f.qualifiers, sort_keys=True) if f.qualifiers else "{}",
        f.statement, to_us(f.valid_from), to_us(f.valid_to), f.valid_from_precision, f.valid_to_precision,
        int(f.start_observed), to_us(f.recorded_at), to_us(f.expired_at), f.confidence,
        json.dumps([[s.session_id, s.turn_id or ""] for s in f.sources]),
    )


def _row_to_entity(row: Sequence) -> Entity:
    return trusted(Entity, {"id": row[0], "group_id": row[1], "name": row[2], "type": row[3], "aliases": json.loads(row[4])})


def _refuse_turn_clashes(db: sqlite3.Connection, group: str, session: Session) -> None:
    """Raise when a turn id of ``session`` is already a turn of another session of ``group``."""
    clashes: list[tuple[str, str]] = []
    for chunk in _chunks([t.id for t in session.turns if t.id is not None]):
        clashes += db.execute(f"SELECT id, session_id FROM turns WHERE group_id = ? AND id IN ({_marks(chunk)}) "
                              "AND session_id <> ?", [group, *chunk, session.session_id]).fetchall()
    if clashes:
        raise clash_error(group, session.session_id, clashes)


def _row_to_turn(row: Sequence) -> TurnRecord:
    return TurnRecord(id=row[0], session_id=row[1], group_id=row[2], speaker=row[3], text=row[4], at=from_us(row[5]), seq=row[6])


class SqliteGraphStore:
    """The default store: a single SQLite file (or ``":memory:"``)."""

    #: Records per transaction in :meth:`Memory.import_facts`. Each commit rewrites the index
    #: pages the transaction touched, so fewer, larger transactions cost less per fact: at 100k
    #: records, 50,000 per transaction spends about 1.5 s less in COMMIT than 5,000.
    import_batch_size = 50_000

    def __init__(self, path: str | Path, *, vocabulary: Vocabulary | None = None) -> None:
        self.vocabulary = vocabulary or CORE_VOCABULARY
        self.path = str(path)
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=30)
            for pragma in sql.CONNECTION_PRAGMAS:
                self._db.execute(pragma)
            self._db.executescript(sql.SCHEMA)
            self._db.executescript(sql.ERASURES_SCHEMA)
            migrate_sqlite(self._db)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open the embedded store at {self.path}: {e}") from e
        self._lock = threading.RLock()

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
                db.execute("BEGIN IMMEDIATE")
                report = self._write_in_tx(db, batch, recorded_at)
                db.execute("COMMIT")
                return report
            except sqlite3.IntegrityError as e:
                db.execute("ROLLBACK")
                raise InputError(f"batch for group {batch.group_id!r} refers to unknown records: {e}") from e
            except sqlite3.Error as e:
                db.execute("ROLLBACK")
                raise StoreError(f"writing to {self.path} failed: {e}") from e
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def _write_in_tx(self, db: sqlite3.Connection, batch: WriteBatch, recorded_at: datetime) -> WriteReport:
        group = batch.group_id
        entities_added = self._upsert_entities(db, batch.entities)
        session_added = False
        if batch.session is not None:
            s = batch.session
            cur = db.execute(sql.INSERT_SESSION, (group, s.session_id, to_us(s.started_at), json.dumps(s.metadata, default=str)))
            session_added = cur.rowcount > 0
            _refuse_turn_clashes(db, group, s)
            db.executemany(sql.INSERT_TURN, [(group, t.id, s.session_id, t.speaker, t.text, to_us(t.at), n)
                                             for n, t in enumerate(s.turns)])
        db.executemany(sql.INSERT_MENTION, [(group, m.turn_id, m.entity_id) for m in batch.mentions])
        filed = file_claims_by_id(self.vocabulary, batch.claims)
        rec = to_us(recorded_at)
        # The claims already stored in the batch's slots, in one query per 900 slots (not one per claim).
        stored: dict[str, dict[str, str]] = {}
        for chunk in _chunks(list(filed)):
            for slot, cid, body in db.execute(_CLAIMS_OF_SLOTS.format(_marks(chunk)), [group, *chunk]):
                stored.setdefault(slot, {})[cid] = body
        touched: list[str] = []
        new_rows: list[tuple] = []
        for slot, by_id in filed.items():
            have = stored.get(slot, {})
            fresh = [(cid, c) for cid, c in by_id.items() if cid not in have]
            if fresh:
                touched.append(slot)
                new_rows.extend((group, slot, cid, c.model_dump_json(), rec) for cid, c in fresh)
        db.executemany(sql.INSERT_CLAIM, new_rows)
        claims_added = len(new_rows)
        # Every claim of a touched slot, in claim-id order: the ones just inserted as given (a stored
        # claim is its model_dump_json, so re-reading them would rebuild equal claims), the older ones
        # parsed from the store; brand-new slots need no reading at all.
        all_claims: dict[str, list[Claim]] = {}
        for slot in touched:
            by_id = dict(filed[slot])
            by_id.update((cid, Claim.model_validate_json(body)) for cid, body in stored.get(slot, {}).items())
            all_claims[slot] = [by_id[cid] for cid in sorted(by_id)]
        current: dict[str, list[Fact]] = {slot: [] for slot in touched}
        # A slot's fact versions are derived from its claims in the same transaction, so a slot
        # without stored claims has no versions yet: only slots that had claims are read back.
        for chunk in _chunks([slot for slot in touched if slot in stored]):
            rows = db.execute(_CURRENT_OF_SLOTS.format(_marks(chunk)), [group, *chunk]).fetchall()
            for r in sorted(rows, key=lambda r: r[0]):  # rowid order within a slot, as the per-slot query gave
                current[r[3]].append(row_to_fact(r[1:]))
        plans = plan_slots(self.vocabulary, group, all_claims, current, recorded_at=recorded_at)
        # Expire and insert for every slot in two statements; no id is both expired and inserted
        # (inserted ids are new, a UNIQUE violation otherwise), so the order across slots is immaterial.
        db.executemany(sql.EXPIRE_FACT, [(to_us(plan.recorded_at), fid, group) for plan in plans.values() for fid in plan.expire])
        new_facts = [fact_to_row(f) for plan in plans.values() for f in plan.insert]
        if new_facts:
            (last_rowid,) = db.execute(sql.LAST_FACT_ROWID).fetchone()
            db.executemany(sql.INSERT_FACT, new_facts)
            db.execute(sql.INDEX_NEW_FACTS, (last_rowid,))
        report = summarize(plans, current)
        report.entities_added = entities_added
        report.claims_added = claims_added
        report.session_added = session_added
        return report

    def _upsert_entities(self, db: sqlite3.Connection, entities: Sequence[Entity]) -> int:
        merged = merge_batch_entities(entities)
        known: dict[str, tuple] = {}  # the stored rows of the batch's entities, one query per 900 ids
        for chunk in _chunks(list(merged)):
            known.update((r[0], r) for r in db.execute(sql.SELECT_ENTITY + f" WHERE id IN ({_marks(chunk)})", chunk))
        # New entities are written in bulk; the pending rows are flushed before any update, so the
        # statements (and the full-text rowids) come in the same order as one entity at a time.
        pending = _EntityRows()
        for e in merged.values():
            row = known.get(e.id)
            if row is None:
                pending.entities.append((e.id, e.group_id, e.name, e.type, json.dumps(e.aliases)))
                names = [e.name, *e.aliases]
            else:
                old = _row_to_entity(row)
                if old.group_id != e.group_id:
                    raise InputError(f"entity id {e.id!r} already belongs to group {old.group_id!r}")
                m = merge_entity(old, e)
                if (m.name, m.type, m.aliases) == (old.name, old.type, old.aliases):
                    continue
                pending.flush(db)
                db.execute(sql.UPDATE_ENTITY, (m.name, m.type, json.dumps(m.aliases), e.id))
                db.execute("DELETE FROM entities_fts WHERE entity_id = ?", (e.id,))
                names = [m.name, *m.aliases]
            norms = [normalize_name(n) for n in names]
            pending.names.extend((e.group_id, norm, e.id) for norm in norms if norm)
            pending.fts.append((" ; ".join(names), e.group_id, e.id))
        pending.flush(db)
        return pending.entities_added

    # -- entities ------------------------------------------------------------------------
    def get_entities(self, group_id: str, ids: Sequence[str]) -> dict[str, Entity]:
        rows: list[tuple] = []
        ids = list(dict.fromkeys(ids))
        for chunk in _chunks(ids):
            # "+group_id": without it SQLite answers 5+ ids by scanning the group's index (every entity of
            # the group: linear in the store's size) instead of looking each id up by primary key.
            rows += self._query(f"SELECT rowid, id, group_id, name, type, aliases FROM entities WHERE id IN ({_marks(chunk)}) "
                                "AND +group_id = ?", [*chunk, group_id])
        return {r[1]: _row_to_entity(r[1:]) for r in sorted(rows, key=lambda r: r[0])}  # in insertion order

    def find_entities(self, group_id: str, name: str) -> list[Entity]:
        rows = self._query(sql.SELECT_ENTITY + " WHERE id IN (SELECT entity_id FROM entity_names WHERE group_id = ? AND norm = ?)"
                           " ORDER BY id", (group_id, normalize_name(name)))
        return [_row_to_entity(r) for r in rows]

    def iter_entities(self, group_id: str) -> Iterator[Entity]:
        yield from (_row_to_entity(r) for r in self._query(sql.SELECT_ENTITY + " WHERE group_id = ? ORDER BY id", (group_id,)))

    # -- facts ---------------------------------------------------------------------------
    def facts_of(self, group_id: str, entity_ids: Sequence[str], *, predicate: str | None = None,
                 as_of: datetime | None = None, known_at: datetime | None = None, include_expired: bool = False) -> list[Fact]:
        where, params = _valid_clause(as_of, known_at, include_expired)
        pred_clause, pred_params = ("AND predicate = ?", [predicate]) if predicate else ("", [])
        out: dict[str, Fact] = {}
        ids = list(dict.fromkeys(entity_ids))
        for chunk in _chunks(ids, 400):
            marks = _marks(chunk)
            statement = (f"{sql.SELECT_FACTS} WHERE group_id = ? AND subject_id IN ({marks}) {pred_clause} AND {where} "
                         f"UNION {sql.SELECT_FACTS} WHERE group_id = ? AND object_id IN ({marks}) {pred_clause} AND {where}")
            rows = self._query(statement, [group_id, *chunk, *pred_params, *params, group_id, *chunk, *pred_params, *params])
            out.update((r[0], row_to_fact(r)) for r in rows)
        return sorted(out.values(), key=fact_order)

    def facts_about(self, group_id: str, name: str, *, predicate: str | None = None, as_of: datetime | None = None,
                    known_at: datetime | None = None, include_expired: bool = False) -> FactsAbout:
        return facts_about_in_parts(self, group_id, name, predicate=predicate, as_of=as_of, known_at=known_at,
                                    include_expired=include_expired)  # in-process: no round trips to save

    def get_facts(self, group_id: str, ids: Sequence[str]) -> list[Fact]:
        out: dict[str, Fact] = {}
        for chunk in _chunks(list(dict.fromkeys(ids))):
            # "+group_id" keeps SQLite on the id index (with 5+ ids it would scan every fact of the group).
            rows = self._query(sql.SELECT_FACTS + f" WHERE id IN ({_marks(chunk)}) AND +group_id = ?", [*chunk, group_id])
            out.update((r[0], row_to_fact(r)) for r in rows)
        return [out[i] for i in ids if i in out]

    def iter_facts(self, group_id: str, *, as_of: datetime | None = None, known_at: datetime | None = None,
                   include_expired: bool = False) -> Iterator[Fact]:
        where, params = _valid_clause(as_of, known_at, include_expired)
        rows = self._query(f"{sql.SELECT_FACTS} WHERE group_id = ? AND {where} ORDER BY rowid", [group_id, *params])
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
        marks = _marks(entity_ids)
        # The rowids of the entities' facts come from the two covering indexes; only those rows are
        # read and filtered (a UNION of whole rows would sort every column of every fact to dedupe).
        statement = (f"{sql.SELECT_FACTS} WHERE rowid IN (SELECT rowid FROM facts WHERE group_id = ? AND subject_id IN ({marks}) "
                     f"UNION ALL SELECT rowid FROM facts WHERE group_id = ? AND object_id IN ({marks})) AND {where} "
                     "ORDER BY valid_from IS NOT NULL, coalesce(valid_from, 0), predicate, recorded_at, id LIMIT ?")
        rows = self._query(statement, [group_id, *entity_ids, group_id, *entity_ids, *params, count])
        return [row_to_fact(r) for r in rows]

    def changed_between(self, group_id: str, since: datetime, until: datetime) -> list[Fact]:
        a, b = to_us(since), to_us(until)
        rows = self._query(
            f"{sql.SELECT_FACTS} WHERE group_id = ? AND ((valid_from >= ? AND valid_from < ?) OR (valid_to >= ? AND valid_to < ?)"
            " OR (recorded_at >= ? AND recorded_at < ?) OR (expired_at >= ? AND expired_at < ?))",
            [group_id, a, b, a, b, a, b, a, b])
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
            # "+rowid": the pairs only filter the rows FTS5 returns, so bm25 runs for those alone
            only = f"AND +rowid IN (SELECT rowid FROM {fts} WHERE {fts} MATCH ?)"
            rows = self._query(_ranked_fulltext(fts, table, key, only), (query, pairs, top, group_id, limit))
            if len(rows) >= limit:
                return [(r[0], -float(r[1])) for r in rows]
        # Rank in the FTS index first, then look up only the best rows (joining every match to
        # check its group costs more than the ranking). The group's best `limit` are the first
        # of the group in the global order, so this is exact when enough of them come back;
        # otherwise (other groups crowd the top, or few matches) the plain join answers.
        rows = self._query(_ranked_fulltext(fts, table, key), (query, top, group_id, limit))
        if len(rows) < limit:
            if kind == "entity":
                statement = ("SELECT entity_id, bm25(entities_fts) FROM entities_fts WHERE entities_fts MATCH ? "
                             "AND group_id = ? ORDER BY bm25(entities_fts), rowid LIMIT ?")
            else:
                statement = (f"SELECT x.id, bm25({fts}) FROM {fts} JOIN {table} x ON x.rowid = {fts}.rowid "
                             f"WHERE {fts} MATCH ? AND x.group_id = ? ORDER BY bm25({fts}), {fts}.rowid LIMIT ?")
            rows = self._query(statement, (query, group_id, limit))
        return [(r[0], -float(r[1])) for r in rows]

    def _worth_pairs(self, fts: str, query: str, pairs: str, limit: int) -> bool:
        """True when ``query`` matches more than ``EXACT_FULLTEXT_MATCHES`` rows of ``fts`` and
        ``pairs`` at least ``limit`` (both counted only that far: cheap next to ranking)."""
        statement = (f"SELECT (SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ? LIMIT ?)), "
                     f"(SELECT count(*) FROM (SELECT 1 FROM {fts} WHERE {fts} MATCH ? LIMIT ?))")
        matches, paired = self._query(statement, (query, EXACT_FULLTEXT_MATCHES + 1, pairs, limit))[0]
        return matches > EXACT_FULLTEXT_MATCHES and paired >= limit

    # -- sessions and turns --------------------------------------------------------------
    def sessions(self, group_id: str) -> list[SessionRecord]:
        rows = self._query("SELECT s.id, s.group_id, s.started_at, s.metadata, (SELECT count(*) FROM turns t WHERE t.group_id = s.group_id"
                           " AND t.session_id = s.id) FROM sessions s WHERE s.group_id = ? ORDER BY s.started_at, s.id", (group_id,))
        return [SessionRecord(r[0], r[1], from_us(r[2]), r[4], json.loads(r[3])) for r in rows]

    def get_turns(self, group_id: str, ids: Sequence[str]) -> dict[str, TurnRecord]:
        out: dict[str, TurnRecord] = {}
        for chunk in _chunks(list(dict.fromkeys(ids))):
            rows = self._query(sql.SELECT_TURNS + f" WHERE group_id = ? AND id IN ({_marks(chunk)})", [group_id, *chunk])
            out.update((r[0], _row_to_turn(r)) for r in rows)
        return out

    def turns_of(self, group_id: str, session_id: str) -> list[TurnRecord]:
        rows = self._query(sql.SELECT_TURNS + " WHERE group_id = ? AND session_id = ? ORDER BY seq", (group_id, session_id))
        return [_row_to_turn(r) for r in rows]

    def iter_turns(self, group_id: str) -> Iterator[TurnRecord]:
        yield from (_row_to_turn(r) for r in self._query(sql.SELECT_TURNS + " WHERE group_id = ? ORDER BY rowid", (group_id,)))

    def mentions_of(self, group_id: str, turn_id: str) -> list[str]:
        rows = self._query("SELECT entity_id FROM mentions WHERE group_id = ? AND turn_id = ? ORDER BY entity_id", (group_id, turn_id))
        return [r[0] for r in rows]

    def turns_mentioning(self, group_id: str, entity_ids: Sequence[str], *, limit: int = 50) -> list[str]:
        ids = list(dict.fromkeys(entity_ids))[:400]
        if not ids:
            return []
        # INDEXED BY: with 5+ ids SQLite would otherwise scan every mention of the group (its primary key).
        rows = self._query(f"SELECT m.turn_id FROM mentions m INDEXED BY mentions_entity "
                           f"JOIN turns t ON t.group_id = m.group_id AND t.id = m.turn_id "
                           f"WHERE m.group_id = ? AND m.entity_id IN ({_marks(ids)}) GROUP BY m.turn_id "
                           f"ORDER BY count(*) DESC, max(t.at) DESC LIMIT ?", [group_id, *ids, limit])
        return [r[0] for r in rows]

    # -- housekeeping --------------------------------------------------------------------
    def groups(self) -> list[str]:
        rows = self._query("SELECT group_id FROM entities UNION SELECT group_id FROM sessions ORDER BY 1")
        return [r[0] for r in rows]

    def stats(self, group_id: str) -> dict[str, int]:
        def count(statement: str) -> int:
            return int(self._query(statement, (group_id,))[0][0])

        return {
            "entities": count("SELECT count(*) FROM entities WHERE group_id = ?"),
            "sessions": count("SELECT count(*) FROM sessions WHERE group_id = ?"),
            "turns": count("SELECT count(*) FROM turns WHERE group_id = ?"),
            "claims": count("SELECT count(*) FROM claims WHERE group_id = ?"),
            "facts": count("SELECT count(*) FROM facts WHERE group_id = ? AND expired_at IS NULL"),
            "fact_versions": count("SELECT count(*) FROM facts WHERE group_id = ?"),
        }

    def delete_group(self, group_id: str) -> None:
        """Delete every row of ``group_id`` from every table, full-text indexes included."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                for statement in sql.DELETE_GROUP:
                    db.execute(statement, (group_id,))
                db.execute("COMMIT")
            except sqlite3.Error as e:
                db.execute("ROLLBACK")
                raise StoreError(f"deleting group {group_id!r} from {self.path} failed: {e}") from e


    # -- forget (erasure; see chronomem.graph.erasure) ------------------------------------
    def forget_entities(self, group_id: str, entity_ids: Sequence[str], *, audit: Erasure) -> ErasureReport:
        """Erase the entities ``entity_ids`` of ``group_id`` for good (see :mod:`chronomem.graph.erasure`)."""
        from chronomem.graph import sqlite_erasure

        at = to_us(audit.erased_at)
        assert at is not None
        ids = list(entity_ids)
        return self._erase(lambda db: sqlite_erasure.erase_entities(db, group_id, ids, audit, erased_at_us=at))

    def forget_session(self, group_id: str, session_id: str, *, audit: Erasure) -> ErasureReport:
        """Erase the session ``session_id`` of ``group_id`` for good; :class:`InputError` if it is unknown."""
        from chronomem.graph import sqlite_erasure

        at = to_us(audit.erased_at)
        assert at is not None

        def erase(db: sqlite3.Connection) -> ErasureReport:
            if not sqlite_erasure.session_exists(db, group_id, session_id):
                raise unknown_session(group_id, session_id)
            return sqlite_erasure.erase_session(db, group_id, session_id, audit, erased_at_us=at)

        return self._erase(erase)

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
                db.execute("BEGIN IMMEDIATE")
                try:
                    report = work(db)
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute(sql.CHECKPOINT_TRUNCATE)
                return report
            except sqlite3.Error as e:
                raise StoreError(f"erasing from {self.path} failed (nothing was erased): {e}") from e
            finally:
                db.execute(sql.SECURE_DELETE_OFF)


class _EntityRows:
    """Entity rows waiting to be written in bulk (see ``SqliteGraphStore._upsert_entities``)."""

    def __init__(self) -> None:
        self.entities: list[tuple] = []
        self.names: list[tuple] = []
        self.fts: list[tuple] = []
        self.entities_added = 0

    def flush(self, db: sqlite3.Connection) -> None:
        """Write the pending rows: entities, then their names, then their full-text rows."""
        db.executemany(sql.INSERT_ENTITY, self.entities)
        db.executemany(sql.INSERT_ENTITY_NAME, self.names)
        db.executemany("INSERT INTO entities_fts (names, group_id, entity_id) VALUES (?, ?, ?)", self.fts)
        self.entities_added += len(self.entities)
        self.entities, self.names, self.fts = [], [], []



def _ranked_fulltext(fts: str, table: str, key: str, only: str = "") -> str:
    """SQL for the best ``?`` rows of an FTS match (``only``: an extra condition on them), then
    the group's best ``?`` of those: parameters ``(query, [only's], top, group_id, limit)``."""
    return (f"SELECT x.{key}, s.score FROM (SELECT rowid, bm25({fts}) AS score FROM {fts} WHERE {fts} MATCH ? {only} "
            f"ORDER BY score LIMIT ?) s JOIN {table} x ON x.rowid = s.rowid WHERE x.group_id = ? "
            "ORDER BY s.score, s.rowid LIMIT ?")

def _marks(items: Sequence) -> str:
    return ", ".join("?" * len(items))


def _chunks(items: list, size: int = 900) -> Iterator[list]:
    for i in range(0, len(items), size):
        yield items[i : i + size]
