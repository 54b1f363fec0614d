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


class DeadlineError(ChronomemError):
    """A read ran past the time limit it was given (:mod:`chronomem.deadline`) and stopped."""


class ConfigError(ChronomemError):
    """A missing optional dependency, model file or setting; the message says how to fix it."""


def clip(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for quoting user input in one-line errors.

    >>> clip("a" * 1000, 10)
    "'aaaaaaaa…' (1000 characters)"
    >>> clip("Ana")
    "'Ana'"
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    size = f" ({len(value)} characters)" if isinstance(value, str) else ""
    return text[: limit - 1] + "…'" + size


def check_text(value: str, what: str) -> str:
    """``value`` if it can be stored (UTF-8 encodable: no lone surrogate), else an :class:`InputError`.

    >>> check_text("Ana \\ud800", "group")
    Traceback (most recent call last):
    chronomem.errors.InputError: group 'Ana \\ud800' is not valid Unicode text (a lone surrogate at character 4)
    """
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as e:
        raise InputError(f"{what} {clip(value)} is not valid Unicode text "
                         f"(a lone surrogate at character {e.start})") from None
    return value
