"""A student's page without the browser: what a Voila page says to its server, on the wire.

A play page in Chromium does three things with the server: it loads the page's HTML (which
names the page's kernel), opens the kernel's websocket and asks for every widget's state
(ipywidgets' ``jupyter.widget.control`` comm, ``request_states``), and then each ipycanvas
``Canvas`` it builds says ``client_ready``, which makes the kernel draw the board. A click on
a button is a ``click`` message on the button's comm; the kernel answers with the new status
text and the changed board layers (drawn through ipycanvas's canvas manager).

:class:`WireStudent` does exactly that and no more, so a class of 30 students can be played
against a server from the same small machine without 30 browsers taking its cores: the
server's own share of the work (Voila, the kernels) is what it measures. It does not render
anything, so what it times is the server's answer: the first board is the kernel's drawing of
the board reaching the client, and a move is a click until the kernel has sent the new status
and finished with the click (its ``idle`` for that message).

Only the Python standard library and tornado (which Jupyter Server and Voila are built on).
"""

from __future__ import annotations

import asyncio
import json
import re
import struct
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from itertools import pairwise
from typing import Any
from urllib.parse import urlsplit

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

CONTROL_TARGET = "jupyter.widget.control"
CONTROL_VERSION = "1.0.0"  # ipywidgets 8's control protocol
_CONFIG = re.compile(
    r'<script id="jupyter-config-data" type="application/json">(.*?)</script>', re.S
)


class WireError(RuntimeError):
    """The page or its kernel did not answer as a page expects."""


V1 = "v1.kernel.websocket.jupyter.org"  # the protocol JupyterLab and Voila's pages speak
_PARTS = ("header", "parent_header", "metadata", "content")


def _pack_v1(message: dict[str, Any]) -> bytes:
    """A kernel message as a binary frame of the ``v1`` protocol: the count of offsets, the
    offsets (64-bit little-endian), the channel, the four JSON parts, the buffers."""
    parts = [message["channel"].encode()]
    parts += [json.dumps(message[k]).encode() for k in _PARTS]
    parts += list(message.get("buffers", ()))
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = [len(offsets).to_bytes(8, "little")] + [o.to_bytes(8, "little") for o in offsets]
    return b"".join(head + parts)


def _unpack(frame: str | bytes) -> dict[str, Any]:
    """A kernel message from a websocket frame: ``v1`` (binary), or the older protocol (JSON
    text, or a binary frame of 32-bit big-endian offsets, the JSON message, its buffers)."""
    if isinstance(frame, str):
        message: dict[str, Any] = json.loads(frame)
        return message
    count = int.from_bytes(frame[:8], "little")
    if 6 <= count <= len(frame) // 8:  # v1
        offsets = [int.from_bytes(frame[8 * i : 8 * i + 8], "little") for i in range(1, count + 1)]
        pieces = [frame[a:b] for a, b in pairwise(offsets)]
        message = {k: json.loads(pieces[1 + i]) for i, k in enumerate(_PARTS)}
        message["channel"] = pieces[0].decode()
        message["msg_type"] = message["header"].get("msg_type")
        message["buffers"] = pieces[5:]
        return message
    (count,) = struct.unpack("!I", frame[:4])
    starts = struct.unpack(f"!{count}I", frame[4 : 4 + 4 * count])
    ends = [*starts[1:], len(frame)]
    message = json.loads(frame[starts[0] : ends[0]].decode("utf-8"))
    message["buffers"] = [frame[a:b] for a, b in zip(starts[1:], ends[1:], strict=True)]
    return message


