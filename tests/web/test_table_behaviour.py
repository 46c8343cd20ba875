"""The table's behaviour: a claim is never a trap, memory mode follows the profile, the
trick's winner is shown with its points, "thinking" only while the computer chooses, and the
end-of-deal panel. Saved games (docs/UI-HOOKS.md) put chosen positions on the table.

(About 330 lines, one module: each behaviour is set up from a saved position by the same helpers.)
"""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from kaffeehaus import api
from saved import open_saved
from settled import wait_settled


def find_position(profile, wanted, *, match=False, seeds=range(600)):
    """A state where seat 0 is to act and `wanted(obs)` holds (random play from fresh deals)."""
    for seed in seeds:
        rng = random.Random(seed)
        state = api.new_match(profile, seed=seed) if match else api.new_deal(profile, seed=seed)
        while api.to_move(state) is not None:
            legal = api.legal_actions(state)
            if api.to_move(state) == 0 and wanted(api.observation(state, 0)):
                return state
            state = api.apply(state, rng.choice([a for a in legal if a != "claim"]))
    raise AssertionError("no position found")


def why_sentence(final, language, strings_of={}):
    """The panel's sentence for the engine's result.why (web/i18n), from the player's side."""
    if language not in strings_of:
        strings_of[language] = json.loads((Path(__file__).resolve().parents[2] / f"web/i18n/{language}.json").read_text())
    words = strings_of[language]
    result = final["result"]
    why = result["why"]
    if result["winner"] is None:
        text = words[f"deal.why.{why['code']}"]
    else:
        side = "you" if result["winner"] == 0 else "opponent"
        text = words[f"deal.why.{why['code']}.{side}"]
    for name, value in why["params"].items():
        text = text.replace("{" + name + "}", str(value))
    if result["winner"] is None:
        return text
    form = "one" if result["game_points"] == 1 else "other"
    if language == "cs" and 2 <= result["game_points"] <= 4:
        form = "few"
    if language == "fr" and result["game_points"] == 0:
        form = "one"
    return words[f"deal.worth.{form}"].replace("{count}", str(result["game_points"])).replace("{why}", text)


def claim_loses(obs):
    return "claim" in obs["legal_actions"] and not obs["claim_wins"]


def claim_wins(obs):
    return "claim" in obs["legal_actions"] and obs["claim_wins"]


# ------------------------------------------------------------------ claim

def test_a_claim_below_66_is_not_offered_while_the_points_show_SV3(page, base_url):
    """Soft rules, points shown: a claim that cannot win is no option, so no Claim button; the
    engine still allows it, and with the points hidden (the player's setting) it is a gamble the
    claim question guards."""
    state = find_position("schnapsen", claim_loses)
    open_saved(page, base_url, state, {"speed": "off"})
    assert page.get_attribute("[data-status]", "data-status") == "your-turn"
    assert page.locator("[data-zone='hand'] button[data-card]:enabled").count() > 0
    assert page.locator("[data-zone='actions'] button[data-action='claim']").count() == 0
    assert page.watch.errors == []


def test_a_claim_below_66_with_the_points_hidden_asks_first_SV3(page, base_url):
    state = find_position("schnapsen", claim_loses)
    open_saved(page, base_url, state, {"speed": "off", "points": "off"})
    claim = page.locator("[data-zone='actions'] button[data-action='claim']")
    assert claim.is_enabled()
    assert "primary" not in (claim.get_attribute("class") or "")
    # the claim is not the tab stop just before the hand
    page.focus("[data-zone='hand'] button[data-card][tabindex='0']")
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => document.activeElement.dataset.action") != "claim"

    claim.click()
    dialog = page.locator("dialog[data-dialog='claim']")
    assert dialog.is_visible()
    points = api.observation(state, 0)["points"][0]
    assert str(points) not in dialog.locator("[data-claim-text]").text_content()
    assert page.evaluate("() => document.activeElement.dataset.ui") == "claim-keep"
    page.keyboard.press("Escape")                      # keep playing: nothing happened
    assert not dialog.is_visible()
    assert page.get_attribute("[data-status]", "data-status") == "your-turn"
    assert page.locator("[data-zone='actions'] button[data-action='claim']").count() == 1

    claim.click()
    page.click("dialog[data-dialog='claim'] [data-ui='claim-confirm']")
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    assert api.deal_result(api.apply(state, "claim"))["reason"] == "false_claim"
    assert page.get_attribute("dialog[data-dialog='deal-end']", "data-reason") == "false_claim"
    assert page.watch.errors == []


