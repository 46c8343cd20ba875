"""The table (index.html + web/app.js + web/table/) in Chromium on the built site, under its CSP.

Whole deals are played by clicking, the computer answering, until data-status shows the result.
At every turn of the player the DOM is compared with the engine's observation, fetched through
the page from a second engine-client instance: playable cards are exactly the legal card
actions, the `data-action` buttons exactly the other legal actions. Hook contract:
docs/UI-HOOKS.md.

(About 390 lines, one module: whole deals and matches of every profile, each checked against the
engine at every turn by the same helpers.)
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kaffeehaus import api
from settled import wait_settled

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
TURN_STATES = ("your-turn", "deal-over", "match-over")
ENGINE_BOOT_MS = 60_000


@pytest.fixture
def context(browser):
    """Overrides conftest's context: the player asks for reduced motion (so: no animation)."""
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


@pytest.fixture
def table(page, base_url):
    """The game page with its engine ready (conftest's page fixture watches for errors)."""
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    return page


def start(page, profile, *, length="match", options=None, level="easy"):
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=5000)
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='level']", level)
    for name, value in (options or {}).items():
        control = page.locator(f"[data-option='{name}']")
        if isinstance(value, bool):
            control.set_checked(value)
        else:
            control.select_option(json.dumps(value))
    page.select_option("[data-setup='length']", length)
    page.click("[data-action='start']")
    return settle(page)


def settle(page, timeout=30_000):
    wait_settled(page, timeout)
    status = page.get_attribute("[data-status]", "data-status")
    assert status in TURN_STATES, (status, page.text_content("[data-status]"))
    return status


from saved import new_game, saved_state  # noqa: E402  (the newest saved game, web/saving/games.js; New game)


def page_engine(page):
    """Start a second engine in the page (same engine-client.js the table uses)."""
    page.evaluate("""async () => {
        const src = document.querySelector('script[type=module]').src;
        const { createEngine } = await import(new URL('engine-client.js', src).href);
        window.__probe = createEngine();
        await window.__probe.ready;
    }""")


def engine_call(page, cmd, args):
    return page.evaluate("([c, a]) => window.__probe.call(c, a)", [cmd, args])


def dom_choices(page):
    cards = page.eval_on_selector_all(
        "[data-zone='hand'] button[data-card]",
        "els => els.map(e => ({card: e.dataset.card, disabled: e.disabled, title: e.title,"
        " described: e.getAttribute('aria-describedby')}))")
    actions = page.eval_on_selector_all(
        "button[data-action]:not([data-action='start'])",
        "els => els.filter(e => e.offsetParent !== null).map(e => ({action: e.dataset.action, disabled: e.disabled}))")
    return cards, actions


def check_dom_matches_engine(page, state):
    """Cards enabled and action buttons present exactly when the engine lists them."""
    obs = engine_call(page, "observation", {"state": state, "player": 0})
    legal = obs["legal_actions"]
    cards, actions = dom_choices(page)
    assert sorted(c["card"] for c in cards) == sorted(obs["hand"])
    mine = obs["to_move"] == 0
    legal_cards = {a for a in legal if ":" not in a and len(a) == 2 and mine}
    assert {c["card"] for c in cards if not c["disabled"]} == legal_cards
    for c in cards:
        if c["disabled"]:
            assert c["title"], c                      # the reason, on hover
            assert c["described"] == f"why-{c['card']}"
    # OB-2: the cards both players know the computer holds are shown face up in its hand.
    known = page.eval_on_selector_all("[data-zone='opponent-hand'] [data-face]", "els => els.map(e => e.dataset.face)")
    assert sorted(known) == sorted(obs["known_opponent_cards"])
    assert page.locator("[data-zone='opponent-hand'] .card").count() == obs["opponent_hand_size"]
    # SV-3: while the points show, Claim is offered only when the engine says it wins
    memory = page.get_attribute("[data-zone='scores']", "data-memory") == "true"
    expected_actions = {a for a in legal if a not in legal_cards and (mine or a == "next")
                        and (a != "claim" or memory or obs.get("claim_wins"))}
    assert {a["action"] for a in actions} == expected_actions
    assert not any(a["disabled"] for a in actions)
    return legal, obs


