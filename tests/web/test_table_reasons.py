"""Reasons in the player's language: a greyed card and an action the engine refuses
say why in French or German, from the engine's keyword (error.code, observation.illegal),
never with the engine's English message."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from kaffeehaus import api
from saved import open_saved

ROOT = Path(__file__).resolve().parents[2]
ENGLISH = json.loads((ROOT / "web/i18n/en.json").read_text())
# words of the engine's English messages (kaffeehaus/deal.py, schnapsen.py) and of en.json
ENGLISH_WORDS = re.compile(r"\b(illegal|action|must|follow|suit|hold|player|phase|not|your|the|card)\b", re.I)

# The page's call to the worker is changed on its way (Worker.postMessage): the action the
# player chose is replaced by window.__swap, so the engine itself refuses it (IllegalAction).
SWAP = """
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (message, ...rest) {
  if (message && message.cmd === 'play' && window.__swap) {
    const args = JSON.parse(message.json);
    args.action = window.__swap;
    window.__swap = null;
    message = { ...message, json: JSON.stringify(args) };
  }
  return post.call(this, message, ...rest);
};
"""


def must_follow(obs):
    return obs["to_move"] == 0 and any(v == "must_follow_suit" for v in obs["illegal"].values()) \
        and any(len(a) == 2 for a in obs["legal_actions"])


def position(wanted, profile="schnapsen"):
    for seed in range(400):
        rng = random.Random(seed)
        state = api.new_deal(profile, seed=seed)
        while api.to_move(state) is not None:
            if wanted(api.observation(state, 0)):
                return state
            legal = api.legal_actions(state)
            # close early now and then: phase 2 (SV-1) comes sooner
            choice = "close" if "close" in legal and rng.random() < 0.3 else \
                rng.choice([a for a in legal if a != "claim"])
            state = api.apply(state, choice)
    raise AssertionError("no position found")


def strings(language):
    return json.loads((ROOT / f"web/i18n/{language}.json").read_text())


@pytest.mark.parametrize("language", ["fr", "de"])
def test_a_greyed_and_a_refused_card_say_why_in_the_language(page, base_url, language):
    state = position(must_follow)
    obs = api.observation(state, 0)
    words = strings(language)
    open_saved(page, base_url, state, {"speed": "off"}, language=language, init=SWAP)
    assert page.get_attribute("html", "lang") == language
    # a greyed card (SV-1): its reason on a tap, as a touch screen gives it
    greyed = next(c for c, why in obs["illegal"].items() if why == "must_follow_suit")
    page.locator(f"[data-zone='hand'] button[data-card='{greyed}']").dispatch_event("pointerup")
    tip = page.locator("[data-card-reason]")
    assert tip.is_visible()
    assert tip.text_content() == words["illegal.must_follow_suit"]
    assert not ENGLISH_WORDS.search(tip.text_content()), tip.text_content()

    # a card the engine refuses (its keyword and the card in words, not its English message)
    other = api.observation(state, 1)["hand"][0]
    with pytest.raises(ValueError) as refused:
        api.play(state, other, 0)
    assert refused.value.code == "card_not_held"
    page.evaluate(f"() => {{ window.__swap = {json.dumps(other)}; }}")
    page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
    page.wait_for_function("() => document.querySelector('[data-card-reason]').textContent.includes(':')")
    page.wait_for_selector("html[data-busy='false']", state="attached")
    text = tip.text_content()
    assert tip.is_visible()
    rank = words[f"rank.french.{other[0]}"]
    suit = words[f"suit.french.{other[1]}"]
    name = words["card.name"].replace("{rank}", rank).replace("{suit}", suit)
    assert text == words["illegal.card_not_held"].replace("{card}", name), text
    assert "illegal action" not in text and str(refused.value) not in text
    assert not ENGLISH_WORDS.search(text), text
    # nothing changed: the same hand, still the player's turn
    assert page.get_attribute("[data-status]", "data-status") == "your-turn"
    assert sorted(page.locator("[data-zone='hand'] button[data-card]").evaluate_all(
        "(n) => n.map((b) => b.dataset.card)")) == sorted(obs["hand"])
    assert page.watch.errors == []
