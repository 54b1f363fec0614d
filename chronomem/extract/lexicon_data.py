"""Word lists kept as data files under ``chronomem/data/lexicon/`` (one JSON object per file).

Each file loads once into a read-only namespace whose attributes are frozensets (JSON lists) or
dicts (JSON objects); keys starting with ``_`` are comments.

>>> "paint" in OPEN.intransitive_habits, OPEN.taste_verbs["love"]
(True, 'LIKES')
"""

from __future__ import annotations

import json
from importlib import resources
from types import MappingProxyType, SimpleNamespace
from typing import Any


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return frozenset(value)
    if isinstance(value, dict):
        return MappingProxyType({k: tuple(v) if isinstance(v, list) else v for k, v in value.items()})
    return value


def load_lexicon(name: str) -> SimpleNamespace:
    """The word lists of ``chronomem/data/lexicon/<name>.json``."""
    text = resources.files("chronomem.data").joinpath("lexicon", f"{name}.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return SimpleNamespace(**{k: _freeze(v) for k, v in data.items() if not k.startswith("_")})


OPEN = load_lexicon("open_clauses")