def play_deal(page, rng, *, max_steps=80, prefer_cards=True):
    """Click through one deal of the current game until the deal is over; returns the status."""
    status = settle(page)
    for _ in range(max_steps):
        if status != "your-turn":
            return status
        state = saved_state(page)
        legal, obs = check_dom_matches_engine(page, state)
        cards = [a for a in legal if len(a) == 2]
        others = [a for a in legal if len(a) != 2 and a != "claim"]
        if others and (not cards or rng.random() < 0.5):
            action = rng.choice(others)
            page.click(f"button[data-action='{action}']")
        else:
            action = rng.choice(cards)
            page.click(f"[data-zone='hand'] button[data-card='{action}']")
        status = settle(page)
    raise AssertionError("the deal did not end")


def check_deal_over(page):
    state = saved_state(page)
    text = page.text_content("[data-status]")
    assert text.strip()
    if state is not None:   # a finished match is no longer saved
        result = engine_call(page, "observation", {"state": state, "player": 0})["result"]
        assert result is not None
        assert str(result["game_points"]) in text or result["winner"] is None
        check_dom_matches_engine(page, state)


# The Bummerl deal is the fast tier's browser smoke test (tests/conftest.py).
@pytest.mark.parametrize("profile", [pytest.param("bummerl", marks=pytest.mark.smoke), "schneider"])
def test_a_whole_deal_is_played_by_clicking(table, profile):
    page = table
    page_engine(page)
    rng = random.Random(f"deal:{profile}")
    start(page, profile)
    status = play_deal(page, rng)
    assert status in ("deal-over", "match-over")
    check_deal_over(page)
    # The score sheet shows the finished deal; `next` starts the following deal.
    assert page.locator("[data-zone='sheet-panel'] tr[data-deal='1']").count() == 1
    if status == "deal-over":
        page.click("button[data-action='next']")
        status = settle(page)
        assert status in ("your-turn", "deal-over", "match-over")
        obs = engine_call(page, "observation", {"state": saved_state(page), "player": 0})
        assert obs["match"]["deals_played"] == 1
    assert page.watch.errors == []


@pytest.mark.parametrize("profile", ["schnapsen", "schnapsen-strict", "schneider-neighbour"])
def test_other_profiles_play_a_deal(table, profile):
    page = table
    page_engine(page)
    start(page, profile, length="deal")
    status = play_deal(page, random.Random(profile))
    assert status == "match-over"          # a single deal: over when the deal is
    assert page.locator("[data-zone='actions'] [data-ui='new-game']").count() == 1
    assert page.watch.errors == []


def test_illegal_cards_cannot_be_played(table):
    """Phase 2 of Schnapsen (SV-1) forces suits: at turns with disabled cards, clicking one (even after
    tampering with the DOM to enable it) changes nothing: the engine refuses, the turn stays."""
    page = table
    page_engine(page)
    rng = random.Random(3)
    forced = 0
    for _ in range(15):   # deals are random: enough of them to meet forced suits twice
        status = start(page, "schnapsen", length="deal")
        while status == "your-turn":
            state = saved_state(page)
            legal, _ = check_dom_matches_engine(page, state)
            if "close" in legal:     # Phase 2 at once (SS-8): suits must be followed from now on
                page.click("button[data-action='close']")
                status = settle(page)
                continue
            disabled = page.locator("[data-zone='hand'] button[data-card]:disabled")
            if disabled.count():
                card = disabled.first.get_attribute("data-card")
                assert card not in legal
                button = page.locator(f"[data-zone='hand'] button[data-card='{card}']")
                button.evaluate("b => { b.disabled = false; b.click(); }")
                settle(page)
                assert saved_state(page) == state       # nothing was played
                assert page.get_attribute("[data-status]", "data-status") == "your-turn"
                assert page.locator(f"[data-zone='hand'] button[data-card='{card}']").is_disabled()
                forced += 1
            cards = [a for a in legal if len(a) == 2]
            page.click(f"[data-zone='hand'] button[data-card='{rng.choice(cards)}']")
            status = settle(page)
        if forced >= 2:
            break
        new_game(page)
    assert forced >= 2
    assert page.watch.errors == []


