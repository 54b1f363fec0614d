"""One error tree for chronomem: catch :class:`ChronomemError` to catch them all."""

from __future__ import annotations


class ChronomemError(Exception):
    """Root of every error chronomem raises on purpose."""


class InputError(ChronomemError, ValueError):
    """Bad input from the caller: a naive datetime, an unknown predicate, a malformed session."""


class StoreError(ChronomemError):
    """A graph store failed to read or write; the message says which store and why."""


class ExtractionError(ChronomemError):
    """The extraction pipeline could not run (for example, the spaCy model is missing)."""


class ConfigError(ChronomemError):
    """A missing optional dependency, model file or setting; the message says how to fix it."""
