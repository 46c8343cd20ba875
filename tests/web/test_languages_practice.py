"""Languages, practice mode (hint, undo, the expert's review), statistics, sound and a deal
played with the keyboard alone, in Chromium on the built site (web/lang.js, practice.js,
stats.js, sound.js; hooks in docs/UI-HOOKS.md). Waits are on the page's hooks, never sleeps.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from kaffeehaus import api
from rules_text import page_text, render

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "fr", "de", "cs", "pt"]
STRINGS = {lang: json.loads((ROOT / f"web/i18n/{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
RULES = {lang: json.loads((ROOT / f"web/rules/{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
PROFILES = [p["id"] for p in api.profiles()]
SETTLED = "html[data-busy='false']"
ENGINE_BOOT_MS = 60_000
# A key shown instead of its text looks like "status.pickGame" or "setup.mode.ranked".
RAW_KEY = re.compile(r"\b[a-z][A-Za-z]*(?:\.[A-Za-z0-9_-]+)+\b")
LOCALES = {"en": "en-GB", "fr": "fr-FR", "de": "de-AT", "cs": "cs-CZ", "pt": "pt-BR"}


def make_context(browser, locale="en-GB"):
    return browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800}, locale=locale)


def watched(context):
    page = context.new_page()
    errors = []
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    return page


@pytest.fixture
def context(browser):
    ctx = make_context(browser)
    yield ctx
    ctx.close()


def open_page(page, base_url):
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    return page


@pytest.fixture
def table(page, base_url):
    return open_page(page, base_url)


def settle(page, timeout=30_000):
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout)
    status = page.get_attribute("[data-status]", "data-status")
    assert status in ("your-turn", "deal-over", "match-over"), (status, page.text_content("[data-status]"))
    return status


def start(page, profile="bummerl", *, length="match", mode="ranked", level="easy"):
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='level']", level)
    page.select_option("[data-setup='length']", length)
    page.select_option("[data-setup='mode']", mode)
    page.click("[data-action='start']")
    return settle(page)


from saved import new_game, saved_state  # noqa: E402  (the newest saved game, web/games.js; New game)


def hand(page):
    return page.eval_on_selector_all("[data-zone='hand'] button[data-card]", "els => els.map(e => e.dataset.card)")


def play_card(page, rng):
    cards = page.eval_on_selector_all("[data-zone='hand'] button[data-card]:enabled", "els => els.map(e => e.dataset.card)")
    card = rng.choice(cards)
    page.click(f"[data-zone='hand'] button[data-card='{card}']")
    return card


def play_to_deal_end(page, rng, status):
    moves = 0
    while status == "your-turn":
        play_card(page, rng)
        moves += 1
        status = settle(page)
    return status, moves


def raw_keys(page):
    """Key-like words in the visible text and in the labels of visible elements."""
    texts = page.evaluate("""() => {
        const out = [document.body.innerText, document.title];
        for (const el of document.querySelectorAll('[aria-label], [title]')) {
            if (el.closest('[hidden]') || !el.getClientRects().length) continue;
            out.push(el.getAttribute('aria-label') || '', el.getAttribute('title') || '');
        }
        return out;
    }""")
    return sorted({m for text in texts for m in RAW_KEY.findall(text)})


def check_no_raw_keys(page, where):
    found = raw_keys(page)
    assert not found, f"{where}: raw keys on screen: {found}"


def turn_texts(lang):
    s = STRINGS[lang]
    return {s["status.yourTurnLead"], s["status.yourTurnAnswer"], s["status.afterMarriage"]}


# --- languages --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_each_language_renders_the_table_and_every_rules_page(browser, base_url, lang):
    ctx = make_context(browser, LOCALES[lang])   # first visit: the browser's language is chosen
    try:
        page = open_page(watched(ctx), base_url)
        assert page.get_attribute("html", "lang") == lang
        assert page.get_attribute("html", "data-language") == lang
        assert page.text_content("[data-status]") == STRINGS[lang]["status.pickGame"]
        check_no_raw_keys(page, f"{lang} set-up")
        status = start(page, "bummerl")
        if status == "your-turn":
            assert page.text_content("[data-status]") in turn_texts(lang)
        check_no_raw_keys(page, f"{lang} table")
        page.click("[data-ui='settings']")
        assert page.input_value("select[data-language]") == lang
        check_no_raw_keys(page, f"{lang} settings")
        page.keyboard.press("Escape")
        page.click("[data-ui='rules']")
        rules = page.locator("[data-rules-page]")
        page.wait_for_selector("[data-rules-page][data-rules-shown='bummerl'][data-rules-state='ready']")
        # the engine's description of each profile (the game on the table with its options),
        # written by web/rulebook.js with this language's templates
        on_table = saved_state(page)["options"]
        expected_pages = render([(api.rules(p, on_table if p == "bummerl" else {}), lang) for p in PROFILES])
        for profile, expected in zip(PROFILES, expected_pages):
            page.select_option("[data-rules-profile]", profile)
            page.wait_for_selector(
                f"[data-rules-page][data-rules-shown='{profile}'][data-rules-lang='{lang}'][data-rules-state='ready']")
            title, headings, paragraphs = page_text(expected["page"])
            assert rules.locator("[data-rules-title]").text_content() == title
            assert rules.locator("[data-rules-body] h4").all_text_contents() == headings
            assert rules.locator("[data-rules-body] p").all_text_contents() == paragraphs
            check_no_raw_keys(page, f"{lang} rules {profile}")
        page.keyboard.press("Escape")
        page.click("[data-ui='stats']")
        check_no_raw_keys(page, f"{lang} statistics")
        assert page.errors == []
    finally:
        ctx.close()


def test_rules_text_is_never_markup(table):
    """The rules page goes in as text: no element is created from its strings."""
    page = table
    page.click("[data-ui='rules']")
    page.wait_for_selector("[data-rules-page][data-rules-state='ready']")
    tags = page.eval_on_selector_all("[data-rules-body] *", "els => [...new Set(els.map(e => e.tagName))]")
    assert set(tags) <= {"H4", "P"}


def test_switching_language_redraws_everything_and_is_remembered(browser, base_url):
    ctx = make_context(browser, "en-US")
    try:
        page = open_page(watched(ctx), base_url)
        assert page.get_attribute("html", "lang") == "en"
        status = start(page, "bummerl")
        assert status == "your-turn" or status == "deal-over"
        card = hand(page)[0]
        page.click("[data-ui='settings']")
        page.select_option("select[data-language]", "de")
        page.wait_for_selector("html[data-language='de']", state="attached")
        de = STRINGS["de"]
        assert page.get_attribute("html", "lang") == "de"
        # static strings, the dialog that is open, the table, the status line
        assert page.text_content("[data-ui='settings']") == de["action.settings"]
        assert page.text_content("#settings-title") == de["settings.title"]
        label = page.get_attribute(f"[data-zone='hand'] button[data-card='{card}']", "aria-label")
        rank = de[f"rank.french.{card[0]}"]
        assert rank in label, label
        if status == "your-turn":
            assert page.text_content("[data-status]") in turn_texts("de")
        assert page.text_content("[data-opponent-label]").startswith(de["seat.opponent"])
        page.keyboard.press("Escape")
        check_no_raw_keys(page, "after the switch")
        # the set-up screen too (its level names are built by script)
        new_game(page)
        levels = page.eval_on_selector_all("[data-setup='level'] option", "els => els.map(e => e.textContent)")
        assert levels == [de[f"level.{v}"] for v in ("expert", "hard", "medium", "easy")]
        assert page.text_content("[data-setup='mode'] option[value='practice']") == de["setup.mode.practice"]
        # remembered across a reload, whatever the browser says
        page.reload()
        page.wait_for_selector("html[data-table='drawn']", state="attached")
        assert page.get_attribute("html", "lang") == "de"
        assert page.text_content("[data-ui='rules']") == de["action.rules"]
        assert page.evaluate("() => localStorage.getItem('kaffeehaus.language')") == "de"
        assert page.errors == []
    finally:
        ctx.close()


def switch_language(page, lang):
    """Pick `lang` as the player does, by script: the picker sits in the settings dialog."""
    page.evaluate("""(lang) => {
        const select = document.querySelector('select[data-language]');
        select.value = lang; select.dispatchEvent(new Event('change'));
    }""", lang)
    page.wait_for_selector(f"html[data-language='{lang}']", state="attached")


def test_open_rules_page_follows_a_language_switch(table):
    page = table
    page.click("[data-profile='schneider']")
    page.click("[data-ui='rules']")
    page.wait_for_selector("[data-rules-page][data-rules-shown='schneider'][data-rules-lang='en']")
    switch_language(page, "cs")
    page.wait_for_selector("[data-rules-page][data-rules-shown='schneider'][data-rules-lang='cs'][data-rules-state='ready']")
    assert page.text_content("[data-rules-title]") == RULES["cs"]["title"]["schneider"]
    assert page.text_content("[data-rules-page] label span") == STRINGS["cs"]["rules.profile"]


# --- practice: hint, undo, review ---------------------------------------------------------------

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


# --- statistics ---------------------------------------------------------------------------------

def stats(page):
    return json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.stats')") or "null")


def test_statistics_count_a_ranked_deal_export_and_reset(table):
    page = table
    page.click("[data-ui='stats']")
    page.wait_for_selector("[data-stats-empty]")
    page.keyboard.press("Escape")
    # a practice deal is not counted
    status = start(page, "schneider", length="deal", mode="practice")
    status, _ = play_to_deal_end(page, random.Random(2), status)
    assert status == "match-over"
    assert stats(page) is None
    new_game(page)
    status = start(page, "bummerl", length="deal", mode="ranked", level="easy")
    status, _ = play_to_deal_end(page, random.Random(4), status)
    assert status == "match-over"
    entry = stats(page)["entries"]["bummerl|easy"]
    text = page.text_content("[data-status]")
    win = STRINGS["en"].get("status.youWinDeal") or STRINGS["en"]["status.youWinDeal.other"]   # or plural forms
    won = win.split(":")[0] in text
    assert entry["deals"] == 1
    assert (entry["dealsWon"], entry["dealsLost"]) == ((1, 0) if won else (0, 1))
    assert entry["pointsWon" if won else "pointsLost"] >= 1
    assert entry["streak"] == (1 if won else 0) and entry["bestStreak"] == entry["streak"]
    page.click("[data-ui='stats']")
    shown = page.text_content("[data-stats-entry='bummerl|easy'] [data-stat='deals']")
    assert shown == f"{entry['dealsWon']} – {entry['dealsLost']}"
    assert page.locator("[data-stats-entry='bummerl|easy'] [data-stat='bummerls']").count() == 1
    with page.expect_download() as info:
        page.click("[data-ui='stats-export']")
    download = info.value
    exported = json.loads(Path(download.path()).read_text())
    assert exported["entries"] == stats(page)["entries"]
    assert download.suggested_filename.endswith(".json")
    # reset asks first; "keep" keeps
    page.click("[data-ui='stats-reset']")
    assert page.is_visible("[data-stats-confirm]")
    page.click("[data-ui='stats-reset-no']")
    assert stats(page)["entries"]
    page.click("[data-ui='stats-reset']")
    page.click("[data-ui='stats-reset-yes']")
    page.wait_for_selector("[data-stats-empty]")
    assert stats(page) is None
    assert page.locator("[data-stats-entry]").count() == 0
    assert page.watch.errors == []


# --- sound -------------------------------------------------------------------------------------

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


# --- keyboard only ------------------------------------------------------------------------------

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


# --- static: every key the new modules use exists ----------------------------------------------

def test_keys_used_by_the_new_modules_exist():
    scripts = ["lang.js", "practice.js", "stats.js", "sound.js", "table/dialogs.js", "table/view.js"]
    keys = set()
    for name in scripts:
        source = (ROOT / "web" / name).read_text()
        keys |= set(re.findall(r'\bt\("([^"]+)"', source))
        keys |= set(re.findall(r'\blabel\("[a-z0-9]+", "([^"]+)"', source))
        keys |= set(re.findall(r'\bbutton\("[a-z-]+", "([^"]+)"', source))
    keys |= {f"setup.mode.{m}" for m in ("ranked", "practice")} | {f"language.{lang}" for lang in LANGS}
    assert len(keys) > 40
    for lang in LANGS:
        missing = sorted(k for k in keys if k not in STRINGS[lang] and f"{k}.other" not in STRINGS[lang])
        assert not missing, (lang, missing)


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


def random_bummerl(seed, rng):
    """A whole Bummerl of random legal play: [previous, next] observations of seat 0 per action."""
    state = api.new_match("bummerl", seed=seed)
    steps = []
    prev = api.observation(state, 0)
    while not (prev["match"] and prev["match"]["over"]):
        state = api.apply(state, rng.choice(api.legal_actions(state)))
        obs = api.observation(state, 0)
        steps.append([prev, obs])
        prev = obs
    return steps


def test_statistics_count_matches_bummerls_and_streaks(table):
    """recordStats (web/stats.js) on the engine's own observations of a Bummerl played to its end."""
    page = table
    steps = random_bummerl(7, random.Random(7))
    entry = page.evaluate("""async (steps) => {
        const src = document.querySelector('script[type=module]').src;
        const { countDeal, emptyStats } = await import(new URL('stats-data.js', src).href);
        const data = emptyStats();
        for (const [prev, obs] of steps) countDeal(data, { prev, obs, level: 'hard' });
        countDeal(data, { prev: null, obs: steps[steps.length - 1][1], level: 'hard' });   // a game shown again: not counted
        countDeal(data, { prev: steps[steps.length - 1][1], obs: steps[steps.length - 1][1], level: 'hard' });
        return data.entries['bummerl|hard'];
    }""", steps)
    final = steps[-1][1]["match"]
    sheet = final["sheet"]
    assert entry["deals"] == len(sheet) == final["deals_played"]
    assert entry["dealsWon"] == sum(1 for d in sheet if d["winner"] == 0)
    assert entry["dealsLost"] == sum(1 for d in sheet if d["winner"] == 1)
    assert entry["pointsWon"] == sum(d["game_points"] for d in sheet if d["winner"] == 0)
    assert entry["pointsLost"] == sum(d["game_points"] for d in sheet if d["winner"] == 1)
    assert (entry["matches"], entry["matchesWon"], entry["matchesLost"]) == (
        1, int(final["winner"] == 0), int(final["winner"] == 1))
    assert (entry["bummerlsWon"], entry["bummerlsLost"]) == tuple(final["bummerls"])
    runs, run = [], 0
    for d in sheet:
        run = run + 1 if d["winner"] == 0 else 0
        runs.append(run)
    assert entry["streak"] == runs[-1] and entry["bestStreak"] == max(runs)


