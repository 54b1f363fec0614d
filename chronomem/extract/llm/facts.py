"""What the model answers, checked, and turned into our claims with our own temporal resolution."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from chronomem.errors import ExtractionError
from chronomem.extract.clauses.records import When
from chronomem.extract.clauses.timing import resolve_when
from chronomem.extract.extractor import DEFAULT_SKIP_SPEAKERS
from chronomem.extract.lexicon import LLM
from chronomem.extract.resolution.statements import statement
from chronomem.schema.models import (
    MAX_NAME_CHARS,
    Claim,
    Entity,
    EntityType,
    ExtractionResult,
    Mention,
    Precision,
    Session,
    Source,
    Turn,
    entity_id,
    normalize_name,
)
from chronomem.schema.vocabulary import CORE_VOCABULARY, Vocabulary
from chronomem.timeexpr import resolve_time, split_range

_FENCE = re.compile(r"^\s*```[a-zA-Z]*\s*\n?(.*?)\n?\s*```\s*$", re.S)


class LlmFact(BaseModel):
    """One fact as the model states it, before our temporal resolution."""

    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    subject: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    subject_type: EntityType = "OTHER"
    predicate: str = Field(min_length=1, max_length=64)
    relation: str | None = Field(default=None, max_length=100)
    object: str = Field(min_length=1, max_length=MAX_NAME_CHARS)
    object_type: EntityType = "OTHER"
    turn_id: str = Field(min_length=1)
    time: str | None = Field(default=None, max_length=200)
    kind: Literal["assert", "end", "correct"] = "assert"
    replaces: str | None = Field(default=None, max_length=MAX_NAME_CHARS)
    future: bool = False

    @field_validator("subject_type", "object_type", mode="before")
    @classmethod
    def _type(cls, value: Any) -> Any:
        if value is None:
            return "OTHER"
        return LLM.type_aliases.get(value.strip().upper(), value.strip().upper()) if isinstance(value, str) else value

    @field_validator("predicate", mode="before")
    @classmethod
    def _predicate(cls, value: Any) -> Any:
        return re.sub(r"[\s-]+", "_", value.strip()).upper() if isinstance(value, str) else value

    @field_validator("turn_id", mode="before")
    @classmethod
    def _turn_id(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    @field_validator("kind", mode="before")
    @classmethod
    def _kind(cls, value: Any) -> Any:
        return "assert" if value is None else value.strip().lower() if isinstance(value, str) else value

    @field_validator("time", "relation", "replaces", mode="before")
    @classmethod
    def _blank(cls, value: Any) -> Any:
        return None if isinstance(value, str) and value.strip().lower() in LLM.blank_values else value

    @model_validator(mode="after")
    def _complete(self) -> LlmFact:
        if self.predicate == "RELATED_TO" and not self.relation:
            raise ValueError("RELATED_TO needs 'relation', the relation in a few words ('volunteers at')")
        if self.kind == "correct" and not self.replaces:
            raise ValueError("a 'correct' fact needs 'replaces', the wrong value it corrects")
        return self


class LlmReply(BaseModel):
    """The JSON object the model answers with."""

    model_config = ConfigDict(extra="ignore")

    facts: list[LlmFact]


def resolve_fact_time(phrase: str | None, kind: str, turn_at: datetime, *, future: bool = False
                      ) -> tuple[datetime, Precision, bool, datetime | None, Precision] | None:
    """``(at, precision, observed, until, until_precision)`` for a fact's time words said at ``turn_at``;
    ``None`` for a plan whose date does not resolve (no fact). The rules of
    :func:`chronomem.extract.clauses.timing.resolve_when`: a time that resolves is the start (or the end, for
    ``end``); a day-precise time on the turn's own day is the turn time; no time means stated as
    current (observed) or, for an ending, "before the turn" (precision ``unknown``); "for three years"
    began three years ago; a range "from 2015 to 2019" holds from its start until its end.

    >>> from datetime import timezone
    >>> t = datetime(2024, 3, 12, 9, tzinfo=timezone.utc)
    >>> at, precision, observed, until, _ = resolve_fact_time("from 2015 to 2019", "assert", t)
    >>> at.year, precision, observed, until.year
    (2015, 'year', False, 2019)
    >>> resolve_fact_time(None, "end", t)[1:3], resolve_fact_time("someday", "assert", t, future=True)
    (('unknown', True), None)
    """
    prefer: Literal["past", "future"] = "future" if future else "past"
    text, until = (phrase or "").strip(), None
    until_precision: Precision = "day"
    pieces = split_range(text) if text else None
    if pieces is not None:
        text = pieces[0]
        end = resolve_time(pieces[1], turn_at, prefer=prefer)
        if end is not None:
            until, until_precision = end.at, end.precision
    low = text.lower()
    role = "for" if low.startswith("for ") and not low.startswith(("for now", "for the moment")) else "point"
    timing = resolve_when(When("state", text, role, prefer, needs_time=future, vague=kind == "end"), turn_at)
    if timing is None:
        return None
    at, precision, observed = timing
    return (at, precision, observed, None, "day") if observed else (at, precision, observed, until, until_precision)


def result_from_facts(session: Session, facts: Iterable[LlmFact | dict], *, vocabulary: Vocabulary = CORE_VOCABULARY,
                      skip_speakers: Iterable[str] = DEFAULT_SKIP_SPEAKERS, confidence: float = 0.8) -> ExtractionResult:
    """Entities, mentions and claims of ``session`` from facts a model read in it; times are resolved here.

    Ids are the spaCy extractor's (:func:`~chronomem.schema.entity_id` of the name in the session's
    group); a speaker is a PERSON named as the speaker. Facts from turns of ``skip_speakers`` and
    facts about a thing itself are dropped; a fact naming a turn that is not in the session, a
    predicate outside ``vocabulary`` or an empty interval is an :class:`ExtractionError`.

    >>> from datetime import timezone
    >>> s = Session(session_id="s1", started_at=datetime(2024, 3, 12, 9, tzinfo=timezone.utc),
    ...             turns=[Turn(speaker="Ana", text="I moved to Lisbon last week.")])
    >>> facts = [{"subject": "Ana", "subject_type": "PERSON", "predicate": "LIVES_IN", "object": "Lisbon",
    ...           "object_type": "PLACE", "turn_id": "s1:1", "time": "last week", "kind": "assert"}]
    >>> (claim,) = result_from_facts(s, facts).claims
    >>> claim.statement, claim.at.date().isoformat(), claim.at_precision, claim.observed
    ('Ana lives in Lisbon', '2024-03-05', 'week', False)
    """
    group, turns = session.group_id, {t.id: t for t in session.turns}
    skipped = {s.strip().lower() for s in skip_speakers}
    names: dict[str, list[str]] = {}  # normalized name -> [name, type]
    claims: dict[str, Claim] = {}
    mention_keys: dict[tuple[str, str], Mention] = {}

    def entity(name: str, type_: str, turn: Turn) -> str:
        key = normalize_name(name) or name
        known = names.setdefault(key, [name, type_])
        if known[1] == "OTHER":
            known[1] = type_
        if key == normalize_name(turn.speaker):  # the speaker, named as the session names them
            known[0], known[1] = turn.speaker.strip(), "PERSON"
        eid = entity_id(group, known[0])
        mention_keys.setdefault((turn.id, eid), Mention(turn_id=turn.id, entity_id=eid))  # type: ignore[arg-type]
        return known[0]

    for n, raw in enumerate(facts, start=1):
        try:
            fact = raw if isinstance(raw, LlmFact) else LlmFact.model_validate(raw)
        except ValidationError as e:
            raise ExtractionError(f"fact {n} does not validate: {problems(e)}") from None
        turn = turns.get(fact.turn_id)
        if turn is None:
            raise ExtractionError(f"fact {n} cites turn_id {fact.turn_id!r}, which is not a turn of this session; "
                                  "the model must copy the ids in [brackets]: try a larger model")
        if fact.predicate not in vocabulary:
            raise ExtractionError(
                f"fact {n} uses the predicate {fact.predicate!r}, which is not in the vocabulary "
                f"({', '.join(s.name for s in vocabulary)}); the prompt asks for RELATED_TO with a 'relation' "
                "for anything else. Use a model that follows the instructions (a larger one, or temperature 0), "
                "or register the predicate with Vocabulary.register(PredicateSpec(...)) if you want it")
        if turn.speaker.strip().lower() in skipped or normalize_name(fact.subject) == normalize_name(fact.object):
            continue
        assert turn.at is not None  # a validated session's turns have times
        timing = resolve_fact_time(fact.time, fact.kind, turn.at, future=fact.future)
        if timing is None:
            continue
        at, precision, observed, until, until_precision = timing
        kind = "assert" if fact.kind == "end" and until is not None else fact.kind  # "from 2015 to 2019"
        if kind == "correct" and normalize_name(fact.replaces or "") == normalize_name(fact.object):
            kind = "assert"  # "corrects" a value by itself
        subject = entity(fact.subject, fact.subject_type, turn)
        obj = entity(fact.object, fact.object_type, turn)
        replaces = entity(fact.replaces, fact.object_type, turn) if kind == "correct" and fact.replaces else None
        qualifiers = {"relation": fact.relation} if fact.predicate == "RELATED_TO" and fact.relation else {}
        try:
            claim = Claim(
                group_id=group, kind=kind, subject_id=entity_id(group, subject), predicate=fact.predicate,
                object_id=entity_id(group, obj), replaces_object_id=entity_id(group, replaces) if replaces else None,
                qualifiers=qualifiers, statement=statement(vocabulary, fact.predicate, subject, obj, qualifiers),
                at=at, at_precision=precision, until=until, until_precision=until_precision, observed=observed,
                said_at=turn.at, confidence=confidence, sources=[Source(session_id=session.session_id, turn_id=turn.id)],
            )
        except ValidationError as e:
            raise ExtractionError(f"fact {n} ({fact.time!r}) makes no valid claim: {problems(e)}") from None
        claims.setdefault(claim.id, claim)
    entities = [Entity(id=entity_id(group, name), group_id=group, name=name, type=type_)  # type: ignore[arg-type]
                for name, type_ in names.values()]
    return ExtractionResult(entities=entities, claims=list(claims.values()), mentions=list(mention_keys.values()))


def problems(e: ValidationError) -> str:
    """The first few problems of a pydantic error, on one line."""
    return "; ".join(f"{'.'.join(str(p) for p in err['loc']) or 'value'}: {err['msg']}" for err in e.errors()[:3])


def parse_reply(content: str) -> list[LlmFact]:
    r"""The facts in a model's answer (a Markdown code fence around the JSON is tolerated).

    >>> [f.predicate for f in parse_reply('```json\n{"facts": [{"subject": "Ana", "predicate": "lives in", '
    ...                                  '"object": "Lisbon", "turn_id": "s1:1"}]}\n```')]
    ['LIVES_IN']
    >>> parse_reply('{"facts": [{"subject": "Ana"')
    Traceback (most recent call last):
    chronomem.errors.ExtractionError: the model's answer is not valid JSON (Expecting ',' delimiter: line 1 column 29 (char 28)): '{"facts": [{"subject": "Ana"'; use a model that supports JSON output (response_format json_object), or a larger one
    """  # noqa: E501
    fenced = _FENCE.match(content)
    text = fenced.group(1) if fenced else content
    try:
        data = json.loads(text)
    except ValueError as e:
        raise ExtractionError(
            f"the model's answer is not valid JSON ({e}): {text[:120]!r}; use a model that supports JSON "
            "output (response_format json_object), or a larger one") from None
    try:
        return LlmReply.model_validate(data).facts
    except ValidationError as e:
        raise ExtractionError(f'the model\'s JSON is not {{"facts": [...]}} as asked: {problems(e)}; '
                              "use a model that follows the instructions, or a larger one") from None
