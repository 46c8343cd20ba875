"""A friend on another device, live (web/duel/transport.js, link-flow.js, live-ui.js): two
Chromium contexts on 127.0.0.1 (host candidates on loopback, no STUN, nothing else contacted).
The invitation is one link, the reply is one link; then the moves travel over the WebRTC data
channel by themselves. The test counts the links it carries between the pages (the manual
transfers) and fails above 2; a channel closed mid-deal, or a page reloaded mid-deal, leaves
the game to finish by links with nothing lost or applied twice."""
from __future__ import annotations

import pytest

import random
import time

from kaffeehaus import api
from duel_pages import (boot, check_no_leak, choice_for, error_text, hand_size, invite,
                        mover_and_other, open_hash, party, phase, play_one, two,  # noqa: F401 (fixture)
                        verified)
from settled import wait_settled

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm

LIVE_OPEN = "html[data-duel-live='connected']"


def sent_link(page, timeout=30_000):
    """The link the page offers to send (codes and, while not connected, a connection code)."""
    page.wait_for_function(
        "() => { const s = document.querySelector('[data-duel-send]');"
        " return s && !s.hidden && s.dataset.duelLink && s.dataset.duelSignal === 'true'; }", timeout=timeout)
    return page.get_attribute("[data-duel-send]", "data-duel-link")


# test-only: the page's data channels, to cut them as a dropped network would
KEEP_CHANNELS = """
window.__channels = [];
const make = RTCPeerConnection.prototype.createDataChannel;
RTCPeerConnection.prototype.createDataChannel = function (...args) {
  const channel = make.apply(this, args);
  window.__channels.push(channel);
  return channel;
};
const Original = RTCPeerConnection;
window.RTCPeerConnection = function (...args) {
  const pc = new Original(...args);
  pc.addEventListener("datachannel", (event) => window.__channels.push(event.channel));
  return pc;
};
window.RTCPeerConnection.prototype = Original.prototype;
"""


def fragment(link):
    return link[link.index("#"):]


def open_in_new_tab(page, base_url, link):
    """A link tapped in a messenger opens a new tab of the same browser."""
    tab = page.context.new_page()
    tab.goto(base_url + fragment(link))
    return tab


def start(a, b, base_url, profile="bummerl", length="match", game="Bummerl", options=None, copy=False):
    """One link each way; returns (transfers, seconds from Accept to the friend's first card).
    `copy`: the inviter copies its invitation with the box's button, as a player does."""
    boot(a, base_url)
    if copy:
        a.context.grant_permissions(["clipboard-read", "clipboard-write"])
    invite(a, profile=profile, length=length, options=options)
    invitation = sent_link(a)
    if copy:
        a.click("[data-ui='duel-copy-link']")
        a.wait_for_function("() => document.querySelector('[data-duel-copied]').textContent.trim()")
    boot(b, base_url, fragment(invitation))
    b.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
    words = b.text_content("dialog[data-dialog='duel-join']")
    assert game in words and ("match" if length == "match" else "single deal") in words, words
    assert "Single deal" not in words or length != "match"
    assert not any(raw in words for raw in ("false", "true", "null")), words
    accepted = time.monotonic()
    b.click("[data-ui='duel-join-accept']")
    reply = sent_link(b)
    tab = open_in_new_tab(a, base_url, reply)
    tab.wait_for_selector("html[data-link='handed-off']", state="attached", timeout=30_000)
    tab.close()
    for page in (a, b):
        page.wait_for_selector(LIVE_OPEN, state="attached", timeout=60_000)
    # the friend's first cards come with the inviter's keys (the inviter may lead first)
    rng = random.Random(99)
    while not b.locator("[data-zone='hand'] [data-card]").count():
        assert time.monotonic() - accepted < 120, "the friend's cards never came"
        if phase(a) == "your_turn" and phase(b) != "your_turn":
            play_one(a, rng)
        b.wait_for_timeout(100)
    return 2, time.monotonic() - accepted


