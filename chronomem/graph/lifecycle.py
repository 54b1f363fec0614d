"""What a store keeps so that memory stays dense as it grows: importance, the retention policy, evictions.

* **Usage** (:class:`~chronomem.graph.importance.Usage`): each turn's and fact version's
  importance, when it was last confirmed useful, and whether a turn was promoted to the long-term
  tier. A turn's is written with it (:class:`~chronomem.graph.writer.LifecycleWrite`), a fact
  version's once ``feedback`` corrects it (until then it is a function of the version).
* **The retention policy** (:class:`RetentionPolicy`), one per group: facts and their history are
  always kept; turns that support no fact and whose importance is below ``keep_above`` expire
  after ``turn_ttl_days``; ``max_turns`` caps the group's turns, evicting
  the lowest-importance, oldest first (:mod:`chronomem.graph.retention` decides); near-duplicate
  open facts and turns merge (:mod:`chronomem.graph.consolidation`).
* **Evictions**: an evicted turn is erased as ``forget`` erases (text, full-text rows, mentions,
  vectors, entities nothing else names) and leaves its id, its session and when it went, so that
  the facts citing it keep that source, marked evicted; each transaction of evictions leaves one
  audit record (an :class:`~chronomem.graph.erasure.Erasure` of kind ``retention``).

>>> print(*RetentionPolicy(turn_ttl_days=30, max_turns=20_000).describe().split("; "), sep=chr(10))
facts and their history: kept forever
turns that support no fact with importance below 0.3: expire after 30 days
at most 20000 turns (lowest importance, oldest first)
near-duplicates merge
>>> RetentionPolicy(consolidate=False).keeps_everything()
True
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from chronomem.graph.codec import from_us
from chronomem.graph.erasure import Erasure
from chronomem.graph.importance import Usage, UsageKind


def stored_time(us: int) -> datetime:
    """A time a store keeps as microseconds since the epoch (never missing), as an aware datetime."""
    at = from_us(us)
    assert at is not None
    return at


class RetentionPolicy(BaseModel):
    """How long a group keeps its turns (facts and their history are always kept).

    ``turn_ttl_days``: a turn that supports no fact, was not promoted by feedback and whose
    importance is below ``keep_above`` expires this many days after it was said (or last confirmed
    useful); ``None``: never. ``max_turns``: the most turns the group keeps; above it the
    lowest-importance, oldest turns are evicted first; ``None``: no cap. ``consolidate``: near-duplicate
    open facts and turns merge into one (:mod:`chronomem.graph.consolidation`).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    turn_ttl_days: float | None = Field(default=None, gt=0, le=36_500)
    max_turns: int | None = Field(default=None, ge=0)
    keep_above: float = Field(default=0.3, ge=0, le=1)
    consolidate: bool = True

    def keeps_everything(self) -> bool:
        """True when nothing ever expires, is evicted or merged under this policy."""
        return self.turn_ttl_days is None and self.max_turns is None and not self.consolidate

    def describe(self) -> str:
        """The policy in one line, for people."""
        ttl = ("never expire" if self.turn_ttl_days is None
               else f"expire after {self.turn_ttl_days:g} days")
        cap = "no cap on turns" if self.max_turns is None else f"at most {self.max_turns} turns (lowest importance, oldest first)"
        merge = "near-duplicates merge" if self.consolidate else "no consolidation"
        return (f"facts and their history: kept forever; turns that support no fact with importance below "
                f"{self.keep_above:g}: {ttl}; {cap}; {merge}")


@dataclass(frozen=True, slots=True)
class TurnState:
    """A stored turn as retention sees it: its id, session, time, and usage (``None``: stored
    without one, e.g. by an older version; the table's default importance applies)."""

    id: str
    session_id: str
    at: datetime
    usage: Usage | None


@dataclass(frozen=True, slots=True)
class Eviction:
    """What remains of an evicted turn: its id, its session, when it was evicted, and the turn it was
    merged into when consolidation found it said the same (:mod:`chronomem.graph.consolidation`)."""

    turn_id: str
    session_id: str
    evicted_at: datetime
    merged_into: str | None = None


class EvictionReport(BaseModel):
    """What one eviction erased: the audit record, the evicted turns and the entities only they named."""

    erasure: Erasure
    evictions: list[Eviction] = Field(default_factory=list)
    entity_ids: list[str] = Field(default_factory=list)

    def index_keys(self) -> list[str]:
        """The side-index ids (``turn:…``, ``entity:…``) of everything erased."""
        return [f"turn:{e.turn_id}" for e in self.evictions] + [f"entity:{i}" for i in self.entity_ids]


@runtime_checkable
class LifecycleStore(Protocol):
    """A store that keeps usage, a retention policy per group and what retention evicted."""

    def usage(self, group_id: str, kind: UsageKind, ids: Sequence[str]) -> dict[str, Usage]:
        """The stored usage of the items ``ids`` of ``kind`` that have one, by id."""
        ...

    def put_usage(self, group_id: str, rows: Sequence[Usage]) -> None:
        """Store ``rows`` (replacing what the items had) in one transaction; rows of items the group
        does not hold are ignored."""
        ...

    def turn_states(self, group_id: str) -> Iterator[TurnState]:
        """Every stored turn of the group with its usage, in insertion order."""
        ...

    def retention_policy(self, group_id: str) -> RetentionPolicy | None:
        """The group's retention policy; ``None`` when none was set (everything is kept)."""
        ...

    def set_retention_policy(self, group_id: str, policy: RetentionPolicy | None) -> None:
        """Store the group's policy (``None``: remove it, keeping everything)."""
        ...

    def evict_turns(self, group_id: str, turn_ids: Sequence[str], *, audit: Erasure,
                    merged_into: Mapping[str, str] | None = None) -> EvictionReport:
        """Erase the turns ``turn_ids`` as ``forget`` erases a turn (text, full-text rows, mentions,
        vectors, the entities only they named), keep an :class:`Eviction` for each (``merged_into``:
        the turn each was merged into, if any), and write ``audit`` (counts filled in) in the same
        transaction. Fact versions and claims citing them are left as they are. Ids the group does
        not hold are skipped."""
        ...

    def evictions(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, Eviction]:
        """The evictions of the turns ``turn_ids`` that were evicted, by turn id."""
        ...

    def merged_into(self, group_id: str, turn_ids: Sequence[str]) -> dict[str, list[Eviction]]:
        """The evicted turns merged into each of ``turn_ids`` (those that have any), oldest first."""
        ...
