"""Records of the synthetic benchmark: the ground truth (slots, stints, boundaries), what was
said (utterances with their gold claims) and the questions (probes).

The ground truth comes from the generator's own events, never from an extractor. A boundary
(a move, a new job…) has a true date and the periods ``[lo, hi)`` of every phrase that reported
it; the union of those periods is the *zone* where an extractor may legitimately place it, and
no question is asked inside a zone.

>>> b = Boundary(date(2023, 3, 10))
>>> b.periods += [(date(2023, 3, 1), date(2023, 4, 1)), (date(2023, 3, 10), date(2023, 3, 11))]
>>> b.zone()
(datetime.date(2023, 3, 1), datetime.date(2023, 4, 1))
>>> canon("Postgres 14"), canon("the Platform Team"), canon("a data engineer")
('postgresql 14', 'platform team', 'data engineer')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from chronomem.schema.models import normalize_name

D = timedelta(days=1)

ALIASES = {"postgres": "postgresql", "k8s": "kubernetes", "node": "node.js", "nodejs": "node.js",
           "gh actions": "github actions", "sqs": "amazon sqs", "ms teams": "microsoft teams"}
_ARTICLE = re.compile(r"^(?:the|a|an|our|my)\s+")


def canon(name: str, version: str | None = None) -> str:
    """The comparison key of a value: normalized, article-free, aliases resolved, version appended."""
    key = _ARTICLE.sub("", normalize_name(name))
    for alias, target in ALIASES.items():
        if key == alias or key.startswith(alias + " "):
            key = target + key[len(alias):]
            break
    if version and not key.endswith(" " + normalize_name(version)):
        key = f"{key} {normalize_name(version)}"
    return key


@dataclass(eq=False)
class Boundary:
    """When a stint starts or ends: the true date and the periods of the phrases that told it."""

    date: date
    periods: list[tuple[date, date]] = field(default_factory=list)
    observed_at: date | None = None  # first time the value was stated as current with no date
    reports: list[str] = field(default_factory=list)  # utterance ids

    def zone(self) -> tuple[date | None, date]:
        """Where an extractor may put this boundary; ``lo=None`` means "any time before"."""
        if self.periods:
            return min(p[0] for p in self.periods), max(p[1] for p in self.periods)
        if self.observed_at is not None:
            return None, self.observed_at + D
        return self.date, self.date + D


@dataclass(eq=False)
class Stint:
    """One value holding a slot between two boundaries."""

    value: str
    start: Boundary
    end: Boundary | None = None
    end_fuzzy: bool = False  # after the end nobody says what holds (a role after leaving a job)
    wrong_value: str | None = None  # first reported wrongly, then corrected
    reported_wrong_at: datetime | None = None
    corrected_at: datetime | None = None
    out_of_order: bool = False
    corrections: list[str] = field(default_factory=list)  # utterance ids of the corrections


@dataclass(eq=False)
class Slot:
    """A question target: ``subject``'s ``predicate`` (for LEADS the subject is the team)."""

    group: str
    subject: str
    predicate: str
    cardinality: str  # one | many | one_per_object
    kind: str  # user, relative, partner, colleague, team, org, distractor
    side: str = "subject"  # "object": the answer is the fact's subject (LEADS)
    scope: frozenset[str] | None = None  # canonical values this slot is about (tool families)
    stints: list[Stint] = field(default_factory=list)
    distractor_values: set[str] = field(default_factory=set)

    @property
    def key(self) -> str:
        extra = f"|{min(self.scope)}" if self.scope else ""
        return f"{self.group}|{self.subject}|{self.predicate}{extra}"


@dataclass
class GoldClaim:
    """A claim a perfect extractor makes from one utterance."""

    kind: str  # assert | end | correct
    subject: str
    predicate: str
    object: str
    lo: date | None = None  # the period of the time phrase; None for a state said as current
    hi: date | None = None
    precision: str = "day"
    observed: bool = False
    replaces: str | None = None
    subject_type: str = "OTHER"
    object_type: str = "OTHER"


@dataclass
class Utterance:
    """One turn the generator wrote, with what a perfect extractor takes from it."""

    id: str
    group: str
    session_id: str
    speaker: str
    text: str
    template: str
    kind: str  # event, restate, distractor, correction, filler
    at: datetime | None = None
    claims: list[GoldClaim] = field(default_factory=list)
    allowed: set[tuple[str, str]] = field(default_factory=set)  # (predicate, canonical object) extras that are fine


@dataclass
class Probe:
    """A structured question with its expected answer set (canonical values)."""

    id: str
    group: str
    subject: str
    predicate: str
    side: str
    category: str
    as_of: datetime | None
    expected: frozenset[str]
    known_at: datetime | None = None
    scope: frozenset[str] | None = None
    earlier: frozenset[str] = frozenset()  # values superseded before as_of (for the stale rate)
    slot: str = ""
    evidence: tuple[str, ...] = ()


@dataclass
class Benchmark:
    """Everything one seed produces."""

    seed: int
    sessions: list  # chronomem Session objects, in arrival order
    utterances: dict[str, Utterance]
    slots: list[Slot]
    probes: list[Probe]
    now: datetime
    known_values: dict[str, set[str]] = field(default_factory=dict)  # (group|predicate) → every value ever said
    stats: dict = field(default_factory=dict)

    @property
    def turns(self) -> int:
        return sum(len(s.turns) for s in self.sessions)


def at_noon(d: date) -> datetime:
    from chronomem.schema.timeutil import UTC

    return datetime(d.year, d.month, d.day, 12, tzinfo=UTC)