def play_live(pages, rng, *, until, limit=2000, closer=None):
    """Play whenever a page has the move; nothing is carried between the pages. `closer`: see
    choice_for."""
    for _ in range(limit):
        moved = False
        for index, page in enumerate(pages):
            # asked before every move, not once a round: the page after the one that ended a
            # deal would otherwise start the next deal before the test looks at this one's end
            if until(pages):
                return
            if phase(page) == "your_turn":
                play_one(page, rng, choice_for(pages, index, closer))
                moved = True
        if not moved:
            pages[0].wait_for_timeout(150)
    raise AssertionError(f"the duel did not come to rest: {[phase(p) for p in pages]}")


def match_over(pages):
    return all(phase(p) == "over" for p in pages) and verified(pages[0]) == verified(pages[1])


def test_a_whole_bummerl_live_after_one_link_each_way(two, base_url):
    """A Bummerl counted down from 4 (SB-7; two deals or more) with nothing carried by hand
    after one link each way."""
    a, b = two
    transfers, to_first_card = start(a, b, base_url, options={"target": 4})
    play_live([a, b], random.Random(11), until=match_over, closer=0)
    assert transfers <= 2
    sa = api.duel_observation(party(a)["party"])["status"]
    sb = api.duel_observation(party(b)["party"])["status"]
    assert sa["match_status"] == sb["match_status"] and sa["match_status"]["over"]
    assert sa["match_status"]["target"] == 4 and sa["match_status"]["deals_played"] >= 2
    for page in (a, b):
        assert verified(page) == sa["match_status"]["deals_played"]
        assert not page.locator("[data-notice='duel-error']").count(), error_text(page)
        assert not page.errors, page.errors
    print(f"\nlive bummerl: {transfers} manual transfers, {sa['match_status']['deals_played']} deals,"
          f" Accept to the friend's first card {to_first_card:.1f} s")


def live_state(page):
    return page.evaluate("() => document.documentElement.dataset.duelLive || ''")


def sendable(page):
    """The link the page shows to send now, or None."""
    return page.evaluate("""() => { const s = document.querySelector('[data-duel-send]');
        return s && !s.hidden && s.dataset.duelSignal === 'true' ? s.dataset.duelLink : null; }""")


def finish_by_links(pages, rng, *, limit=600):
    """Carry every new link to the other page (in that page, as a link opened there) and play
    whenever a page has the move, until the deal is verified on both; returns the links carried."""
    carried = [set(), set()]
    count = 0
    for _ in range(limit):
        if all(phase(p) == "over" and verified(p) == 1 for p in pages):
            return count
        moved = False
        for src in (0, 1):
            link = sendable(pages[src])
            if link and link not in carried[src] and live_state(pages[src]) != "connected":
                dst = pages[1 - src]
                open_hash(dst, fragment(link)[1:])
                assert not dst.locator("[data-notice='duel-error']").count(), error_text(dst)
                carried[src].add(link)
                count += 1
                moved = True
        for page in pages:
            if phase(page) == "your_turn":
                play_one(page, rng)
                moved = True
            check_no_leak(pages)
        if not moved:
            pages[0].wait_for_timeout(200)
    raise AssertionError(f"the deal did not finish: {[phase(p) for p in pages]}")


def same_verified_deal(a, b):
    sa = api.duel_observation(party(a)["party"])["status"]
    sb = api.duel_observation(party(b)["party"])["status"]
    assert sa["deals_verified"] == sb["deals_verified"] == 1
    assert sa["verified_state"] == sb["verified_state"]
    assert sa["last_result"] == api.deal_result(sa["verified_state"])


def play_a_few(pages, rng, moves):
    for _ in range(200):
        if moves <= 0:
            return
        for page in pages:
            if phase(page) == "your_turn":
                play_one(page, rng)
                moves -= 1
        pages[0].wait_for_timeout(100)


