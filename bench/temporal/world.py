"""The simulated world's records: people, events, channels (who talks where) and the world.

:mod:`bench.temporal.histories` fills a world with histories; :mod:`bench.temporal.generator`
decides when and how each event is said.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from bench.temporal import templates as T
from bench.temporal.model import Boundary, Slot, Stint

D = timedelta(days=1)


@dataclass(eq=False)
class Person:
    name: str
    gender: str = "X"  # F, M, or X for the user
    relation: str | None = None  # how the user introduces them ("sister")
    is_user: bool = False

    @property
    def pron(self) -> str:
        return {"F": "she", "M": "he"}.get(self.gender, "they")

    @property
    def pron_pos(self) -> str:
        return {"F": "her", "M": "his"}.get(self.gender, "their")


@dataclass(eq=False)
class Event:
    """Something that happened (or a state that holds) and will be said in some session."""

    kind: str  # a key of templates.TEMPLATES
    date: date
    channel: str  # "personal" or the org whose team sessions carry it
    subject: Person | None  # None: the speaker's group ("we")
    fields: dict[str, str]
    boundaries: list[Boundary]
    claims: list[tuple]  # (kind, subject, predicate, object, replaces, subject_type, object_type)
    slots: list[Slot]
    mentions: tuple[Person, ...] = ()  # other people named in the sentence
    initial: bool = False  # an opening state: told in one of the channel's first sessions
    forms: tuple[str, ...] = ("point", "since", "day")
    planned_ok: bool = False
    correctable: str | None = None  # predicate that may be told wrongly first, then corrected
    speaker: str | None = None  # forced speaker (first person)
    pair: Event | None = None  # told in the same session, right after this one
    stint: Stint | None = None
    only: tuple[str, ...] = ()  # restrict to these template ids


@dataclass
class Channel:
    name: str  # "personal" or an org
    dates: list  # session datetimes
    members: list[Person] = field(default_factory=list)  # speakers of team sessions


@dataclass
class World:
    group: str
    rng: random.Random
    start: date
    end: date
    user: Person
    people: dict[str, Person] = field(default_factory=dict)
    channels: dict[str, Channel] = field(default_factory=dict)
    slots: dict[str, Slot] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)
    distractor_people: list[Person] = field(default_factory=list)
    orgs_worked: list[str] = field(default_factory=list)
    used: dict[str, set[str]] = field(default_factory=dict)

    # -- pools -------------------------------------------------------------------------------
    def pick(self, pool: str, options: tuple[str, ...], *, avoid: set[str] = frozenset()) -> str:
        used = self.used.setdefault(pool, set())
        free = [o for o in options if o not in used and o not in avoid]
        choice = self.rng.choice(free)
        used.add(choice)
        return choice

    def person(self, relation: str | None = None, gender: str | None = None) -> Person:
        gender = gender or self.rng.choice("FM")
        name = self.pick("people", T.FEMALE if gender == "F" else T.MALE)
        p = Person(name, gender, relation)
        self.people[name] = p
        return p

    def slot(self, subject: str, predicate: str, cardinality: str, kind: str, *, side: str = "subject",
             scope: frozenset[str] | None = None) -> Slot:
        s = Slot(self.group, subject, predicate, cardinality, kind, side=side, scope=scope)
        return self.slots.setdefault(s.key, s)

    def spaced(self, lo: date, hi: date, n: int, gap: int) -> list[date]:
        """Up to ``n`` random dates in ``[lo, hi]`` at least ``gap`` days apart."""
        span = (hi - lo).days
        if span <= 0:
            return []
        n = min(n, span // gap + 1)
        for _ in range(50):
            days = sorted(self.rng.sample(range(span + 1), n)) if n else []
            if all(b - a >= gap for a, b in zip(days, days[1:])):
                return [lo + timedelta(days=x) for x in days]
        return [lo + timedelta(days=span // 2)] if n else []

    def add(self, event: Event) -> Event:
        self.events.append(event)
        return event


def claim(kind: str, subj: str, pred: str, obj: str, replaces: str | None = None,
           st: str = "PERSON", ot: str = "OTHER") -> tuple:
    return (kind, subj, pred, obj, replaces, st, ot)


# ---- one-valued timelines (LIVES_IN, WORKS_AT, HAS_ROLE, REPORTS_TO) ---------------------------------
def one_timeline(w: World, who: Person, channel: str, predicate: str, values: list[str], dates: list[date], *,
                 kind: str, start_kind: str, state_kind: str, switch_kind: str | None, obj_type: str,
                 initial_since: float = 0.4, extra: dict | None = None, correctable: bool = False,
                 planned_ok: bool = False) -> list[Stint]:
    """A chain of values changing on ``dates`` (``values[0]`` held before the first date)."""
    slot = w.slot(who.name, predicate, "one", kind)
    first = Boundary(w.start - timedelta(days=w.rng.randint(200, 1500)))
    stints = [Stint(values[0], first)]
    init_kind = start_kind if w.rng.random() < initial_since else state_kind
    w.add(Event(init_kind, first.date, channel, who, {"obj": values[0], **(extra or {})}, [first],
                [claim("assert", who.name, predicate, values[0], ot=obj_type)], [slot], initial=True,
                forms=("since",) if init_kind == start_kind else ("none",), stint=stints[0]))
    for value, d in zip(values[1:], dates):
        b = Boundary(d)
        stints[-1].end = b
        stints.append(Stint(value, b))
        ek = switch_kind if switch_kind and w.rng.random() < 0.3 else start_kind
        claims = [claim("assert", who.name, predicate, value, ot=obj_type)]
        if ek == switch_kind:
            claims.append(claim("end", who.name, predicate, stints[-2].value, ot=obj_type))
        w.add(Event(ek, d, channel, who, {"obj": value, "old": stints[-2].value, **(extra or {})}, [b], claims, [slot],
                    correctable=predicate if correctable else None, planned_ok=planned_ok, stint=stints[-1]))
    slot.stints.extend(stints)
    return stints
