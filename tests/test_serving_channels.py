"""The class server's waits for a kernel's messages look at the socket again every second
(navalkit.serving.recheck_kernel_channels).

Voila's kernel client learns of a message from an edge-triggered descriptor; when that edge
is lost, a wait with no time limit is never woken although the reply sits in the socket, and
the student's page never finishes loading. The waits are therefore made of short waits, each
of which looks at the socket afresh.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from queue import Empty
from typing import Any

import pytest
import zmq
import zmq.asyncio
from jupyter_client.channels import AsyncZMQSocketChannel
from jupyter_client.session import Session

from navalkit import serving

REPLY = {"msg_type": "execute_reply"}


class LostEdge:
    """A socket whose reply has arrived but whose wake-up was lost: a wait with no limit is
    never woken; a wait with a limit ends with nothing the first time, and the next look at
    the socket finds the reply."""

    def __init__(self, ready_after: int = 1) -> None:
        self.polls: list[int | None] = []
        self.ready_after = ready_after

    async def poll(self, timeout: int | None = None) -> int:
        self.polls.append(timeout)
        if timeout is None:
            await asyncio.Event().wait()  # the lost edge: nothing ever wakes this
        if len(self.polls) <= self.ready_after:
            await asyncio.sleep((timeout or 0) / 1000)
            return 0
        return 1


def run(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """``asyncio.run`` in a thread of its own (the browser tests' Playwright keeps an event
    loop running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def channel_on(socket: Any) -> Any:
    channel = AsyncZMQSocketChannel.__new__(AsyncZMQSocketChannel)
    channel.socket = socket

    async def recv() -> dict[str, str]:
        return REPLY

    channel._recv = recv
    return channel


@pytest.fixture(autouse=True)
def rechecking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rechecking waits for this test only (they are meant for Voila's process)."""
    monkeypatch.setattr(serving, "CHANNEL_RECHECK_S", 0.05)
    monkeypatch.setattr(AsyncZMQSocketChannel, "get_msg", AsyncZMQSocketChannel.get_msg)
    monkeypatch.setattr(AsyncZMQSocketChannel, "_navalkit_rechecks", False, raising=False)
    serving.recheck_kernel_channels()


def test_a_reply_whose_wake_up_was_lost_is_found_at_the_next_look() -> None:
    socket = LostEdge()
    reply = run(asyncio.wait_for(channel_on(socket).get_msg(), timeout=5))
    assert reply == REPLY
    assert socket.polls == [50, 50]  # short waits, never one without a limit


def test_a_wait_with_a_limit_still_ends_empty_at_its_limit() -> None:
    socket = LostEdge(ready_after=10**6)  # nothing ever comes
    start = time.monotonic()
    with pytest.raises(Empty):
        run(channel_on(socket).get_msg(timeout=0.2))
    took = time.monotonic() - start
    assert 0.19 <= took < 2
    assert all(p is not None and p <= 50 for p in socket.polls)
    assert len(socket.polls) >= 4
    with pytest.raises(Empty):  # a look without waiting
        run(channel_on(LostEdge(ready_after=10**6)).get_msg(timeout=0))


def test_installing_twice_changes_nothing_and_a_real_socket_still_delivers() -> None:
    get_msg = AsyncZMQSocketChannel.get_msg
    serving.recheck_kernel_channels()
    assert AsyncZMQSocketChannel.get_msg is get_msg

    async def round_trip() -> dict[str, Any]:
        context = zmq.asyncio.Context()
        router, dealer = context.socket(zmq.ROUTER), context.socket(zmq.DEALER)
        try:
            port = router.bind_to_random_port("tcp://127.0.0.1")
            dealer.connect(f"tcp://127.0.0.1:{port}")
            session = Session(key=b"")
            channel = AsyncZMQSocketChannel(dealer, session)
            session.send(dealer, "kernel_info_request", {})
            identity, *frames = await router.recv_multipart()
            _, parts = session.feed_identities(frames)
            request = session.deserialize(parts)
            session.send(router, "kernel_info_reply", {"status": "ok"}, parent=request,
                         ident=identity)  # fmt: skip
            return dict(await channel.get_msg())
        finally:
            router.close(0)
            dealer.close(0)
            context.term()

    reply = run(asyncio.wait_for(round_trip(), timeout=10))
    assert reply["msg_type"] == "kernel_info_reply"
    assert reply["content"] == {"status": "ok"}