def test_a_channel_cut_mid_deal_finishes_by_links_nothing_lost_or_doubled(two, base_url):
    a, b = two
    for page in (a, b):
        page.add_init_script(KEEP_CHANNELS)
    start(a, b, base_url, profile="schnapsen", length="deal", game="Schnapsen")
    rng = random.Random(5)
    play_a_few([a, b], rng, 3)
    a.evaluate("() => window.__channels.forEach((c) => c.close())")
    for page in (a, b):
        page.wait_for_function("() => ['closed', 'failed'].includes(document.documentElement.dataset.duelLive)",
                               timeout=30_000)
        assert page.text_content("[data-duel-live]").strip()
    carried = finish_by_links([a, b], rng)
    same_verified_deal(a, b)
    for page in (a, b):
        assert not page.errors, page.errors
    print(f"\ncut mid-deal: finished with {carried} more links")


def test_a_reload_mid_deal_reconnects_or_falls_back_to_links(two, base_url):
    a, b = two
    start(a, b, base_url, profile="schnapsen", length="deal", game="Schnapsen")
    rng = random.Random(6)
    play_a_few([a, b], rng, 3)
    b.reload()
    b.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
    a.wait_for_function("() => ['closed', 'failed'].includes(document.documentElement.dataset.duelLive)",
                        timeout=30_000)
    # the reloaded page continues its saved duel (the set-up lists it)
    if b.locator("[data-ui='duel-continue']").count() and phase(b) == "":
        b.click("[data-ui='duel-continue']")
    b.wait_for_function("() => document.documentElement.dataset.duel", timeout=60_000)
    carried = finish_by_links([a, b], rng)
    same_verified_deal(a, b)
    for page in (a, b):
        assert not page.errors, page.errors
    print(f"\nreload mid-deal: finished with {carried} more links")


# test-only: every moment the box offered a code to send while the pages were connected
WATCH_SEND = """() => {
  window.__askedToSend = [];
  setInterval(() => {
    const send = document.querySelector('[data-duel-send]');
    if (send && !send.hidden && document.documentElement.dataset.duelLive === 'connected') {
      window.__askedToSend.push(document.querySelector("[data-zone='duel']").innerText);
    }
  }, 20);
}"""


def nothing_to_send_while_connected(page):
    """The box of a connected duel: no code to send, no note about copying, "Connected" in view."""
    assert live_state(page) == "connected"
    box = page.locator("[data-zone='duel']")
    assert not page.locator("[data-duel-send]").is_visible(), box.inner_text()
    assert not page.locator("[data-duel-copied]").inner_text().strip(), box.inner_text()
    words = box.inner_text()
    assert "Send" not in words and "send" not in words and "Copied" not in words, words
    line = page.locator("[data-zone='duel'] [data-duel-live]")
    assert line.is_visible() and "Connected" in line.inner_text(), words


def test_a_connected_duel_asks_nothing_to_send_at_a_deals_end(two, base_url):
    a, b = two
    # the inviter copied its invitation: that note is stale once the pages are connected
    start(a, b, base_url, copy=True)
    for page in (a, b):
        page.evaluate(WATCH_SEND)
    play_live([a, b], random.Random(8), until=lambda pages: all(verified(p) == 1 for p in pages))
    for page in (a, b):
        page.wait_for_selector("[data-zone='duel'][data-duel-compact='true']", state="attached", timeout=30_000)
        asked = page.evaluate("() => window.__askedToSend")
        assert not asked, f"asked to send while connected: {asked[-1]}"
        nothing_to_send_while_connected(page)
        assert not page.errors, page.errors


def said(page):
    """What the page tells the player about the duel: the box and the table's status line."""
    return page.inner_text("[data-zone='duel']") + "\n" + page.inner_text("[data-status]")


def test_the_words_ask_for_one_link_each_way(two, base_url):
    """The invitation and the reply are the only things copied: no words promise a code to paste."""
    a, b = two
    boot(a, base_url)
    invite(a)
    invitation = sent_link(a)
    words = said(a)
    assert "link" in words and "paste" not in words.lower(), words
    boot(b, base_url, fragment(invitation))
    b.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
    words = b.inner_text("dialog[data-dialog='duel-join']")
    assert "link" in words and "paste" not in words.lower(), words
    b.click("[data-ui='duel-join-accept']")
    reply = sent_link(b)
    b.wait_for_function("() => document.querySelector('[data-status]').textContent.trim()")
    words = said(b)
    assert "link" in words and "paste" not in words.lower(), words
    tab = open_in_new_tab(a, base_url, reply)
    tab.wait_for_selector("html[data-link='handed-off']", state="attached", timeout=30_000)
    tab.close()
    for page in (a, b):
        page.wait_for_selector(LIVE_OPEN, state="attached", timeout=60_000)
        assert not page.errors, page.errors


