"""Whether a page's browser tab is still there: what the server knows, told to the page's kernel.

A Voila page runs in a kernel of its own, which lives on after its tab is gone: until the tab
asks the server to shut it down (a normal close does) or, when the tab vanishes without a word
(its browser crashed, a phone went to sleep and dropped its connection), until the server's
culler ends it, some 45 to 60 s later. A seat at a class table tells the table every few
seconds that its page is open; from its kernel alone it would go on saying so all that time.

The server does know at once: the page's connection to its kernel closes. So ``navalkit
serve`` gives the server and its kernels one folder (:data:`PAGES_ENV`), and the server's
kernel manager (``serving.ClassKernelManager``) keeps in it one empty file per kernel that a
page is connected to, named by the kernel's id: made when a page connects, removed when its
last connection closes or the kernel ends. A kernel reads its own file (:func:`page_connected`)
before it says its page is open. A page whose connection comes back (a Wi-Fi blip) has its
file again, and its seat reads "connected" again at the next look.

Outside ``navalkit serve`` (JupyterLab, a notebook run by tests) there is no such folder and
a page counts as connected, as before.
"""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

__all__ = ["PAGES_ENV", "connected", "disconnected", "page_connected"]

#: the environment variable naming the folder of connected pages' files
PAGES_ENV = "NAVALKIT_PAGES_DIR"


def _folder() -> Path | None:
    where = os.environ.get(PAGES_ENV)
    return Path(where) if where else None


def _this_kernel() -> str | None:
    """This kernel's id, from its connection file's name (``kernel-<id>.json``, as Jupyter's
    kernel managers name it), or None outside a kernel."""
    try:
        from ipykernel.connect import get_connection_file

        name = Path(get_connection_file()).name
    except Exception:  # not in a kernel (or no ipykernel): nothing to go by
        return None
    if name.startswith("kernel-") and name.endswith(".json"):
        return name[len("kernel-") : -len(".json")]
    return None


def page_connected(kernel_id: str | None = None) -> bool:
    """True unless the server says that no page is connected to this kernel (or to
    ``kernel_id``). Without the server's folder (or with the folder gone), or outside a
    kernel, True: nobody can say, and the seat reads as it always did."""
    folder = _folder()
    kernel_id = kernel_id or _this_kernel()
    if folder is None or kernel_id is None or not folder.is_dir():
        return True
    return (folder / kernel_id).exists()


def connected(kernel_id: str) -> None:
    """The server's note that a page is connected to ``kernel_id`` (nothing without a folder)."""
    folder = _folder()
    if folder is not None:
        with suppress(OSError):  # (a folder gone: page_connected says True; full: no file)
            (folder / kernel_id).touch()


def disconnected(kernel_id: str) -> None:
    """The server's note that no page is connected to ``kernel_id`` any more."""
    folder = _folder()
    if folder is not None:
        with suppress(OSError):
            (folder / kernel_id).unlink(missing_ok=True)
