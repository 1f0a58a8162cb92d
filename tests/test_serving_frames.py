"""The class server reads only well-formed kernel websocket frames (navalkit.serving).

A student's page can send anything down its kernel's websocket, and a page speaking the older
protocol receives the kernel's binary messages (board drawings) in a layout Voila misreads.
Either way, a count read from the first bytes of a frame must not become a list of billions
of offsets in the server's memory.
"""

from __future__ import annotations

import json
import time

import pytest
from jupyter_server.services.kernels.connection import channels
from jupyter_server.services.kernels.connection.base import (
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from voila.tornado import kernel_websocket_handler as voila_ws

from navalkit.serving import guard_websocket_frames

MESSAGE = {
    "header": {"msg_id": "1", "msg_type": "comm_msg", "session": "s", "username": "u"},
    "parent_header": {},
    "metadata": {},
    "content": {"comm_id": "c", "data": {"method": "custom"}},
}


def v1_frame(buffers: list[bytes]) -> bytes:
    parts = [json.dumps(MESSAGE[k]).encode() for k in MESSAGE]
    return bytes(serialize_msg_to_ws_v1([*parts, *buffers], "iopub"))


def legacy_frame(buffers: list[bytes]) -> bytes:
    return bytes(serialize_binary_message({**MESSAGE, "buffers": buffers}))


@pytest.fixture(autouse=True, scope="module")
def guarded() -> None:
    guard_websocket_frames()
    guard_websocket_frames()  # twice is once


def test_voila_reads_the_header_of_a_v1_frame_and_passes_others_unread() -> None:
    assert voila_ws.read_header_from_binary_message(v1_frame([b"ops"]))["msg_id"] == "1"
    start = time.perf_counter()
    # a board drawing sent to a page of the older protocol: its first 8 bytes, read as a
    # v1 count, are about 1.4e17 (unguarded, Voila built that list until memory ran out)
    frame = legacy_frame([b"\x00" * 64])
    assert int.from_bytes(frame[:8], "little") > 10**15
    assert voila_ws.read_header_from_binary_message(frame) is None
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize(
    "frame",
    [
        b"",
        (1 << 40).to_bytes(8, "little") + b"\x00" * 64,  # a made-up count
        (7).to_bytes(8, "little") + (640).to_bytes(8, "little") * 7,  # offsets past the end
    ],
)
def test_a_page_cannot_send_a_frame_that_does_not_fit_its_length(frame: bytes) -> None:
    with pytest.raises(ValueError, match="malformed"):
        channels.deserialize_msg_from_ws_v1(frame)


def test_well_formed_frames_of_both_protocols_read_as_before() -> None:
    channel, parts = channels.deserialize_msg_from_ws_v1(v1_frame([b"abc"]))
    assert channel == "iopub" and json.loads(parts[0])["msg_id"] == "1"
    message = channels.deserialize_binary_message(legacy_frame([b"abc", b"de"]))
    assert bytes(message["buffers"][1]) == b"de"
    with pytest.raises(ValueError, match="malformed"):
        channels.deserialize_binary_message((1 << 31).to_bytes(4, "big") + b"\x00" * 8)
