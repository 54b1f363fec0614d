"""Turn ids scoped to their session: the clash check both stores run, and the one-time migration
of stores written before turn ids were scoped.

Turns are keyed by ``(group, id)``; :func:`~chronomem.schema.models.scoped_turn_id` makes the id
``<session>:<given id>`` on ingest so two sessions' "t1" stay two turns. Stores written earlier
hold the given ids: :func:`migrate_sqlite` and :func:`migrate_neo4j` rename those turns to the
scoped form and rewrite every reference to them (mentions, fact sources, claim sources and so
claim ids), once per store, so re-ingesting an old session is still a no-op and every fact keeps
citing its own turn. Turns an old store already lost to a clash cannot be brought back.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from chronomem.errors import InputError
from chronomem.graph.codec import claim_to_json
from chronomem.graph.sqlite_tx import immediate
from chronomem.schema.models import Claim, scoped_turn_id

#: The meta key (SQLite ``meta`` table, Neo4j ``:ChronomemMeta`` node) marking a migrated store.
MARK_KEY = "turn_ids"
MARK_VALUE = "session-scoped"

# (session id, given turn id) -> scoped turn id, for one group
Renames = Mapping[tuple[str, str], str]


def clash_error(group_id: str, session_id: str, clashes: Sequence[tuple[str, str]]) -> InputError:
    """The error for turns whose ids another session of the group already uses: ``clashes`` holds
    ``(turn id, other session id)`` pairs."""
    turn, other = clashes[0]
    return InputError(f"turn id {turn!r} of session {session_id!r} is already a turn of session {other!r} in group "
                      f"{group_id!r} ({len(clashes)} such turn(s)); give the turns ids unique in their session "
                      f"and session ids that do not end where another session's turn ids begin")


def plan_renames(turns: Iterable[tuple[str, str, str]],
                 taken: set[tuple[str, str]]) -> dict[str, dict[tuple[str, str], str]]:
    """Renames by group for ``(group, session, id)`` turns whose id is not scoped yet; a turn whose
    scoped id is already ``taken`` (as ``(group, id)``) keeps its id."""
    out: dict[str, dict[tuple[str, str], str]] = {}
    for group, session, old in turns:
        new = scoped_turn_id(session, old)
        if new != old and (group, new) not in taken:
            taken.add((group, new))
            out.setdefault(group, {})[(session, old)] = new
    return out


def rescope_pairs(pairs: list[list[str]], renames: Renames) -> list[list[str]] | None:
    """``[[session, turn], ...]`` with renamed turns replaced, or ``None`` when nothing changes."""
    out = [[s, renames.get((s, t), t)] for s, t in pairs]
    return out if out != pairs else None


def rescope_claim(body: str, renames: Renames) -> tuple[str, str] | None:
    """A stored claim's ``(new id, new body)`` after renaming its source turns, or ``None``."""
    data = json.loads(body)
    pairs = [[s["session_id"], s.get("turn_id") or ""] for s in data.get("sources", [])]
    changed = rescope_pairs(pairs, renames)
    if changed is None:
        return None
    data["sources"] = [{"session_id": s, "turn_id": t or None} for s, t in changed]
    claim = Claim.model_validate(data)
    return claim.id, claim_to_json(claim)


# -- SQLite ------------------------------------------------------------------------------------
_UNSCOPED_SQLITE = ("SELECT group_id, session_id, id FROM turns "
                    "WHERE substr(id, 1, length(session_id) + 1) <> session_id || ':' ORDER BY rowid")


def migrate_sqlite(db: sqlite3.Connection) -> int:
    """Scope the turn ids of an embedded store (``db`` in autocommit mode), once; returns how many
    turns were renamed. Runs in one transaction: a crash leaves the store as it was."""
    with immediate(db):
        if db.execute("SELECT 1 FROM meta WHERE key = ?", (MARK_KEY,)).fetchone():
            return 0
        unscoped = db.execute(_UNSCOPED_SQLITE).fetchall()
        taken = {(g, i) for g, i in db.execute("SELECT group_id, id FROM turns")} if unscoped else set()
        plans = plan_renames(unscoped, taken)
        for group, renames in plans.items():
            _rename_sqlite_group(db, group, renames)
        db.execute("INSERT INTO meta (key, value) VALUES (?, ?)", (MARK_KEY, MARK_VALUE))
        return sum(len(r) for r in plans.values())


