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
from typing import Any, get_args

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


#: A validated record: the values of :class:`FactImport`'s fields in their declared order (a plain
#: tuple: an import checks a million of them).
RECORD_FIELDS = tuple(FactImport.model_fields)
Record = tuple[str, str, str, datetime | None, datetime | None, str, list[str], str | None, str, str, float]
_FIELD_NAMES = frozenset(RECORD_FIELDS)
_ENTITY_TYPES = frozenset(get_args(EntityType))


def validate_record(raw: dict | FactImport) -> Record:
    """``raw`` checked as :class:`FactImport` checks it, as a :data:`Record`.

    A plain record (a dict of strings, a number for confidence) is checked here directly, with
    the same rules (about three times faster than pydantic); anything else, and any record that
    fails a check, goes through :class:`FactImport`, which gives the same values or the error.

    >>> rec = validate_record({"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "valid_from": "2019-01"})
    >>> dict(zip(RECORD_FIELDS, rec))["valid_from"].isoformat(), rec[-3:]
    ('2019-01-01T00:00:00+00:00', ('OTHER', 'OTHER', 1.0))
    >>> validate_record({"subject": "Ana", "predicate": "LIVES_IN", "object": "Lisbon", "confidence": 2})
    Traceback (most recent call last):
    pydantic_core._pydantic_core.ValidationError: 1 validation error for FactImport
    ...
    """
    if raw.__class__ is dict:
        record = _plain_record(raw)  # type: ignore[arg-type]
        if record is not None:
            return record
    model = raw if isinstance(raw, FactImport) else FactImport.model_validate(raw)
    return (model.subject, model.predicate, model.object, model.valid_from, model.valid_to, model.statement,
            model.sources, model.group, model.subject_type, model.object_type, model.confidence)


def _plain_record(raw: dict[str, Any]) -> Record | None:
    """A plain ``raw`` checked by :class:`FactImport`'s rules; ``None`` when it is not plain or
    fails one (pydantic then says why)."""
    if not raw.keys() <= _FIELD_NAMES:
        return None
    get = raw.get
    subject, predicate, obj, statement = get("subject"), get("predicate"), get("object"), get("statement", "")
    group, sources, confidence = get("group"), get("sources", []), get("confidence", 1.0)
    subject_type, object_type = get("subject_type", "OTHER"), get("object_type", "OTHER")
    if not (subject.__class__ is str and obj.__class__ is str and predicate.__class__ is str
            and statement.__class__ is str and (group is None or group.__class__ is str)
            and 0 < len(subject) <= MAX_NAME_CHARS and 0 < len(obj) <= MAX_NAME_CHARS
            and len(statement) <= MAX_STATEMENT_CHARS
            and subject_type.__class__ is str and subject_type in _ENTITY_TYPES
            and object_type.__class__ is str and object_type in _ENTITY_TYPES
            and confidence.__class__ in (float, int) and 0 <= confidence <= 1
            and sources.__class__ is list and all(x.__class__ is str for x in sources)):
        return None
    try:
        start, end = _plain_time(get("valid_from")), _plain_time(get("valid_to"))
        check_interval(start, end, "fact")
        for text in (subject, predicate, obj, statement, group or "", *sources):
            text.encode("utf-8")  # check_text's check: no lone surrogate
    except (ValueError, UnicodeEncodeError):
        return None
    return subject, predicate, obj, start, end, statement, list(sources), group, subject_type, object_type, float(confidence)


def _plain_time(value: Any) -> datetime | None:
    """``FactImport._time`` of a plain value (a ``ValueError`` for any other)."""
    if value is None or value == "":
        return None
    if value.__class__ is not str:
        raise ValueError("not plain")
    return parse_time(value)


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
                         said_at: datetime, batch_size: int = 5_000, subject_runs: bool = False) -> Iterator[WriteBatch]:
    """Turn records into write batches of at most ``batch_size`` claims.

    With ``subject_runs`` a batch that has reached ``batch_size`` goes on to the end of its last
    subject's run of records (at most ``2 * batch_size`` claims), so that batches written at once
    share no slot of that subject (Ana's LIVES_IN is not split between two batches):

    >>> from chronomem.schema import CORE_VOCABULARY as V
    >>> rows = [{"subject": who, "predicate": "LIVES_IN", "object": "Oslo"} for who in "AABBBC"]
    >>> at = datetime(2024, 1, 1)
    >>> [len(b.claims) for b in batches_from_records(rows, group_id="g", vocabulary=V, said_at=at, batch_size=3)]
    [3, 3]
    >>> [len(b.claims) for b in batches_from_records(rows, group_id="g", vocabulary=V, said_at=at, batch_size=3,
    ...                                               subject_runs=True)]
    [5, 1]
    """
    cap = 2 * batch_size if subject_runs else batch_size
    entities: dict[str, Entity] = {}
    claims: list[Claim] = []
    last_subject: str | None = None
    for n, raw in enumerate(records, start=1):
        try:
            subject, predicate, obj, start, end, statement, sources, group, subject_type, object_type, confidence = (
                validate_record(raw))
            spec = vocabulary[predicate]
            group = group or group_id
            if group != group_id:
                raise InputError(f"record {n} is for group {clip(group)}; import it with that --group")
        except (ValidationError, InputError) as e:
            if len(claims) >= batch_size:  # a full batch held for its subject's run is written first, as without
                yield WriteBatch(group_id, entities=list(entities.values()), claims=claims)
            raise _record_error(n, e) from None
        if len(claims) >= batch_size and subject != last_subject:  # a full batch ends where its subject's run does
            yield WriteBatch(group_id, entities=list(entities.values()), claims=claims)
            entities, claims = {}, []
        last_subject = subject
        try:
            # The first mention of a name in a batch makes its entity (later ones reuse it).
            # Everything below is built from the validated record, so it is constructed without
            # validating again (the record's checks are the claim's: names, statement, interval,
            # confidence; its times are UTC).
            subj = entities.get(subject) or entities.setdefault(subject, trusted(Entity, {
                "id": entity_id(group, subject), "group_id": group, "name": subject, "type": subject_type}))
            other = entities.get(obj) or entities.setdefault(obj, trusted(Entity, {
                "id": entity_id(group, obj), "group_id": group, "name": obj, "type": object_type}))
            claims.append(trusted(Claim, {
                "group_id": group, "subject_id": subj.id, "predicate": spec.name, "object_id": other.id,
                "statement": statement or vocabulary.statement(spec.name, subject, obj),
                "at": start, "until": end, "said_at": said_at, "confidence": confidence,
                "sources": [_source(s) for s in sources] or [_IMPORT_SOURCE],
            }))
        except (ValidationError, InputError) as e:
            raise _record_error(n, e) from None
        if len(claims) >= cap:
            yield WriteBatch(group_id, entities=list(entities.values()), claims=claims)
            entities, claims = {}, []
    if claims:
        yield WriteBatch(group_id, entities=list(entities.values()), claims=claims)


def _record_error(n: int, error: ValidationError | InputError) -> InputError:
    """``error`` of record ``n`` as the import reports it: "record 3: confidence: Input should be ..."."""
    if isinstance(error, InputError):
        return InputError(f"record {n}: {error}")
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return InputError(f"record {n}: {where + ': ' if where else ''}{first['msg']}")
