"""Share links, replays and the deal of the day (docs/OFFLINE-LINKS.md), in Chromium on the
built site under its CSP.

- Malformed and hostile share links: each gets its message, the table works, and no injected
  markup or script runs.
- A share link opens the same deal in a fresh browser context, and a replay link the same moves;
  the Web Share API or the clipboard gets the link; a link never silently replaces a saved game.
- The deal of the day is api.deal_of_the_day(profile, local date), and its result is shared.
- Share and replay follow a language switch, and the share button fits a phone in every
  language; every string of these modules exists in English.

(About 400 lines, one module: the share, replay and daily links are one feature (web/links.js):
they share the link builders and the table of damaged links.)
"""
from __future__ import annotations

import base64
import json
import re
from urllib.parse import quote

import pytest

from kaffeehaus import api
import kaffeehaus_build as build  # build.py, loaded by conftest.py

from table_page import (FAST, assert_no_injection, assert_table_works, boot, start_deal,
                        table_position, watched)
from saved import NEWEST_JS, saved_record as saved  # the newest saved game, web/saving/games.js
from saved import play_one, play_to_end, status
from settled import wait_settled


# --------------------------------------------------------------------------- share links

def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _raw(token: str) -> bytes:
    return base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))


def _valid_token(with_moves=False):
    state = api.new_deal("schnapsen", seed=21)
    if with_moves:
        for _ in range(3):
            state = api.apply(state, api.legal_actions(state)[0])
    return api.share_link(state)


def _illegal_moves_token():
    state = api.new_deal("schnapsen", seed=21)
    raw = _raw(api.share_link(state, with_actions=False))
    seat = api.to_move(state)
    not_to_move = api.observation(state, 1 - seat)["hand"][0]
    deck = api.open_link(api.share_link(state))["deals"][0]["deck"]
    # the canonical index of that card: the token stores deck positions by canonical index
    size = raw[5]
    index = {card: raw[6 + i] for i, card in enumerate(deck[:size])}
    return _b64(raw + bytes([index[not_to_move]]))


HOSTILE = "<script>window.__pwned=1</script>"
IMG = "<img src=x onerror=window.__pwned=1>"


def _bad_links():
    good = _valid_token()
    raw = _raw(good)
    return {
        # each: (URL tail, a phrase of the message)
        "bad-base64": ("#s=@@not*base64@@", "it is damaged"),
        "truncated": ("#s=" + good[:4], "cut short"),
        "truncated-deck": ("#s=" + good[:20], "cut short"),
        "wrong-version": ("#s=" + _b64(bytes([9]) + raw[1:]), "another version"),
        "unknown-profile": ("#s=" + _b64(raw[:1] + bytes([77]) + raw[2:]), "a game this page does not know"),
        "unknown-option": ("#s=" + _b64(raw[:2] + bytes([0x80]) + raw[3:]), "options this page does not know"),
        "illegal-moves": ("#s=" + _illegal_moves_token(), "is not allowed"),
        "not-a-move": ("#s=" + _b64(raw + bytes([0xEE])), "is not a move"),
        "too-long": ("#s=" + "A" * 1200, "too long"),
        "empty": ("#s=", "holds no deal"),
        "script-token": ("#s=" + quote(HOSTILE), "it is damaged"),
        "img-token": ("#s=" + quote(IMG), "it is damaged"),
        "raw-script-token": ("#s=" + HOSTILE, "it is damaged"),
        "script-level": (f"#s={good}&lv=" + quote(HOSTILE), "unknown opponent"),
        "script-day": (f"#s={good}&day=" + quote(IMG), "not a date"),
        "bad-day": (f"#s={good}&day=2026-13-45", "not a date"),
        "impossible-day": (f"#s={good}&day=2026-02-30", "not a date"),
        "script-query": ("?deal=" + quote(HOSTILE), "it is damaged"),
        "script-query-level": (f"?deal={good}&lv=" + quote(IMG), "unknown opponent"),
    }


@pytest.mark.parametrize("kind", list(_bad_links()))
def test_a_bad_share_link_gets_its_message_and_a_working_table(page, base_url, kind):
    tail, phrase = _bad_links()[kind]
    page.add_init_script(f"localStorage.setItem('kaffeehaus.settings', {FAST});")
    boot(page, base_url + tail)
    notice = page.locator("[data-notice='link-error']")
    notice.wait_for(timeout=10_000)
    assert page.get_attribute("html", "data-link") == "error"
    message = notice.locator("[data-notice-text]").text_content()
    assert message.startswith("This link could not be opened: ") and phrase in message, message
    # the link is gone from the address bar: a reload starts normally
    assert "#" not in page.url and "?" not in page.url
    assert_table_works(page)
    assert_no_injection(page)


