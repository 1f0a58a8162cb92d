"""Save and resume a game across page reloads (a reload starts a new kernel).

A save is the match's JSON record. It is shown as text, offered as a file to download, and
kept on the server under a short resume code, so a student who reloads the page types the code
(or uploads the file, or pastes the text) to carry on. A damaged or foreign save is refused
with a clear message and the current game is kept.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w

from navalkit.core import RecordError, load_match

CODE = re.compile(r"^[A-Z2-7]{4}-?[A-Z2-7]{4}$")


def saves_dir() -> Path:
    """Where resume codes are kept: ``$NAVALKIT_SAVES`` or ``~/.navalkit/saves``."""
    return Path(os.environ.get("NAVALKIT_SAVES") or Path.home() / ".navalkit" / "saves")


def code_for(text: str) -> str:
    """A short, case-insensitive code for a saved record (8 letters/digits, ``ABCD-EFGH``)."""
    digest = base64.b32encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
    return f"{digest[:4]}-{digest[4:8]}"


def store(text: str) -> str:
    """Keep ``text`` under its code on this server and return the code."""
    code = code_for(text)
    folder = saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{code}.json").write_text(text, encoding="utf-8")
    return code


def fetch(code: str) -> str:
    """The record saved under ``code``; RecordError if there is none."""
    norm = code.strip().upper().replace("-", "")
    path = saves_dir() / f"{norm[:4]}-{norm[4:]}.json"
    if not path.is_file():
        raise RecordError(f"No game is saved under the code {code.strip()!r} on this server.")
    return path.read_text(encoding="utf-8")


def read_save(value: str) -> Any:
    """A Match from a resume code or a pasted record; RecordError when it cannot be used."""
    text = value.strip()
    if not text:
        raise RecordError("Paste a saved game, or type its resume code, first.")
    if CODE.match(text.upper()):
        text = fetch(text)
    return load_match(text)


class SavePanel:
    """Save / resume controls for a GameApp: resume code, download, upload, pasted text."""

    def __init__(
        self,
        match: Callable[[], Any],
        resume: Callable[[Any], None],
        tell: Callable[[str], None],
        guard: Callable[[Callable[[], Any]], None],
    ) -> None:
        self._match, self._resume, self._tell = match, resume, tell
        self.record_box = w.Textarea(
            placeholder="a resume code (ABCD-EFGH) or a saved game (JSON)",
            layout=w.Layout(width="100%", height="90px"),
        )
        self.save_button = w.Button(description="Save game", icon="download")
        self.resume_button = w.Button(description="Resume saved game", icon="upload")
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Upload save")
        self.link = w.HTML()
        self.save_button.on_click(lambda _b: guard(self.save))
        self.resume_button.on_click(lambda _b: guard(self.resume))
        self.upload.observe(lambda _c: guard(self.resume_upload), "value")
        self.widget = w.VBox(
            [
                w.HBox([self.save_button, self.resume_button, self.upload]),
                self.link,
                self.record_box,
            ]
        )

    def save(self) -> str:
        """Save the current game; return its resume code."""
        text = self._match().to_json()
        code = store(text)
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.record_box.value = text
        self.link.value = (
            f"Resume code: <b class='navalkit-resume-code'>{code}</b> · "
            f"<a download='navalkit-{code}.json' href='data:application/json;base64,{data}'>"
            "download the save</a>"
        )
        self._tell(f"Saved. After a reload, type the resume code {code} and press Resume.")
        return code

    def resume(self) -> None:
        """Resume from the code or text in the box (the current game is kept on failure)."""
        self._resume(read_save(self.record_box.value))

    def resume_upload(self) -> None:
        files = self.upload.value
        if not files:
            return
        content = bytes(files[0]["content"])
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError("That file is not a navalkit save (not text).") from None
        self._resume(load_match(text))
