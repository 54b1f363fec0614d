"""Which rules read each verb lemma: the rule table (``chronomem/data/lexicon/verb_rules.json``) made callable.

A row names its lemmas and a handler (``"module.function"`` of :data:`RULE_MODULES`, with the row's ``"args"``)
or a short prepositional rule (``"prep"``: a :class:`~chronomem.extract.rules.base.PrepRule`). The rules of a
lemma run by priority: one with ``adds=False`` speaks only when those before it found nothing, one with
``adds=True`` adds to theirs. A tie in priority, or a handler listed twice for a lemma, is an error.

>>> from chronomem.extract.rules.base import Rule
>>> first = lambda frame: []
>>> second = lambda frame: ["fallback"]
>>> rules = build_rules([Rule(("go",), second), Rule(("go", "run"), first, priority=1)])
>>> [r.handler is first for r in rules["go"]], len(rules["run"])
([True, False], 1)
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping
from types import ModuleType
from typing import Any

from chronomem.extract import lexicon as L
from chronomem.extract.clauses.frames import Frame
from chronomem.extract.clauses.records import Rel
from chronomem.extract.lexicon import lexicon_file, lexicon_ref
from chronomem.extract.rules.base import PrepRule, Rule
from chronomem.extract.rules.people import kin, nominal, pets
from chronomem.extract.rules.verbs import couples, endings, partings, relations, roles, stays, switches, tools, work

RULE_MODULES: dict[str, ModuleType] = {m.__name__.rpartition(".")[2]: m for m in (
    work, relations, tools, switches, nominal, couples, partings, kin, pets, roles, stays, endings)}


def handler(name: str) -> Callable[..., Any]:
    """The function a row names, ``"module.function"`` of :data:`RULE_MODULES`.

    >>> handler("switches.move").__name__
    'move'
    """
    module, _, function = name.partition(".")
    found = getattr(RULE_MODULES.get(module), function, None)
    if not callable(found):
        raise ValueError(f"the rule table names {name!r}, which is no function of the rule modules "
                         f"({', '.join(sorted(RULE_MODULES))}): fix the row in verb_rules.json")
    return found


def table_rules(rows: Iterable[Mapping[str, Any]]) -> list[Rule]:
    """The rows of the rule table as :class:`Rule` objects."""
    out = []
    for row in rows:
        lemmas = _lemmas(row["lemmas"])
        if "prep" in row:
            spec = dict(row["prep"])
            when = handler(spec.pop("when")) if "when" in spec else None
            tuples = {k: tuple(spec[k]) for k in ("preps", "unless") if k in spec}
            call: Callable[[Frame], list[Rel]] = PrepRule(lemmas, **{**spec, **tuples}, when=when)
        else:
            call = handler(row["handler"])
            if "args" in row:  # one handler, several rows: "couples.couple" with {"prt": "up", "aspect": "end"}
                call = functools.partial(call, **row["args"])
        out.append(Rule(lemmas, call, row.get("priority", 0), row.get("adds", False)))
    return out


def _lemmas(named: str | list[str]) -> tuple[str, ...]:
    """A row's lemmas: a list, or ``"file.key"``, the keys of a lexicon table (the verbs of ``occupation_verbs``).

    >>> "teach" in _lemmas("roles.occupation_verbs")
    True
    """
    if isinstance(named, list):
        return tuple(named)
    return tuple(lexicon_ref(named))


def build_rules(rows: Iterable[Rule]) -> dict[str, tuple[Rule, ...]]:
    """``lemma → rules`` (highest priority first); a tie in priority or a rule listed twice raises ``ValueError``."""
    by_lemma: dict[str, list[Rule]] = {}
    for row in rows:
        for lemma in row.lemmas:
            rules = by_lemma.setdefault(lemma, [])
            for other in rules:
                if other.handler is row.handler:
                    raise ValueError(f"rule {_name(row)} is listed twice for {lemma!r}")
                if other.priority == row.priority:
                    raise ValueError(f"rules {_name(other)} and {_name(row)} both read "
                                     f"{lemma!r} at priority {row.priority}: give one of them another priority")
            rules.append(row)
    return {lemma: tuple(sorted(rules, key=lambda r: -r.priority)) for lemma, rules in by_lemma.items()}


def _name(rule: Rule) -> str:
    return getattr(rule.handler, "__qualname__", None) or repr(rule.handler)


TABLE: list[Rule] = table_rules(lexicon_file("verb_rules")["rules"])
RULES: dict[str, tuple[Rule, ...]] = build_rules(TABLE)


def run_rules(frame: Frame, rules: Mapping[str, tuple[Rule, ...]] = RULES) -> list[Rel]:
    """The relations the rules of ``frame.lemma`` find, merged by priority (see the module doc)."""
    out: list[Rel] = []
    for rule in rules.get(frame.lemma, ()):
        if out and not rule.adds:
            continue
        out += life_states(rule.handler(frame))
    return out


def life_states(rels: list[Any]) -> list[Any]:
    """An ending read from a bare past alone stays only for a state of a life (``life_states``): "I was a nurse" is
    over; "I loved the show" says nothing of now, and leaves the clause to the rules after it."""
    return [r for r in rels if not (isinstance(r, Rel) and r.when.plain) or r.predicate in L.LIFE_STATES]
