"""One engine message per turn (each worker round trip costs the player time): the page asks the worker once for the player's action
and the computer's whole reply (`play`), once when a game is put on the table
(`computer_turn`). Counted in Chromium by wrapping Worker.prototype.postMessage while whole
single deals are played by clicking legal cards, the computer's replies included.
Before the controller (apply → observation → observation → ai_action → apply → observation)
it was 8.2 messages per card in Schnapsen and 6.2 in Schneider."""
from __future__ import annotations

import random

import pytest

from single_deal import play_single_deal
from tools.browser import ENGINE_MESSAGE_COUNTER as COUNTER

ENGINE_BOOT_MS = 60_000


@pytest.fixture
def context(browser):
    ctx = browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
    yield ctx
    ctx.close()


@pytest.mark.parametrize("profile,min_cards", [("schnapsen", 20), ("schneider", 16)])
def test_at_most_two_engine_messages_per_card(page, base_url, profile, min_cards):
    page.add_init_script(COUNTER)
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    rng = random.Random(f"messages:{profile}")
    messages, cards, deals = [], 0, 0
    while cards < min_cards:
        sent, played = play_single_deal(page, profile, rng, "__engineMessages")
        messages += sent
        cards += played
        deals += 1
    per_card = len(messages) / cards
    kinds = {cmd: messages.count(cmd) for cmd in sorted(set(messages))}
    print(f"\n{profile}: {len(messages)} engine messages for {cards} cards over {deals} deals "
          f"= {per_card:.2f} per card {kinds}")
    assert per_card <= 2, (per_card, kinds)
    assert set(messages) <= {"profiles", "new_deal", "computer_turn", "play", "from_json"}, kinds
    assert page.watch.errors == []