def test_hostile_markup_in_other_places_of_the_url_is_inert(page, base_url):
    """Unknown parameters (names and values) and the path's query are ignored: the link opens."""
    good = _valid_token()
    tail = f"?{quote(HOSTILE)}={quote(IMG)}#{quote(IMG)}=1&s={good}&x={quote(HOSTILE)}"
    boot(page, base_url + tail)
    page.wait_for_selector("html[data-link='opened']", state="attached", timeout=30_000)
    wait_settled(page)
    assert_no_injection(page)


def _share_url(page, with_moves):
    page.click("[data-ui='share']")
    dialog = page.locator("dialog[data-dialog='share']")
    dialog.wait_for()
    box = dialog.locator("[data-share-moves]")
    if box.is_checked() != with_moves:
        box.click()
    page.wait_for_selector("dialog[data-dialog='share'][data-ready='true']", timeout=10_000)
    url = dialog.locator("[data-share-url]").input_value()
    return url


def test_a_share_link_opens_the_same_deal_in_a_fresh_context(browser, base_url):
    first = browser.new_context()
    first.grant_permissions(["clipboard-read", "clipboard-write"], origin=base_url.rstrip("/"))
    second = browser.new_context()
    try:
        a = watched(first)
        boot(a, base_url)
        start_deal(a, "bummerl", level="medium")
        start_state = saved(a)["state"]
        hand_at_start = table_position(a)["hand"]
        play_one(a)
        url = _share_url(a, with_moves=False)
        assert re.fullmatch(re.escape(base_url) + r"#s=[A-Za-z0-9_-]+&lv=medium", url), url
        a.click("[data-ui='copy-link']")
        a.wait_for_selector("[data-share-status]:has-text('Link copied')")
        assert a.evaluate("() => navigator.clipboard.readText()") == url
        assert a.watch.errors == []

        b = watched(second)
        boot(b, url)
        b.wait_for_selector("html[data-link='opened']", state="attached", timeout=30_000)
        wait_settled(b)
        assert b.locator("[data-notice='link-opened']").is_visible()
        mine = saved(b)
        # the same deck, dealer and options: the same deal, from its start, vs the same level
        assert mine["state"]["deals"][0]["deck"] == start_state["deals"][0]["deck"]
        assert mine["state"]["deals"][0]["dealer"] == start_state["deals"][0]["dealer"]
        assert mine["state"]["options"] == start_state["options"]
        assert mine["level"] == "medium"
        # from its start: nothing played yet but the computer's opening (when it leads)
        assert all(p == 1 for p, _ in api.observation(mine["state"], 0)["actions"])
        # no trick is complete before the player's first card: the same hand as the sharer had
        assert table_position(b)["hand"] == hand_at_start
        play_to_end(b)
        assert b.watch.errors == []
    finally:
        first.close()
        second.close()


def test_the_web_share_api_gets_the_link_where_the_browser_has_it(context, base_url):
    """Headless Chromium on Linux has no navigator.share: the button is hidden there (checked
    in a plain page); with one (here a recording stand-in) the button hands it the link."""
    plain = watched(context)
    boot(plain, base_url)
    start_deal(plain)
    plain.click("[data-ui='share']")
    plain.wait_for_selector("dialog[data-dialog='share'][data-ready='true']")
    has_share = plain.evaluate("() => typeof navigator.share === 'function'")
    assert plain.locator("[data-ui='web-share']").is_hidden() == (not has_share)
    plain.close()

    page = watched(context)
    page.add_init_script("""Object.defineProperty(navigator, 'share', { configurable: true,
        value: (data) => { window.__shared = data; return Promise.resolve(); } });""")
    boot(page, base_url)
    start_deal(page)
    page.click("[data-ui='share']")
    page.wait_for_selector("dialog[data-dialog='share'][data-ready='true']")
    url = page.locator("[data-share-url]").input_value()
    page.click("[data-ui='web-share']")
    page.wait_for_function("() => !!window.__shared")
    shared = page.evaluate("() => window.__shared")
    assert shared["url"] == url and shared["title"] == "Kaffeehaus"
    assert api.open_link(re.search(r"#s=([A-Za-z0-9_-]+)", url).group(1))
    assert page.watch.errors == []


