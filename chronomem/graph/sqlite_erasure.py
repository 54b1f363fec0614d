"""``forget`` on the embedded store: the erasure primitives (an
:class:`~chronomem.graph.eraser.EraseTransaction`) in SQL; the algorithm is :mod:`chronomem.graph.eraser`.

Every primitive runs inside the caller's transaction on one connection; the statements are the
``ERASE_*`` constants of :mod:`chronomem.graph.sqlite_schema`. The full-text indexes a deletion
touched are rewritten (``optimize``) when the audit record is written, so that no segment keeps
an erased word.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from chronomem.graph import sqlite_schema as sql
from chronomem.graph.codec import to_us
from chronomem.graph.eraser import FactEnds
from chronomem.graph.erasure import Erasure, entity_needle
from chronomem.graph.sqlite_write import SqliteWrite, marks, row_to_entity
from chronomem.schema.models import Entity


class SqliteErase(SqliteWrite):
    """The erasure primitives of one transaction of group ``group`` on the connection ``db``."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._touched: set[str] = set()  # the full-text tables to optimize

    def group_entities(self, ids: Sequence[str]) -> list[Entity]:
        return [row_to_entity(r) for r in self._select(sql.ENTITIES_BY_ID, ids, grouped=False) if r[1] == self.group]

    def speakers(self) -> list[str]:
        return [s for (s,) in self.db.execute(sql.ERASE_SPEAKERS, (self.group,))]

    def turns_spoken_by(self, speakers: Sequence[str]) -> set[str]:
        return {i for _, i in self._select(sql.ERASE_TURNS_SPOKEN_BY, speakers)}

    def turns_mentioning(self, entity_ids: Sequence[str]) -> set[str]:
        return {i for _, i in self._select(sql.ERASE_TURNS_MENTIONING, entity_ids)}

    def session_turns(self, session_id: str) -> set[str] | None:
        if self.db.execute(sql.ERASE_SESSION_EXISTS, (self.group, session_id)).fetchone() is None:
            return None
        return {i for _, i in self.db.execute(sql.ERASE_TURNS_OF_SESSION, (self.group, session_id))}

    def mentioned_by(self, turn_ids: Sequence[str]) -> set[str]:
        return {e for (e,) in self._select(sql.ERASE_MENTIONED_BY_TURNS, turn_ids)}

    def facts_touching(self, entity_ids: Sequence[str]) -> list[FactEnds]:
        out: list[FactEnds] = []
        for chunk in (entity_ids[i:i + 400] for i in range(0, len(entity_ids), 400)):
            out += self.db.execute(sql.ERASE_FACTS_TOUCHING.format(marks(chunk)), [self.group, *chunk, *chunk])
        return out

    def facts_citing(self, needles: Sequence[str]) -> list[FactEnds]:
        found: dict[str, FactEnds] = {}
        for needle in needles:
            found.update((r[0], r) for r in self.db.execute(sql.ERASE_FACTS_CITING, (self.group, needle)))
        return list(found.values())

    def claims_containing(self, needles: Sequence[str]) -> list[tuple[str, str, str]]:
        found: dict[tuple[str, str], tuple[str, str, str]] = {}
        for needle in needles:
            found.update(((r[0], r[1]), r) for r in self.db.execute(sql.ERASE_CLAIMS_CONTAINING, (self.group, needle)))
        return list(found.values())

    def set_fact_sources(self, rows: Sequence[tuple[str, str]]) -> None:
        self.db.executemany(sql.ERASE_SET_FACT_SOURCES, [(sources, self.group, fid) for fid, sources in rows])

    def delete_facts(self, ids: Sequence[str]) -> None:
        rowids = [r for r, _ in self._select(sql.ERASE_FACT_ROWIDS, ids)]
        for rowid in rowids:
            for statement in sql.ERASE_FACT:
                self.db.execute(statement, (rowid,))
        self._touched |= {"facts"} if rowids else set()

    def delete_claims(self, rows: Sequence[tuple[str, str]]) -> None:
        self.db.executemany(sql.ERASE_CLAIM, [(self.group, slot, cid) for slot, cid in rows])

    def delete_turns(self, ids: Sequence[str]) -> None:
        rowids = [r for r, _ in self._select(sql.ERASE_TURN_ROWIDS, ids)]
        for rowid in rowids:
            for statement in sql.ERASE_TURN:
                self.db.execute(statement, (rowid,))
        self._touched |= {"turns"} if rowids else set()

    def delete_session(self, session_id: str) -> None:
        self.db.execute(sql.ERASE_SESSION, (self.group, session_id))

    def unused_entities(self, ids: Sequence[str]) -> set[str]:
        return {e for e in ids
                if not self.db.execute(sql.ERASE_ENTITY_IN_USE, (self.group, e, entity_needle(e))).fetchone()[0]}

    def delete_entities(self, ids: Sequence[str]) -> None:
        for entity_id in ids:
            for statement in sql.ERASE_ENTITY:
                self.db.execute(statement, (self.group, entity_id))
        self._touched |= {"entities"} if ids else set()

    def record_erasure(self, audit: Erasure) -> None:
        for table in sorted(self._touched):
            self.db.execute(sql.OPTIMIZE_FULLTEXT[table])
        self.db.execute(sql.INSERT_ERASURE, (self.group, audit.kind, audit.target_sha256, to_us(audit.erased_at),
                                             audit.erased_by, json.dumps(audit.counts)))
