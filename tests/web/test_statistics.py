"""Statistics in Chromium on the built site (web/stats.js, web/saving/stats-data.js): a ranked deal is
counted and a practice deal is not, the dialog shows the counts, exports them and resets them
only when asked twice; the counting of deals, Bummerls, matches and streaks is checked on the
engine's own observations of whole Bummerls.
"""
from __future__ import annotations

import json
import random
from pathlib import Path


from kaffeehaus import api
from saved import new_game  # the newest saved game (web/saving/games.js); New game
from practice_table import context, table  # noqa: F401  (fixtures)
from practice_table import STRINGS, start, play_to_deal_end


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
        const { countDeal, emptyStats } = await import(new URL('saving/stats-data.js', src).href);
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
        const { countDeal, emptyStats } = await import(new URL('saving/stats-data.js', src).href);
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
