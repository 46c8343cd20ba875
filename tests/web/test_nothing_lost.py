"""Nothing lost at the table, in Chromium on the built site: each case asserts what the player
sees and what is saved.

1. storage full: the player is told (not "another tab"), plays on, the game is held by the tab
   and written once there is room (the page's own "delete" frees it); a ranked deal played while
   full is never replayable after a reload or from another tab;
2. an engine that fails while checking the saved games (not the engine's ValueError) keeps them
   all and says so; saves the engine refuses go whole to the backups, exported from Settings;
3. New game in a match asks first, names the game left, and keeps it saved unless abandoned;
4. a reload at several moments of a deal and at its end puts the game back directly, exactly;
   reopening the site takes one tap;
5. strict Schnapsen (memory rule): Claim 66 asks first, without revealing the points (SV-3);
6. a tab that only looks at a game does not stop the tab playing it; a game finished in
   another tab is said to be over.

(About 380 lines, one module: the faults of one guarantee (nothing lost), each on the same storage
and saved-game set-ups.)
"""
from __future__ import annotations

import json
import random

import pytest

from kaffeehaus import api

from conftest import PageWatch
from saved import (ENGINE_BOOT_MS, FAST, boot, hand, open_saved, play_one, play_to_end,
                   saved_record, start, status)
from settled import wait_settled


# Fills localStorage to its quota with filler keys (halving the chunk until even 8 characters
# do not fit); returns how many keys it wrote.
FILL = """() => {
    let chunk = 'x'.repeat(1 << 20), i = 0;
    while (chunk.length >= 8) {
        try { localStorage.setItem('filler' + i, chunk); i += 1; }
        catch (e) { chunk = chunk.slice(0, chunk.length >> 1); }
    }
    return i;
}"""
UNFILL = """() => { for (const k of Object.keys(localStorage)) if (k.startsWith('filler')) localStorage.removeItem(k); }"""


@pytest.fixture
def context(browser):
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


def new_page(context, init=FAST):
    page = context.new_page()
    page.watch = PageWatch(page)
    page.add_init_script(init)
    return page


def stored_games(page):
    """localStorage's saved games as stored (not as the tab holds them)."""
    return (json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.games')") or "null") or {"games": {}})


def reload(page):
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)


def table_shown(page):
    page.wait_for_selector("[data-zone='setup'][hidden]", state="attached", timeout=30_000)
    wait_settled(page)


# ------------------------------------------------------------------ 1. storage full

def test_storage_full_is_told_play_goes_on_and_the_game_is_written_once_there_is_room(context, base_url):
    # a large old backup: the page's own "delete" can make room
    backups = {"format": "kaffeehaus-backups/1",
               "backups": [{"key": "kaffeehaus.game", "reason": "old", "at": 1, "text": "b" * 400_000}]}
    page = new_page(context, FAST + "if (!sessionStorage.getItem('seeded')) { localStorage.setItem('kaffeehaus.backups', "
                    + json.dumps(json.dumps(backups)) + "); sessionStorage.setItem('seeded', '1'); }")
    boot(page, base_url)
    start(page, "bummerl", length="match", mode="ranked")
    play_one(page)
    before = saved_record(page)
    assert page.evaluate(FILL) > 0
    play_one(page)
    notice = page.locator("[data-notice='storage-full']")
    notice.wait_for(timeout=10_000)
    assert "storage" in notice.locator("[data-notice-text]").text_content()
    assert page.locator("[data-notice='other-tab']").count() == 0, "a full storage is not another tab"
    assert status(page) in ("your-turn", "deal-over")
    assert page.get_attribute("html", "data-storage") == "held"
    # the older position of this ranked game is not left in the storage to be played again
    assert before["id"] not in stored_games(page)["games"]
    play_one(page)                                # play goes on
    assert page.locator("[data-notice='other-tab']").count() == 0
    # a reload of the tab continues from the exact position the tab held
    shown = hand(page)
    reload(page)
    table_shown(page)
    assert hand(page) == shown
    # the page's offer frees the room: the held game is written
    page.locator("[data-notice='storage-full'] [data-ui='storage-free']").click()
    page.locator("[data-notice='storage-saved']").wait_for(timeout=10_000)
    assert page.get_attribute("html", "data-storage") == "ok"
    record = stored_games(page)["games"][before["id"]]
    assert record["rev"] > before["rev"]
    assert page.evaluate("() => localStorage.getItem('kaffeehaus.backups')") is None
    assert page.watch.errors == []