def test_copy_without_clipboard_access_selects_the_link(page, base_url):
    """Where the browser refuses the Clipboard API, the link is selected to copy by hand."""
    page.add_init_script("""Object.defineProperty(navigator, 'clipboard', { configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });""")
    boot(page, base_url)
    start_deal(page)
    page.click("[data-ui='share']")
    page.wait_for_selector("dialog[data-dialog='share'][data-ready='true']")
    url = page.locator("[data-share-url]").input_value()
    page.click("[data-ui='copy-link']")
    page.wait_for_selector("[data-share-status]:has-text('copy it yourself')")
    assert page.evaluate("() => window.getSelection().toString() || document.activeElement.value.slice("
                         "document.activeElement.selectionStart, document.activeElement.selectionEnd)") == url
    assert page.watch.errors == []


def test_a_replay_link_shows_the_moves_and_the_position(browser, base_url):
    first = browser.new_context()
    second = browser.new_context()
    try:
        a = watched(first)
        boot(a, base_url)
        start_deal(a, "schnapsen")
        for _ in range(3):
            if status(a) == "your-turn":
                play_one(a)
        state = saved(a)["state"] if saved(a) else None
        url = _share_url(a, with_moves=True)
        token = re.search(r"#s=([A-Za-z0-9_-]+)", url).group(1)
        replayed = api.open_link(token)
        if state:
            assert replayed["deals"][0]["actions"] == state["deals"][0]["actions"]
        actions = replayed["deals"][0]["actions"]
        assert actions

        b = watched(second)
        boot(b, url)
        dialog = b.locator("dialog[data-dialog='replay']")
        dialog.wait_for(timeout=30_000)
        moves = dialog.locator("[data-move]")
        assert [moves.nth(i).get_attribute("data-move") for i in range(moves.count())] == actions
        wait_settled(b)
        obs = api.observation(replayed, 0)
        if api.to_move(replayed) == 0 or obs["result"]:
            assert table_position(b)["hand"] == sorted(obs["hand"])
        # "play from the start": the same deal with no move played
        dialog.locator("[data-ui='replay-play']").click()
        b.wait_for_function(f"() => JSON.parse(({NEWEST_JS})() || 'null')?.state?.deals?.[0]?.actions?.length === 0 || document.querySelector('[data-status]').dataset.status === 'your-turn'")
        wait_settled(b)
        fresh = saved(b)["state"]
        assert fresh["deals"][0]["deck"] == replayed["deals"][0]["deck"]
        assert b.watch.errors == []
    finally:
        first.close()
        second.close()


def test_a_link_does_not_silently_replace_a_saved_game(page, base_url):
    state = api.new_match("bummerl", seed=4)
    text = json.dumps({"state": state, "level": "easy", "levelUsed": "easy", "aiSeed": 1})
    page.add_init_script(f"if (!sessionStorage.getItem('s')) {{ localStorage.setItem('kaffeehaus.game', {json.dumps(text)}); sessionStorage.setItem('s', '1'); }}")
    boot(page, base_url + "#s=" + _valid_token())
    page.wait_for_selector("[data-notice='link-open']")
    assert page.get_attribute("html", "data-link") == "asked"
    page.click("[data-ui='keep-game']")
    assert saved(page)["state"] == state
    page.click("[data-ui='resume']")
    wait_settled(page)
    assert page.get_attribute("html", "data-playing") == "bummerl"
    assert page.watch.errors == []


def test_a_link_pasted_into_the_open_page_is_opened(page, base_url):
    page.add_init_script(f"localStorage.setItem('kaffeehaus.settings', {FAST});")
    boot(page, base_url)
    assert page.get_attribute("html", "data-link") == "none"
    token = _valid_token(with_moves=True)
    page.evaluate("(t) => { location.hash = 's=' + t; }", token)
    page.wait_for_selector("html[data-link='opened']", state="attached", timeout=30_000)
    page.locator("dialog[data-dialog='replay']").wait_for(timeout=30_000)
    assert saved(page)["state"]["deals"][0]["deck"] == api.open_link(token)["deals"][0]["deck"]
    assert "#" not in page.url
    # and a bad one pasted afterwards: its message, the game on the table untouched
    page.keyboard.press("Escape")
    before = saved(page)
    page.evaluate("() => { location.hash = 's=' + encodeURIComponent('<script>window.__pwned=1</script>'); }")
    page.locator("[data-notice='link-error']").wait_for(timeout=10_000)
    assert saved(page) == before
    assert_no_injection(page)


# --------------------------------------------------------------------------- deal of the day

