"""Pass and play: two people at one device, in headless Chromium.

Between turns the table hides both hands behind "Pass the device to <name>"; only "<name>, show
my cards" draws that seat's observation. Each check compares the page with the engine itself
(kaffeehaus.api.observation of the saved state, seat by seat): during a hand-off no card of
either hand is anywhere in the page; after it, the hand shown is exactly the seat's own hand, and
no other card of the other hand is in the page except those both players know (RULES.md OB-2).

(About 340 lines, one module: every check compares the page with the engine's observation of each
seat, through the helpers at the top.)
"""
from __future__ import annotations

import json
import os

import pytest

from kaffeehaus import api

from conftest import PageWatch
from saved import play_one, saved_record
from settled import wait_settled

NAMES = ["Anna", "Ben"]
FAST = json.dumps({"speed": "off"})   # the fastest setting: no animation
SHOTS = os.environ.get("KAFFEEHAUS_SHOTS")   # a folder: save the screenshots there to look at


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844})
    yield ctx
    ctx.close()


def new_page(context, lang="en", settings=FAST):
    page = context.new_page()
    page.watch = PageWatch(page)
    page.add_init_script(f"""if (!sessionStorage.getItem('test.seeded')) {{
        sessionStorage.setItem('test.seeded', '1');
        localStorage.setItem('kaffeehaus.settings', {json.dumps(settings)});
        localStorage.setItem('kaffeehaus.language', '{lang}');
    }}""")
    return page


def boot(page, url=None):
    if url:
        page.goto(url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
    page.wait_for_selector("[data-action='start']:enabled", timeout=30_000)


def start_local(page, profile="schnapsen", length="deal", names=NAMES, first_dealer="random"):
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=10_000)
    page.check("input[name='opponent'][value='local']")
    assert page.get_attribute("[data-zone='setup']", "data-opponent") == "local"
    assert not page.is_visible("[data-setup='level']"), "no level against a friend"
    assert not page.is_visible("[data-setup='mode']"), "no practice (hints, undo) against a friend"
    page.fill("input[data-setup-player='0']", names[0])
    page.fill("input[data-setup-player='1']", names[1])
    page.select_option("[data-setup='first-dealer']", first_dealer)
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='length']", length)
    page.click("[data-action='start']")
    wait_handoff(page)


def wait_handoff(page):
    page.wait_for_selector("[data-handoff]:not([hidden])", timeout=30_000)
    wait_settled(page)


def show_cards(page):
    """The player holding the device says it looks: that seat's observation is drawn."""
    page.click("[data-ui='handoff-show']")
    wait_settled(page)


def dom_cards(page):
    """Every card code in the page: hand buttons (data-card) and faces (data-face); not the four
    sample faces of the settings dialog (AH KS QD JC, always the same)."""
    return page.evaluate("""() => ({
        card: [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
        face: [...document.querySelectorAll('[data-face]')].filter((e) => !e.closest('[data-card-preview]'))
            .map((e) => e.dataset.face),
    })""")


def state_now(page):
    return saved_record(page)["state"]


def hands(state):
    return [set(api.observation(state, seat)["hand"]) for seat in (0, 1)]


def check_handoff(page, state):
    """Behind the hand-off screen: no card of either hand anywhere, no playable control."""
    seat = int(page.get_attribute("html", "data-handoff"))
    assert seat == api.to_move(state), "the device goes to the seat to act"
    title = page.text_content("[data-handoff-title]")
    assert NAMES[seat] in title and "Pass the device" in title
    assert page.text_content("[data-ui='handoff-show']") == f"{NAMES[seat]}, show my cards"
    assert page.get_attribute("[data-status]", "data-status") == "hand-off"
    found = dom_cards(page)
    assert found["card"] == [], f"hand buttons behind the hand-off: {found['card']}"
    both = hands(state)[0] | hands(state)[1]
    assert not both & set(found["face"]), f"a hand's card is in the page: {both & set(found['face'])}"
    assert page.locator("[data-zone='actions'] button").count() == 0
    return seat


def check_seat(page, state, seat):
    """After "show my cards": exactly this seat's hand, nothing of the other hand but what both know."""
    assert page.get_attribute("html", "data-viewer") == str(seat)
    assert page.locator("[data-handoff]").is_hidden()
    obs = api.observation(state, seat)
    found = dom_cards(page)
    assert sorted(found["card"]) == sorted(obs["hand"]), "the hand shown is the seat's own"
    other = hands(state)[1 - seat]
    leaked = (other & set(found["face"])) - set(obs["known_opponent_cards"])
    assert not leaked, f"the other hand's cards are in the page: {leaked}"
    assert page.text_content("[data-opponent-label]") == NAMES[1 - seat]
    # the score sheet keeps its columns at a hand-off: the first player's on the left
    heads = page.eval_on_selector_all("[data-sheet] thead th", "els => els.map((e) => e.textContent)")
    for at in range(0, len(heads), 3):
        assert heads[at + 1:at + 3] == NAMES, heads
    return obs