def test_a_ranked_deal_lost_while_the_storage_is_full_is_never_replayable(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start(page, "schnapsen", length="deal", mode="ranked")
    game_id = saved_record(page)["id"]
    page.evaluate(FILL)
    play_one(page)
    page.locator("[data-notice='storage-full']").wait_for(timeout=10_000)
    assert game_id not in stored_games(page)["games"], "the deal could be continued from its start"
    play_to_end(page)
    assert status(page) == "match-over"
    assert game_id not in stored_games(page)["games"], "the deal could be continued from its start"
    reload(page)                                  # the finished deal does not come back
    assert status(page) == "setup"
    assert page.locator("[data-ui='resume']").is_hidden()
    other = new_page(context)                     # nor in another tab
    boot(other, base_url)
    assert other.locator("[data-ui='resume']").is_hidden()
    assert other.locator("[data-ui='continue-game']").count() == 0
    # room again (the player cleared other data): the result is written, counted once
    page.evaluate(UNFILL)
    page.wait_for_selector("html[data-storage='ok']", state="attached", timeout=10_000)
    stored = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.games')"))
    assert game_id in stored["finished"]
    stats = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.stats')"))
    assert stats["entries"]["schnapsen|easy"]["deals"] == 1
    assert page.watch.errors == [] and other.watch.errors == []


# ------------------------------------------------------------------ 2. a failing engine check

# the engine's answer to from_json replaced by a failure of the engine itself (test only)
FAIL_CHECK = """
(() => {
    const send = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (message, ...rest) {
        const failure = window.__checkFailure;
        if (failure && message && message.cmd === 'from_json') {
            const worker = this;
            if (failure === 'worker-dies') {
                setTimeout(() => worker.onerror && worker.onerror({ message: 'simulated crash', preventDefault() {} }), 0);
            } else {
                setTimeout(() => worker.onmessage({ data: { id: message.id, error: {
                    type: failure, message: "'deals'", invalid: false, code: null, params: {} } } }), 0);
            }
            return undefined;
        }
        return send.call(this, message, ...rest);
    };
})();
"""


def games_file(*states):
    games = {}
    for i, state in enumerate(states):
        gid = f"game{i}"
        games[gid] = {"id": gid, "rev": 1, "owner": "x", "updated": 1000 + i, "state": state, "level": "easy",
                      "levelUsed": "easy", "aiSeed": 1, "mode": "ranked", "history": []}
    return json.dumps({"format": "kaffeehaus-games/1", "games": games, "finished": []})


@pytest.mark.parametrize("failure", ["KeyError", "MemoryError", "worker-dies"])
def test_an_engine_failing_during_the_check_keeps_every_saved_game(context, base_url, failure):
    text = games_file(api.new_match("bummerl", seed=4), api.new_deal("schnapsen", seed=5))
    page = new_page(context, FAST + FAIL_CHECK + f"window.__checkFailure = {json.dumps(failure)};"
                    + f"localStorage.setItem('kaffeehaus.games', {json.dumps(text)});")
    page.goto(base_url)
    notice = page.locator("[data-notice='save-unchecked']")
    notice.wait_for(timeout=ENGINE_BOOT_MS)
    assert "could not be checked" in notice.locator("[data-notice-text]").text_content()
    assert page.locator("[data-notice='save-damaged']").count() == 0
    assert sorted(stored_games(page)["games"]) == ["game0", "game1"]
    assert page.evaluate("() => localStorage.getItem('kaffeehaus.backups')") is None
    if failure != "worker-dies":                  # the engine still plays: the game continues
        page.click("[data-ui='resume']")
        table_shown(page)
        assert page.get_attribute("html", "data-playing") == "schnapsen"
    assert [e for e in page.watch.errors if "simulated crash" not in e] == []


def test_saves_the_engine_refuses_go_whole_to_the_backups_exported_from_settings(context, base_url):
    bad = [api.new_deal("schnapsen", seed=s) for s in (6, 7)]
    for state in bad:
        state["deals"][0]["deck"][1] = state["deals"][0]["deck"][0]   # a card twice: refused
    state = api.new_deal("schnapsen", seed=8)
    state["pad"] = "p" * 250_000              # a long save is kept whole, never cut
    bad.append(state)
    bad[2]["deals"][0]["deck"][1] = bad[2]["deals"][0]["deck"][0]
    good = api.new_match("bummerl", seed=9)
    text = games_file(*bad, good)
    page = new_page(context, FAST + "if (!sessionStorage.getItem('seeded')) { localStorage.setItem('kaffeehaus.games', "
                    + json.dumps(text) + "); sessionStorage.setItem('seeded', '1'); }")
    boot(page, base_url)
    page.locator("[data-notice='save-damaged']").wait_for(timeout=10_000)
    assert sorted(stored_games(page)["games"]) == ["game3"]
    backups = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.backups')"))["backups"]
    assert len(backups) == 3
    assert sorted(json.loads(b["text"])["id"] for b in backups) == ["game0", "game1", "game2"]
    assert max(len(b["text"]) for b in backups) > 250_000
    page.click("[data-ui='settings']")
    assert "3" in page.text_content("[data-backups-note]")
    with page.expect_download() as download:
        page.click("[data-ui='backups-export']")
    exported = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert [b["text"] for b in exported["backups"]] == [b["text"] for b in backups]
    assert page.watch.errors == []


# ------------------------------------------------------------------ 3. New game in a match

def test_new_game_in_a_match_asks_and_keeps_the_match(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start(page, "bummerl", length="match")
    play_one(page)
    match = saved_record(page)
    shown = hand(page)
    page.click("header [data-ui='new-game']")
    dialog = page.locator("dialog[data-dialog='leave']")
    dialog.wait_for(timeout=5_000)
    text = dialog.locator("[data-leave-text]").text_content()
    assert "Bummerl" in text and "deal 1" in text
    page.click("[data-ui='leave-keep']")           # keep playing: nothing changed
    assert status(page) == "your-turn" and hand(page) == shown
    page.click("header [data-ui='new-game']")
    page.click("[data-ui='leave-new']")
    start(page, "schnapsen", length="deal")
    games = stored_games(page)["games"]
    assert match["id"] in games and games[match["id"]]["state"] == match["state"], "the match was discarded"
    # the set-up lists it: one tap puts it back at its position
    page.click("header [data-ui='new-game']")
    page.click("[data-ui='leave-new']")
    page.click(f"[data-ui='continue-game'][data-game-id='{match['id']}']")
    table_shown(page)
    assert page.get_attribute("html", "data-playing") == "bummerl" and hand(page) == shown
    # abandoning it is the player's explicit choice
    page.click("header [data-ui='new-game']")
    page.click("[data-ui='leave-abandon']")
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=5_000)
    assert match["id"] not in stored_games(page)["games"]
    assert page.watch.errors == []


# ------------------------------------------------------------------ 4. reloads

def test_a_reload_at_any_moment_puts_the_game_back_on_the_table(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start(page, "bummerl", length="match")
    for moves in (0, 1, 3):                          # at the start, after one move, later
        for _ in range(moves):
            if status(page) == "your-turn":
                play_one(page)
        position = (status(page), hand(page), saved_record(page)["rev"])
        reload(page)
        table_shown(page)
        assert (status(page), hand(page), saved_record(page)["rev"]) == position
    play_to_end(page)                                # the end of a deal
    assert status(page) == "deal-over"
    reload(page)
    table_shown(page)
    assert status(page) == "deal-over"
    assert page.locator("[data-zone='actions'] button[data-action='next']").count() == 1
    # reopening the site (a new tab, no reload): one tap
    other = new_page(context)
    boot(other, base_url)
    assert status(other) == "setup"
    other.click("[data-ui='resume']")
    table_shown(other)
    assert status(other) == "deal-over"
    assert page.watch.errors == [] and other.watch.errors == []


def test_a_reload_after_the_last_deal_does_not_bring_it_back(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start(page, "schnapsen", length="deal", mode="ranked")
    play_to_end(page)
    assert status(page) == "match-over"
    reload(page)
    assert status(page) == "setup"
    assert page.locator("[data-ui='resume']").is_hidden()
    stats = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.stats')"))
    assert stats["entries"]["schnapsen|easy"]["deals"] == 1
    assert page.watch.errors == []


# ------------------------------------------------------------------ 5. strict claim

def strict_claim_position(wins):
    """schnapsen-strict, seat 0 to act with claim legal; `wins`: a claim now would win."""
    for seed in range(800):
        rng = random.Random(seed)
        state = api.new_deal("schnapsen-strict", seed=seed)
        while api.to_move(state) is not None:
            legal = api.legal_actions(state)
            if api.to_move(state) == 0 and "claim" in legal:
                if api.observation(state, 0)["claim_wins"] == wins:
                    return state
            state = api.apply(state, rng.choice([a for a in legal if a != "claim"]))
    raise AssertionError("no position found")


@pytest.mark.parametrize("wins", [False, True])
def test_strict_claim_asks_without_revealing_the_points_SV3(page, base_url, wins):
    state = strict_claim_position(wins)
    open_saved(page, base_url, state, settings={"speed": "off"})
    assert status(page) == "your-turn"
    claim = page.locator("[data-zone='actions'] button[data-action='claim']")
    assert "primary" not in (claim.get_attribute("class") or ""), "the button's look tells whether it wins"
    claim.click()
    dialog = page.locator("dialog[data-dialog='claim']")
    dialog.wait_for(timeout=5_000)
    text = dialog.locator("[data-claim-text]").text_content()
    assert text == "Claim 66? If you have fewer than 66 you lose the deal."
    points = api.observation(state, 0)["points"][0]
    assert str(points) not in text
    page.click("[data-ui='claim-keep']")           # a stray tap costs nothing
    assert status(page) == "your-turn"
    assert saved_record(page)["state"] == state
    claim.click()
    page.click("[data-ui='claim-confirm']")
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    assert api.deal_result(api.apply(state, "claim"))["winner"] == (0 if wins else 1)
    assert page.watch.errors == []


# ------------------------------------------------------------------ 6. a tab that only looks

def test_a_tab_that_only_looks_does_not_stop_the_one_playing(context, base_url):
    a = new_page(context)
    boot(a, base_url)
    start(a, "bummerl", length="match")
    play_one(a)
    assert status(a) == "your-turn"
    rev = saved_record(a)["rev"]
    b = new_page(context)
    boot(b, base_url)
    b.click("[data-ui='resume']")                  # B only looks at it
    wait_settled(b)
    assert hand(b) == hand(a)
    assert saved_record(b)["rev"] == rev, "looking wrote the game"
    a.wait_for_timeout(500)
    assert a.locator("[data-notice='other-tab']").count() == 0
    play_one(a)                                    # A plays on; B, left behind, is told
    assert a.locator("[data-notice='other-tab']").count() == 0
    b.locator("[data-notice='other-tab']").wait_for(timeout=10_000)
    assert "continued in another tab" in b.text_content("[data-notice='other-tab']")
    assert a.watch.errors == [] and b.watch.errors == []


def test_a_game_finished_in_another_tab_is_said_to_be_over(context, base_url):
    a = new_page(context)
    boot(a, base_url)
    start(a, "schnapsen", length="deal")
    b = new_page(context)
    boot(b, base_url)
    b.click("[data-ui='resume']")                  # B looks, A plays the deal to its end
    wait_settled(b)
    play_to_end(a)
    assert status(a) == "match-over"
    assert a.locator("[data-notice='other-tab']").count() == 0
    notice = b.locator("[data-notice='other-tab']")
    notice.wait_for(timeout=10_000)
    assert "finished in another tab" in notice.text_content()
    assert notice.locator("[data-ui='take-over']").count() == 0
    assert "goes on" not in notice.text_content() and "continued" not in notice.text_content()
    assert a.watch.errors == [] and b.watch.errors == []
