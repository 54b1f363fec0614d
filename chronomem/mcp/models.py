"""What the MCP tools take and return: small pydantic models around the existing records."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from chronomem.query.records import FactRecord
from chronomem.query.search import SearchResult
from chronomem.query.when import WhenAnswer
from chronomem.schema.models import Entity

ISO = "an ISO date or datetime, e.g. 2024-03-12 or 2024-03-12T09:00:00Z (UTC when no offset)"


class TurnIn(BaseModel):
    """One turn of a conversation to remember."""

    model_config = ConfigDict(extra="forbid")

    speaker: str = Field(min_length=1, description="Who spoke: a name, or 'user' / 'assistant'.")
    text: str = Field(description="What they said.")
    at: str | None = Field(default=None, description=f"When it was said ({ISO}); default: the session start.")
    id: str | None = Field(default=None, description="A stable turn id; default <session_id>:<n>.")


class RememberResult(BaseModel):
    """What remembering a session changed; ``stored`` is false when the session was already known."""

    session_id: str
    stored: bool
    turns: int
    entities_added: int
    facts_added: int
    facts_closed: int
    facts_corrected: int


class RecallResult(BaseModel):
    """Facts and turns relevant to the query, best first."""

    results: list[SearchResult]


class WhenResult(BaseModel):
    """Dated answers to a question about time, best first (``start``/``end`` inclusive dates); empty with
    a ``reason`` when nothing dated matches."""

    answers: list[WhenAnswer]
    reason: str | None = None


class ContextResult(BaseModel):
    """A dated block of facts ready to paste into a prompt."""

    context: str


class FactsResult(BaseModel):
    """Fact versions with names resolved and a status (current, ended, future, superseded, retracted; planned or cancelled for a plan)."""

    facts: list[FactRecord]


class Change(BaseModel):
    """One change in a window: a fact that began, ended or was corrected, and when."""

    at: datetime
    change: Literal["began", "ended", "corrected"]
    fact: FactRecord


class ChangesResult(BaseModel):
    changes: list[Change]


class EntitiesResult(BaseModel):
    """Entities (id, name, type, aliases); ``truncated`` when there were more than the limit."""

    entities: list[Entity]
    truncated: bool = False


class ImportResult(BaseModel):
    """What importing records changed."""

    records: int
    entities_added: int
    facts_added: int
    facts_closed: int
    facts_corrected: int


def summary_fields(summary: Any) -> dict[str, int]:
    """The counts an :class:`~chronomem.memory.IngestSummary` shares with the results above."""
    return {"entities_added": summary.entities, "facts_added": summary.facts_added,
            "facts_closed": summary.facts_closed, "facts_corrected": summary.facts_corrected}
