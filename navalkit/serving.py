"""Sizing ``navalkit serve`` for a class, and the kernel manager that keeps it within bounds.

Every page a student opens runs in its own kernel (a Python process of about 95 MB). A small
server holds a class only if it knows three numbers, all worked out here from the machine unless
the teacher gives them:

* the **class size** (``--class-size``, default 30 or what memory allows): as many kernels are
  preheated for the page the class opens, so each student's page comes from a warm kernel;
* the **cap** (``--max-kernels``, default from free memory, keeping 1 GB for the system): the
  next page after it gets a plain "the class server is busy" page with its number in the line
  and how many wait before it, which tries again by itself (first come, first served) instead
  of running the server out of memory;
* how many kernels may **start at once** (the machine's cores): the others wait their turn, so
  thirty pages opened in the same second do not starve each other of CPU (which made Voila give
  up on their output) but each gets its board a little later, with a "being prepared" message.

:class:`ClassKernelManager` is the kernel manager Voila runs with (``--VoilaConfiguration.
multi_kernel_manager_class``): the cap and the start queue live in it.
"""

from __future__ import annotations

import asyncio
import os
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path
from queue import Empty
from typing import Any

from traitlets import Float, Integer

from .play import presence

#: the memory of one page's kernel (RSS of a play page's kernel, measured: docs/serving.md)
KERNEL_MIB = 95
#: memory left to the system, Voila and whatever else the machine runs
RESERVE_MIB = 1024
#: the class a server is prepared for when nobody says
DEFAULT_CLASS = 30
#: how long a kernel keeps its start slot after it is up: the page's first cell (the imports
#: and the board) runs in that time, before the next kernel starts (seconds)
START_SPACING_S = 1.5
#: a kernel whose page never connected is culled after this long idle (seconds): a request that
#: never opens its page does not hold a kernel, and a page slow to load on a busy server keeps it
UNOPENED_IDLE_S = 180.0
#: the message of a page turned away because the server is full: its number in the line (the
#: busy page reads it back, "number in the line: N", and asks again with it) and how many wait
#: before it
FULL = (
    "The class server is busy: every place is taken ({n} games are open). Your number in the "
    "line: {ticket}; {ahead} ahead of you. This page tries again by itself every few seconds "
    "and opens your board as soon as a classmate closes a game."
)
#: the query key a busy page asks again with, carrying its number in the line
WAIT_KEY = "navalkit_wait"
#: a number in the line not asked with for this long has left (its page was closed: seconds)
LINE_KEEP_S = 30.0


@dataclass(frozen=True, slots=True)
class Machine:
    """What a class server has: CPU cores and memory free for kernels (MiB)."""

    cores: int
    free_mib: int


