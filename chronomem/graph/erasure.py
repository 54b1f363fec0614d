"""Forget: erase an entity or a session for good, leaving only an audit record.

Erasure is the one exception to append-only (as excision in Datomic, eviction in XTDB). A store's
``forget_entity`` / ``forget_session`` delete, in one transaction, every record holding the erased
content and write an :class:`Erasure` audit record that says what kind of thing was erased, when,
by whom and how much, never the content: the target is kept only as an (unsalted) sha256 digest,
so "was X erased?" can be answered by whoever already knows X.

What goes, for an entity: the entity (names, aliases, full-text row), every fact version it is the
subject or object of, every claim naming it, and every turn that mentions it or that it spoke
(text, full-text rows, mentions). For a session: the session and its turns. Then, for both: every
fact version and claim citing an erased turn loses that source (and goes when none is left), the
slots whose claims changed are derived again from what remains, and every entity the erased rows
named (places and people mentioned only in erased turns, the other ends of versions left with no
source) that nothing uses any more goes too. The algorithm is written once, over store primitives, in
:mod:`chronomem.graph.eraser`. The side-index vectors of everything erased are overwritten by
:meth:`chronomem.Memory.forget`.

>>> target_digest("session", "s-1") == target_digest("session", "s-1") != target_digest("entity", "s-1")
True
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

from chronomem.errors import InputError

ErasureKind = Literal["entity", "session"]


def target_digest(kind: ErasureKind, target: str) -> str:
    """The sha256 an audit record keeps instead of the erased entity's name or session's id."""
    return hashlib.sha256(f"{kind}\x1f{target}".encode()).hexdigest()


class Erasure(BaseModel):
    """The audit record of one erasure: what kind, when, by whom, how much; never the content."""

    kind: ErasureKind
    target_sha256: str
    erased_at: datetime
    erased_by: str
    counts: dict[str, int] = Field(default_factory=dict)


class ErasureReport(BaseModel):
    """What a ``forget`` erased: the audit record, the ids whose side-index vectors must go, and
    the versions that replace those an erased statement had shaped (to embed)."""

    erasure: Erasure
    fact_ids: list[str] = Field(default_factory=list)
    entity_ids: list[str] = Field(default_factory=list)
    turn_ids: list[str] = Field(default_factory=list)
    new_fact_ids: list[str] = Field(default_factory=list)  # versions re-derived without the erased claims

    def index_keys(self) -> list[str]:
        """The side-index ids (``fact:…``, ``entity:…``, ``turn:…``) of everything erased."""
        return ([f"fact:{i}" for i in self.fact_ids] + [f"entity:{i}" for i in self.entity_ids]
                + [f"turn:{i}" for i in self.turn_ids])


def counts(*, facts: int, turns: int, claims: int, entities: int, sessions: int) -> dict[str, int]:
    """The counts an audit record keeps (one key order for both stores)."""
    return {"facts": facts, "turns": turns, "claims": claims, "entities": entities, "sessions": sessions}


def session_needle(session_id: str) -> str:
    """The text a stored claim's JSON holds when one of its sources is ``session_id``.

    >>> session_needle('s"1')
    '"session_id":"s\\\\"1"'
    """
    return '"session_id":' + json.dumps(session_id, ensure_ascii=False)


def entity_needle(entity_id: str) -> str:
    """The text a stored claim's JSON holds when it names ``entity_id`` (subject, object or replaced)."""
    return json.dumps(entity_id, ensure_ascii=False)


def unknown_session(group_id: str, session_id: str) -> InputError:
    """The error for forgetting a session the group does not have."""
    return InputError(f"no session {session_id!r} in group {group_id!r}; nothing was erased (list the sessions "
                      "with sessions)")
