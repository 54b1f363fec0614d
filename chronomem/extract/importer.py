"""Import pre-extracted facts: JSONL of subject, predicate, object, valid_from, valid_to, statement.

Imported facts skip extraction but go through the same temporal rules as extracted ones.

>>> from datetime import datetime, timezone
>>> from chronomem.schema import CORE_VOCABULARY
>>> rows = [{"subject": "Ana", "predicate": "WORKS_AT", "object": "Acme", "valid_from": "2020-01-01"}]
>>> (batch,) = batches_from_records(rows, group_id="default", vocabulary=CORE_VOCABULARY,
...                                 said_at=datetime(2024, 1, 1, tzinfo=timezone.utc))
>>> batch.claims[0].statement, len(batch.entities)
('Ana works at Acme', 2)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from chronomem.errors import InputError, check_text, clip
from chronomem.graph.base import WriteBatch
from chronomem.schema.models import (
    MAX_NAME_CHARS,
    MAX_STATEMENT_CHARS,
    Claim,
    Entity,
    EntityType,
    Source,
    check_interval,
    entity_id,
    trusted,
)
from chronomem.schema.timeutil import parse_time
from chronomem.schema.vocabulary import Vocabulary


class FactImport(BaseModel):
    """One imported fact."""

    model_config = ConfigDict(extra="forbid")

    subject: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    predicate: str
    object: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    statement: str = Field(default="", max_length=MAX_STATEMENT_CHARS)
    sources: list[str] = Field(default_factory=list)
    group: str | None = None
    subject_type: EntityType = "OTHER"
    object_type: EntityType = "OTHER"
    confidence: float = Field(default=1.0, ge=0, le=1)

    @field_validator("valid_from", "valid_to", mode="before")
    @classmethod
    def _time(cls, value: Any) -> Any:
        return None if value in (None, "") else parse_time(value)

    @model_validator(mode="after")
    def _interval(self) -> FactImport:
        check_interval(self.valid_from, self.valid_to, "fact")
        for what in ("subject", "predicate", "object", "statement", "group"):
            check_text(getattr(self, what) or "", what)
        for source in self.sources:
            check_text(source, "source")
        return self


_IMPORT_SOURCE = Source(session_id="import")


def _source(text: str) -> Source:
    """A record's source: ``"<session>:<turn>"`` is a turn of that session, anything else a turn of "import"."""
    return trusted(Source, {"session_id": text.split(":", 1)[0] if ":" in text else "import", "turn_id": text})


def count_fact_records(path: str | Path) -> int:
    """How many records (non-blank lines) a JSONL file holds, for a progress bar's total."""
    with open(path, "rb") as fh:
        return sum(1 for line in fh if line.strip())


def read_fact_records(path: str | Path) -> Iterator[dict]:
    """Records from a JSONL file; a bad line (not UTF-8, not JSON, nested too deeply) is an
    :class:`InputError` naming file and line."""
    with open(path, "rb") as fh:
        for lineno, raw in enumerate(fh, start=1):
            if raw.strip():
                try:
                    yield json.loads(raw.decode("utf-8"))
                except UnicodeDecodeError as e:
                    raise InputError(f"{path}:{lineno}: not UTF-8 text (byte {e.start + 1} of the line); "
                                     "save the file as UTF-8") from None
                except json.JSONDecodeError as e:
                    raise InputError(f"{path}:{lineno}: invalid JSON: {e.msg}") from None
                except RecursionError:
                    raise InputError(f"{path}:{lineno}: JSON nested too deeply to read") from None


def batches_from_records(records: Iterable[dict | FactImport], *, group_id: str, vocabulary: Vocabulary,
                         said_at: datetime, batch_size: int = 5_000) -> Iterator[WriteBatch]:
    """Turn records into write batches of at most ``batch_size`` claims."""
    entities: dict[str, Entity] = {}
    claims: list[Claim] = []
    for n, raw in enumerate(records, start=1):
        try:
            rec = raw if isinstance(raw, FactImport) else FactImport.model_validate(raw)
            spec = vocabulary[rec.predicate]
            group = rec.group or group_id
            if group != group_id:
                raise InputError(f"record {n} is for group {clip(group)}; import it with that --group")
            # The first mention of a name in a batch makes its entity (later ones reuse it).
            # Everything below is built from the validated record, so it is constructed without
            # validating again (the record's checks are the claim's: names, statement, interval,
            # confidence; its times are UTC).
            subj = entities.get(rec.subject)
            if subj is None:
                subj = entities[rec.subject] = trusted(Entity, {"id": entity_id(group, rec.subject), "group_id": group,
                                                                "name": rec.subject, "type": rec.subject_type})
            obj = entities.get(rec.object)
            if obj is None:
                obj = entities[rec.object] = trusted(Entity, {"id": entity_id(group, rec.object), "group_id": group,
                                                              "name": rec.object, "type": rec.object_type})
            claims.append(trusted(Claim, {
                "group_id": group, "subject_id": subj.id, "predicate": spec.name, "object_id": obj.id,
                "statement": rec.statement or vocabulary.statement(spec.name, rec.subject, rec.object),
                "at": rec.valid_from, "until": rec.valid_to, "said_at": said_at, "confidence": rec.confidence,
                "sources": [_source(s) for s in rec.sources] or [_IMPORT_SOURCE],
            }))
        except ValidationError as e:
            first = e.errors()[0]
            where = ".".join(str(p) for p in first["loc"])
            raise InputError(f"record {n}: {where + ': ' if where else ''}{first['msg']}") from None
        except InputError as e:
            raise InputError(f"record {n}: {e}") from None
        if len(claims) >= batch_size:
            yield WriteBatch(group_id, entities=list(entities.values()), claims=claims)
            entities, claims = {}, []
    if claims:
        yield WriteBatch(group_id, entities=list(entities.values()), claims=claims)