def test_keyboard_digits_and_enter_play_a_card(table):
    page = table
    status = start(page, "bummerl")   # a match: the saved state outlives the deal
    while status == "your-turn" and page.locator("[data-zone='hand'] button[data-card]:enabled").count() < 2:
        page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
        status = settle(page)
    assert status == "your-turn"
    before = saved_state(page)
    buttons = page.locator("[data-zone='hand'] button[data-card]")
    index = next(i for i in range(buttons.count()) if buttons.nth(i).is_enabled())
    page.locator("body").press(str(index + 1))
    focused = page.evaluate("() => document.activeElement.dataset.card")
    assert focused == buttons.nth(index).get_attribute("data-card")
    page.keyboard.press("ArrowRight")
    moved = page.evaluate("() => document.activeElement.dataset.card")
    enabled = [buttons.nth(i).get_attribute("data-card") for i in range(buttons.count()) if buttons.nth(i).is_enabled()]
    assert moved == enabled[(enabled.index(focused) + 1) % len(enabled)]
    page.keyboard.press("Enter")
    status = settle(page)
    if status == "your-turn":   # keyboard players find the focus back on their hand
        assert page.evaluate("() => document.activeElement.closest('[data-zone=hand]') !== null")
    after = api.observation(saved_state(page), 0)
    assert moved in [a for p, a in after["actions"] if p == 0]
    assert moved not in after["hand"]
    assert before != saved_state(page)
    assert page.watch.errors == []


def test_setup_lists_the_engines_profiles_and_options(table):
    page = table
    ids = page.eval_on_selector_all("[data-profile]", "els => els.map(e => e.dataset.profile)")
    assert sorted(ids) == sorted(p["id"] for p in api.profiles())
    for profile in api.profiles():
        page.click(f"[data-profile='{profile['id']}']")
        shown = page.eval_on_selector_all("[data-option]", "els => els.map(e => e.dataset.option)")
        assert sorted(shown) == sorted(profile["options"])
    assert page.is_enabled("[data-action='start']")


def test_trick_review_follows_the_profile(table):
    """SV-6 (bummerl, schnapsen): own tricks any time; ST-1 (strict): only the last trick."""
    page = table
    page_engine(page)
    for profile, any_time in (("bummerl", True), ("schnapsen-strict", False)):
        rng = random.Random(profile)
        checked = 0
        # A deal can end (a claim) before a trick could be looked at, and random cards may win
        # no trick at all: play fresh deals (random dealer and cards) until two checks ran.
        for _ in range(8):
            status = start(page, profile, length="deal")
            while status == "your-turn":
                checked += check_review(page, any_time)
                obs = engine_call(page, "observation", {"state": saved_state(page), "player": 0})
                legal = [a for a in obs["legal_actions"] if len(a) == 2]
                page.click(f"[data-zone='hand'] button[data-card='{rng.choice(legal)}']")
                status = settle(page)
            new_game(page)
            if checked >= 2:
                break
        assert checked >= 2, profile
    assert page.watch.errors == []


