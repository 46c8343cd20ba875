"""A duel as the set-up and the address bar meet it (web/saved-games.js, web/duel/sending.js):
the games waiting on this device are the first thing on the set-up screen, each naming who it
is against and its state; every link opened on a page that has the duel is applied or said in a
sentence, never ignored. Two Chromium contexts on 127.0.0.1, one link each way (test_duel_live's
start)."""
from __future__ import annotations

import pytest

from kaffeehaus import api
from duel_pages import boot, invite, mover_and_other, open_hash, outbox, party, phase, rev, two  # noqa: F401 (fixture)
from settled import wait_settled
from test_duel_live import fragment, sent_link, start

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm


def switch_language(page, lang):
    page.evaluate("""(lang) => { const s = document.querySelector('select[data-language]');
        s.value = lang; s.dispatchEvent(new Event('change', { bubbles: true })); }""", lang)
    page.wait_for_selector(f"html[data-language='{lang}']", state="attached", timeout=10_000)


def to_setup(page):
    """New game: the set-up screen over the table (a game not over stays saved)."""
    page.click("[data-ui='new-game']")
    if page.locator("dialog[data-dialog='leave'][open]").count():
        page.click("[data-ui='leave-new']")
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=10_000)


def waiting(page):
    """The games waiting: each button's kind, words and state; and where the list begins."""
    return page.evaluate("""() => {
        const setup = document.querySelector("[data-zone='setup']");
        const list = document.querySelector('[data-waiting]');
        return {
            shown: Boolean(list) && !list.hidden && list.getClientRects().length > 0,
            top: list ? list.getBoundingClientRect().top - setup.getBoundingClientRect().top : null,
            inView: list ? list.getBoundingClientRect().top >= 0
                && list.getBoundingClientRect().top < innerHeight / 3 : false,
            first: list ? list.compareDocumentPosition(setup.querySelector('[data-setup-opponent]'))
                === Node.DOCUMENT_POSITION_FOLLOWING : false,
            games: [...document.querySelectorAll('[data-waiting] button')].map((b) => ({
                ui: b.dataset.ui, id: b.dataset.duelId || b.dataset.gameId, state: b.dataset.waitingState,
                text: b.innerText.replace(/\\s+/g, ' ').trim() })),
        };
    }""")


def test_the_games_waiting_are_at_the_top_of_the_setup_with_the_friend_and_the_state(two, base_url):
    a, b = two
    # the inviter left a game against the computer first
    boot(a, base_url)
    a.click("[data-action='start']")
    a.wait_for_selector("[data-zone='hand'] [data-card]", timeout=60_000)
    to_setup(a)
    a.evaluate("() => sessionStorage.clear()")
    start(a, b, base_url, profile="schnapsen", length="deal", game="Schnapsen")
    mover, other = mover_and_other(a, b)
    wait_settled(other)
    for page, state, words in ((mover, "yourTurn", "your turn"), (other, "wait", "waiting for your friend")):
        duel_id = party(page)["id"]
        page.set_viewport_size({"width": 390, "height": 844})     # a phone: the list is not scrolled past
        to_setup(page)
        shown = waiting(page)
        assert shown["shown"] and shown["first"], shown
        assert shown["top"] < 120, shown                  # under the heading, not ~1,280 px down
        assert shown["inView"], shown                     # and in view, not scrolled past
        duels = [g for g in shown["games"] if g["ui"] == "duel-continue"]
        assert [d["id"] for d in duels] == [duel_id], shown
        assert duels[0]["state"] == state and "Schnapsen with your friend" in duels[0]["text"], duels
        assert words in duels[0]["text"], duels
        if page is a:
            games = [g for g in shown["games"] if g["ui"] == "continue-game"]
            assert len(games) == 1 and "against the computer" in games[0]["text"], shown
            assert shown["games"][0]["ui"] == "duel-continue"      # newest first
        switch_language(page, "de")
        german = [g["text"] for g in waiting(page)["games"] if g["ui"] == "duel-continue"]
        assert "Schnapsen mit deinem Freund" in german[0], german
        assert ("du bist dran" if page is mover else "wartet auf deinen Freund") in german[0], german
        page.click(f"[data-ui='duel-continue'][data-duel-id='{duel_id}']")
        page.wait_for_selector("[data-zone='setup']", state="hidden", timeout=30_000)
        page.wait_for_function("(p) => document.documentElement.dataset.duel === p",
                               arg="your_turn" if page is mover else phase(page) or "their_turn", timeout=30_000)
        switch_language(page, "en")
        # the language switch draws the friend's label again: no computer level beside it
        assert page.text_content("[data-opponent-label]").strip() == "Friend"
    for page in (a, b):
        assert not page.errors, page.errors


