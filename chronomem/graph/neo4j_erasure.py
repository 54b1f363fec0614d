"""``forget`` on Neo4j: the erasure primitives (an :class:`~chronomem.graph.eraser.EraseTransaction`)
in Cypher; the algorithm is :mod:`chronomem.graph.eraser`.

Every primitive is one statement of :mod:`chronomem.graph.cypher` (the ``ERASE_*`` constants) in
the caller's write transaction; Neo4j keeps its full-text indexes in step by itself.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from chronomem.graph import cypher, cypher_lifecycle
from chronomem.graph.codec import to_us
from chronomem.graph.eraser import FactEnds
from chronomem.graph.erasure import Erasure
from chronomem.graph.neo4j_write import Neo4jWrite, _single, record_to_entity
from chronomem.schema.models import Entity


class Neo4jErase(Neo4jWrite):
    """The erasure primitives of one write transaction ``tx`` of group ``group``."""

    def _ids(self, statement: str, **params: Any) -> set[str]:
        return {r["id"] for r in self.tx.run(statement, g=self.group, **params)}

    def _run(self, statement: str, **params: Any) -> None:
        self.tx.run(statement, g=self.group, **params).consume()

    def group_entities(self, ids: Sequence[str]) -> list[Entity]:
        return [record_to_entity(r) for r in self.tx.run(cypher.ERASE_ENTITIES_OF, g=self.group, ids=list(ids))]

    def speakers(self) -> list[str]:
        return [r["speaker"] for r in self.tx.run(cypher.ERASE_SPEAKERS, g=self.group)]

    def turns_spoken_by(self, speakers: Sequence[str]) -> set[str]:
        return self._ids(cypher.ERASE_TURNS_SPOKEN_BY, speakers=list(speakers))

    def turns_mentioning(self, entity_ids: Sequence[str]) -> set[str]:
        return self._ids(cypher.ERASE_TURNS_MENTIONING, ids=list(entity_ids))

    def session_turns(self, session_id: str) -> set[str] | None:
        if not _single(self.tx.run(cypher.ERASE_SESSION_EXISTS, g=self.group, session_id=session_id), "n"):
            return None
        return self._ids(cypher.ERASE_TURNS_OF_SESSION, session_id=session_id)

    def mentioned_by(self, turn_ids: Sequence[str]) -> set[str]:
        return self._ids(cypher.ERASE_MENTIONED_BY_TURNS, ids=list(turn_ids))

    def _fact_ends(self, statement: str, **params: Any) -> list[FactEnds]:
        return [(r["id"], r["subject_id"], r["object_id"], r["sources"])
                for r in self.tx.run(statement, g=self.group, **params)]

    def facts_touching(self, entity_ids: Sequence[str]) -> list[FactEnds]:
        return self._fact_ends(cypher.ERASE_FACTS_TOUCHING, ids=list(entity_ids))

    def facts_citing(self, needles: Sequence[str]) -> list[FactEnds]:
        return self._fact_ends(cypher.ERASE_FACTS_CITING, needles=list(needles))

    def claims_containing(self, needles: Sequence[str]) -> list[tuple[str, str, str]]:
        return [(r["slot"], r["id"], r["body"])
                for r in self.tx.run(cypher.ERASE_CLAIMS_CONTAINING, g=self.group, needles=list(needles))]

    def set_fact_sources(self, rows: Sequence[tuple[str, str]]) -> None:
        self._run(cypher.ERASE_SET_FACT_SOURCES, rows=[{"id": fid, "sources": sources} for fid, sources in rows])

    def delete_facts(self, ids: Sequence[str]) -> None:
        self._run(cypher.ERASE_FACTS, ids=list(ids))

    def delete_claims(self, rows: Sequence[tuple[str, str]]) -> None:
        self._run(cypher.ERASE_CLAIMS, rows=[{"slot": slot, "id": cid} for slot, cid in rows])

    def delete_turns(self, ids: Sequence[str]) -> None:
        self._run(cypher.ERASE_TURNS, ids=list(ids))

    def delete_session(self, session_id: str) -> None:
        self._run(cypher.ERASE_SESSION, session_id=session_id)
        self._run(cypher_lifecycle.DELETE_SESSION_EVICTIONS, session_id=session_id)  # what retention left of it

    def unused_entities(self, ids: Sequence[str]) -> set[str]:
        return self._ids(cypher.ERASE_UNUSED_ENTITIES, ids=list(ids)) if ids else set()

    def delete_entities(self, ids: Sequence[str]) -> None:
        self._run(cypher.ERASE_ENTITIES, ids=list(ids))

    def record_erasure(self, audit: Erasure) -> None:
        self._run(cypher.CREATE_ERASURE, kind=audit.kind, target_sha256=audit.target_sha256,
                  erased_at=to_us(audit.erased_at), erased_by=audit.erased_by, counts_json=json.dumps(audit.counts),
                  seq=self._sequence(1))
        self.finish()  # the versions the re-planning expired leave every side-index (chronomem.graph.vectors)
