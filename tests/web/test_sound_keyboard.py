"""Sound and the keyboard in Chromium on the built site (web/sound.js; hooks in docs/UI-HOOKS.md):
sound is off by default and plays once switched on; a whole deal is played with the keyboard
alone, from choosing the game to the result.
"""
from __future__ import annotations

import json
import random


from kaffeehaus import api
from saved import saved_state  # the newest saved game (web/saving/games.js); New game
from practice_table import context, table  # noqa: F401  (fixtures)
from practice_table import settle, start, hand, play_card


def test_sound_is_off_by_default_and_plays_when_on(table):
    page = table
    status = start(page, "bummerl")
    play_card(page, random.Random(8))
    settle(page)
    assert page.get_attribute("html", "data-sound-count") is None   # off by default
    page.click("[data-ui='settings']")
    page.check("input[data-setting='sound']")
    page.wait_for_selector("html[data-sound-count]", state="attached")   # the sample blip
    page.keyboard.press("Escape")
    count = int(page.get_attribute("html", "data-sound-count"))
    status = settle(page)
    if status == "your-turn":
        play_card(page, random.Random(9))
        settle(page)
        assert int(page.get_attribute("html", "data-sound-count")) > count
        assert page.get_attribute("html", "data-sound-last") in ("card", "trick-won", "trick-lost", "deal-won", "deal-lost")
    settings = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.settings')"))
    assert settings["sound"] is True
    assert page.watch.errors == []


def focused(page):
    return page.evaluate("""() => {
        const e = document.activeElement;
        return e ? {card: e.dataset.card || null, action: e.dataset.action || null, ui: e.dataset.ui || null,
                    disabled: !!e.disabled} : {};
    }""")


def tab_to(page, predicate, limit=80):
    for _ in range(limit):
        page.keyboard.press("Tab")
        if predicate(focused(page)):
            return True
    return False


def test_a_whole_deal_with_the_keyboard_alone(table):
    page = table
    # choose a game: Tab to the profile, Enter; Tab to Start, Enter (no mouse at all)
    assert tab_to(page, lambda f: f.get("ui") is None and page.evaluate(
        "() => document.activeElement.dataset.profile === 'schneider'"))
    page.keyboard.press("Enter")
    assert page.get_attribute("[data-profile='schneider']", "aria-pressed") == "true"
    assert tab_to(page, lambda f: f.get("action") == "start")
    page.keyboard.press("Enter")
    status = settle(page)
    rng = random.Random(21)
    moves = 0
    while status == "your-turn":
        f = focused(page)
        if not f.get("card") or f.get("disabled"):
            assert tab_to(page, lambda g: bool(g.get("card")) and not g.get("disabled"))
        for _ in range(rng.randrange(3)):
            page.keyboard.press("ArrowRight")
        card = focused(page)["card"]
        page.keyboard.press("Enter")
        status = settle(page)
        assert card not in hand(page)
        moves += 1
    assert status in ("deal-over", "match-over")
    assert moves >= 3
    obs = api.observation(saved_state(page), 0) if saved_state(page) else None
    if obs:
        assert obs["result"] is not None
    assert page.watch.errors == []
