"""The extraction lexicon: every word list and phrase table, kept as data under ``chronomem/data/lexicon/``.

Each JSON file holds one object; keys starting with ``_`` are comments. A file loads once into a
read-only namespace whose attributes are frozensets (JSON lists) or mappings (JSON objects, their
list values as tuples): ``OPEN.taste_verbs``. The shared word lists of ``words.json`` and
``rule_words.json`` are also this module's upper-case attributes (``lexicon.KIN``,
``lexicon.PET_NOUNS``), so a rule reads ``from chronomem.extract import lexicon as L; L.KIN``; so is each
other file, by its name (``lexicon.TIES`` is ``ties.json``: ``from chronomem.extract.lexicon import TIES``).

>>> "paint" in OPEN.intransitive_habits, OPEN.taste_verbs["love"]
(True, 'LIKES')
>>> from chronomem.extract import lexicon as L
>>> L.KIN["sister"], "dog" in L.PET_NOUNS, "cafe" in L.TIES.workplace_nouns
(('sibling', 'f'), True, True)
"""

from __future__ import annotations

import functools
import json
import operator
from functools import cache
from importlib import resources
from types import MappingProxyType, SimpleNamespace
from typing import Any

SHARED = ("words", "rule_words")  # the files whose lists are this module's upper-case attributes


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return frozenset(tuple(x) if isinstance(x, list) else x for x in value)  # pairs: ("turn", "out")
    if isinstance(value, dict):
        return MappingProxyType({k: tuple(v) if isinstance(v, list) else v for k, v in value.items()})
    return value


@cache
def lexicon_file(name: str) -> dict[str, Any]:
    """``chronomem/data/lexicon/<name>.json`` as JSON, comments left out (read once): rule tables."""
    text = resources.files("chronomem.data").joinpath("lexicon", f"{name}.json").read_text(encoding="utf-8")
    return {k: v for k, v in json.loads(text).items() if not k.startswith("_")}


@cache
def lexicon_table(name: str) -> dict[str, Any]:
    """The word lists of ``chronomem/data/lexicon/<name>.json``, frozen (loaded once), with those derived from another
    file: ``open_clauses``' ``kin_possessions`` take their relation from ``words.json``'s ``kin``."""
    table = {k: _freeze(v) for k, v in lexicon_file(name).items()}
    if name == "open_clauses":
        table["kin_possessions"] = kin_possessions(lexicon_file(name))
    return table


def kin_possessions(table: dict[str, Any]) -> MappingProxyType[str, str]:
    """``word → relation`` of a table's ``kin_possessions`` list, read from ``words.json``'s ``kin`` (a word of
    ``kin_forms`` by the kin word it stands for).

    >>> kin_possessions({"kin_possessions": ["dad", "kids"], "kin_forms": {"kids": "kid"}})["kids"]
    'child'
    """
    kin, forms = lexicon_file("words")["kin"], table.get("kin_forms", {})
    return MappingProxyType({w: kin[forms.get(w, w)][0] for w in table["kin_possessions"]})


def lexicon_ref(ref: str) -> Any:
    """What a rule table's ``ref`` names: ``"file.key"``, or deeper (``"file.table.key"``), of the lexicon files as JSON.

    >>> "teach" in lexicon_ref("roles.occupation_verbs"), "car" in lexicon_ref("phrase_table.object_classes.vehicle")
    (True, True)
    """
    file, *keys = ref.split(".")
    return functools.reduce(operator.getitem, keys, lexicon_file(file))


@cache
def load_lexicon(name: str) -> SimpleNamespace:
    """The word lists of ``chronomem/data/lexicon/<name>.json`` as attributes (one namespace per file)."""
    return SimpleNamespace(**lexicon_table(name))


def __getattr__(name: str) -> Any:
    """``KIN``, ``PET_NOUNS``…: a list of the shared files by its upper-case name; ``TIES``…: a whole file's."""
    if name.isupper():
        for table in SHARED:
            found = lexicon_table(table).get(name.lower())
            if found is not None:
                globals()[name] = found  # found once: later reads are plain module attributes
                return found
        if resources.files("chronomem.data").joinpath("lexicon", f"{name.lower()}.json").is_file():
            globals()[name] = load_lexicon(name.lower())
            return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r} (no list {name.lower()!r} in "
                         f"{', '.join(f'{t}.json' for t in SHARED)}, no file {name.lower()}.json)")


OPEN = load_lexicon("open_clauses")
