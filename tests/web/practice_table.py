"""The table as the language, practice, statistics and keyboard tests drive it (web/lang.js,
practice.js, stats.js, sound.js; hooks in docs/UI-HOOKS.md): a desktop-sized context with
reduced motion in a chosen locale, a page booted to its set-up screen, a game started from it,
cards played at random, and the checks that no translation key shows instead of its text.
Waits are on the page's hooks, never sleeps.

The test modules import the `context` and `table` fixtures from here (`context` replaces
conftest.py's with this desktop, reduced-motion context).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kaffeehaus import api
from settled import wait_settled

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "fr", "de", "cs", "pt"]
STRINGS = {lang: json.loads((ROOT / f"web/i18n/{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
RULES = {lang: json.loads((ROOT / f"web/rules/{lang}.json").read_text(encoding="utf-8")) for lang in LANGS}
PROFILES = [p["id"] for p in api.profiles()]
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
    wait_settled(page, timeout)
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


def switch_language(page, lang):
    """Pick `lang` as the player does, by script: the picker sits in the settings dialog."""
    page.evaluate("""(lang) => {
        const select = document.querySelector('select[data-language]');
        select.value = lang; select.dispatchEvent(new Event('change'));
    }""", lang)
    page.wait_for_selector(f"html[data-language='{lang}']", state="attached")