def test_the_deal_of_the_day_is_the_engines_and_its_result_is_shared(browser, base_url):
    first = browser.new_context()
    second = browser.new_context()
    try:
        a = watched(first)
        boot(a, base_url)
        a.click("[data-profile='schnapsen']")
        a.select_option("[data-setup='level']", "easy")
        today = a.evaluate("""() => { const d = new Date();
            return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`; }""")
        # shown to people as the language writes dates (Intl.DateTimeFormat): "1 December 2026"
        shown = a.evaluate("(iso) => new Intl.DateTimeFormat('en', {dateStyle: 'long', timeZone: 'UTC'})"
                           ".format(new Date(iso + 'T00:00:00Z'))", today)
        a.click("[data-ui='daily']")
        wait_settled(a)
        expected = api.deal_of_the_day("schnapsen", today)
        assert saved(a)["state"]["deals"][0]["deck"] == expected["deals"][0]["deck"]
        assert shown in a.locator("[data-notice='daily']").text_content()
        play_to_end(a)
        done = a.locator("[data-notice='daily-done']")
        done.wait_for(timeout=10_000)
        done.locator("[data-ui='share-daily']").click()
        a.wait_for_selector("dialog[data-dialog='share'][data-ready='true']", timeout=10_000)
        assert a.locator("[data-share-moves]").is_checked()
        url = a.locator("[data-share-url]").input_value()
        assert f"&day={today}" in url
        replay = api.open_link(re.search(r"#s=([A-Za-z0-9_-]+)", url).group(1))
        assert replay["deals"][0]["deck"] == expected["deals"][0]["deck"]
        assert api.deal_result(replay) is not None
        assert a.watch.errors == []

        b = watched(second)
        boot(b, url)
        dialog = b.locator("dialog[data-dialog='replay']")
        dialog.wait_for(timeout=30_000)
        assert shown in dialog.locator("[data-replay-note]").text_content()
        assert dialog.locator("[data-replay-result]").text_content().strip()
        assert shown in b.locator("[data-notice='link-opened']").text_content()
        assert b.watch.errors == []
    finally:
        first.close()
        second.close()


def _switch_language(page, lang):
    page.evaluate("""(lang) => {   // the picker sits in the settings dialog: switch by script
        const select = document.querySelector('select[data-language]');
        select.value = lang; select.dispatchEvent(new Event('change'));
    }""", lang)
    page.wait_for_selector(f"html[data-language='{lang}']", state="attached")


def test_share_and_replay_follow_a_language_switch(page, base_url):
    de = json.loads((build.ROOT / "web" / "i18n" / "de.json").read_text())
    boot(page, base_url + "#s=" + _valid_token(with_moves=True))
    dialog = page.locator("dialog[data-dialog='replay']")
    dialog.wait_for(timeout=30_000)
    _switch_language(page, "de")
    assert dialog.locator("[data-replay-title]").text_content() == de["replay.title"]
    assert dialog.locator("[data-ui='replay-play']").text_content() == de["replay.play"]
    assert dialog.locator(".replay-heading").first.text_content() == de["replay.trick"].replace("{n}", "1")
    page.keyboard.press("Escape")
    wait_settled(page)
    _switch_language(page, "en")
    page.click("[data-ui='share']")  # the share dialog is made in English…
    page.wait_for_selector("dialog[data-dialog='share'][data-ready='true']")
    page.keyboard.press("Escape")
    _switch_language(page, "de")      # …and follows the switch
    assert page.text_content("[data-ui='share']") == de["action.share"]
    share = page.locator("dialog[data-dialog='share']")
    assert share.locator("[data-ui='copy-link']").text_content() == de["share.copy"]
    assert share.locator("h2").text_content() == de["share.title"]
    assert share.locator("[data-share-url]").get_attribute("aria-label") == de["share.url"]
    assert page.watch.errors == []


@pytest.mark.parametrize("locale", ["pt-BR", "fr-FR", "de-DE", "cs-CZ", "en-GB"])
def test_the_share_button_fits_a_phone_in_every_language(browser, base_url, locale):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale, reduced_motion="reduce")
    try:
        page = watched(context)
        boot(page, base_url)
        start_deal(page)
        button = page.locator("[data-ui='share']")
        assert button.is_visible()
        box = button.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        assert page.watch.errors == []
    finally:
        context.close()


def test_every_string_of_these_modules_exists_in_english():
    """web/{links,replay,share,daily,saves,offline,notices,tabs}.js take every text from
    web/i18n/en.json."""
    root = build.ROOT / "web"
    strings = json.loads((root / "i18n" / "en.json").read_text())
    keys = set()
    for name in ("links.js", "replay.js", "share.js", "daily.js", "saves.js", "offline.js",
                 "notices.js", "tabs.js"):
        source = (root / name).read_text()
        keys |= set(re.findall(r'\bt\("([^"]+)"', source))
        keys |= set(re.findall(r'dataset\.i18n = "([^"]+)"', source))
    keys |= {f"replay.{a}" for a in ("exchange", "close", "claim")}
    assert len(keys) > 30
    assert not sorted(k for k in keys if k not in strings and f"{k}.other" not in strings)   # or plural forms
