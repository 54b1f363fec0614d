"""The gazetteer: names that NER misses or mislabels (Redis, Jenkins, Shopify…), with aliases.

Entries live in ``chronomem/data/gazetteer.json`` (types TOOL, ORG and PLACE); callers add
their own as ``{canonical: [aliases]}`` (typed TOOL unless the canonical name is already
known). Matching is case-insensitive except for names that are ordinary English words or
pronouns when lower-cased ("Go", "Rust", "US"), which match with their exact case only.

>>> gz = load_gazetteer({"Acme Deploy": ["deployer"]})
>>> gz.lookup("postgres").name, gz.lookup("Postgres").type, gz.lookup("PSQL").aliases[:2]
('PostgreSQL', 'TOOL', ('Postgres', 'PSQL'))
>>> gz.lookup("DEPLOYER").name
'Acme Deploy'
>>> gz.lookup("no such thing") is None
True
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from chronomem.errors import InputError
from chronomem.schema.models import normalize_name

_TYPES = ("TOOL", "ORG", "PLACE", "PERSON", "ROLE", "PET", "GROUP", "VALUE", "OTHER")
VERSION = re.compile(r"v?\d{1,4}(?:\.\d{1,4}){0,3}")  # "14", "3.12", "v14": a tool's version, in full (fullmatch)


@dataclass(frozen=True, slots=True)
class Term:
    """A gazetteer match: tokens ``[start, end)`` name ``name`` (with an optional version)."""

    start: int
    end: int
    name: str
    type: str
    aliases: tuple[str, ...] = ()
    employer: bool = False


@dataclass(frozen=True, slots=True)
class GazetteerEntry:
    """A canonical name, its entity type and the other names it goes by."""

    name: str
    type: str
    aliases: tuple[str, ...] = ()
    employer: bool = False  # a product that is also a company people work at ("Datadog", "GitHub")

    def forms(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


class Gazetteer:
    """Canonical names by normalized surface form."""

    def __init__(self, entries: Iterable[GazetteerEntry], *, case_sensitive: Iterable[str] = ()) -> None:
        self.entries: dict[str, GazetteerEntry] = {}
        self._by_form: dict[str, str] = {}
        self.case_sensitive = frozenset(case_sensitive)
        for entry in entries:
            self.add(entry)

    def add(self, entry: GazetteerEntry) -> GazetteerEntry:
        """Add an entry, or merge its aliases into the entry already known under any of its forms."""
        if entry.type not in _TYPES:
            raise InputError(f"gazetteer type {entry.type!r} is not one of {', '.join(_TYPES)}")
        known = next((self._by_form[k] for k in map(normalize_name, entry.forms()) if k in self._by_form), None)
        if known is not None:
            old = self.entries[known]
            extra = tuple(a for a in entry.forms() if normalize_name(a) not in {normalize_name(f) for f in old.forms()})
            entry = GazetteerEntry(old.name, old.type, old.aliases + extra, old.employer or entry.employer)
        self.entries[entry.name] = entry
        for form in entry.forms():
            key = normalize_name(form)
            if key:
                self._by_form.setdefault(key, entry.name)
        return entry

    def lookup(self, text: str) -> GazetteerEntry | None:
        """The entry ``text`` names (any case), or ``None``."""
        name = self._by_form.get(normalize_name(text))
        return None if name is None else self.entries[name]

    def phrases(self) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
        """``(case_insensitive, exact_case)`` lists of ``(surface form, canonical name)``, sorted."""
        loose: list[tuple[str, str]] = []
        exact: list[tuple[str, str]] = []
        for entry in self.entries.values():
            for form in entry.forms():
                (exact if form in self.case_sensitive else loose).append((form, entry.name))
        return sorted(set(loose)), sorted(set(exact))

    def __len__(self) -> int:
        return len(self.entries)


@lru_cache(maxsize=1)
def _default_data() -> dict:
    text = resources.files("chronomem.data").joinpath("gazetteer.json").read_text(encoding="utf-8")
    return json.loads(text)


def load_gazetteer(extra: Mapping[str, Iterable[str]] | None = None) -> Gazetteer:
    """The bundled gazetteer plus ``extra`` entries (``{canonical: [aliases]}``, typed TOOL)."""
    data = _default_data()
    employers = set(data.get("employers", ()))
    entries = [GazetteerEntry(name, kind, tuple(aliases), name in employers)
               for kind in ("TOOL", "ORG", "PLACE") for name, aliases in data[kind].items()]
    gz = Gazetteer(entries, case_sensitive=data.get("case_sensitive", ()))
    for name, aliases in (extra or {}).items():
        if not isinstance(name, str) or not name.strip():
            raise InputError("gazetteer keys are canonical names (non-empty strings)")
        if isinstance(aliases, str):
            raise InputError(f"gazetteer[{name!r}] must be a list of aliases, not a string")
        gz.add(GazetteerEntry(name.strip(), "TOOL", tuple(a.strip() for a in aliases if a and a.strip())))
    return gz