def box_words(page):
    """What the duel's box asks of the player: the note beside the link to send and the phase."""
    return page.evaluate("""() => [...document.querySelectorAll(
        "[data-zone='duel'] .duel-send-note, [data-zone='duel'] [data-duel-phase], [data-status]")]
        .filter((n) => !n.hidden && n.textContent.trim()).map((n) => n.textContent.trim()).join(" | ")""")


def reconnect_by_links(pages, *, limit=300):
    """Carry a page's link only when its box says to send one, and say which; at most one link
    each way until the two pages are connected again. Returns the links carried each way."""
    carried = [[], []]
    for _ in range(limit):
        if all(live_state(p) == "connected" for p in pages):
            return [len(c) for c in carried]
        for src in (0, 1):
            page, dst = pages[src], pages[1 - src]
            link = sendable(page)
            words = box_words(page)
            if not link or link in carried[src] or live_state(page) in ("connected", "connecting"):
                continue
            # the box says which link: the one that reconnects, or the one sent back
            assert "reconnects" in words or "Send this link back" in words, words
            assert len(carried[src]) == 0, f"a second link from page {src} to reconnect: {words}"
            # the other page, until it has a link of its own to send, says it waits for this one
            if not sendable(dst) and live_state(dst) not in ("connected", "connecting"):
                assert "Open the link your friend sends" in box_words(dst), box_words(dst)
            open_hash(dst, fragment(link)[1:])
            assert not dst.locator("[data-notice='duel-error']").count(), error_text(dst)
            carried[src].append(link)
        pages[0].wait_for_timeout(100)
    raise AssertionError(f"the pages did not reconnect: {[live_state(p) for p in pages]}, {carried}")


def test_a_reloaded_duel_comes_back_to_the_table_on_either_side(two, base_url):
    """A reload mid-deal puts the duel back on the table by itself: the player to move plays at
    once; the friend reloads while waiting. The box says which link reconnects the pages (the
    mover's, then the one sent back): at most one link each way, then the deal is finished over
    the live channel, nothing applied twice."""
    a, b = two
    start(a, b, base_url, profile="schnapsen", length="deal", game="Schnapsen")
    rng = random.Random(12)
    play_a_few([a, b], rng, 3)
    mover, other = mover_and_other(a, b)
    for page, expected in ((mover, "your_turn"), (other, None)):
        if page is mover:
            page.reload()
        else:
            # the friend's page reloads while this one waits for the mover's card
            play_one(mover, rng)
            page.reload()
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=60_000)
        page.wait_for_function("() => document.documentElement.dataset.duel", timeout=60_000)
        assert page.get_attribute("html", "data-opponent") == "remote"
        assert not page.is_visible("[data-zone='setup']")
        if expected:
            assert phase(page) == expected
            before = hand_size(page)
            mover.wait_for_selector("[data-zone='hand'] button[data-card]:enabled", timeout=10_000)
            assert before >= 1
        else:
            assert phase(page) != "your_turn"
    for page in (a, b):
        page.wait_for_function("() => document.querySelector('[data-duel-send]')?.dataset.duelSignal === 'true'"
                               " || /Open the link your friend sends/.test(document.querySelector("
                               "\"[data-zone='duel']\").innerText + document.querySelector('[data-status]').innerText)",
                               timeout=30_000)
    pages = [mover, other]
    each_way = reconnect_by_links(pages)
    assert each_way[0] <= 1 and each_way[1] <= 1, each_way
    play_live(pages, rng, until=lambda ps: all(phase(p) == "over" and verified(p) == 1 for p in ps))
    same_verified_deal(a, b)
    for page in (a, b):
        assert not page.locator("[data-notice='duel-error']").count(), error_text(page)
        assert not page.errors, page.errors
    print(f"\nreloads on both sides: reconnected with {each_way} links each way")