@dataclass
class WireStudent:
    """One student's page, spoken on the wire. ``url`` is the page's Voila URL."""

    url: str
    timeout: float = 300.0
    #: ``"v1"`` as the pages speak, or ``"legacy"``: the older JSON protocol
    protocol: str = "v1"
    session: str = field(default_factory=lambda: uuid.uuid4().hex)
    kernel_id: str = ""
    #: widget model id -> its state, as the page received it
    models: dict[str, dict[str, Any]] = field(default_factory=dict)
    _ws: WebSocketClientConnection | None = None

    # --- the protocol ---------------------------------------------------------------------
    async def open_page(self) -> float:
        """Load the page's HTML; return the seconds it took (the server's part of a page)."""
        t0 = time.perf_counter()
        request = HTTPRequest(self.url, request_timeout=self.timeout, connect_timeout=30)
        response = await AsyncHTTPClient().fetch(request, raise_error=False)
        if response.code != 200:
            raise WireError(f"the page answered HTTP {response.code}")
        found = _CONFIG.search(response.body.decode("utf-8", "replace"))
        config = json.loads(found.group(1)) if found else {}
        self.kernel_id = str(config.get("kernelId") or "")
        if not self.kernel_id:
            raise WireError("the page names no kernel (the server may be full)")
        parts = urlsplit(self.url)
        base = str(config.get("baseUrl") or "/")
        self._ws = await websocket_connect(
            f"ws://{parts.netloc}{base}api/kernels/{self.kernel_id}/channels"
            f"?session_id={self.session}",
            connect_timeout=30,
            max_message_size=64 * 1024 * 1024,
            subprotocols=[V1] if self.protocol == "v1" else None,
        )
        return time.perf_counter() - t0

    def _message(
        self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any]
    ) -> dict[str, Any]:
        return {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "username": "student",
                "session": self.session,
                "msg_type": msg_type,
                "version": "5.3",
                "date": datetime.now(UTC).isoformat(),
            },
            "parent_header": {},
            "metadata": metadata,
            "content": content,
            "channel": "shell",
            "buffers": [],
        }

    async def _send(
        self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None
    ) -> str:
        if self._ws is None:
            raise WireError("the page is not open")
        message = self._message(msg_type, content, metadata or {})
        if self.protocol == "v1":
            await self._ws.write_message(_pack_v1(message), binary=True)
        else:
            await self._ws.write_message(json.dumps(message))
        return str(message["header"]["msg_id"])

    async def _receive(self, deadline: float) -> dict[str, Any]:
        if self._ws is None:
            raise WireError("the page is not open")
        left = deadline - time.perf_counter()
        if left <= 0:
            raise WireError("the kernel did not answer in time")
        try:
            frame = await asyncio.wait_for(self._ws.read_message(), left)
        except TimeoutError as exc:
            raise WireError("the kernel did not answer in time") from exc
        if frame is None:
            raise WireError("the kernel's websocket closed")
        return _unpack(frame)

    async def comm_msg(self, comm_id: str, data: dict[str, Any]) -> str:
        return await self._send("comm_msg", {"comm_id": comm_id, "data": data})

    async def load_widgets(self) -> None:
        """Ask for every widget's state, as ipywidgets' manager does when a page opens."""
        comm_id = uuid.uuid4().hex
        await self._send(
            "comm_open",
            {"comm_id": comm_id, "target_name": CONTROL_TARGET, "data": {}},
            {"version": CONTROL_VERSION},
        )
        await self.comm_msg(comm_id, {"method": "request_states"})
        deadline = time.perf_counter() + self.timeout
        while True:
            msg = await self._receive(deadline)
            content = msg.get("content", {})
            if msg.get("msg_type") == "comm_msg" and content.get("comm_id") == comm_id:
                data = content.get("data", {})
                if data.get("method") != "update_states":
                    raise WireError(f"the kernel answered {data.get('method')!r} for states")
                self.models = {k: v.get("state", {}) for k, v in data["states"].items()}
                await self._send("comm_close", {"comm_id": comm_id, "data": {}})
                return

    def find(self, model: str, **state: Any) -> list[str]:
        """The ids of the widgets of ``model`` (e.g. ``"ButtonModel"``) whose state has these
        values (``dom_class="x"``: ``x`` among its CSS classes)."""
        dom_class = state.pop("dom_class", None)
        return [
            mid
            for mid, s in self.models.items()
            if s.get("_model_name") == model
            and all(s.get(k) == v for k, v in state.items())
            and (dom_class is None or dom_class in s.get("_dom_classes", ()))
        ]

    async def until_idle(self, msg_id: str, deadline: float) -> list[dict[str, Any]]:
        """Every message the kernel sent while handling ``msg_id``, up to its ``idle``."""
        seen = []
        while True:
            msg = await self._receive(deadline)
            if msg.get("parent_header", {}).get("msg_id") != msg_id:
                continue
            seen.append(msg)
            if msg.get("msg_type") == "status" and msg["content"].get("execution_state") == (
                "idle"
            ):
                return seen

    # --- what a student does --------------------------------------------------------------
    async def first_board(self) -> tuple[float, float]:
        """Open the page and wait for its board: (seconds to the page's HTML, seconds to the
        board drawn). Every canvas says ``client_ready`` as the page's do; the board is drawn
        when the kernel's drawing for the board's canvases has arrived."""
        t0 = time.perf_counter()
        served = await self.open_page()
        await self.load_widgets()
        boards = self.find("MultiCanvasModel", dom_class="navalkit-board")
        if not boards:
            raise WireError("the page has no board")
        board_canvases = {c.removeprefix("IPY_MODEL_") for c in self.models[boards[0]]["_canvases"]}
        pending = []
        for canvas in self.find("CanvasModel"):
            msg_id = await self.comm_msg(canvas, {"method": "custom", "content": {
                "event": "client_ready"}})  # fmt: skip
            if canvas in board_canvases:
                pending.append(msg_id)
        deadline = time.perf_counter() + self.timeout
        drawn = False
        for msg_id in pending:
            for msg in await self.until_idle(msg_id, deadline):
                drawn = drawn or (msg.get("msg_type") == "comm_msg" and bool(msg.get("buffers")))
        if not drawn:
            raise WireError("the kernel drew no board")
        return served, time.perf_counter() - t0

    async def click(self, description: str) -> float:
        """Click the button labelled ``description``; the seconds until the kernel is done
        with the click, having sent what changed on the page (the status line, the board's
        layers, the lists: whatever the move changed; WireError if it changed nothing)."""
        buttons = self.find("ButtonModel", description=description)
        if not buttons:
            raise WireError(f"the page has no {description!r} button")
        t0 = time.perf_counter()
        msg_id = await self.comm_msg(buttons[0], {"method": "custom", "content": {
            "event": "click"}})  # fmt: skip
        answer = await self.until_idle(msg_id, t0 + self.timeout)
        elapsed = time.perf_counter() - t0
        changed = False
        for msg in answer:
            content = msg.get("content", {})
            if msg.get("msg_type") == "error":
                raise WireError(f"the click raised {content.get('ename')}")
            if msg.get("msg_type") != "comm_msg":
                continue
            changed = True
            data = content.get("data", {})
            if data.get("method") == "update" and content.get("comm_id") in self.models:
                self.models[content["comm_id"]].update(data.get("state", {}))
        if not changed:
            raise WireError(f"{description!r} changed nothing on the page")
        return elapsed

    async def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
            self._ws = None
