"""The end-of-deal panel's marriage chips ("♦ 20") say what they are on a tap and by keyboard,
not only on hover (touch has no hover): a button whose press shows the words under the table.
The marriage counts only once its player has taken a trick (SS-7)."""
from __future__ import annotations

import os

import pytest

from kaffeehaus import api
from saved import open_saved
from test_table_behaviour import find_position

SHOTS = os.environ.get("KAFFEEHAUS_SHOTS")   # a folder: save the screenshots there to look at


def claim_with_a_marriage(obs):
    """Seat 0 may claim and win with a marriage of its own counted (soft rules, points shown)."""
    return ("claim" in obs["legal_actions"] and obs["claim_wins"]
            and any(m["player"] == 0 and m["effective"] for m in obs["marriages"]))


def end_with_a_marriage(page, base_url, language):
    state = find_position("schnapsen", claim_with_a_marriage)
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": True}, language=language)
    page.wait_for_selector("dialog[data-dialog='deal-end'][open]", timeout=20_000)
    return api.observation(state, 0)


@pytest.mark.parametrize("language,size", [("en", (390, 844)), ("de", (1280, 800))])
def test_a_tap_on_a_marriage_chip_says_what_it_is_SS7(page, base_url, language, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    obs = end_with_a_marriage(page, base_url, language)
    mine = [m for m in obs["marriages"] if m["player"] == 0]
    chip = page.locator(f"[data-deal-row='marriages'] button[data-marriage='{mine[0]['suit']}']").first
    note = page.locator("[data-marriage-note]")
    assert note.is_hidden()
    chip.click()
    assert note.is_visible()
    text = note.text_content()
    assert str(mine[0]["points"]) in text
    assert text == chip.get_attribute("title") == chip.get_attribute("aria-label")
    if language == "en":
        assert text.endswith(", counted.") and "marriage" in text
    else:
        assert text.startswith("Ansage in ") and text.endswith(", zählt.")
    assert chip.get_attribute("aria-expanded") == "true"
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/chip-{language}-{size[0]}.png")
    chip.click()                                   # a second tap puts the words away
    assert note.is_hidden() and chip.get_attribute("aria-expanded") == "false"
    # by keyboard: the chip is a button, Enter on it says the same
    chip.focus()
    page.keyboard.press("Enter")
    assert note.is_visible() and note.text_content() == text
    assert page.locator("dialog[data-dialog='deal-end']").is_visible(), "the panel stays open"
    assert page.watch.errors == []
