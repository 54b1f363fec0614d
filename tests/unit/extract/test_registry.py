"""The rule registry: rule modules listed explicitly, many rules per lemma merged by priority."""

from __future__ import annotations

import ast
import inspect

import pytest

from chronomem.extract.rules import registry
from chronomem.extract.rules.base import Rule
from chronomem.extract.rules.registry import RULE_MODULES, RULES, TABLE, build_rules, run_rules, table_rules


class _Frame:
    def __init__(self, lemma: str) -> None:
        self.lemma = lemma


def _returns(*rels):
    return lambda frame: list(rels)


def test_rules_of_a_lemma_run_by_priority_and_a_fallback_speaks_only_when_the_others_found_nothing():
    specific, general = _returns("specific"), _returns("general")
    rules = build_rules([Rule(("leave",), general), Rule(("leave", "quit"), specific, priority=10)])
    assert [r.handler for r in rules["leave"]] == [specific, general]
    assert run_rules(_Frame("leave"), rules) == ["specific"]
    silent = build_rules([Rule(("leave",), general), Rule(("leave",), _returns(), priority=10)])
    assert run_rules(_Frame("leave"), silent) == ["general"]
    assert run_rules(_Frame("quit"), rules) == ["specific"]
    assert run_rules(_Frame("stay"), rules) == []


def test_a_rule_that_adds_merges_its_relations_with_those_before_it():
    rules = build_rules([Rule(("move",), _returns("also"), adds=True), Rule(("move",), _returns("first"), priority=1),
                         Rule(("move",), _returns("never"), priority=-1)])
    assert run_rules(_Frame("move"), rules) == ["first", "also"]


def test_no_registration_surprises():
    a, b = _returns("a"), _returns("b")
    with pytest.raises(ValueError, match="priority"):
        build_rules([Rule(("go",), a), Rule(("go",), b)])  # who wins must be written down
    with pytest.raises(ValueError, match="twice"):
        build_rules([Rule(("go",), a), Rule(("go",), a, priority=1)])


def test_every_row_of_the_table_is_registered_and_names_a_function():
    for row in TABLE:
        assert all(row in RULES[lemma] for lemma in row.lemmas)
    assert {"live", "work", "marry", "use", "switch", "be", "date", "step", "die", "play"} <= set(RULES)
    with pytest.raises(ValueError, match="no function of the rule modules"):
        table_rules([{"lemmas": ["go"], "handler": "living.no_such_rule"}])
    with pytest.raises(ValueError, match="no function"):
        table_rules([{"lemmas": ["go"], "handler": "nowhere.move"}])


def test_a_prepositional_row_is_a_rule_of_its_own():
    (rule,) = table_rules([{"lemmas": ["reside"], "prep": {"predicate": "LIVES_IN", "preps": ["in"], "obj": "place"}}])
    assert rule.lemmas == ("reside",) and rule.handler.predicate == "LIVES_IN" and rule.handler.preps == ("in",)


def test_rule_modules_do_not_register_themselves_on_import():
    """Nothing in a rule module writes into a shared table: importing one has no side effect."""
    for module in RULE_MODULES.values():
        tree = ast.parse(inspect.getsource(module))
        decorated = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.decorator_list]
        assert not decorated, (module.__name__, decorated)
    assert registry.RULES is RULES
