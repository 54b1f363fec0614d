"""``forget`` on the embedded store: the deletions of :mod:`chronomem.graph.erasure`, in SQL.

Every function here runs inside the caller's transaction on one connection; the statements are
the ``ERASE_*`` constants of :mod:`chronomem.graph.sqlite_schema`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from chronomem.graph import sqlite_schema as sql
from chronomem.graph.erasure import (
    Erasure,
    ErasureReport,
    counts,
    entity_needle,
    session_needle,
    without_session,
)
from chronomem.graph.erasure_replan import replan_slots
from chronomem.graph.sqlite_write import SqliteWrite
from chronomem.schema.models import normalize_name
from chronomem.schema.vocabulary import Vocabulary


@dataclass
class _Doomed:
    """Rows one erasure deletes (rowids for facts and turns, which carry full-text rows)."""

    facts: dict[int, str] = field(default_factory=dict)
    turns: dict[int, str] = field(default_factory=dict)
    claims: set[tuple[str, str]] = field(default_factory=set)
    entities: list[str] = field(default_factory=list)
    sessions: list[str] = field(default_factory=list)


def _marks(items: Sequence[object]) -> str:
    return ", ".join("?" * len(items))


def _claims_containing(db: sqlite3.Connection, group_id: str, needle: str) -> set[tuple[str, str]]:
    return {(slot, cid) for slot, cid in db.execute(sql.ERASE_CLAIMS_CONTAINING, (group_id, needle))}


def erase_entities(db: sqlite3.Connection, group_id: str, entity_ids: Sequence[str], audit: Erasure, *,
                   erased_at_us: int, vocabulary: Vocabulary) -> ErasureReport:
    """Erase the entities ``entity_ids`` of ``group_id``: their facts, the claims naming them and
    the turns that mention them or that they spoke. ``erased_at_us``: the audit time as the store keeps times."""
    doomed = _Doomed()
    rows = db.execute(sql.ERASE_ENTITIES_OF.format(_marks(entity_ids)), [group_id, *entity_ids]).fetchall()
    doomed.entities = [r[0] for r in rows]
    if not doomed.entities:
        return _finish(db, group_id, doomed, audit, erased_at_us, vocabulary)
    ids = doomed.entities
    norms = {normalize_name(n) for _, name, aliases in rows for n in [name, *json.loads(aliases)]}
    speakers = [s for (s,) in db.execute(sql.ERASE_SPEAKERS, (group_id,)) if normalize_name(s) in norms]
    if speakers:
        doomed.turns.update(db.execute(sql.ERASE_TURNS_SPOKEN_BY.format(_marks(speakers)), [group_id, *speakers]))
    doomed.turns.update(db.execute(sql.ERASE_TURNS_MENTIONING.format(_marks(ids)), [group_id, *ids]))
    doomed.facts.update(db.execute(sql.ERASE_FACTS_TOUCHING.format(_marks(ids)), [group_id, *ids, *ids]))
    for entity_id in ids:
        doomed.claims |= _claims_containing(db, group_id, entity_needle(entity_id))
    return _finish(db, group_id, doomed, audit, erased_at_us, vocabulary)


def erase_session(db: sqlite3.Connection, group_id: str, session_id: str, audit: Erasure, *,
                  erased_at_us: int, vocabulary: Vocabulary) -> ErasureReport:
    """Erase the session ``session_id`` of ``group_id``: its turns, the claims and fact versions it
    sourced (a version with other sources only loses this one) and the entities left unused."""
    doomed = _Doomed(sessions=[session_id])
    doomed.turns.update(db.execute(sql.ERASE_TURNS_OF_SESSION, (group_id, session_id)))
    doomed.claims = _claims_containing(db, group_id, session_needle(session_id))
    candidates: set[str] = set()
    for turn_id in doomed.turns.values():
        candidates.update(e for (e,) in db.execute(sql.ERASE_MENTIONED_BY_TURN, (group_id, turn_id)))
    kept_sources: dict[int, str] = {}
    for rowid, fact_id, subject_id, object_id, sources in db.execute(
            sql.ERASE_FACTS_CITING, (group_id, json.dumps(session_id, ensure_ascii=False))).fetchall():
        if all(pair[0] != session_id for pair in json.loads(sources)):
            continue  # the session id only appeared inside another id
        rest = without_session(sources, session_id)
        if rest is None:
            doomed.facts[rowid] = fact_id
            candidates.update((subject_id, object_id))
        else:
            kept_sources[rowid] = rest
    db.executemany(sql.ERASE_SET_FACT_SOURCES, [(rest, rowid) for rowid, rest in kept_sources.items()])
    return _finish(db, group_id, doomed, audit, erased_at_us, vocabulary, orphan_candidates=sorted(candidates))


def _erase_facts(db: sqlite3.Connection, rowids: Iterable[int]) -> None:
    for rowid in rowids:
        for statement in sql.ERASE_FACT:
            db.execute(statement, (rowid,))


def _finish(db: sqlite3.Connection, group_id: str, doomed: _Doomed, audit: Erasure, erased_at_us: int,
            vocabulary: Vocabulary, *, orphan_candidates: Sequence[str] = ()) -> ErasureReport:
    """Delete what ``doomed`` lists, re-derive the slots that lost claims
    (:mod:`chronomem.graph.erasure_replan`), delete the candidates left unused, optimize the
    full-text indexes touched and write the audit record."""
    _erase_facts(db, doomed.facts)
    for rowid in doomed.turns:
        for statement in sql.ERASE_TURN:
            db.execute(statement, (rowid,))
    db.executemany(sql.ERASE_CLAIM, [(group_id, slot, cid) for slot, cid in sorted(doomed.claims)])

    def delete_versions(ids: Sequence[str]) -> None:
        rows = dict(db.execute(sql.ERASE_FACT_ROWIDS.format(_marks(ids)), [group_id, *ids]))
        _erase_facts(db, rows)
        doomed.facts.update(rows)

    new_fact_ids = replan_slots(SqliteWrite(db, group_id), vocabulary, group_id, {slot for slot, _ in doomed.claims},
                                erased_at=audit.erased_at, delete_versions=delete_versions)
    for session_id in doomed.sessions:
        db.execute(sql.ERASE_SESSION, (group_id, session_id))
    for entity_id in orphan_candidates:
        (in_use,) = db.execute(sql.ERASE_ENTITY_IN_USE, (group_id, entity_id, entity_needle(entity_id))).fetchone()
        if not in_use:
            doomed.entities.append(entity_id)
    for entity_id in doomed.entities:
        for statement in sql.ERASE_ENTITY:
            db.execute(statement, (group_id, entity_id))
    for table, touched in (("facts", doomed.facts), ("turns", doomed.turns), ("entities", doomed.entities)):
        if touched:
            db.execute(sql.OPTIMIZE_FULLTEXT[table])
    audit = audit.model_copy(update={"counts": counts(
        facts=len(doomed.facts), turns=len(doomed.turns), claims=len(doomed.claims),
        entities=len(doomed.entities), sessions=len(doomed.sessions))})
    db.execute(sql.INSERT_ERASURE, (group_id, audit.kind, audit.target_sha256, erased_at_us,
                                    audit.erased_by, json.dumps(audit.counts)))
    return ErasureReport(erasure=audit, fact_ids=sorted(doomed.facts.values()), entity_ids=sorted(doomed.entities),
                         turn_ids=sorted(doomed.turns.values()), new_fact_ids=new_fact_ids)


def session_exists(db: sqlite3.Connection, group_id: str, session_id: str) -> bool:
    return db.execute(sql.ERASE_SESSION_EXISTS, (group_id, session_id)).fetchone() is not None
