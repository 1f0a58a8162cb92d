"""Keeping a page up to date without a reload: a repeating look at the table store from the
kernel's own event loop, and work sent to a thread so the page stays responsive.

A Voila page's kernel runs an asyncio loop (ipykernel's); a task on it keeps running after the
notebook's cell has finished, between the widget messages of the page. :class:`Poller` puts
one there that calls ``tick()`` every ``every`` seconds; ``tick`` reads the store (one small
read) and repaints the widgets when something changed, and the widget messages it sends reach
the page like those of a click. Without a running loop (a plain Python test) nothing is
started: the tests call ``tick()`` themselves.

Nothing from a tick escapes: a fault is handed to ``on_error`` and the next tick comes as
usual, so a busy store or a lost connection shows a line on the page, never a traceback, and
the page carries on when the store answers again.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any

__all__ = ["Poller", "at_once", "in_background", "running_loop"]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop of the Jupyter kernel this code runs in, or None: a plain script, or a
    test (where another library's loop, such as Playwright's, may be the running one: work
    put there would run at some later moment of another test)."""
    try:
        from IPython.core.getipython import get_ipython

        shell = get_ipython()  # type: ignore[no-untyped-call]
    except ImportError:  # pragma: no cover - ipywidgets brings IPython
        return None
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class Poller:
    """Calls ``tick()`` every ``every`` seconds on the kernel's event loop (see the module).

    ``on_error(exc)`` hears of anything a tick raised. :meth:`start` is a no-op without a
    running loop; :meth:`stop` ends the task.
    """

    def __init__(
        self,
        tick: Callable[[], Any],
        every: float,
        on_error: Callable[[BaseException], Any] = lambda exc: None,
    ) -> None:
        self.tick = tick
        self.every = every
        self.on_error = on_error
        self.task: asyncio.Task[None] | None = None
        self.ticks = 0

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def start(self) -> bool:
        """Start the task on the running loop; False (nothing started) without one."""
        if self.running:
            return True
        loop = running_loop()
        if loop is None:
            return False
        self.task = loop.create_task(self._run())  # kept here: the loop holds tasks weakly
        return True

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def tick_now(self) -> None:
        """One tick, its faults handed to ``on_error``."""
        self.ticks += 1
        try:
            self.tick()
        except Exception as exc:
            with contextlib.suppress(Exception):  # reporting must never end the loop
                self.on_error(exc)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.tick_now()


def at_once(work: Callable[[], Any], done: Callable[[BaseException | None], Any]) -> None:
    """Run ``work()`` here and now, then ``done(error_or_None)``: in_background's way without
    a kernel's loop, and a caller's when it wants the result on its next line."""
    try:
        work()
    except Exception as exc:
        done(exc)
    else:
        done(None)


def in_background(work: Callable[[], Any], done: Callable[[BaseException | None], Any]) -> None:
    """Run ``work()`` in a worker thread and then ``done(error_or_None)`` back on the kernel's
    loop (where widgets may be changed); without a running loop, both at once, in turn."""
    loop = running_loop()
    if loop is None:
        at_once(work, done)
        return
    future = loop.run_in_executor(None, work)

    def finished(f: asyncio.Future[Any]) -> None:
        error = None if f.cancelled() else f.exception()
        with contextlib.suppress(Exception):
            done(error)

    future.add_done_callback(finished)
