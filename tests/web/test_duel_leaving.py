"""What the duel's box shows of the protocol (docs/PROTOCOL.md "Leaving a game", the
fingerprint; hooks in docs/UI-HOOKS.md "Two devices"), between two browser contexts: the join
dialog says what is protected and what is not; both pages show the same fingerprint, the
engine's; "Stop this game" asks first with what the engine says it costs and records it only on
yes; the friend left waiting is offered "My friend stopped answering" only after a long wait,
records it on yes, and a later code from the friend resumes the game. Screenshots of each at
390x844 and 1280x800, in English and German."""
from __future__ import annotations

import random

import pytest

from kaffeehaus import api

from duel_pages import play_one, boot, invite, outbox, party, paste, two  # noqa: F401
from settled import wait_settled

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def shots(page, artifacts, name):
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(artifacts / f"duel-{name}-{size}.png"))
    page.set_viewport_size(SIZES["desktop"])


def test_fingerprint_stop_and_the_friend_who_stopped(two, base_url, artifacts):
    a, b = two
    b.add_init_script("localStorage.setItem('kaffeehaus.language', 'de')")   # B reads German
    boot(a, base_url)
    invitation = invite(a, length="match")
    # the invitation: what the protocol protects and what it does not, before saying yes
    boot(b, base_url, "#duel=" + invitation[0])
    b.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
    assert "Bildschirm" in b.text_content("[data-duel-join-safety]")
    shots(b, artifacts, "join-de")
    b.click("[data-ui='duel-join-accept']")
    b.wait_for_function("() => (document.documentElement.dataset.duelRev || '') !== ''", timeout=180_000)
    wait_settled(b, 180_000)
    paste(a, outbox(b))
    # both pages show the same twenty-five digits, the engine's, with the line to compare them
    expected = api.duel_observation(party(a)["party"])["status"]["fingerprint"]
    assert expected and sum(c.isdigit() for c in expected) == 25
    for page in (a, b):
        page.wait_for_selector("[data-duel-fingerprint]:not([hidden])", timeout=30_000)
        assert page.get_attribute("[data-duel-fingerprint]", "data-duel-fingerprint") == expected
        assert expected in page.text_content("[data-duel-fingerprint]")
    assert "by voice or in person" in a.text_content("[data-duel-fingerprint]")
    shots(a, artifacts, "fingerprint-en")
    shots(b, artifacts, "fingerprint-de")
    # deal 0's two passes (the reply carried no deck): the deal is dealt on both pages; A has a
    # code for B (its shares, or its first turn when it leads)
    paste(b, outbox(a))
    paste(a, outbox(b))
    while not outbox(a):
        play_one(a, random.Random(3))

    # A stops: the question says what the engine says it costs; "Go back" records nothing
    cost = api.duel_stop(party(a)["party"], "me")["status"]["stopped"]
    a.click("[data-ui='duel-stop']")
    a.wait_for_selector("dialog[data-dialog='duel-stop'][open]")
    question = a.text_content("[data-duel-stop-text]")
    assert ("costs nothing" in question) == cost["free"], question
    assert ("counts as lost" in question) == (not cost["free"]), question
    shots(a, artifacts, "stop-ask-en")
    a.click("[data-ui='duel-stop-cancel']")
    assert party(a)["party"].get("stopped") is None
    assert a.locator("[data-duel-stopped]").is_hidden()
    a.click("[data-ui='duel-stop']")
    a.click("[data-ui='duel-stop-confirm']")
    a.wait_for_selector("[data-duel-stopped='me']:not([hidden])")
    assert party(a)["party"]["stopped"]["by"] == 0
    assert a.locator("[data-ui='duel-stop']").is_hidden()
    # the match's score sheet counts the deal the stop cost, with a line that says so
    a.wait_for_selector("[data-sheet] tr[data-reason='abandoned']", state="attached", timeout=30_000)
    assert "stopped before it could be checked" in a.text_content("[data-sheet]")
    shots(a, artifacts, "stopped-en")

    # B waits for A: no "my friend stopped" at first, never by itself
    assert b.locator("[data-ui='duel-friend-stopped']").is_hidden()
    # ... a long wait later (the saved duel last changed eleven minutes ago), it is offered
    b.evaluate("""() => {
        const file = JSON.parse(localStorage.getItem('kaffeehaus.duels'));
        for (const d of Object.values(file.duels)) d.updated -= 11 * 60 * 1000;
        localStorage.setItem('kaffeehaus.duels', JSON.stringify(file));
    }""")
    boot(b, base_url)   # the reload puts the duel this tab had on the table back by itself
    b.wait_for_selector("[data-ui='duel-friend-stopped']:not([hidden])", timeout=60_000)
    assert b.locator("[data-duel-stopped]").is_hidden()
    b.click("[data-ui='duel-friend-stopped']")
    b.wait_for_selector("dialog[data-dialog='duel-stop'][open]")
    shots(b, artifacts, "friend-stopped-ask-de")
    b.click("[data-ui='duel-stop-confirm']")
    b.wait_for_selector("[data-duel-stopped='friend']:not([hidden])")
    assert party(b)["party"]["stopped"]["by"] == 0
    shots(b, artifacts, "friend-stopped-de")
    # A comes back: its code reaches B and the game goes on there
    paste(b, outbox(a))
    b.wait_for_selector("[data-duel-stopped]", state="hidden")
    assert party(b)["party"]["stopped"] is None
    assert not a.errors and not b.errors, (a.errors, b.errors)