def this_machine() -> Machine:
    """This machine: ``os.cpu_count()`` and ``MemAvailable`` from ``/proc/meminfo`` (or the
    physical memory where there is no ``/proc``)."""
    cores = os.cpu_count() or 1
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return Machine(cores, int(line.split()[1]) // 1024)
    except OSError:
        pass
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        total = 4 * 1024**3
    return Machine(cores, total // 1024**2)


@dataclass(frozen=True, slots=True)
class ClassPlan:
    """How ``navalkit serve`` holds a class on one machine."""

    class_size: int  # students expected at once: kernels preheated for today's page
    max_kernels: int  # pages open at once before the next student is told the server is full
    starts_at_once: int  # kernels starting at the same time (the others queue)
    machine: Machine

    def lines(self) -> list[str]:
        """The plan in words, as ``navalkit serve`` prints it."""
        m = self.machine
        return [
            f"class of {self.class_size}: a warm kernel for each student on today's page",
            f"at most {self.max_kernels} pages open at once (this machine has "
            f"{m.free_mib} MB free and {m.cores} cores; --max-kernels to change)",
        ]


def plan_class(
    machine: Machine, class_size: int | None = None, max_kernels: int | None = None
) -> ClassPlan:
    """The plan for ``class_size`` students (default: 30, or fewer if memory is short) with at
    most ``max_kernels`` kernels (default: what the free memory holds). ValueError for a plan
    that cannot work (a class bigger than the cap, or numbers below 1)."""
    fits = max(1, (machine.free_mib - RESERVE_MIB) // KERNEL_MIB)
    cap = fits if max_kernels is None else max_kernels
    if cap < 1:
        raise ValueError(f"--max-kernels must be 1 or more, not {cap}")
    if class_size is not None and class_size < 1:
        raise ValueError(f"--class-size must be 1 or more, not {class_size}")
    size = min(DEFAULT_CLASS, cap) if class_size is None else class_size
    if size > cap:
        raise ValueError(
            f"a class of {size} needs {size} kernels, but at most {cap} may run here "
            f"({machine.free_mib} MB free, {KERNEL_MIB} MB each); give --max-kernels, or a "
            "smaller --class-size"
        )
    return ClassPlan(size, cap, max(1, machine.cores), machine)


# --- websocket frames a page cannot use to run the server out of memory ----------------------
def _v1_frame_ok(frame: bytes) -> bool:
    """Whether ``frame`` is a well-formed binary frame of Jupyter's ``v1`` kernel websocket
    protocol: a count of offsets, the offsets (64-bit little-endian), each within the frame,
    in order, with at least the channel and the four message parts between them."""
    if len(frame) < 8:
        return False
    count = int.from_bytes(frame[:8], "little")
    if not 6 <= count <= len(frame) // 8 - 1:
        return False
    offsets = [int.from_bytes(frame[8 * i : 8 * i + 8], "little") for i in range(1, count + 1)]
    return offsets[0] == 8 * (count + 1) and all(a <= b <= len(frame) for a, b in pairwise(offsets))


def _legacy_frame_ok(frame: bytes) -> bool:
    """Whether ``frame`` is a well-formed binary frame of the older protocol: a count of
    buffers, their offsets (32-bit big-endian), each within the frame."""
    if len(frame) < 4:
        return False
    count = int.from_bytes(frame[:4], "big")
    return 1 <= count <= len(frame) // 4 - 1 and all(
        int.from_bytes(frame[4 * i : 4 * i + 4], "big") <= len(frame) for i in range(1, count + 1)
    )


def guard_websocket_frames() -> None:
    """Make the server read only well-formed binary websocket frames.

    Jupyter Server and Voila read a binary frame's first bytes as a count and build a list of
    that many offsets before they look further. A frame in the other protocol's layout, or
    made up, gives a count in the billions: measured here, one page speaking the older
    protocol made Voila's process grow past 15 GB within minutes, as it mistook every board
    drawing (the kernel's binary messages) for a frame of the newer protocol. With this guard,
    a frame that does not fit its own length is refused (a page's message) or passed on
    unread (Voila only looks into frames to drop the kernel's echo of executed code, which
    never has binary parts). Called once by :class:`ClassKernelManager`, in Voila's process.
    """
    from jupyter_server.services.kernels.connection import channels as module

    channels: Any = module  # its readers are imported names, replaced here
    if getattr(channels, "_navalkit_guarded", False):
        return
    read_v1, read_legacy = channels.deserialize_msg_from_ws_v1, channels.deserialize_binary_message

    def deserialize_msg_from_ws_v1(ws_msg: bytes) -> Any:
        if not _v1_frame_ok(ws_msg):
            raise ValueError("a malformed kernel websocket frame was refused")
        return read_v1(ws_msg)

    def deserialize_binary_message(bmsg: bytes) -> Any:
        if not _legacy_frame_ok(bmsg):
            raise ValueError("a malformed kernel websocket frame was refused")
        return read_legacy(bmsg)

    channels.deserialize_msg_from_ws_v1 = deserialize_msg_from_ws_v1
    channels.deserialize_binary_message = deserialize_binary_message
    channels._navalkit_guarded = True
    try:
        from voila.tornado import kernel_websocket_handler
    except ImportError:  # another Voila: nothing of its own to guard
        return
    voila_ws: Any = kernel_websocket_handler
    read_header = voila_ws.read_header_from_binary_message

    def read_header_from_binary_message(ws_msg: bytes) -> Any:
        return read_header(ws_msg) if _v1_frame_ok(ws_msg) else None

    voila_ws.read_header_from_binary_message = read_header_from_binary_message


#: how often (seconds) a wait for a kernel's message looks again at its socket itself
CHANNEL_RECHECK_S = 1.0


def recheck_kernel_channels() -> None:
    """Make every wait for a kernel's message look at its socket again each second.

    Voila runs a page's cells through a kernel client whose sockets (pyzmq's asyncio sockets)
    learn of a message from an edge-triggered file descriptor. Now and then that edge is lost:
    measured here, about 1 page load in 40 of a what-if page (2 at a time) never finished. The
    kernel had run the cell and gone idle, its reply sat readable in Voila's socket
    (``zmq.EVENTS`` said so) and the wait, with no time limit, was never woken: the student
    looked at a loading page until the kernel was culled. A wait with a time limit registers
    afresh each time, and registering reads the socket's events, which finds the message; so
    a wait of no limit (or a long one) is made of one-second waits. Called once by
    :class:`ClassKernelManager`, in Voila's process.
    """
    from jupyter_client import channels as module

    channel: Any = module.AsyncZMQSocketChannel
    if getattr(channel, "_navalkit_rechecks", False):
        return

    async def get_msg(self: Any, timeout: float | None = None) -> dict[str, Any]:
        """A message from the kernel, waiting at most ``timeout`` seconds (None: as long as it
        takes); :class:`queue.Empty` if none came."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = CHANNEL_RECHECK_S if deadline is None else deadline - time.monotonic()
            step = max(0.0, min(left, CHANNEL_RECHECK_S))
            if await self.socket.poll(int(step * 1000)):
                message: dict[str, Any] = await self._recv()
                return message
            if left <= CHANNEL_RECHECK_S and deadline is not None:
                raise Empty

    channel.get_msg = get_msg
    channel._navalkit_rechecks = True


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    """navalkit's protections as a Jupyter Server extension (a hub's single-user servers, which
    serve the pages with Voila's server extension, enable it: ``deploy/jupyterhub_config.py``)."""
    return [{"module": "navalkit.serving"}]


#: the server settings Voila's server extension reads for MathJax, and navalkit's value: none
#: (the stand-alone ``navalkit serve`` loads none either; without them, every page of a
#: single-user server asked cdnjs.cloudflare.com for it, a host a school network may block)
NO_MATHJAX = {"mathjax_url": None, "mathjax_config": None}


def _load_jupyter_server_extension(server_app: Any) -> None:
    """What :class:`ClassKernelManager` does in ``navalkit serve``'s Voila, in a Jupyter
    server: kernel websocket frames read only when well formed, and the waits for a kernel's
    replies looking again every second; and no MathJax from a CDN, unless the server's own
    ``tornado_settings`` name a MathJax URL or configuration.

    (The hub's config once turned MathJax off with ``--ServerApp.tornado_settings={...}``,
    a dict on the command line, which traitlets 5 deprecates; its ``key=value`` form cannot
    say None. The extension is loaded after the web application is made, and Voila reads
    these settings at each page.)"""
    guard_websocket_frames()
    recheck_kernel_channels()
    settings = server_app.web_app.settings
    if not any(key in settings for key in NO_MATHJAX):  # (an admin's choice of either stays)
        settings.update(NO_MATHJAX)
    server_app.log.info(
        "navalkit: kernel websocket frames guarded; waits for kernel replies recheck every %g s;"
        " MathJax from %s",
        CHANNEL_RECHECK_S,
        settings.get("mathjax_url") or "nowhere",
    )


def _kernel_manager_base() -> Any:
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    return AsyncMappingKernelManager


class ClassKernelManager(_kernel_manager_base()):  # type: ignore[misc]
    """Jupyter Server's kernel manager with a cap and a start queue (see the module's words).

    A page asking for a kernel when ``max_kernels`` run gets HTTP 503 with :data:`FULL` (the
    navalkit page template shows it and tries again). A kernel Voila preheats for its pool
    waits for room instead, so the student it is for gets the board as soon as a place frees
    up. At most ``starts_at_once`` kernels start together; each keeps its slot
    :data:`START_SPACING_S` after it is up, while its page's first cell runs.
    """

    max_kernels = Integer(0, config=True, help="kernels allowed at once (0: no cap)")
    starts_at_once = Integer(2, config=True, help="kernels starting at the same time")
    start_spacing = Float(START_SPACING_S, config=True, help="seconds a start keeps its slot")
    room_poll = Float(2.0, config=True, help="seconds between looks for room (preheating)")
    unopened_idle_timeout = Float(
        UNOPENED_IDLE_S,
        config=True,
        help="seconds idle before a kernel whose page never connected is culled",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        guard_websocket_frames()
        recheck_kernel_channels()
        self._slots: asyncio.Semaphore | None = None
        self._opened: set[str] = set()  # kernels a page has connected to
        self._line: dict[int, float] = {}  # pages waiting for a place: number -> last asked
        self._tickets = 0  # the last number given out

    def _prune(self) -> float:
        """Forget the numbers in the line whose pages stopped asking; the time now."""
        now = time.monotonic()
        for number, seen in list(self._line.items()):
            if now - seen > LINE_KEEP_S:
                del self._line[number]
        return now

    def _take_turn(self, env: dict[str, str]) -> None:
        """Let a student's page have a kernel, or turn it away with its place in the line.

        The line is first come, first served: a page that was turned away asks again with its
        number (:data:`WAIT_KEY` in its address), and gets a place only when fewer pages with
        a smaller number wait than there are places free; a new page joins the end of the line
        while others wait. A number not asked with for :data:`LINE_KEEP_S` has left."""
        from urllib.parse import parse_qs, urlsplit

        from tornado.web import HTTPError

        now = self._prune()
        query = urlsplit(env.get("VOILA_REQUEST_URL", "")).query
        given = parse_qs(query).get(WAIT_KEY, [""])[-1]
        ticket = int(given) if given.isdigit() and 0 < int(given) <= self._tickets else 0
        running = len(self.list_kernel_ids())
        free = self.max_kernels - running if self.max_kernels else 1 << 30
        ahead = sum(1 for number in self._line if number < ticket or not ticket)
        if free > 0 and ahead < free:
            self._line.pop(ticket, None)
            return
        if not ticket:
            self._tickets += 1
            ticket = self._tickets
        self._line[ticket] = now
        message = FULL.format(n=running, ticket=ticket, ahead=ahead)
        raise HTTPError(503, reason="Class server busy", log_message=message)

    def notify_connect(self, kernel_id: str) -> None:
        """A page connected to ``kernel_id`` (however briefly: a tab closed at once counts).
        The kernel learns it from its file in the pages' folder (play.presence)."""
        self._opened.add(kernel_id)
        super().notify_connect(kernel_id)
        presence.connected(kernel_id)

    def notify_disconnect(self, kernel_id: str) -> None:
        """A page's connection to ``kernel_id`` closed: with its last one, the kernel's file
        goes (a seat whose tab crashed reads "not connected" at its next look, not when the
        culler ends its kernel)."""
        super().notify_disconnect(kernel_id)
        if self._kernel_connections.get(kernel_id, 0) <= 0:
            presence.disconnected(kernel_id)

    def remove_kernel(self, kernel_id: str) -> Any:
        """The kernel has ended: its file (if a page was still connected) goes with it."""
        presence.disconnected(kernel_id)
        return super().remove_kernel(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Jupyter Server's culling (``cull_idle_timeout``, for a tab that was open and is
        gone), except that a kernel whose page has not connected yet gets
        ``unopened_idle_timeout``: on a busy server a page may take a minute or more to load
        and connect after its kernel has run it, and must not find its kernel culled."""
        if kernel_id not in self._opened:
            kernel = self._kernels.get(kernel_id)
            last = getattr(kernel, "last_activity", None)
            if last is not None:
                idle = (datetime.now(UTC) - last).total_seconds()
                if idle < self.unopened_idle_timeout:
                    return
        await super().cull_kernel_if_idle(kernel_id)

    def _full(self) -> bool:
        return bool(self.max_kernels) and len(self.list_kernel_ids()) >= self.max_kernels

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        env = kwargs.get("env") or {}
        preheat = env.get("VOILA_PREHEAT") == "True"
        if not preheat:
            self._take_turn(env)  # a student's page: a place now, or its number in the line
        # a kernel for a pool waits for room, and lets the students in the line go first
        while self._full() or (self._prune() and self._line):
            await asyncio.sleep(self.room_poll)
        if self._slots is None:
            self._slots = asyncio.Semaphore(max(1, self.starts_at_once))
        slots = self._slots
        await slots.acquire()
        try:
            kernel_id = str(await super().start_kernel(*args, **kwargs))
        except BaseException:
            slots.release()
            raise
        # the slot is kept a little longer, while the page's first cell runs in the new kernel
        asyncio.get_running_loop().call_later(self.start_spacing, slots.release)
        return kernel_id