def _rename_sqlite_group(db: sqlite3.Connection, group: str, renames: Renames) -> None:
    for (session, old), new in renames.items():
        db.execute("UPDATE turns SET id = ? WHERE group_id = ? AND session_id = ? AND id = ?",
                   (new, group, session, old))
        db.execute("UPDATE mentions SET turn_id = ? WHERE group_id = ? AND turn_id = ?", (new, group, old))
    for rowid, sources in db.execute("SELECT rowid, sources FROM facts WHERE group_id = ?", (group,)).fetchall():
        changed = rescope_pairs(json.loads(sources), renames)
        if changed is not None:
            db.execute("UPDATE facts SET sources = ? WHERE rowid = ?", (json.dumps(changed), rowid))
    for slot, cid, body, rec in db.execute("SELECT slot, id, body, recorded_at FROM claims WHERE group_id = ?",
                                           (group,)).fetchall():
        rescoped = rescope_claim(body, renames)
        if rescoped is not None:
            db.execute("DELETE FROM claims WHERE group_id = ? AND slot = ? AND id = ?", (group, slot, cid))
            db.execute("INSERT OR IGNORE INTO claims (group_id, slot, id, body, recorded_at) VALUES (?, ?, ?, ?, ?)",
                       (group, slot, *rescoped, rec))


# -- Neo4j -------------------------------------------------------------------------------------
_LOCK_MARK = "MERGE (m:ChronomemMeta {key: $key}) SET m._lock = true REMOVE m._lock RETURN m.value AS value"
_UNSCOPED_NEO4J = ("MATCH (t:Turn) WHERE NOT t.id STARTS WITH t.session_id + ':' "
                   "RETURN t.group_id AS g, t.session_id AS s, t.id AS id ORDER BY t.ord")
_TAKEN_NEO4J = "UNWIND $rows AS row MATCH (t:Turn {group_id: row.g, id: row.id}) RETURN t.group_id AS g, t.id AS id"
_RENAME_TURNS = ("UNWIND $rows AS row MATCH (t:Turn {group_id: $g, id: row.old}) WHERE t.session_id = row.s "
                 "SET t.id = row.new")
_FACT_SOURCES = "MATCH ()-[f:FACT]->() WHERE f.group_id = $g RETURN f.id AS id, f.sources_json AS sources"
_SET_FACT_SOURCES = "UNWIND $rows AS row MATCH ()-[f:FACT {id: row.id}]->() SET f.sources_json = row.sources"
_CLAIMS = ("MATCH (l:SlotLock {group_id: $g}) WHERE l.key IS NOT NULL AND size(coalesce(l.claim_ids, [])) > 0 "
           "RETURN l.key AS slot, l.claim_ids AS ids, l.claims AS bodies")
_SET_CLAIMS = ("UNWIND $rows AS row MATCH (l:SlotLock {group_id: $g, key: row.slot}) "
               "SET l.claim_ids = row.ids, l.claims = row.bodies")


def migrate_neo4j(tx: Any) -> int:
    """Scope the turn ids of a Neo4j database in one write transaction ``tx``, once; returns how
    many turns were renamed (mentions are relationships to the turn nodes, so they follow)."""
    if tx.run(_LOCK_MARK, key=MARK_KEY).single()["value"] == MARK_VALUE:
        return 0
    unscoped = [(r["g"], r["s"], r["id"]) for r in tx.run(_UNSCOPED_NEO4J)]
    wanted = [{"g": g, "id": scoped_turn_id(s, i)} for g, s, i in unscoped]
    taken = {(r["g"], r["id"]) for r in tx.run(_TAKEN_NEO4J, rows=wanted)} if wanted else set()
    plans = plan_renames(unscoped, taken)
    for g, renames in plans.items():
        rows = [{"s": s, "old": old, "new": new} for (s, old), new in renames.items()]
        tx.run(_RENAME_TURNS, g=g, rows=rows).consume()
        facts = []
        for r in tx.run(_FACT_SOURCES, g=g):
            changed = rescope_pairs(json.loads(r["sources"]), renames)
            if changed is not None:
                facts.append({"id": r["id"], "sources": json.dumps(changed)})
        tx.run(_SET_FACT_SOURCES, rows=facts).consume()
        claims = []
        for r in tx.run(_CLAIMS, g=g):  # a slot's claims live as two lists on its node
            kept = {cid: body for cid, body in zip(r["ids"], r["bodies"], strict=True)}
            for cid, body in zip(r["ids"], r["bodies"], strict=True):
                rescoped = rescope_claim(body, renames)
                if rescoped is not None:
                    del kept[cid]
                    kept.setdefault(*rescoped)  # like INSERT OR IGNORE: a claim already there stays
            if list(kept) != list(r["ids"]):
                claims.append({"slot": r["slot"], "ids": list(kept), "bodies": list(kept.values())})
        tx.run(_SET_CLAIMS, g=g, rows=claims).consume()
    tx.run("MATCH (m:ChronomemMeta {key: $key}) SET m.value = $value", key=MARK_KEY, value=MARK_VALUE).consume()
    return sum(len(r) for r in plans.values())