def test_a_winning_claim_is_primary_and_needs_no_confirmation_SV3(page, base_url):
    state = find_position("schnapsen", claim_wins)
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": False})
    claim = page.locator("[data-zone='actions'] button[data-action='claim']")
    assert "primary" in claim.get_attribute("class")
    claim.click()
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    assert not page.locator("dialog[data-dialog='claim']").is_visible()
    assert page.watch.errors == []


# ------------------------------------------------------------------ memory mode

@pytest.mark.parametrize("profile, setting, shown", [
    ("schnapsen-strict", "profile", False),
    ("schnapsen-strict", "on", True),
    ("schnapsen", "profile", True),
    ("schnapsen", "off", False),
])
def test_memory_mode_follows_the_profile_and_the_setting(page, base_url, profile, setting, shown):
    state = find_position(profile, claim_loses)
    open_saved(page, base_url, state, {"speed": "off", "points": setting})
    scores = page.locator("[data-zone='scores']")
    assert scores.get_attribute("data-memory") == str(not shown).lower()
    assert (page.locator("[data-zone='scores'] [data-points]").count() > 0) == shown
    if not shown:
        assert "in your head" in scores.text_content()
        # remembering is the game: the claim is a gamble, asked once without the points (SV-3)
        page.click("[data-zone='actions'] button[data-action='claim']")
        dialog = page.locator("dialog[data-dialog='claim']")
        dialog.wait_for(timeout=5_000)
        assert "fewer than 66" in dialog.locator("[data-claim-text]").text_content()
        page.click("[data-ui='claim-confirm']")
        page.wait_for_selector("[data-status='match-over']", timeout=20_000)
        # once the deal is over, the panel shows every count
        assert page.locator("dialog[data-dialog='deal-end'] tr[data-deal-row='card-points']").count() == 1
    assert page.watch.errors == []


def test_the_points_setting_is_in_the_settings_dialog(page, base_url):
    state = find_position("schnapsen-strict", claim_loses)
    open_saved(page, base_url, state, {"speed": "off"})
    assert page.get_attribute("[data-zone='scores']", "data-memory") == "true"
    page.click("[data-ui='settings']")
    page.select_option("select[data-setting='points']", "on")
    page.keyboard.press("Escape")
    assert page.get_attribute("[data-zone='scores']", "data-memory") == "false"
    assert json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.settings')"))["points"] == "on"
    assert page.watch.errors == []


# ------------------------------------------------------------------ the trick's winner

RECORDER = """
window.__moments = [];
new MutationObserver(() => {
  const status = document.querySelector('[data-status]');
  const label = document.querySelector('[data-trick-label]');
  const winner = document.querySelector("[data-zone='trick'] .trick-card.winner");
  window.__moments.push({status: status ? status.dataset.status : null, text: status ? status.textContent : '',
    label: label ? label.textContent : null, side: label ? label.dataset.trickLabel : null,
    points: label ? label.dataset.trickPoints : null, winner: winner ? winner.dataset.face : null});
}).observe(document.documentElement, {subtree: true, childList: true, attributes: true, characterData: true});
"""


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_the_trick_winner_is_marked_with_its_points_and_thinking_only_while_choosing(page, base_url, speed):
    state = find_position("schnapsen", lambda o: len(o["trick"]) == 1)   # the player answers a lead
    obs = api.observation(state, 0)
    card = next(a for a in obs["legal_actions"] if len(a) == 2)
    after = api.observation(api.apply(state, card), 0)
    trick = after["history"][-1]
    open_saved(page, base_url, state, {"speed": speed})
    page.evaluate(RECORDER)
    page.click(f"[data-zone='hand'] button[data-card='{card}']")
    page.wait_for_function("() => window.__moments.some((m) => m.label)", timeout=20_000)
    wait_settled(page, 20_000)
    moments = page.evaluate("window.__moments")
    shown = [m for m in moments if m["label"]]
    side = "you" if trick["winner"] == 0 else "opponent"
    words = "You take the trick" if side == "you" else "The computer takes the trick"
    assert shown[0]["side"] == side
    assert shown[0]["label"] == f"{words} · +{trick['points']}"
    assert shown[0]["points"] == str(trick["points"])
    winning = next(c for p, c in trick["cards"] if p == trick["winner"])
    assert any(m["winner"] == winning for m in shown)
    # said on screen: the status line says it while the trick lies there, never "thinking"
    assert all(m["status"] != "opponent-turn" for m in shown)
    assert any(m["status"] == "trick-taken" and m["text"] == shown[0]["label"] for m in shown)
    assert page.watch.errors == []


