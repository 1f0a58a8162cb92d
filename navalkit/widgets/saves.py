"""Save and resume a game across page reloads (a reload starts a new kernel).

A save is the match's JSON record, signed with this server's key (core.signing). It is kept
on the server under a resume code (12 random letters and digits, valid for a week), so a
student who reloads the page types the code to carry on. The teacher's page also shows the
record and offers it as a file; a student's page does not (the record holds the seed, and so
every card and die to come): it offers what the player at the screen knows instead
(``Match.record_for``: the moves as that seat saw them, no seed, no hidden card). A pasted
or uploaded save is taken on a student's page only if this server signed it. A damaged,
foreign or edited save is refused with a clear message and the current game is kept.
"""

from __future__ import annotations

import base64
import os
import re
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from navalkit.core import RecordError, load_match
from navalkit.render.canvas import control_row

from .panels import NAMED, download_html, name_script

CODE = re.compile(r"^[A-Z2-7]{4}-?[A-Z2-7]{4}-?[A-Z2-7]{4}$")

#: how long a resume code works (``$NAVALKIT_RESUME_DAYS``, default a week)
RESUME_DAYS = 7


def saves_dir() -> Path:
    """Where resume codes are kept: ``$NAVALKIT_SAVES`` or ``~/.navalkit/saves``."""
    return Path(os.environ.get("NAVALKIT_SAVES") or Path.home() / ".navalkit" / "saves")


def new_code() -> str:
    """A fresh resume code: 12 random letters and digits (60 bits), ``ABCD-EFGH-IJKL``."""
    text = base64.b32encode(secrets.token_bytes(10)).decode("ascii")[:12]
    return f"{text[:4]}-{text[4:8]}-{text[8:]}"


def _lifetime_s() -> float:
    days = os.environ.get("NAVALKIT_RESUME_DAYS", "")
    return (float(days) if days.replace(".", "", 1).isdigit() else RESUME_DAYS) * 86400


def store(text: str) -> str:
    """Keep ``text`` under a new code on this server and return the code."""
    code = new_code()
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{code}.json").write_text(text, encoding="utf-8")
    return code


def fetch(code: str) -> str:
    """The record saved under ``code``; RecordError if there is none or it has expired."""
    norm = code.strip().upper().replace("-", "")
    path = saves_dir() / f"{norm[:4]}-{norm[4:8]}-{norm[8:]}.json"
    if not path.is_file():
        raise RecordError(f"No game is saved under the code {code.strip()!r} on this server.")
    if time.time() - path.stat().st_mtime > _lifetime_s():
        path.unlink(missing_ok=True)
        raise RecordError(
            f"The resume code {code.strip()!r} has expired (codes last {RESUME_DAYS} days)."
        )
    return path.read_text(encoding="utf-8")


def read_save(value: str, *, student: bool = False) -> Any:
    """A Match from a resume code or a pasted record (on a student's page, only one this
    server signed); RecordError when it cannot be used."""
    text = value.strip()
    if not text:
        raise RecordError("Paste a saved game, or type its resume code, first.")
    if CODE.match(text.upper()):
        return load_match(fetch(text), require_signature=True)
    return load_match(text, require_signature=student)


#: the upload button's words. ipywidgets writes the number of files chosen after them
#: ("Upload save (0)", a counter a student reads as code): UPLOAD_CSS shows the words alone
UPLOAD_WORDS = "Open a save file"
UPLOAD_CSS = (
    ".navalkit-upload { font-size: 0 !important; }"
    " .navalkit-upload > i { font-size: var(--jp-widgets-font-size, 13px); margin-right: 4px; }"
    f" .navalkit-upload::after {{ content: '{UPLOAD_WORDS}';"
    " font-size: var(--jp-widgets-font-size, 13px); }"
)


class SavePanel:
    """Save / resume controls for a GameApp: resume code, download, upload, pasted text."""

    def __init__(
        self,
        match: Callable[[], Any],
        resume: Callable[[Any], None],
        tell: Callable[[str], None],
        guard: Callable[[Callable[[], Any]], None],
        student: Callable[[], bool] = lambda: False,
        account: Callable[[], tuple[str, str] | None] = lambda: None,
    ) -> None:
        """``account``: the file a student's page offers, the seat at the screen's account
        (``PlaySession.account``), or None when no seat is at the screen."""
        self._match, self._resume, self._tell = match, resume, tell
        self._student, self._account_file = student, account
        self.record_box = w.Textarea(
            placeholder="a resume code (ABCD-EFGH-IJKL) or a saved game (JSON)",
            layout=w.Layout(width="100%", height="90px"),
        )
        words = w.Layout(width="auto")  # as wide as the words and the icon, never cut
        self.save_button = w.Button(description="Save game", icon="download", layout=words)
        self.resume_button = w.Button(description="Resume saved game", icon="upload", layout=words)
        self.upload = w.FileUpload(
            accept=".json", multiple=False, description=UPLOAD_WORDS, icon="folder-open",
            tooltip=UPLOAD_WORDS, layout=words,
        )  # fmt: skip
        self.upload.add_class("navalkit-upload")
        self.upload.add_class(NAMED)  # a screen reader says its tooltip, not the counter
        self.link = w.HTML()
        self.save_button.on_click(lambda _b: guard(self.save))
        self.resume_button.on_click(lambda _b: guard(self.resume))
        self.upload.observe(lambda _c: guard(self.resume_upload), "value")
        self.widget = w.VBox(
            [
                w.HTML(f"<style>{UPLOAD_CSS}</style>", layout=w.Layout(display="none")),
                name_script(),
                control_row([self.save_button, self.resume_button, self.upload]),
                self.link,
                self.record_box,
            ]
        )

    def save(self) -> str:
        """Save the current game; return its resume code."""
        text = self._match().to_json(signed=True)
        code = store(text)
        shown = f"Resume code: <b class='navalkit-resume-code'>{code}</b>"
        if self._student():  # the record holds the seed, so every card and die to come
            self.record_box.value = ""
            self.link.value = shown + f" (it works for {RESUME_DAYS} days)" + self._account()
        else:
            self.record_box.value = text
            self.link.value = f"{shown} · " + download_html(
                f"navalkit-{code}.json", text, "download the save"
            )
        self._tell(f"Saved. After a reload, type the resume code {code} and press Resume.")
        return code

    def _account(self) -> str:
        """A link to what the seat at the screen knows of the game, if someone is there."""
        found = self._account_file()
        if found is None:
            return ""
        name, text = found
        return " · " + download_html(name, text, "download what you saw")

    def resume(self) -> None:
        """Resume from the code or text in the box (the current game is kept on failure)."""
        self._resume(read_save(self.record_box.value, student=self._student()))

    def resume_upload(self) -> None:
        files = self.upload.value
        if not files:
            return
        content = bytes(files[0]["content"])
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("That file is not a navalkit save (not text).") from None
        self._resume(load_match(text, require_signature=self._student()))
