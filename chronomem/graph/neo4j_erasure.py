"""``forget`` on Neo4j: the deletions of :mod:`chronomem.graph.erasure`, in Cypher.

Every function runs inside the caller's write transaction; the statements are the ``ERASE_*``
constants of :mod:`chronomem.graph.cypher`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from chronomem.graph import cypher
from chronomem.graph.codec import to_us
from chronomem.graph.erasure import Erasure, ErasureReport, counts, entity_needle, session_needle, without_session
from chronomem.graph.erasure_replan import replan_slots
from chronomem.graph.neo4j_write import Neo4jWrite, Reserve
from chronomem.schema.models import normalize_name
from chronomem.schema.vocabulary import Vocabulary


def _ids(tx: Any, statement: str, **params: Any) -> set[str]:
    return {r["id"] for r in tx.run(statement, params)}


def erase_entities(tx: Any, group_id: str, entity_ids: Sequence[str], audit: Erasure,
                   vocabulary: Vocabulary, reserve: Reserve | None = None) -> ErasureReport:
    """Erase the entities ``entity_ids``: their facts, the claims naming them, the turns that
    mention them or that they spoke (``reserve``: see :class:`~chronomem.graph.neo4j_write.Neo4jWrite`)."""
    g = group_id
    rows = list(tx.run(cypher.ERASE_ENTITIES_OF, g=g, ids=list(entity_ids)))
    ids = sorted(r["id"] for r in rows)
    if not ids:
        return _finish(tx, g, audit, vocabulary, facts=set(), turns=set(), claims=[], entities=ids,
                       sessions=[], reserve=reserve)
    norms = {normalize_name(n) for r in rows for n in [r["name"], *r["aliases"]]}
    speakers = [r["speaker"] for r in tx.run(cypher.ERASE_SPEAKERS, g=g) if normalize_name(r["speaker"]) in norms]
    turns = _ids(tx, cypher.ERASE_TURNS_MENTIONING, g=g, ids=ids)
    if speakers:
        turns |= _ids(tx, cypher.ERASE_TURNS_SPOKEN_BY, g=g, speakers=speakers)
    facts = _ids(tx, cypher.ERASE_FACTS_TOUCHING, g=g, ids=ids)
    claims = [dict(r) for r in tx.run(cypher.ERASE_CLAIMS_CONTAINING, g=g, needles=[entity_needle(i) for i in ids])]
    return _finish(tx, g, audit, vocabulary, facts=facts, turns=turns, claims=claims, entities=ids, sessions=[],
                   reserve=reserve)


def session_exists(tx: Any, group_id: str, session_id: str) -> bool:
    return bool(tx.run(cypher.ERASE_SESSION_EXISTS, g=group_id, session_id=session_id).single()["n"])


def erase_session(tx: Any, group_id: str, session_id: str, audit: Erasure, vocabulary: Vocabulary,
                  reserve: Reserve | None = None) -> ErasureReport:
    """Erase the session ``session_id``: its turns, the claims and fact versions it alone sourced
    (the others lose it from their sources) and the entities left unused."""
    g = group_id
    turns: set[str] = set()
    candidates: set[str] = set()
    for r in tx.run(cypher.ERASE_TURNS_OF_SESSION, g=g, session_id=session_id):
        turns.add(r["id"])
        candidates.update(r["mentioned"])
    claims = [dict(r) for r in tx.run(cypher.ERASE_CLAIMS_CONTAINING, g=g, needles=[session_needle(session_id)])]
    facts: set[str] = set()
    kept: list[dict[str, str]] = []
    for r in tx.run(cypher.ERASE_FACTS_CITING, g=g, needle=json.dumps(session_id, ensure_ascii=False)):
        if all(pair[0] != session_id for pair in json.loads(r["sources"])):
            continue
        rest = without_session(r["sources"], session_id)
        if rest is None:
            facts.add(r["id"])
            candidates.update((r["subject_id"], r["object_id"]))
        else:
            kept.append({"id": r["id"], "sources": rest})
    if kept:
        tx.run(cypher.ERASE_SET_FACT_SOURCES, g=g, rows=kept).consume()
    return _finish(tx, g, audit, vocabulary, facts=facts, turns=turns, claims=claims, entities=[],
                   sessions=[session_id], orphan_candidates=sorted(candidates), reserve=reserve)


def _finish(tx: Any, g: str, audit: Erasure, vocabulary: Vocabulary, *, facts: set[str], turns: set[str],
            claims: list[dict[str, str]], entities: list[str], sessions: list[str],
            orphan_candidates: Sequence[str] = (), reserve: Reserve | None = None) -> ErasureReport:
    """Delete what is listed, re-derive the slots that lost claims
    (:mod:`chronomem.graph.erasure_replan`), delete the entities left unused, write the audit record."""
    tx.run(cypher.ERASE_FACTS, g=g, ids=sorted(facts)).consume()
    tx.run(cypher.ERASE_TURNS, g=g, ids=sorted(turns)).consume()
    tx.run(cypher.ERASE_CLAIMS, g=g, rows=claims).consume()

    def delete_versions(ids: Sequence[str]) -> None:
        tx.run(cypher.ERASE_FACTS, g=g, ids=sorted(ids)).consume()
        facts.update(ids)

    write = Neo4jWrite(tx, g, reserve=reserve)
    new_fact_ids = replan_slots(write, vocabulary, g, {c["slot"] for c in claims},
                                erased_at=audit.erased_at, delete_versions=delete_versions)
    for session_id in sessions:
        tx.run(cypher.ERASE_SESSION, g=g, session_id=session_id).consume()
    if orphan_candidates:
        entities = sorted({*entities, *_ids(tx, cypher.ERASE_UNUSED_ENTITIES, g=g, ids=list(orphan_candidates))})
    tx.run(cypher.ERASE_ENTITIES, g=g, ids=entities).consume()
    audit = audit.model_copy(update={"counts": counts(facts=len(facts), turns=len(turns), claims=len(claims),
                                                      entities=len(entities), sessions=len(sessions))})
    tx.run(cypher.CREATE_ERASURE, g=g, kind=audit.kind, target_sha256=audit.target_sha256,
           erased_at=to_us(audit.erased_at), erased_by=audit.erased_by, counts_json=json.dumps(audit.counts)).consume()
    write.finish()  # the versions the re-planning expired leave every side-index (chronomem.graph.vectors)
    return ErasureReport(erasure=audit, fact_ids=sorted(facts), entity_ids=sorted(entities), turn_ids=sorted(turns),
                         new_fact_ids=new_fact_ids)
