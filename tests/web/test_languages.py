"""Languages in Chromium on the built site (web/lang.js, web/i18n/, web/rules/): each of the five
renders the set-up, the table, the settings, every rules page and the statistics with no key shown
instead of its text; a switch redraws everything (an open dialog, an open rules page, a notice on
screen) and is remembered; a link the engine refuses is explained in the page's language; every
key the table's modules use exists in every language.
"""
from __future__ import annotations

import re

import pytest

from kaffeehaus import api
from rules_text import page_text, render
from saved import new_game, saved_state  # the newest saved game (web/saving/games.js); New game
from practice_table import context, table  # noqa: F401  (fixtures)
from practice_table import (LANGS, STRINGS, RULES, PROFILES, LOCALES, ROOT, make_context, watched,
                            open_page, start, hand, check_no_raw_keys, turn_texts, switch_language)


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


def test_open_rules_page_follows_a_language_switch(table):
    page = table
    page.click("[data-profile='schneider']")
    page.click("[data-ui='rules']")
    page.wait_for_selector("[data-rules-page][data-rules-shown='schneider'][data-rules-lang='en']")
    switch_language(page, "cs")
    page.wait_for_selector("[data-rules-page][data-rules-shown='schneider'][data-rules-lang='cs'][data-rules-state='ready']")
    assert page.text_content("[data-rules-title]") == RULES["cs"]["title"]["schneider"]
    assert page.text_content("[data-rules-page] label span") == STRINGS["cs"]["rules.profile"]


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
