"""The page as the offline, saved-game and share-link tests drive it: a page with no animation
(and a watch on its errors), booted until the engine and the extras are ready, a deal started
from the set-up screen, the position the player sees, and the checks after a refused input
(the table still works, nothing injected ran)."""
from __future__ import annotations

import json

from conftest import PageWatch
from saved import play_one, status
from settled import wait_settled

ENGINE_BOOT_MS = 60_000
FAST = json.dumps(json.dumps({"speed": "off"}))
PWNED = "window.__pwned"


def watched(context):
    page = context.new_page()
    page.watch = PageWatch(page)
    # no animation: the tests wait on hooks, this only makes them quicker
    page.add_init_script(f"localStorage.setItem('kaffeehaus.settings', {FAST});")
    return page


def boot(page, url):
    page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    # extras are installed once the saved game is checked and the resume button set
    page.wait_for_selector("html[data-daily='ready']", state="attached", timeout=10_000)


def start_deal(page, profile="schnapsen", level="easy"):
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='level']", level)
    page.select_option("[data-setup='length']", "deal")
    page.click("[data-action='start']")
    wait_settled(page)


def table_position(page):
    """What the player sees of the position: own hand, trick, talon and piles (data hooks)."""
    return page.evaluate("""() => ({
        hand: [...document.querySelectorAll("[data-zone='hand'] button[data-card]")].map(b => b.dataset.card).sort(),
        trick: [...document.querySelectorAll("[data-zone='trick'] [data-face]")].map(n => n.dataset.face),
        talon: [...document.querySelectorAll("[data-zone='talon'] [data-face]")].map(n => n.dataset.face),
        opponent: document.querySelectorAll("[data-zone='opponent-hand'] .card").length,
        status: document.querySelector("[data-status]").dataset.status,
    })""")


def assert_table_works(page):
    """After a message: the set-up screen starts a game and a card can be played."""
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=10_000)
    start_deal(page)
    assert status(page) in ("your-turn", "deal-over", "match-over")
    if status(page) == "your-turn":
        play_one(page)
        assert status(page) in ("your-turn", "deal-over", "match-over")


def assert_no_injection(page):
    assert page.evaluate(f"() => {PWNED}") is None, "an injected script ran"
    # no element came from a link or a save: notices hold text only
    assert page.locator(".notices script, .notices img, .notices svg, .notices iframe").count() == 0
    assert page.watch.errors == []
