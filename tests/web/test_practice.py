"""Practice mode in Chromium on the built site (web/practice.js, web/review.js): the hint names a
legal action, ranked play offers neither hint nor undo, undo restores the hand and the saved game
(twice in a row, and across a reload), the expert's review gives an opinion on every move of the
player, and the practice bar fits a small phone.
"""
from __future__ import annotations

import random
import re


from kaffeehaus import api
from saved import saved_state, open_saved  # the newest saved game (web/saving/games.js); a chosen one
from practice_table import context, table  # noqa: F401  (fixtures)
from practice_table import (ENGINE_BOOT_MS, watched, open_page, settle, start, hand, play_card,
                            play_to_deal_end, check_no_raw_keys)


def legal_now(page):
    return api.observation(saved_state(page), 0)["legal_actions"]


def test_hint_highlights_a_legal_action(table):
    page = table
    status = start(page, "bummerl", mode="practice")
    assert page.get_attribute("html", "data-mode") == "practice"
    rng = random.Random(5)
    hinted = 0
    while status == "your-turn" and hinted < 2:
        page.click("[data-ui='hint']")
        page.wait_for_selector("html[data-hint='ready']", state="attached", timeout=30_000)
        action = page.get_attribute("[data-hint-text]", "data-hint-action")
        assert action in legal_now(page)
        highlighted = page.eval_on_selector_all("[data-hinted]", "els => els.map(e => e.dataset.card || e.dataset.action)")
        assert highlighted == [action]
        text = page.text_content("[data-hint-text]")
        assert re.search(r"[+−-]?\d+[.,]\d\d|0[.,]00", text), text
        hinted += 1
        play_card(page, rng)
        status = settle(page)
        assert page.locator("[data-hinted]").count() == 0   # the hint goes with the move
    assert hinted >= 1
    assert page.watch.errors == []


def test_the_hint_names_only_what_the_table_offers(page, base_url):
    # A bummerl position whose expert ranking puts a false claim first (a fixed 2 game points,
    # SB-3, against a close at the first lead that fails for 2 or, swept, for 3: SB-2, SB-5): the
    # table does not offer a claim short of 66 while the points are shown, so the hint names the
    # best action the player can press
    state = api.apply(api.new_match("bummerl", seed=26, first_dealer=1), "close")
    assert api.to_move(state) == 0
    ranked = api.hint(state, 0)["ranked"]
    assert ranked[0]["action"] == "claim" and not api.observation(state, 0)["claim_wins"]
    open_saved(page, base_url, state, {"speed": "off"}, mode="practice")
    assert page.locator("[data-zone='actions'] button[data-action='claim']").count() == 0
    page.click("[data-ui='hint']")
    page.wait_for_selector("html[data-hint='ready']", state="attached", timeout=30_000)
    action = page.get_attribute("[data-hint-text]", "data-hint-action")
    assert action == ranked[1]["action"]
    highlighted = page.eval_on_selector_all("[data-hinted]", "els => els.map(e => e.dataset.card || e.dataset.action)")
    assert highlighted == [action]
    assert page.watch.errors == []


def test_ranked_play_has_no_hint_and_no_undo(table):
    page = table
    status = start(page, "bummerl", mode="ranked")
    assert page.get_attribute("html", "data-mode") == "ranked"
    assert status == "your-turn"
    assert not page.is_visible("[data-ui='undo']")
    assert not page.is_visible("[data-ui='hint']")
    play_card(page, random.Random(1))
    settle(page)
    assert not page.is_visible("[data-ui='undo']")
    assert not page.is_visible("[data-ui='hint']")