def play_deal(page, moves_left=60, closer=None):
    """One whole deal, hand-off by hand-off; returns the number of hand-offs checked. The seat
    `closer` closes the talon whenever it may (SS-8), which ends a deal in a few tricks."""
    handoffs = 0
    seat = None
    for _ in range(moves_left):
        kind = page.get_attribute("[data-status]", "data-status")
        if kind in ("deal-over", "match-over"):
            return handoffs
        if kind == "hand-off":
            state = state_now(page)
            seat = check_handoff(page, state)
            handoffs += 1
            show_cards(page)
            check_seat(page, state, seat)
            continue
        assert kind == "your-turn", page.text_content("[data-status]")
        play_one(page, prefer="close" if closer is not None and seat == closer else None)
    raise AssertionError("the deal did not end")


def test_a_whole_deal_pass_and_play_hides_each_hand(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start_local(page, "schnapsen", "deal", first_dealer="1")
    assert page.get_attribute("html", "data-opponent") == "local"
    record = saved_record(page)
    assert record["opponent"] == "local" and record["players"] == NAMES
    assert api.observation(record["state"], 0)["dealer"] == 1, "Ben deals first, as chosen"
    assert "Ben deals" in page.text_content("[data-handoff-news]")
    handoffs = play_deal(page)
    assert handoffs >= 6, "the device changed hands many times in a deal"
    # the end of the deal is readable by both, with both names
    panel = page.locator("dialog[data-dialog='deal-end']")
    assert panel.is_visible()
    text = panel.text_content()
    assert any(name in text for name in NAMES) and "computer" not in text.lower()
    assert page.get_attribute("[data-status]", "data-status") == "match-over"
    # no share link (it holds the deck) and no expert review in a game between two people
    assert page.locator("[data-ui='share']").is_hidden()
    assert page.locator("[data-ui='analyse']").is_hidden()
    assert page.watch.errors == []


def test_a_played_card_stays_on_the_table_after_the_hand_off(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start_local(page, "schnapsen", "deal")
    show_cards(page)
    leader = int(page.get_attribute("html", "data-viewer"))
    card = page.locator("[data-zone='hand'] button[data-card]:enabled").first.get_attribute("data-card")
    page.click(f"[data-zone='hand'] button[data-card='{card}']")
    wait_handoff(page)
    assert page.get_attribute("html", "data-handoff") == str(1 - leader)
    news = page.text_content("[data-handoff-news]")
    assert NAMES[leader] in news and "played" in news
    show_cards(page)
    assert page.locator(f"[data-zone='trick'] [data-face='{card}']").count() == 1
    assert page.locator(f"[data-zone='hand'] [data-card='{card}']").count() == 0
    assert page.watch.errors == []


def test_a_whole_bummerl_on_one_device(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start_local(page, "bummerl", "match")
    deals = 0
    for _ in range(15):
        # the first deal is played out card by card; in the later ones Anna closes whenever she
        # may and mostly fails (SB-2: Ben wins 2 game points), which keeps the match short
        play_deal(page, moves_left=80, closer=None if deals == 0 else 0)
        deals += 1
        if page.get_attribute("[data-status]", "data-status") == "match-over":
            break
        assert page.get_attribute("[data-status]", "data-status") == "deal-over"
        page.click("[data-ui='deal-next']")
        wait_handoff(page)   # each new deal starts behind a hand-off
        assert page.locator("[data-zone='hand'] [data-card]").count() == 0
    assert page.get_attribute("[data-status]", "data-status") == "match-over"
    assert deals >= 2
    status = page.text_content("[data-status]")
    assert any(f"{name} wins the match" in status for name in NAMES), status
    assert saved_record(page) is None, "a finished match leaves no save"
    assert page.watch.errors == []


def test_a_reload_resumes_behind_a_hand_off(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start_local(page, "schneider", "match")
    show_cards(page)
    page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
    wait_handoff(page)
    state = state_now(page)
    # a plain reload goes straight back to the hand-off (the game is never left for the set-up)
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
    wait_handoff(page)
    assert "goes on" in page.text_content("[data-handoff-news]")
    check_handoff(page, state)
    # a reload that asked to continue (an update, an engine restart) goes straight to the hand-off
    record = saved_record(page)
    page.evaluate("(id) => sessionStorage.setItem('kaffeehaus.resumeAfterReload', id)", record["id"])
    page.reload()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
    wait_handoff(page)
    seat = check_handoff(page, state)
    show_cards(page)
    check_seat(page, state, seat)
    assert page.watch.errors == []


def test_friend_games_have_their_own_statistics(context, base_url):
    page = new_page(context)
    boot(page, base_url)
    start_local(page, "schnapsen", "deal")
    play_deal(page)
    stats = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.stats')"))
    assert stats["entries"] == {}, "never counted as a game against the computer"
    assert [f["names"] for f in stats["friends"]] == [sorted(NAMES)]
    assert stats["friends"][0]["deals"] == 1
    page.click("[data-ui='stats']")
    dialog = page.locator("dialog[data-dialog='stats']")
    assert dialog.locator("[data-stats-friends] h3").text_content() == "Friends on this device"
    pair = dialog.locator("section[data-stats-pair='Anna|Ben']")
    assert pair.locator("h4").text_content() == "Anna and Ben"
    won = pair.locator("dd[data-stat='dealsWon']").text_content()
    assert won in ("Anna 1 – 0 Ben", "Anna 0 – 1 Ben", "Anna 0 – 0 Ben"), won
    assert dialog.locator("section[data-stats-entry]").count() == 0
    assert page.watch.errors == []


def test_hand_off_in_another_language(context, base_url):
    page = new_page(context, lang="de")
    boot(page, base_url)
    start_local(page, "schnapsen", "deal", names=NAMES)
    assert page.text_content("[data-ui='handoff-show']") == "Anna: meine Karten zeigen" \
        or page.text_content("[data-ui='handoff-show']") == "Ben: meine Karten zeigen"
    assert "Gib das Gerät an" in page.text_content("[data-handoff-title]")
    show_cards(page)
    seat = int(page.get_attribute("html", "data-viewer"))
    assert page.text_content("[data-opponent-label]") == NAMES[1 - seat]
    assert page.watch.errors == []


def test_the_trick_sound_follows_the_seat_looking(context, base_url):
    """Won or lost is said for the player holding the device: seat 1 taking a trick hears
    "trick-won" too (web/sound.js reads obs.player, not seat 0)."""
    page = new_page(context, settings=json.dumps({"speed": "off", "sound": True}))
    boot(page, base_url)
    start_local(page)
    heard = {0: set(), 1: set()}
    for _ in range(60):
        kind = page.get_attribute("[data-status]", "data-status")
        if kind in ("deal-over", "match-over") or (heard[0] and heard[1]):
            break
        if kind == "hand-off":
            show_cards(page)
            continue
        viewer = int(page.get_attribute("html", "data-viewer"))
        before = api.observation(state_now(page), viewer)
        page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
        wait_settled(page)
        after = api.observation(state_now(page), viewer)
        if len(after["history"]) == len(before["history"]) + 1 and not after.get("result"):
            won = after["history"][-1]["winner"] == viewer
            assert page.get_attribute("html", "data-sound-last") == ("trick-won" if won else "trick-lost")
            heard[viewer].add(won)
    assert heard[1], "seat 1 completed a trick while looking"
    assert page.watch.errors == []


@pytest.mark.parametrize("language,size", [("en", (390, 844)), ("de", (1280, 800))])
def test_the_end_of_deal_panel_reads_the_same_for_both_players(context, base_url, language, size):
    """Both players read the panel at one device: its columns keep seat order (the first player
    on the left, as in the score sheet), each column holds that seat's own figures, and the title
    naming the winner is in the winning colour whoever made the last move."""
    page = new_page(context)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, base_url)
    start_local(page, "schnapsen", "match", first_dealer="1")
    play_deal(page)
    state = state_now(page)
    obs = api.observation(state, 0)
    winner = obs["result"]["winner"]
    panel = page.locator("dialog[data-dialog='deal-end']")
    assert panel.is_visible()
    assert panel.get_attribute("data-shared") == "true"
    heads = page.eval_on_selector_all("[data-deal-table] thead th", "els => els.map((e) => e.textContent)")
    assert heads[1:] == NAMES
    rows = {r: page.eval_on_selector_all(f"[data-deal-row='{r}'] td", "els => els.map((e) => e.textContent)")
            for r in ("card-points", "tricks")}
    assert rows["card-points"] == [str(p) for p in obs["card_points"]]
    assert rows["tricks"] == [str(n) for n in obs["tricks_won"]]
    assert NAMES[winner] in page.text_content("[data-deal-title]")
    colour = page.eval_on_selector("[data-deal-title]", "e => getComputedStyle(e).color")
    assert colour == "rgb(29, 90, 57)", "the winner's title in the winning colour"
    # the match line in the panel keeps the same order as the top bar
    match_line = page.text_content("[data-deal-match]")
    assert match_line.index(NAMES[0]) < match_line.index(NAMES[1])
    if language != "en":   # the panel's words again in another language: the same sides
        page.evaluate("""(lang) => { const s = document.querySelector('select[data-language]');
            s.value = lang; s.dispatchEvent(new Event('change')); }""", language)
        page.wait_for_selector(f"html[data-language='{language}']", state="attached", timeout=10_000)
        assert page.eval_on_selector_all("[data-deal-table] thead th", "els => els.map((e) => e.textContent)")[1:] == NAMES
        assert panel.get_attribute("data-shared") == "true" and NAMES[winner] in page.text_content("[data-deal-title]")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/pass-and-play-panel-{language}-{size[0]}.png")
    assert page.watch.errors == []
