"""Save and resume across reloads: resume codes, uploads, damaged saves refused."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime

import pytest

import navalkit
from navalkit.widgets import GameApp
from navalkit.widgets.saves import CODE, fetch, new_code, read_save, saves_dir, store


def test_codes_are_random_long_enough_and_expire(monkeypatch: pytest.MonkeyPatch) -> None:
    codes = {new_code() for _ in range(200)}
    assert len(codes) == 200 and all(CODE.match(c) and len(c) == 14 for c in codes)
    code = store(navalkit.new_match("naval_war", seed=1).to_json(signed=True))
    path = next(p for p in saves_dir().iterdir() if p.name.startswith(code))
    week_ago = time.time() - 8 * 86400
    os.utime(path, (week_ago, week_ago))
    with pytest.raises(navalkit.RecordError, match="expired"):
        fetch(code)
    assert not path.exists()


def test_a_students_page_takes_only_saves_this_server_signed() -> None:
    m = navalkit.new_match("naval_war", seed=5)
    m.apply(m.legal_actions()[0])
    signed, plain = m.to_json(signed=True), m.to_json()
    assert read_save(signed, student=True).to_json() == plain
    with pytest.raises(navalkit.RecordError, match="not made on this server"):
        read_save(plain, student=True)  # a notebook's save, or one edited and resealed
    edited = signed.replace('"seed": 5', '"seed": 6')
    with pytest.raises(navalkit.RecordError):
        read_save(edited, student=True)
    assert read_save(plain).to_json() == plain  # a notebook may load its own


def test_store_fetch_and_read_save() -> None:
    m = navalkit.new_match("branle_bas", seed=2)
    m.apply(m.legal_actions()[0])
    text = m.to_json()
    code = store(m.to_json(signed=True))
    assert read_save(code).to_json() == text
    assert fetch(code.lower().replace("-", "")) == fetch(code)
    assert read_save(text).to_json() == text
    with pytest.raises(navalkit.RecordError, match="No game is saved"):
        read_save("ZZZZ-ZZZZ-ZZZZ")
    with pytest.raises(navalkit.RecordError, match="damaged"):
        read_save(text.replace('"seed": 2', '"seed": 3'))
    with pytest.raises(navalkit.RecordError, match="Paste"):
        read_save("   ")


def test_app_resumes_from_a_code_after_a_reload_and_keeps_its_game_on_bad_input() -> None:
    app = GameApp("branle_bas", seed=0, first_player="A")
    app.click("h3")
    app.click("h4")
    code = app.saves.save()
    saved = app.match.to_json()
    assert code in app.saves.link.value and "data:application/json;base64," in app.saves.link.value
    fresh = GameApp("branle_bas", seed=0, first_player="A")  # the page after a reload
    fresh.record_box.value = code
    fresh.resume_button.click()
    assert fresh.match.to_json() == saved
    fresh.record_box.value = saved[:-40]
    fresh.resume_button.click()
    assert "damaged" in fresh.message.value
    assert fresh.match.to_json() == saved
    upload = {
        "name": "x.json",
        "type": "",
        "size": 2,
        "last_modified": datetime.now(UTC),
        "content": b"\xff\xfe",
    }
    fresh.saves.upload.value = (upload,)
    assert "not text" in fresh.message.value
    assert fresh.match.to_json() == saved


def _link_text(html: str, words: str) -> str:
    """The file behind the data: link that reads ``words``."""
    import base64
    import re

    found = re.search(r"href='data:application/json;base64,([^']+)'[^>]*>" + words + "<", html)
    assert found, f"no link '{words}' in {html!r}"
    return base64.b64decode(found.group(1)).decode("utf-8")


def test_a_students_page_offers_only_what_the_student_saw() -> None:
    """The student's save: a resume code and the seat's account (no seed, not resumable);
    behind a hot-seat hand-over screen, the code only. The teacher's: the full record."""
    app = GameApp("naval_war", seed=4)
    app.set_student(True)
    app.bot_button.click()  # the first seat is a person: let the computer choose for him
    app.saves.save()
    assert "download the save" not in app.saves.link.value and app.record_box.value == ""
    account = json.loads(_link_text(app.saves.link.value, "download what you saw"))
    assert account["format"] == "navalkit-seat-record" and account["seat"] == 0
    assert "seed" not in account
    with pytest.raises(navalkit.RecordError, match="cannot be resumed"):
        read_save(json.dumps(account), student=True)
    hot = GameApp("naval_war", seed=4, seats=["human", "human", "human"])
    hot.set_student(True)
    assert hot.session.covered
    hot.saves.save()
    assert "download" not in hot.saves.link.value, "nothing to download behind the screen"
    app.set_student(False)
    app.saves.save()
    full = _link_text(app.saves.link.value, "download the save")
    assert json.loads(full)["seed"] == 4


def test_the_upload_button_shows_its_words_without_a_counter() -> None:
    """ipywidgets writes 'Upload save (0)': the page's style shows the button's words alone
    (checked in Chromium: 'Open a save file')."""
    from navalkit.widgets import GameApp
    from navalkit.widgets.saves import UPLOAD_CSS, UPLOAD_WORDS

    panel = GameApp("branle_bas", seed=1).saves
    assert "navalkit-upload" in panel.upload._dom_classes
    assert panel.upload.description == UPLOAD_WORDS
    styles = [c.value for c in panel.widget.children if "<style>" in getattr(c, "value", "")]
    assert styles == [f"<style>{UPLOAD_CSS}</style>"]
    assert f"content: '{UPLOAD_WORDS}'" in UPLOAD_CSS and "font-size: 0" in UPLOAD_CSS