def test_undo_restores_the_hand_before_the_last_move(table):
    page = table
    status = start(page, "bummerl", mode="practice")
    rng = random.Random(11)
    assert page.is_disabled("[data-ui='undo']") or saved_state(page)["deals"][0]["actions"] == []
    before_cards = hand(page)
    before_state = saved_state(page)
    card = play_card(page, rng)
    status = settle(page)
    assert card not in hand(page)
    assert page.is_enabled("[data-ui='undo']")
    page.click("[data-ui='undo']")
    status = settle(page)
    assert status == "your-turn"
    assert sorted(hand(page)) == sorted(before_cards)
    assert saved_state(page) == before_state
    # twice in a row: two moves back
    first = play_card(page, rng)
    settle(page)
    mid_cards, mid_state = hand(page), saved_state(page)
    if page.get_attribute("[data-status]", "data-status") == "your-turn":
        play_card(page, rng)
        settle(page)
        page.click("[data-ui='undo']")
        settle(page)
        assert sorted(hand(page)) == sorted(mid_cards) and saved_state(page) == mid_state
    page.click("[data-ui='undo']")
    settle(page)
    assert sorted(hand(page)) == sorted(before_cards) and first in hand(page)
    assert saved_state(page) == before_state
    assert page.is_disabled("[data-ui='undo']")
    # reload: the game comes back on the table by itself, with its mode and its history
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("[data-zone='setup'][hidden]", state="attached", timeout=30_000)
    settle(page)
    assert page.get_attribute("html", "data-mode") == "practice"
    assert page.is_visible("[data-ui='undo']")
    assert page.watch.errors == []


def test_review_gives_an_opinion_on_every_move_of_the_player(table):
    page = table
    status = start(page, "bummerl", mode="ranked")   # the review is offered in any mode
    assert not page.is_visible("[data-ui='analyse']")
    status, moves = play_to_deal_end(page, random.Random(3), status)
    assert status == "deal-over"
    obs = api.observation(saved_state(page), 0)
    mine = [a for p, a in obs["actions"] if p == 0]
    assert len(mine) == moves
    page.click("[data-ui='analyse']")
    page.wait_for_selector("dialog[data-dialog='analysis'][data-analysis='running'], "
                           "dialog[data-dialog='analysis'][data-analysis='done']", timeout=10_000)
    page.wait_for_selector("dialog[data-dialog='analysis'][data-analysis='done']", timeout=120_000)
    items = page.eval_on_selector_all(
        "[data-analysis-move]", "els => els.map(e => ({a: e.dataset.analysisMove, v: e.dataset.verdict, "
        "b: e.dataset.best || null, text: e.textContent}))")
    assert [i["a"] for i in items] == mine
    for item in items:
        assert item["v"] in ("best", "equal", "other", "only"), item
        assert "…" not in item["text"] and item["text"].strip()
        if item["v"] in ("other", "equal"):
            assert item["b"] != item["a"]
            values = re.findall(r"[+\u2212-]?\d[.,]\d\d", item["text"])
            if item["v"] == "other":   # a miss: both values, the player's lower than the best
                assert len(values) == 2, item
                best, yours = (float(v.replace("\u2212", "-").replace(",", ".")) for v in values)
                assert yours < best, item
            else:                      # valued the same as the expert's choice: no miss
                assert len(values) == 1, item
    agree = sum(item["v"] in ("best", "equal", "only") for item in items)
    assert f"{agree} of {len(items)}" in page.inner_text("[data-analysis-status]")
    # tricks in order, each with its cards
    tricks = page.eval_on_selector_all("[data-analysis-trick]", "els => els.map(e => e.dataset.analysisTrick)")
    numbers = [int(n) for n in tricks if n != "end"]
    assert numbers == list(range(1, len(obs["history"]) + 1))
    assert page.locator("[data-analysis-trick='1'] [data-face]").count() == 2
    check_no_raw_keys(page, "review")
    page.keyboard.press("Escape")
    page.click("[data-action='next']")
    settle(page)
    assert not page.is_visible("[data-ui='analyse']")
    assert page.watch.errors == []


def test_practice_bar_fits_a_phone(browser, base_url):
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 360, "height": 640}, locale="pt-BR")
    try:
        page = open_page(watched(ctx), base_url)
        status = start(page, "bummerl", mode="practice")
        assert status == "your-turn"
        page.click("[data-ui='hint']")
        page.wait_for_selector("html[data-hint='ready']", state="attached", timeout=30_000)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        for selector in ("[data-zone='hand']", "[data-zone='practice']", "[data-ui='hint']", "[data-ui='undo']", "[data-hint-text]"):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 361, selector
            assert box["y"] >= 0 and box["y"] + box["height"] <= 641, (selector, box)
        assert page.errors == []
    finally:
        ctx.close()