def test_statistics_count_matches_won_in_a_row(table):
    """matchStreak / bestMatchStreak over several whole Bummerls, and the dialog shows them."""
    page = table
    steps, winners = [], []
    for seed in range(6):
        match = random_bummerl(100 + seed, random.Random(seed))
        steps += match
        winners.append(match[-1][1]["match"]["winner"])
    entry = page.evaluate("""async (steps) => {
        const src = document.querySelector('script[type=module]').src;
        const { countDeal, emptyStats } = await import(new URL('stats-data.js', src).href);
        const data = emptyStats();
        for (const [prev, obs] of steps) countDeal(data, { prev, obs, level: 'easy' });
        localStorage.setItem('kaffeehaus.stats', JSON.stringify(data));   // what the dialog shows
        return data.entries['bummerl|easy'];
    }""", steps)
    runs, run = [], 0
    for w in winners:
        run = run + 1 if w == 0 else 0
        runs.append(run)
    assert 0 < max(runs) < len(winners), winners  # the data exercises a run and its end
    assert entry["matches"] == len(winners)
    assert entry["matchStreak"] == runs[-1] and entry["bestMatchStreak"] == max(runs)
    page.click("[data-ui='stats']")
    shown = page.text_content("[data-stats-entry='bummerl|easy'] [data-stat='matchStreak']")
    assert shown == f"{runs[-1]} / {max(runs)}"


