"""A time limit a long read honours by itself: work run under :func:`within` stops at its next
:func:`check` once the limit has passed, instead of running on after its caller gave up.

A thread cannot be killed from outside; the MCP server abandons a call that takes longer than
``call_seconds``, and the reads check the deadline between their stages (and in their loops), so
the abandoned thread ends within one stage of the limit rather than burning a core for minutes.

>>> with within(60):
...     check("search")  # in time: nothing happens
>>> try:
...     with within(0):
...         check("search")
... except DeadlineError as e:
...     print(str(e).split(";")[0])
search ran past its time limit (0 s) and was stopped
>>> check("search")  # no deadline set: nothing happens
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from chronomem.errors import DeadlineError

_deadline: ContextVar[tuple[float, float] | None] = ContextVar("chronomem_deadline", default=None)


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Run the block with a deadline ``seconds`` from now (in this thread or task only)."""
    token = _deadline.set((time.monotonic() + seconds, seconds))
    try:
        yield
    finally:
        _deadline.reset(token)


def check(what: str = "the call") -> None:
    """Raise :class:`~chronomem.errors.DeadlineError` when the current deadline has passed."""
    limit = _deadline.get()
    if limit is not None and time.monotonic() >= limit[0]:
        raise DeadlineError(f"{what} ran past its time limit ({limit[1]:g} s) and was stopped; "
                            "ask for less, e.g. a shorter query or a smaller k")
