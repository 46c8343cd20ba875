"""Nothing lost, nothing crashes, in Chromium on the built site:

- every stored key goes through its validating loader: a damaged set-up (and the other keys) is
  set aside with a backup and a translated notice, and the page boots to a working set-up;
- an engine failure while a saved game is being continued never deletes it;
- two tabs on one saved game: the second is told and becomes read-only, or takes over
  explicitly; a game of another tab is never removed; a deal is counted once; no undo by a tab
  left at an older position;
- statistics: a damaged or newer file is backed up with a notice, never silently replaced.

(About 290 lines, one module: every stored key and the second-tab cases go through the same
validating loaders, checked side by side.)
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kaffeehaus import api

from conftest import PageWatch
from saved import (ENGINE_BOOT_MS, FAST, boot, hand, play_one, play_to_end, saved_count,
                   saved_record, start, status)
from settled import wait_settled

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def context(browser):
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


def new_page(context, init=""):
    page = context.new_page()
    page.watch = PageWatch(page)
    page.add_init_script(FAST + init)
    return page


def stored(page, key):
    return page.evaluate("(k) => localStorage.getItem(k)", key)


def seed_once(items):
    """An init script that stores `items` in localStorage on the first load of the tab only."""
    sets = "".join(f"localStorage.setItem({json.dumps(k)}, {json.dumps(v)});" for k, v in items.items())
    return f"if (!sessionStorage.getItem('seeded')) {{ {sets} sessionStorage.setItem('seeded', '1'); }}"


# --------------------------------------------------------------------------- 1. damaged set-up

SETUPS = {
    "null": "null",
    "bogus-profile": json.dumps({"profile": "bogus"}),
    "number-profile": json.dumps({"profile": 5}),
    "options-text": json.dumps({"options": "x"}),
    "not-json": "{\"profile\":",
    "unknown-option": json.dumps({"profile": "schnapsen", "options": {"no_such_option": True}}),
    "unknown-choice": json.dumps({"profile": "schneider", "options": {"target": 12345}}),
}


@pytest.mark.parametrize("kind", list(SETUPS))
def test_a_damaged_setup_is_set_aside_and_the_page_boots(context, base_url, kind):
    text = SETUPS[kind]
    page = new_page(context, seed_once({"kaffeehaus.setup": text}))
    boot(page, base_url)
    notice = page.locator("[data-notice='storage-setup']")
    notice.wait_for(timeout=10_000)
    assert notice.get_attribute("role") == "alert"
    assert "could not be read" in notice.locator("[data-notice-text]").text_content()
    assert stored(page, "kaffeehaus.setup.damaged") == text
    assert page.get_attribute("[data-status]", "data-status") == "setup"
    assert page.locator("[data-profile][aria-pressed='true']").count() == 1
    start(page)
    assert status(page) in ("your-turn", "deal-over", "match-over")
    if status(page) == "your-turn":
        play_one(page)
    # the new choice is stored again, valid
    assert json.loads(stored(page, "kaffeehaus.setup"))["profile"] == "schnapsen"
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    assert page.locator("[data-notice='storage-setup']").count() == 0
    assert page.watch.errors == []


@pytest.mark.parametrize("key,text", [
    ("kaffeehaus.settings", json.dumps({"speed": "warp"})),
    ("kaffeehaus.language", "klingon"),
    ("kaffeehaus.daily", "[1, 2]"),
    ("kaffeehaus.games", "{\"format\": 7}"),
])
def test_other_damaged_keys_are_set_aside_with_a_notice(context, base_url, key, text):
    page = context.new_page()
    page.watch = PageWatch(page)
    page.add_init_script(seed_once({key: text}))
    boot(page, base_url)
    name = key.split(".")[1]
    page.locator(f"[data-notice='storage-{name}']").wait_for(timeout=10_000)
    assert stored(page, f"{key}.damaged") == text
    start(page)
    assert status(page) in ("your-turn", "deal-over", "match-over")
    assert page.watch.errors == []


def test_a_notice_about_stored_data_is_translated(browser, base_url):
    ctx = browser.new_context(locale="de-AT")
    try:
        page = ctx.new_page()
        page.add_init_script(seed_once({"kaffeehaus.setup": "null"}))
        boot(page, base_url)
        de = json.loads((ROOT / "web/i18n/de.json").read_text(encoding="utf-8"))
        text = page.locator("[data-notice='storage-setup'] [data-notice-text]").text_content()
        assert text == de["storage.damaged.setup"]
    finally:
        ctx.close()


# --------------------------------------------------------------------------- 2. failing resume

CRASH_NEXT_CALL = """
(() => {
    const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
        if (window.__crashNext && message && typeof message.cmd === 'string') {
            window.__crashNext = false;
            const worker = this;   // the worker dies without answering
            setTimeout(() => worker.onerror && worker.onerror({ message: 'simulated crash', preventDefault() {} }), 0);
            return undefined;
        }
        return send.call(this, message, ...rest);
    };
})();
"""


def test_an_engine_failure_while_continuing_keeps_the_saved_game(context, base_url):
    state = api.new_match("bummerl", seed=4)
    saved = json.dumps({"state": state, "level": "easy", "levelUsed": "easy", "aiSeed": 1})
    page = new_page(context, seed_once({"kaffeehaus.game": saved}) + CRASH_NEXT_CALL)
    boot(page, base_url)
    assert page.is_visible("[data-ui='resume']")
    page.evaluate("() => { window.__crashNext = true; }")
    page.click("[data-ui='resume']")
    page.wait_for_selector("[data-status='error']", timeout=10_000)
    notice = page.locator("[data-notice='engine-stopped']")
    notice.wait_for(timeout=10_000)
    record = saved_record(page)
    assert record is not None, "the saved game was deleted"
    assert record["state"] == state
    # the reload continues it
    with page.expect_navigation():
        notice.locator("[data-ui='reload-resume']").click()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("html[data-playing='bummerl']", state="attached", timeout=30_000)
    wait_settled(page)
    assert status(page) in ("your-turn", "deal-over")
    assert sorted(api.observation(state, 0)["hand"]) == hand(page) or api.to_move(state) == 1


# --------------------------------------------------------------------------- 3. two tabs

def test_a_second_tab_on_the_same_game_makes_the_first_read_only_and_can_be_taken_over(context, base_url):
    a = new_page(context)
    boot(a, base_url)
    start(a, "bummerl", length="match")
    play_one(a)
    assert status(a) == "your-turn"
    b = new_page(context)
    boot(b, base_url)
    b.click("[data-ui='resume']")
    wait_settled(b)
    assert hand(b) == hand(a)
    play_one(b)                                   # B moves the game on: A is told
    a.locator("[data-notice='other-tab']").wait_for(timeout=10_000)
    assert status(a) == "read-only"
    assert a.get_attribute("html", "data-tab") == "read-only"
    assert a.locator("[data-zone='hand'] button[data-card]:enabled").count() == 0
    # A cannot play from its older position (it would be an undo of ranked play)
    before = saved_record(a)
    card = a.locator("[data-zone='hand'] button[data-card]").first
    card.evaluate("b => { b.disabled = false; b.click(); }")
    a.wait_for_timeout(500)
    assert saved_record(a)["state"] == before["state"]
    assert saved_record(a)["rev"] == before["rev"]
    # A takes over explicitly: B's latest position, and B is told in turn
    a.click("[data-ui='take-over']")
    wait_settled(a)
    assert status(a) in ("your-turn", "deal-over")
    assert hand(a) == hand(b)
    b.locator("[data-notice='other-tab']").wait_for(timeout=10_000)
    assert status(b) == "read-only"
    assert saved_count(a) == 1
    assert a.watch.errors == [] and b.watch.errors == []


def test_a_game_in_another_tab_is_never_removed_and_a_deal_counts_once(context, base_url):
    a = new_page(context)
    boot(a, base_url)
    start(a, "bummerl", length="match")
    play_one(a)
    bummerl = saved_record(a)
    b = new_page(context)
    boot(b, base_url)
    start(b, "schnapsen", length="deal")          # a new game in B: A's Bummerl stays saved
    play_to_end(b)
    assert status(b) == "match-over"
    games = json.loads(stored(a, "kaffeehaus.games"))["games"]
    assert bummerl["id"] in games and games[bummerl["id"]]["state"] == bummerl["state"]
    assert a.locator("[data-notice='other-tab']").count() == 0
    play_one(a)                                   # A plays on undisturbed
    assert status(a) in ("your-turn", "deal-over", "match-over")
    # the single deal B finished was counted once (if the engine shuffled it, which it did)
    stats = json.loads(stored(b, "kaffeehaus.stats"))
    assert stats["entries"]["schnapsen|easy"]["deals"] == 1
    # B shows the finished deal: nothing it does counts it again, and A continuing its own game neither
    b.reload()
    b.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    assert json.loads(stored(b, "kaffeehaus.stats"))["entries"]["schnapsen|easy"]["deals"] == 1
    assert a.watch.errors == [] and b.watch.errors == []


def test_two_tabs_finishing_the_same_deal_count_it_once(context, base_url):
    a = new_page(context)
    boot(a, base_url)
    start(a, "schnapsen", length="deal")
    b = new_page(context)
    boot(b, base_url)
    b.click("[data-ui='resume']")                 # both tabs show the same single deal
    wait_settled(b)
    play_one(b)                                   # B moves it on: A is told
    a.locator("[data-notice='other-tab']").wait_for(timeout=10_000)
    a.click("[data-ui='take-over']")             # A takes it back, and plays it to its end
    wait_settled(a)
    play_to_end(a)
    assert status(a) == "match-over"
    # B is left at the start of the deal: it cannot play it again, and is told the game is over
    b.wait_for_function("() => /finished in another tab/.test(document.querySelector(\"[data-notice='other-tab']\")?.textContent || '')",
                        timeout=10_000)
    assert b.locator("[data-zone='hand'] button[data-card]:enabled").count() == 0
    assert b.locator("[data-ui='take-over']").count() == 0     # nothing to take over
    stats = json.loads(stored(a, "kaffeehaus.stats"))
    assert stats["entries"]["schnapsen|easy"]["deals"] == 1
    assert saved_count(a) == 0


# --------------------------------------------------------------------------- 4. statistics

@pytest.mark.parametrize("kind,text", [
    ("garbage", "garbage"),
    ("negative", json.dumps({"format": "kaffeehaus-stats/1", "entries": {"bummerl|easy": {"deals": -3}}})),
    ("newer", json.dumps({"format": "kaffeehaus-stats/9", "entries": {"bummerl|easy": {"deals": 4}}, "more": {}})),
])
def test_damaged_or_newer_statistics_are_backed_up_with_a_notice(context, base_url, kind, text):
    page = new_page(context, seed_once({"kaffeehaus.stats": text}))
    boot(page, base_url)
    notice = page.locator("[data-notice='storage-stats']")
    notice.wait_for(timeout=10_000)
    assert stored(page, "kaffeehaus.stats.damaged") == text
    start(page, "schnapsen", length="deal", mode="ranked")
    play_to_end(page)
    now = stored(page, "kaffeehaus.stats")
    if kind == "newer":
        assert now == text, "a newer file is never replaced"
        assert "newer version" in notice.locator("[data-notice-text]").text_content()
    else:
        data = json.loads(now)
        assert data["format"] == "kaffeehaus-stats/2"
        assert data["entries"]["schnapsen|easy"]["deals"] == 1
    assert page.watch.errors == []


def test_old_statistics_are_migrated_and_a_shared_deal_is_not_ranked(context, base_url):
    old = {"format": "kaffeehaus-stats/1", "entries": {"schnapsen|easy": {"deals": 2, "dealsWon": 2, "streak": 2, "bestStreak": 2}}}
    page = new_page(context, seed_once({"kaffeehaus.stats": json.dumps(old)}))
    boot(page, base_url + "#s=" + api.share_link(api.new_deal("schnapsen", seed=21)) + "&lv=easy")
    page.wait_for_selector("html[data-link='opened']", state="attached", timeout=30_000)
    wait_settled(page)
    play_to_end(page)
    # a shared deck is not the engine's shuffle: not counted, the old file untouched
    assert json.loads(stored(page, "kaffeehaus.stats")) == old
    page.click("header [data-ui='new-game']")
    start(page, "schnapsen", length="deal", mode="ranked")
    play_to_end(page)
    data = json.loads(stored(page, "kaffeehaus.stats"))
    assert data["format"] == "kaffeehaus-stats/2"
    assert data["entries"]["schnapsen|easy"]["deals"] == 3
    assert page.locator("[data-notice^='storage-']").count() == 0
    assert page.watch.errors == []