# ------------------------------------------------------------------ the end of a deal

def test_end_of_deal_panel_in_a_match(page, base_url):
    state = find_position("bummerl", claim_wins, match=True)
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": False})
    page.click("[data-zone='actions'] button[data-action='claim']")
    page.wait_for_selector("[data-status='deal-over']", timeout=20_000)
    final = api.observation(api.apply(state, "claim"), 0)
    panel = page.locator("dialog[data-dialog='deal-end']")
    assert panel.is_visible()
    assert panel.get_attribute("data-winner") == "you"
    assert "You win the deal" in panel.locator("[data-deal-title]").text_content()
    assert panel.locator("[data-deal-cheer]").text_content() == "Well played!"
    reason = panel.locator("[data-deal-reason]").text_content()
    assert "You claimed 66 and had them." in reason
    assert why_sentence(final, "en") in reason
    rows = {r: panel.locator(f"tr[data-deal-row='{r}'] td") for r in ("card-points", "marriages", "total", "tricks")}
    assert rows["card-points"].all_text_contents() == [str(p) for p in final["card_points"]]
    assert rows["total"].all_text_contents() == [str(p) for p in final["points"]]
    assert rows["tricks"].all_text_contents() == [str(n) for n in final["tricks_won"]]
    faces = panel.locator("[data-deal-opponent-hand] [data-face]").evaluate_all("(n) => n.map((x) => x.dataset.face)")
    assert final["opponent_hand"] and sorted(faces) == sorted(final["opponent_hand"])
    # the match score read as Bummerl players read it: the game points each still needs
    scores = final["match"]["scores"]
    to_go = f"To go: You {max(0, scores[0])} · Computer {max(0, scores[1])}"
    assert panel.locator("[data-deal-match]").text_content() == to_go
    assert page.text_content(".match-summary") == to_go
    sheet = page.locator("[data-sheet]").first
    assert sheet.locator(".sheet-note").text_content().startswith("The game points each player still needs")
    won = sheet.locator("tr[data-deal='1'] td.won").text_content()
    assert won == f"{max(0, scores[0])} (won {final['result']['game_points']})", won
    # the focus is in the panel, on the next deal; Enter takes it
    assert page.evaluate("() => document.activeElement.dataset.ui") == "deal-next"
    page.keyboard.press("Enter")
    wait_settled(page)
    assert not panel.is_visible()
    assert page.get_attribute("[data-status]", "data-status") in ("your-turn", "deal-over")
    assert page.watch.errors == []


def test_end_of_deal_panel_escape_goes_back_to_the_table(page, base_url):
    state = find_position("schnapsen", claim_wins)
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": False})
    page.click("[data-zone='actions'] button[data-action='claim']")
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    panel = page.locator("dialog[data-dialog='deal-end']")
    # the focus on the return match: for a single deal, another one like it
    assert page.evaluate("() => [document.activeElement.dataset.ui, document.activeElement.dataset.again]") \
        == ["deal-return-match", "deal"]
    assert panel.locator("[data-ui='deal-return-match']").text_content() == "Another deal"
    assert panel.locator("[data-deal-match]").is_hidden()        # a single deal: no match score
    page.keyboard.press("Escape")
    assert not panel.is_visible()
    assert page.evaluate("() => document.activeElement.dataset.ui") == "return-match"
    page.click("[data-zone='actions'] [data-ui='new-game']")
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    assert page.watch.errors == []


