"""Save and resume across reloads: resume codes, uploads, damaged saves refused."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

import navalkit
from navalkit.widgets import GameApp
from navalkit.widgets.saves import code_for, fetch, read_save, store


def test_codes_are_short_and_stable() -> None:
    code = code_for("some record")
    assert len(code) == 9 and code[4] == "-" and code == code_for("some record")
    assert code != code_for("another record")


def test_store_fetch_and_read_save() -> None:
    m = navalkit.new_match("branle_bas", seed=2)
    m.apply(m.legal_actions()[0])
    text = m.to_json()
    code = store(text)
    assert fetch(code) == text
    assert fetch(code.lower().replace("-", "")) == text
    assert read_save(code).to_json() == text
    assert read_save(text).to_json() == text
    with pytest.raises(navalkit.RecordError, match="No game is saved"):
        read_save("ZZZZ-ZZZZ")
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
