"""A single deal against the easy computer played from the set-up screen by clicking legal
cards, for the tests that count what crosses between the page and the engine's worker while a
player plays (test_engine_messages.py, test_worker_traffic.py)."""
from __future__ import annotations

from settled import wait_settled


def settle(page):
    wait_settled(page, 60_000)
    return page.get_attribute("[data-status]", "data-status")


def play_single_deal(page, profile, rng, log):
    """Start a single deal of `profile` and click legal cards until it is over: (the entries the
    page's probe added to `window[log]` meanwhile, cards the player played)."""
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='level']", "easy")
    page.select_option("[data-setup='length']", "deal")
    start = page.evaluate("(log) => window[log].length", log)
    page.click("[data-action='start']")
    status = settle(page)
    cards = 0
    while status == "your-turn":
        playable = page.eval_on_selector_all("[data-zone='hand'] button[data-card]:enabled",
                                             "els => els.map(e => e.dataset.card)")
        if playable:
            page.click(f"[data-zone='hand'] button[data-card='{rng.choice(playable)}']")
            cards += 1
        else:   # only actions are legal (e.g. a claim): one of them
            page.locator("[data-zone='actions'] button[data-action]").first.click()
        status = settle(page)
    assert status == "match-over", page.text_content("[data-status]")
    entries = page.evaluate("([log, n]) => window[log].slice(n)", [log, start])
    page.click("header [data-ui='new-game']")
    return entries, cards
