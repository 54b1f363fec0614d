"""chronomem: a temporal knowledge-graph memory for AI agents.

Facts are edges with a valid interval (when they were true) and a transaction interval (when
we believed them): ask what was true at any time, and what we believed at any time.

>>> import chronomem
>>> mem = chronomem.Memory.open(":memory:")
>>> mem.stats()["facts"]
0
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from chronomem.clock import Clock, FixedClock, SystemClock
from chronomem.errors import ChronomemError, ConfigError, ExtractionError, InputError, StoreError
from chronomem.graph.base import GraphStore, WriteBatch, WriteReport
from chronomem.graph.sqlite_store import SqliteGraphStore
from chronomem.memory import IngestSummary, Memory
from chronomem.query.records import FactRecord
from chronomem.schema import (
    CORE_VOCABULARY,
    Claim,
    Entity,
    ExtractionResult,
    Fact,
    PredicateSpec,
    Session,
    Source,
    Turn,
    Vocabulary,
)

if TYPE_CHECKING:
    from chronomem.extract.extractor import SpacyRuleExtractor
    from chronomem.graph.neo4j_store import Neo4jGraphStore
    from chronomem.query.when import WhenAnswer, WhenAnswers

__version__ = "0.1.0"

_LAZY = {
    "Neo4jGraphStore": "chronomem.graph.neo4j_store",
    "SpacyRuleExtractor": "chronomem.extract.extractor",
    "WhenAnswer": "chronomem.query.when",  # what Memory.when returns (search's modules load with it)
    "WhenAnswers": "chronomem.query.when",
}


def __getattr__(name: str) -> Any:
    """Heavy parts (the Neo4j driver, spaCy, the query modules) load only when asked for."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'chronomem' has no attribute {name!r}")


__all__ = [
    "CORE_VOCABULARY",
    "ChronomemError",
    "Claim",
    "Clock",
    "ConfigError",
    "Entity",
    "ExtractionError",
    "ExtractionResult",
    "Fact",
    "FactRecord",
    "FixedClock",
    "GraphStore",
    "IngestSummary",
    "InputError",
    "Memory",
    "Neo4jGraphStore",
    "PredicateSpec",
    "Session",
    "Source",
    "SpacyRuleExtractor",
    "SqliteGraphStore",
    "StoreError",
    "SystemClock",
    "Turn",
    "Vocabulary",
    "WhenAnswer",
    "WhenAnswers",
    "WriteBatch",
    "WriteReport",
    "__version__",
]
