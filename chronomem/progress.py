"""Progress bars for long work: rich on a terminal, silent otherwise or with ``quiet``."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def draws_bars(*, quiet: bool = False) -> bool:
    """Whether progress bars are drawn (stderr is a terminal and ``quiet`` is off): work that only
    feeds a bar, such as counting a file's records for its total, can be skipped otherwise."""
    return not quiet and sys.stderr.isatty()


def _no_advance(n: int = 1) -> None:
    """What ``advance`` does when no bar is drawn."""


@contextmanager
def progress_bar(total: int, description: str, *, quiet: bool = False) -> Iterator[Callable[[int], None]]:
    """Yield an ``advance(n)`` function; draws a bar only when stderr is a terminal."""
    if not draws_bars(quiet=quiet) or total <= 1:
        yield _no_advance
        return
    with _rich_bar(description, total) as (bar, task):

        def advance(n: int = 1) -> None:
            bar.advance(task, n)

        yield advance


@contextmanager
def two_stage_bar(total: int, description: str, then: str, *,
                  quiet: bool = False) -> Iterator[tuple[Callable[[int], None], Callable[[int, int], None]]]:
    """:func:`progress_bar`'s ``advance(n)``, and a ``progress(done, total)`` callback for a second
    stage (say, building an index after a load) whose bar appears on its first call, in the same display."""
    if not draws_bars(quiet=quiet):
        yield _no_advance, lambda done, total: None
        return
    with _rich_bar(description, total if total > 1 else None) as (bar, task):
        second: list[Any] = []

        def stage(done: int, total: int) -> None:
            if not second:
                second.append(bar.add_task(then, total=total))
            bar.update(second[0], completed=done, total=total)

        def advance(n: int = 1) -> None:
            bar.advance(task, n)

        yield advance, stage


@contextmanager
def count_bar(description: str, *, quiet: bool = False) -> Iterator[Callable[[int, int], None]]:
    """Yield a ``progress(done, total)`` callback (the side-index's shape), whose total may only be
    known once the work starts; draws a bar only when stderr is a terminal."""
    if not draws_bars(quiet=quiet):
        yield lambda done, total: None
        return
    with _rich_bar(description, None) as (bar, task):
        yield lambda done, total: bar.update(task, completed=done, total=total)


@contextmanager
def _rich_bar(description: str, total: int | None) -> Iterator[tuple[Any, Any]]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  transient=True) as bar:
        yield bar, bar.add_task(description, total=total)