def test_a_notice_on_screen_follows_a_language_switch(browser, base_url):
    """A notice already shown (here: a share link that could not be opened) is written again in
    the new language, its buttons too (web/notices.js)."""
    ctx = make_context(browser, "en-US")
    try:
        page = watched(ctx)
        page.goto(base_url + "#s=")
        page.wait_for_selector("[data-notice='link-error']")
        en, cs = STRINGS["en"], STRINGS["cs"]
        notice = "[data-notice='link-error']"
        assert page.text_content(f"{notice} [data-notice-text]") == en["link.error"].replace(
            "{reason}", en["error.link_empty"].rstrip(". "))
        switch_language(page, "cs")
        assert page.text_content(f"{notice} [data-notice-text]") == cs["link.error"].replace(
            "{reason}", cs["error.link_empty"].rstrip(". "))
        assert page.text_content(f"{notice} [data-ui='dismiss-notice']") == cs["notice.dismiss"]
        assert page.errors == []
    finally:
        ctx.close()


def test_a_link_the_engine_refuses_is_explained_in_the_page_language(browser, base_url):
    """The engine refuses a damaged link with a keyword (link_damaged); the notice says it in
    French, with none of the engine's English sentence in it."""
    ctx = make_context(browser, "fr-FR")
    try:
        page = watched(ctx)
        page.goto(base_url + "#s=@@not*base64@@")
        page.wait_for_selector("[data-notice='link-error']")
        fr = STRINGS["fr"]
        text = page.text_content("[data-notice='link-error'] [data-notice-text]")
        assert text == fr["link.error"].replace("{reason}", fr["error.link_damaged"].rstrip(". ")), text
        assert "base64" not in text
        assert page.errors == []
    finally:
        ctx.close()
