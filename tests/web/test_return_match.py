"""The return match at the end of a game: a button that starts a new match at once with the same
game, options, level and mode, against the same opponent (web/play/table.js returnChoice), from
the end-of-deal panel or the table's own buttons; in a duel none is offered (the duel's own flow
sets up the next game with the friend). Hooks: docs/UI-HOOKS.md."""
from __future__ import annotations

import json

import pytest

from saved import ENGINE_BOOT_MS, play_one, saved_record, status
from settled import wait_settled

OPTIONS = {"target": 2, "mit40": True}


@pytest.fixture
def context(browser):
    """No animation: the match is played by clicking as fast as the page settles."""
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    ctx.add_init_script("localStorage.setItem('kaffeehaus.settings', JSON.stringify({speed: 'off'}));")
    yield ctx
    ctx.close()


def start_short_match(page, base_url):
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click("[data-profile='bummerl']")
    page.select_option("[data-option='target']", json.dumps(OPTIONS["target"]))
    page.locator("[data-option='mit40']").set_checked(OPTIONS["mit40"])
    page.select_option("[data-setup='level']", "medium")
    page.select_option("[data-setup='length']", "match")
    page.select_option("[data-setup='mode']", "practice")
    page.click("[data-action='start']")
    wait_settled(page)


def play_match_to_its_end(page):
    """Deal after deal (the first card or action on offer, then Next) until the match is over."""
    for _ in range(400):
        kind = status(page)
        if kind == "match-over":
            return
        if kind == "deal-over":
            page.click("[data-zone='actions'] button[data-action='next']")
            wait_settled(page)
        else:
            assert kind == "your-turn", page.text_content("[data-status]")
            play_one(page)        # the first playable card, else the first action
    raise AssertionError("the match did not end")


def the_game_on_the_table(page):
    record = saved_record(page)
    assert record is not None, "the return match is saved as it starts"
    state = record["state"]
    return {"profile": state["profile"], "options": {k: state["options"][k] for k in OPTIONS},
            "match": state["match"], "level": record["level"], "mode": record["mode"]}


@pytest.mark.parametrize("where", ["panel", "table"])
def test_the_return_match_starts_a_match_with_the_same_settings(page, base_url, where):
    start_short_match(page, base_url)
    first = saved_record(page)
    assert the_game_on_the_table(page) == {"profile": "bummerl", "options": OPTIONS, "match": True,
                                           "level": "medium", "mode": "practice"}
    play_match_to_its_end(page)
    assert saved_record(page) is None                  # a finished match is not offered again
    panel = page.locator("dialog[data-dialog='deal-end']")
    again = panel.locator("[data-ui='deal-return-match']")
    assert panel.is_visible() and again.is_visible()
    assert again.text_content() == "Return match"
    assert "same game and options" in again.get_attribute("title")
    assert page.evaluate("() => document.activeElement.dataset.ui") == "deal-return-match"   # Enter takes it
    table_button = page.locator("[data-zone='actions'] [data-ui='return-match']")
    assert table_button.count() == 1 and table_button.text_content() == "Return match"
    if where == "panel":
        again.click()
    else:
        panel.locator("[data-ui='deal-close']").click()
        table_button.click()
    wait_settled(page)
    # a new match on the table at once: no set-up screen, the score sheet empty, the same choices
    assert page.locator("[data-zone='setup']").is_hidden()
    assert not panel.is_visible()
    assert status(page) in ("your-turn", "opponent-turn")
    again_record = saved_record(page)
    assert again_record["id"] != first["id"]
    assert the_game_on_the_table(page) == {"profile": "bummerl", "options": OPTIONS, "match": True,
                                           "level": "medium", "mode": "practice"}
    assert again_record["state"]["seed"] != first["state"]["seed"]     # new cards
    assert page.locator("[data-zone='sheet-panel'] tr[data-deal]").count() == 0
    assert "Medium" in page.text_content("[data-opponent-label]")
    assert page.watch.errors == []