@pytest.mark.parametrize("profile, language", [("schnapsen", "fr"), ("bummerl", "de"),
                                               ("schneider", "fr"), ("schnapsen-strict", "cs"),
                                               ("schneider-neighbour", "pt")])
def test_end_of_deal_panel_says_why_the_deal_is_worth_its_game_points_SV3_SV5_SS10(page, base_url, profile, language):
    """The engine's result.why in words (never computed by the page), in the player's language."""
    def last_move(obs):
        return len(obs["hand"]) == 1 and obs["opponent_hand_size"] == 1 and obs["to_move"] == 0 \
            and not obs["trick"]
    if profile.startswith("schneider"):
        state = find_position(profile, lambda o: o["to_move"] == 0 and len(o["hand"]) == 1 and len(o["trick"]) == 1)
        action = api.legal_actions(state)[0]
    else:
        state = find_position(profile, claim_wins)
        action = "claim"
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": False}, language=language)
    if action == "claim":
        page.click("[data-zone='actions'] button[data-action='claim']")
        if profile == "schnapsen-strict":        # the points are hidden: the claim is asked first
            page.click("dialog[data-dialog='claim'] [data-ui='claim-confirm']")
    else:
        page.click(f"[data-zone='hand'] button[data-card='{action}']")
    page.wait_for_selector("dialog[data-dialog='deal-end'][open]", timeout=20_000)
    final = api.observation(api.play(state, action, 0)["state"], 0)
    worth = page.locator("[data-deal-reason] .deal-worth").text_content()
    assert worth == why_sentence(final, language)
    assert "{" not in page.locator("[data-deal-reason]").text_content()
    assert page.get_attribute("[data-deal-reason]", "data-why") == final["result"]["why"]["code"]
    assert page.watch.errors == []


def marriage_then_claim(wins):
    def wanted(obs):
        offers = obs.get("marriage_claim_wins") or {}
        return obs["profile"] == "schnapsen" and any(v is wins for v in offers.values()) \
            and (wins or obs["tricks_won"][0] == 0)
    return wanted


def test_a_marriage_then_a_claim_that_would_not_win_is_not_offered_SV3_SS7(page, base_url):
    """The marriage announced, then no claim on offer: the engine's marriage_claim_wins says it
    would not win (no trick won yet, SS-7), and while the points show Claim is offered only
    when it wins (SV-3)."""
    state = find_position("schnapsen", marriage_then_claim(False))
    obs = api.observation(state, 0)
    marry = next(a for a, wins in obs["marriage_claim_wins"].items() if not wins)
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": True})
    page.click(f"[data-zone='actions'] button[data-action='{marry}']")
    wait_settled(page, 20_000)
    after = api.apply(state, marry)
    assert page.get_attribute("[data-status]", "data-status") == "your-turn"   # no automatic claim
    assert page.locator("[data-zone='actions'] button[data-action='claim']").count() == 0
    legal = api.legal_actions(after)
    enabled = page.locator("[data-zone='hand'] button[data-card]:enabled").evaluate_all("(n) => n.map((b) => b.dataset.card)")
    assert sorted(enabled) == sorted(a for a in legal if len(a) == 2)
    assert page.watch.errors == []


def test_a_marriage_then_a_winning_claim_needs_no_confirmation_SV3(page, base_url):
    state = find_position("schnapsen", marriage_then_claim(True), seeds=range(3000))
    obs = api.observation(state, 0)
    marry = next(a for a, wins in obs["marriage_claim_wins"].items() if wins)
    open_saved(page, base_url, state, {"speed": "off", "autoClaim": False})
    page.click(f"[data-zone='actions'] button[data-action='{marry}']")
    wait_settled(page, 20_000)
    claim = page.locator("[data-zone='actions'] button[data-action='claim']")
    assert "primary" in claim.get_attribute("class")
    claim.click()
    page.wait_for_selector("[data-status='match-over']", timeout=20_000)
    assert not page.locator("dialog[data-dialog='claim']").is_visible()
    assert page.get_attribute("dialog[data-dialog='deal-end']", "data-reason") == "claim"
    assert page.watch.errors == []
