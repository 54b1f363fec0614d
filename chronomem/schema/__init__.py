"""Pydantic models, the predicate vocabulary and time helpers."""

from chronomem.schema.models import (
    Claim,
    Entity,
    ExtractionResult,
    Fact,
    Mention,
    Session,
    Source,
    Turn,
    entity_id,
    normalize_name,
    scoped_turn_id,
    stable_id,
)
from chronomem.schema.timeutil import ensure_utc, iso, parse_time
from chronomem.schema.vocabulary import CORE_PREDICATES, CORE_VOCABULARY, PredicateSpec, Vocabulary

__all__ = [
    "CORE_PREDICATES",
    "CORE_VOCABULARY",
    "Claim",
    "Entity",
    "ExtractionResult",
    "Fact",
    "Mention",
    "PredicateSpec",
    "Session",
    "Source",
    "Turn",
    "Vocabulary",
    "ensure_utc",
    "entity_id",
    "iso",
    "normalize_name",
    "parse_time",
    "scoped_turn_id",
    "stable_id",
]
