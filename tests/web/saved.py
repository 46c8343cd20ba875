"""The saved game as the page keeps it (web/saving/games.js: localStorage["kaffeehaus.games"], one
record per game, newest first), for the browser tests."""
from __future__ import annotations

import json

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from settled import wait_settled

# JS: the newest saved game record as JSON text, or null
NEWEST_JS = """() => {
    const file = JSON.parse(localStorage.getItem('kaffeehaus.games') || 'null');
    if (!file || !file.games) return null;
    const games = Object.values(file.games).sort((a, b) => b.updated - a.updated);
    return games.length ? JSON.stringify(games[0]) : null;
}"""


def saved_record(page):
    """The newest saved game {id, rev, state, level, levelUsed, aiSeed, mode, history}, or None."""
    text = page.evaluate(NEWEST_JS)
    return json.loads(text) if text else None


def saved_state(page):
    record = saved_record(page)
    return record["state"] if record else None


def saved_count(page):
    return page.evaluate("() => Object.keys((JSON.parse(localStorage.getItem('kaffeehaus.games') || 'null') || {games: {}}).games).length")


# Playing at the table as a player would (shared by the offline/links and storage/tabs tests).


def status(page):
    return page.get_attribute("[data-status]", "data-status")


def play_one(page, prefer=None):
    """The player's next move: the action `prefer` names when its button is there, else the
    first playable card, else an action button, a claim last (chosen only once the table has
    settled: a half-drawn hand would leave only, say, a claim)."""
    wait_settled(page)
    page.wait_for_selector("[data-zone='hand'] button[data-card]:enabled, "
                           "[data-zone='actions'] button[data-action]:enabled", timeout=30_000)
    card = page.locator("[data-zone='hand'] button[data-card]:enabled")
    preferred = prefer and page.locator(f"[data-zone='actions'] button[data-action='{prefer}']:enabled")
    if preferred and preferred.count():
        target = preferred.first
    else:
        if not card.count():
            # The claim button can be enabled a moment before the hand's cards are (a false
            # claim ends the deal): give the cards a moment; a turn with no card falls through.
            try:
                card.first.wait_for(state="visible", timeout=15_000)
            except PlaywrightTimeout:
                pass
        target = card.first if card.count() else _action_button(page)
    target.click()
    wait_settled(page)


def play_on(page, begin, moves=1):
    """`moves` moves of the player in one deal, the player then to move again in that deal. The
    computer can end a deal right after a move of the player (two marriages of its own, 40 and
    20, and the first trick: 66 claimed, SV-3; about one deal in 300), so such a deal gives way to
    another: a match's next deal, or the new game `begin()` starts from the set-up."""
    for _ in range(5):
        for _ in range(moves):
            play_one(page)
            if status(page) != "your-turn":
                break
        else:
            return
        if status(page) == "deal-over":
            page.click("[data-zone='actions'] button[data-action='next']")
        else:
            page.click("[data-zone='actions'] [data-ui='new-game']")
            page.wait_for_selector("[data-zone='setup']:not([hidden])")
            begin()
        wait_settled(page)
    raise AssertionError("five deals in a row ended before the player's moves were played")


def _action_button(page):
    """An enabled action button, a claim last (a false one ends the deal the caller moves on)."""
    buttons = "[data-zone='actions'] button[data-action]:enabled"
    others = page.locator(buttons + ":not([data-action='claim'])")
    return (others if others.count() else page.locator(buttons)).first


def play_to_end(page, limit=40):
    for _ in range(limit):
        if status(page) in ("match-over", "deal-over"):
            return
        assert status(page) == "your-turn", page.text_content("[data-status]")
        play_one(page)
    raise AssertionError("the deal did not end")


# A chosen position on the table: a saved game the page resumes (the older single-game key,
# which web/saving/games.js takes over), with the given settings (web/saving/storage.js) and language.
ENGINE_BOOT_MS = 60_000


def open_saved(page, base_url, state, settings, *, language=None, settle=True, init="", mode="ranked"):
    """Open the page with `state` saved and resume it; `init`: more script run before the page;
    `mode`: "ranked" or "practice"."""
    saved = {"state": state, "level": "easy", "levelUsed": "easy", "aiSeed": 1, "mode": mode}
    script = (f"localStorage.setItem('kaffeehaus.game', {json.dumps(json.dumps(saved))});"
              f"localStorage.setItem('kaffeehaus.settings', {json.dumps(json.dumps(settings))});")
    if language:
        script += f"localStorage.setItem('kaffeehaus.language', {json.dumps(language)});"
    page.add_init_script(script + init)
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.click("[data-ui='resume']")
    if settle:
        wait_settled(page, 20_000)


# Two tabs of one browser context and a fresh boot (the storage/tabs and nothing-lost tests).
FAST = "localStorage.setItem('kaffeehaus.settings', JSON.stringify({speed: 'off'}));"


def boot(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("html[data-daily='ready']", state="attached", timeout=10_000)


def start(page, profile="schnapsen", length="deal", mode="ranked"):
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=10_000)
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='level']", "easy")
    page.select_option("[data-setup='length']", length)
    page.select_option("[data-setup='mode']", mode)
    page.click("[data-action='start']")
    wait_settled(page)


def hand(page):
    return sorted(page.eval_on_selector_all("[data-zone='hand'] button[data-card]",
                                            "e => e.map(b => b.dataset.card)"))


def new_game(page):
    """The top bar's New game: when the game on the table is not over the page asks first
    (web/leaving.js); this keeps it saved and goes to the set-up screen."""
    page.click("header [data-ui='new-game']")
    if page.locator("dialog[data-dialog='leave'][open]").count():
        page.click("[data-ui='leave-new']")
