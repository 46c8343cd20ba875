"""Claiming 66 from the table: the `claim` button, and the automatic claim option (SV-3, SB-3).
A saved game (docs/UI-HOOKS.md) at a position where the player holds 66 is resumed."""
from __future__ import annotations

import json
import random

import pytest

from kaffeehaus import api
from saved import ENGINE_BOOT_MS, open_saved



def position_with_66(profile):
    """A state of a single deal where seat 0 is to act, may claim and has 66 effective points."""
    for seed in range(500):
        rng = random.Random(seed)
        state = api.new_deal(profile, seed=seed)
        while api.to_move(state) is not None:
            legal = api.legal_actions(state)
            obs = api.observation(state, 0)
            if api.to_move(state) == 0 and "claim" in legal and obs["points"][0] >= 66:
                return state
            state = api.apply(state, rng.choice([a for a in legal if a != "claim"]))
    raise AssertionError("no position found")


@pytest.mark.parametrize("profile", ["schnapsen", "bummerl"])
def test_auto_claim_at_66_SV3_SB3(page, base_url, profile):
    state = position_with_66(profile)
    open_saved(page, base_url, state, settle=False, settings={"autoClaim": True, "speed": "off"})
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    assert "claim" in page.text_content("[data-status]")
    assert api.deal_result(api.apply(state, "claim"))["winner"] == 0
    assert page.watch.errors == []


def test_claim_button_when_auto_claim_is_off_SV3(page, base_url):
    state = position_with_66("schnapsen")
    open_saved(page, base_url, state, settle=False, settings={"autoClaim": False, "speed": "off"})
    page.wait_for_selector("html[data-busy='false']", state="attached", timeout=20_000)
    assert page.get_attribute("[data-status]", "data-status") == "your-turn"
    claim = page.locator("[data-zone='actions'] button[data-action='claim']")
    assert claim.is_enabled()
    claim.click()
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    result = api.deal_result(api.apply(state, "claim"))
    assert f"{result['game_points']} game point" in page.text_content("[data-status]")
    assert page.watch.errors == []


def test_unknown_level_falls_back_to_the_labelled_random_player(page, base_url):
    """A level the engine refuses (an old saved game, a newer page): play on with `random`, say so."""
    state = api.new_match("bummerl", seed=5)
    saved = {"state": state, "level": "grandmaster", "levelUsed": "grandmaster", "aiSeed": 1}
    page.add_init_script(f"localStorage.setItem('kaffeehaus.game', {json.dumps(json.dumps(saved))});")
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.click("[data-ui='resume']")
    page.wait_for_selector("html[data-busy='false']", state="attached", timeout=20_000)
    if api.observation(state, 0)["to_move"] == 0:
        page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
        page.wait_for_selector("html[data-busy='false']", state="attached", timeout=20_000)
    label = page.locator("[data-opponent-label]")
    assert label.get_attribute("data-level") == "random"
    assert "not available" in label.text_content() and "grandmaster" in label.text_content()
    assert page.get_attribute("[data-status]", "data-status") in ("your-turn", "deal-over")
    assert page.watch.errors == []