def check_review(page, any_time):
    obs = engine_call(page, "observation", {"state": saved_state(page), "player": 0})
    history = obs["history"]
    last_visible = bool(history) and not obs["trick"]
    # The last trick lies face up on its winner's pile until the next lead, then not.
    face_up = page.locator(".pile .last-trick")
    assert face_up.count() == (2 if last_visible else 0)
    if last_visible:
        winner_pile = "player-pile" if history[-1]["winner"] == 0 else "opponent-pile"
        assert page.locator(f"[data-zone='{winner_pile}'] .last-trick").count() == 2
    own = [h for h in history if h["winner"] == 0]
    if any_time:
        expected = own + ([history[-1]] if last_visible and history[-1]["winner"] == 1 else [])
    else:
        expected = [history[-1]] if last_visible else []
    assert page.is_enabled("[data-ui='review']") == bool(expected)
    if not expected:
        return 0
    page.click("[data-ui='review']")
    shown = page.eval_on_selector_all(
        "dialog[data-dialog='review'] .review-trick",
        "items => items.map(i => [...i.querySelectorAll('[data-face]')].map(c => c.dataset.face))")
    assert sorted(map(sorted, shown)) == sorted(sorted(c for _, c in h["cards"]) for h in expected)
    page.keyboard.press("Escape")
    return 1


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_screenshots_and_layout(page, base_url, size):
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    # The table, the rules and the progress bar are shown while Python loads.
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"loading-{width}x{height}.png"))
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    status = start(page, "bummerl")
    for _ in range(3):   # a few moves, so piles and the trick are not empty
        if status != "your-turn":
            break
        page.locator("[data-zone='hand'] button[data-card]:enabled").nth(0).click()
        status = settle(page)
    page.screenshot(path=str(ARTIFACTS / f"table-bummerl-{width}x{height}.png"))
    assert_inside_viewport(page, width, height)
    # German suits in four colours for the second game.
    page.click("header [data-ui='settings']")
    page.select_option("[data-setting='deckStyle']", "german")
    page.check("[data-setting='fourColour']")
    page.keyboard.press("Escape")
    new_game(page)
    start(page, "schneider", options={"trump": True})
    assert page.locator("[data-zone='hand'] .card-face").count() == 6
    page.screenshot(path=str(ARTIFACTS / f"table-schneider-{width}x{height}.png"))
    assert_inside_viewport(page, width, height)
    assert page.watch.errors == []


def assert_inside_viewport(page, width, height):
    """Everything that matters is on screen: no horizontal scrolling, no zone cut off."""
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for zone in ("hand", "talon", "trick", "scores", "opponent-hand", "opponent-pile", "player-pile", "actions"):
        box = page.locator(f"[data-zone='{zone}']").bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= width + 1, zone
        assert box["y"] >= 0 and box["y"] + box["height"] <= height + 1, zone
    box = page.locator("[data-status]").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 1


@pytest.mark.parametrize("profile,options", [("bummerl", {"target": 2}), ("schneider", {"target": 1})])
def test_a_short_match_is_played_to_its_end(table, profile, options):
    """A whole match (short targets, SS-10 and SN-9) by clicking: deals, `next`, the sheet, the end."""
    page = table
    page_engine(page)
    rng = random.Random(f"match:{profile}")
    status = start(page, profile, options=options)
    deals = 0
    while True:
        status = play_deal(page, rng)
        deals += 1
        assert page.locator("[data-zone='sheet-panel'] tr[data-deal]").count() == deals
        if status == "match-over":
            break
        assert deals < 12
        page.click("button[data-action='next']")
        settle(page)
    text = page.text_content("[data-status]")
    assert "match" in text
    assert saved_state(page) is None            # a finished match is not offered again
    assert page.locator("[data-zone='actions'] [data-ui='new-game']").count() == 1
    assert page.locator("[data-zone='actions'] [data-action]").count() == 0
    assert page.watch.errors == []


def test_new_game_while_the_computer_thinks(table):
    """Starting another game while the computer is still thinking: the old move never lands."""
    page = table
    page_engine(page)
    status = start(page, "bummerl", level="expert")
    if status == "your-turn":
        page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
    assert page.get_attribute("html", "data-busy") == "true"    # the computer's move is under way
    new_game(page)
    start(page, "schneider")
    page.wait_for_timeout(2500)          # longer than the expert's move
    settle(page)
    assert page.get_attribute("html", "data-playing") == "schneider"
    obs = engine_call(page, "observation", {"state": saved_state(page), "player": 0})
    assert obs["profile"] == "schneider"
    assert sorted(page.eval_on_selector_all("[data-zone='hand'] [data-card]", "e => e.map(x => x.dataset.card)")) \
        == sorted(obs["hand"])
    check_dom_matches_engine(page, saved_state(page))
    assert page.watch.errors == []