def notice_after_link(page, hash_):
    """Open `hash_` in the page's address bar; the notice it gives (kind, words), and whether the
    saved duel moved on."""
    page.evaluate("() => document.querySelectorAll('[data-notice]').forEach((n) => n.remove())")
    before_rev = rev(page)
    open_hash(page, hash_)
    page.wait_for_selector("[data-notice='duel-error'], [data-notice='duel-link']", state="attached",
                           timeout=10_000)
    node = page.locator("[data-notice='duel-error'], [data-notice='duel-link']").first
    return (node.get_attribute("data-notice"), node.locator("[data-notice-text]").text_content(),
            rev(page) != before_rev)


def test_every_link_the_duel_cannot_use_is_said_in_a_sentence(two, base_url):
    """Opened on the inviter's page once the reply is in: each kind of unusable link gives its
    own sentence (English, then German), nothing is applied twice, the duel stays as it was."""
    a, b = two
    boot(a, base_url)
    invitation = invite(a)
    boot(b, base_url, "#duel=" + invitation[0])
    b.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
    b.click("[data-ui='duel-join-accept']")
    reply_link = sent_link(b)
    reply = outbox(b)
    before = rev(a)
    a.evaluate("(hash) => { window.location.hash = hash; }", fragment(reply_link)[1:])
    a.wait_for_function("(r) => (document.documentElement.dataset.duelRev || '') !== r", arg=before, timeout=60_000)
    wait_settled(a, 60_000)
    saved = party(a)["party"]
    other_game = api.duel_join(api.duel_new("schnapsen", match=False)["codes"][0])["codes"][0]
    kinds = [
        # kind, the link's hash, the notice, its words in English
        ("already applied, with a fresh connection code", fragment(reply_link)[1:], "duel-link",
         "already in your game"),
        ("already applied", "duel=" + "~".join(reply), "duel-error", "already applied"),
        ("the player's own", "duel=" + invitation[0], "duel-error", "your own"),
        ("for another duel", "duel=" + other_game, "duel-error", "another game"),
        ("malformed: cut short", "duel=" + reply[0][:40], "duel-error", "damaged or incomplete"),
        ("malformed: no code", "duel=see-you-tonight", "duel-error", "damaged or incomplete"),
        ("another version", "duel=" + reply[0].replace("kd1.", "kd0."), "duel-error", "another version"),
    ]
    for name, hash_, notice, words in kinds:
        kind, text, moved = notice_after_link(a, hash_)
        assert (kind, moved) == (notice, False), (name, kind, text)
        assert words in text, (name, text)
    assert party(a)["party"] == saved
    switch_language(a, "de")
    for hash_, words in ((fragment(reply_link)[1:], "schon in deiner Partie"),
                         ("duel=" + other_game, "anderen Partie"),
                         ("duel=" + reply[0].replace("kd1.", "kd0."), "anderen Version")):
        assert words in notice_after_link(a, hash_)[1]
    assert party(a)["party"] == saved
    for page in (a, b):
        assert not page.errors, page.errors


def test_the_games_waiting_do_not_move_the_set_up_while_the_engine_loads(browser, base_url):
    """The list is drawn with the page's first words (it reads only the saved records, the duel's
    words draw it at install): the set-up below it does not jump down when the engine becomes
    ready. (A guard: it passed before as well.)"""
    from test_table_boot import LAYOUT_SHIFTS
    context = browser.new_context(viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.goto(base_url)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
        page.click("[data-action='start']")
        page.wait_for_selector("[data-zone='hand'] [data-card]", timeout=60_000)
        to_setup(page)
        page.evaluate("() => sessionStorage.clear()")      # a new visit, not a reload of the game
        page.add_init_script(LAYOUT_SHIFTS)
        page.reload()
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
        page.wait_for_timeout(800)
        assert waiting(page)["shown"] and len(waiting(page)["games"]) == 1
        shift = page.evaluate("window.__layoutShift")
        assert shift < 0.01, page.evaluate("window.__layoutShifts")
    finally:
        context.close()
