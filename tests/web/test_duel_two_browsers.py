"""Two devices, no server (web/duel/, docs/PROTOCOL.md "How the page uses the protocol"): two
Chromium browser contexts (two players, each with its own storage and its own engine worker) on
the local static server play a whole deal by passing codes — read from one page's "code to
send", opened as a link in (or pasted into) the other — as two friends would through a
messenger. Nothing else connects them.

At every exchange each page's DOM is compared with the other player's hand, read from the
other page's saved party by the engine in this process: a page never shows a card the other
holds hidden. A code with one character changed is refused with a clear message and the
position is kept; a code applied twice, a code from another game, a code out of order are
refused the same way. Hooks: docs/UI-HOOKS.md ("Two devices").
"""
from __future__ import annotations

import pytest

import json
import random

from kaffeehaus import api

from duel_pages import two  # noqa: F401  (fixture)
from duel_pages import (boot, changed, error_text, exchange, invite, join, outbox, party,
                        paste, phase, play_one, refused, second_deal_unplayed, verified)
from settled import wait_settled

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm


def test_a_whole_deal_between_two_browsers_by_codes(two, base_url):
    a, b = two
    boot(a, base_url)
    invitation = invite(a)
    join(b, base_url, invitation)
    pages = [a, b]
    checks = exchange(pages, base_url, random.Random(1), sent=invitation, new_tabs=2)
    a, b = pages
    assert checks >= 5
    for page in (a, b):
        assert phase(page) == "over", (phase(page), page.text_content("[data-status]"))
        assert page.get_attribute("[data-duel-verified]", "data-duel-verified") == "1"
        assert page.get_attribute("[data-status]", "data-status") in ("deal-over", "match-over")
        # share links, hints, undo and the expert's review are for games against the computer
        assert page.locator("[data-ui='share']").is_hidden()
        assert page.locator("[data-ui='analyse']").is_hidden()
        assert page.locator(".practice-bar").is_hidden()
        assert not page.errors, page.errors
    # both verified the same deal: the same plain engine state, the same result
    sa = api.duel_observation(party(a)["party"])["status"]
    sb = api.duel_observation(party(b)["party"])["status"]
    assert sa["verified_state"] == sb["verified_state"]
    assert sa["last_result"] == api.deal_result(sa["verified_state"])


def test_a_tampered_replayed_foreign_or_early_code_is_refused(two, base_url, artifacts):
    from kaffeehaus.duel import messages

    a, b = two
    boot(a, base_url)
    invitation = invite(a)
    join(b, base_url, invitation)
    reply = outbox(b)
    paste(a, reply)
    code = outbox(a)[0]                              # A's shuffle for B (message 2)
    # one character changed, anywhere: the code is damaged (zlib's checksum, the JSON)
    for at in (len(code) // 2, len(code) - 3, 10):
        refused(b, changed(code, at), "damaged or incomplete")
    refused(b, code[: len(code) // 2], "damaged or incomplete", link=True)
    # a code from the future: message 4 of this very game, before message 2
    ahead_b = api.duel_receive(party(b)["party"], code)
    if not ahead_b["codes"]:                         # B leads first: its shares come with its lead
        legal = api.duel_observation(ahead_b["party"])["observation"]["legal_actions"]
        ahead_b = api.duel_act(ahead_b["party"], sorted(a for a in legal if len(a) == 2)[0])
    ahead_a = api.duel_receive(party(a)["party"], ahead_b["codes"][0])
    if not ahead_a["codes"]:                         # A leads first: its shares come with its lead
        legal = api.duel_observation(ahead_a["party"])["observation"]["legal_actions"]
        ahead_a = api.duel_act(ahead_a["party"], sorted(a for a in legal if len(a) == 2)[0])
    refused(b, ahead_a["codes"][0], "arrived early")    # the engine says which codes are missing
    # a code of another game
    other = api.duel_join(api.duel_new("schnapsen", match=False)["codes"][0])
    refused(a, other["codes"][0], "another game")
    # the player's own code
    refused(a, code, "your own code")
    # the genuine code goes through; once only
    paste(b, [code])
    assert not error_text(b)
    refused(b, code, "already applied", link=True, base_url=base_url)

    # play on until B sends a move with a share, then change that share
    delivered = [{code}, set(reply)]
    rng = random.Random(2)
    for _ in range(60):
        fresh = [c for c in outbox(b) if c not in delivered[1]]
        moves = [c for c in fresh if messages.decode(c)["body"].get("keys") and messages.decode(c)["body"].get("actions")]
        if moves:
            message = messages.decode(moves[0])
            share = message["body"]["keys"][0]
            share[3] = share[3][:-1] + ("1" if share[3][-1] != "1" else "2")
            # changed by someone else (the signature no longer fits): refused, no verdict
            refused(a, messages.encode(message), "not signed by your friend")
            assert a.get_attribute("html", "data-duel") != "stopped"
            # the same change signed with B's own key (a modified page): cheating detected
            from kaffeehaus.duel.group import group
            from kaffeehaus.duel.proofs import sign
            g = group(party(b)["party"]["group"])
            key = int(party(b)["party"]["sign"], 16)
            message["sig"] = [g.to_hex(x) for x in sign(
                g, key, g.public(key), messages.signed_text(message))]
            refused(a, messages.encode(message), "Cheating detected", stops=True)
            assert a.get_attribute("html", "data-duel") == "stopped"
            assert "Cheating detected" in a.text_content("[data-duel-verdict]")
            assert a.locator("[data-duel-send]").is_hidden()     # nothing more to send
            a.screenshot(path=str(artifacts / "duel-cheating-detected.png"))
            refused(a, moves[0], "stopped after cheating", link=True)   # nothing more is applied
            return
        for src, page in ((0, a), (1, b)):
            fresh = [c for c in outbox(page) if c not in delivered[src]]
            if fresh and not (src == 1 and any(messages.decode(c)["body"].get("actions") for c in fresh)):
                paste(two[1 - src], fresh)
                delivered[src].update(fresh)
        for page in (a, b):
            if phase(page) == "your_turn":
                play_one(page, rng)
    raise AssertionError("B never sent a move")


def test_the_next_deal_of_a_match_starts_by_itself(two, base_url):
    """A match: once both verified the first deal, the next one is shuffled by the same codes
    and played; the score sheet carries the first deal's result on both pages, each from its
    own side, and the statistics count it on both. The first deal's result stays on each screen
    over the new deal until that player plays (or closes it): a deal dealt by the friend's code
    never takes it away unread."""
    a, b = two
    boot(a, base_url)
    invitation = invite(a, length="match")
    join(b, base_url, invitation)
    pages = [a, b]
    exchange(pages, base_url, random.Random(4), sent=invitation, until=second_deal_unplayed)
    for page in pages:
        assert page.get_attribute("[data-status]", "data-status") not in ("deal-over", "match-over")
        assert page.locator("dialog[data-dialog='deal-end'][open]").count(), "the first deal's result went away"
        assert page.get_attribute("[data-zone='duel']", "data-duel-compact") == "true"
        # each page counted the first deal in its statistics, once, under the friend on another
        # device (also the page that the friend's message took into the second deal at once)
        stats = json.loads(page.evaluate("() => localStorage.getItem('kaffeehaus.stats')"))
        remote = [f for f in stats.get("friends", []) if f.get("device") == "remote"]
        assert len(remote) == 1 and remote[0]["deals"] == 1, stats
    # the player on turn plays from the hand beside the panel: the panel goes, the box unfolds;
    # the friend's panel stays while that card arrives
    mover, other = sorted(pages, key=lambda p: phase(p) != "your_turn")
    play_one(mover, random.Random(6))
    assert not mover.locator("dialog[data-dialog='deal-end'][open]").count()
    assert mover.get_attribute("[data-zone='duel']", "data-duel-compact") == "false"
    paste(other, outbox(mover))
    wait_settled(other)
    assert phase(other) == "your_turn" and other.locator("[data-zone='trick'] [data-face]").count() == 1
    assert other.locator("dialog[data-dialog='deal-end'][open]").count()
    for page in pages:
        assert verified(page) == 1
        assert not page.errors, page.errors
    # each page's sheet has the first deal's line
    sa = api.duel_observation(party(a)["party"])["status"]
    sb = api.duel_observation(party(b)["party"])["status"]
    assert sa["match_status"] == sb["match_status"]
    scores = sa["match_status"]["scores"]
    summary = [p.text_content(".match-summary") for p in pages]
    assert str(scores[0]) in summary[0] and str(scores[1]) in summary[1], (scores, summary)


def test_a_damaged_saved_duel_is_set_aside_with_a_notice(two, base_url):
    """A saved duel that fails its loader is set aside (kaffeehaus.duel.damaged) with a notice;
    the sound one next to it is kept and continues; a file that is not JSON is set aside whole."""
    a, b = two
    boot(a, base_url)
    invite(a)
    good = party(a)
    a.evaluate("""() => {
        const file = JSON.parse(localStorage.getItem('kaffeehaus.duels'));
        file.duels['broken'] = {id: 'broken', rev: 1, seat: 3, party: 'x'};
        localStorage.setItem('kaffeehaus.duels', JSON.stringify(file));
    }""")
    boot(a, base_url)
    a.wait_for_selector("[data-notice='storage-duel']", timeout=30_000)
    assert "damaged" in a.text_content("[data-notice='storage-duel']")
    assert "broken" in a.evaluate("() => localStorage.getItem('kaffeehaus.duel.damaged')")
    assert party(a)["id"] == good["id"]
    # the reload puts the duel this tab had on the table back by itself
    a.wait_for_selector("html[data-duel='invited']", state="attached", timeout=30_000)
    assert outbox(a) == good["outbox"]
    # not JSON at all
    a.evaluate("() => localStorage.setItem('kaffeehaus.duels', '{oops')")
    boot(a, base_url)
    a.wait_for_selector("[data-notice='storage-duels']", timeout=30_000)
    assert a.evaluate("() => localStorage.getItem('kaffeehaus.duels.damaged')") == "{oops"
    assert not a.errors, a.errors


def test_a_whole_bummerl_between_two_browsers(two, base_url):
    """The duel end to end: two people finish a Bummerl on two devices with nothing but codes.
    Every deal is verified on both sides, and both pages end with the same match result, the
    plain engine's for the verified deals. The Bummerl counts down from 4, an option of the
    set-up (SB-7): at most 3 game points a deal, so it takes two deals or more, and fewer than
    from 7 (the duel's time is in its deals)."""
    a, b = two
    boot(a, base_url)
    invitation = invite(a, profile="bummerl", length="match", options={"target": 4})
    join(b, base_url, invitation, game="Bummerl")
    pages = [a, b]
    exchange(pages, base_url, random.Random(7), sent=invitation, limit=3000, closer=0)
    sa = api.duel_observation(party(a)["party"])["status"]
    sb = api.duel_observation(party(b)["party"])["status"]
    assert sa["match_status"] == sb["match_status"]
    status = sa["match_status"]
    assert status["over"] and status["winner"] in (0, 1), status
    assert status["target"] == 4, status     # the inviter's option reached both seats
    # a Bummerl counts down from 7: the winner is at 0 or below (a last deal may overshoot it)
    winner = status["winner"]
    assert status["scores"][winner] <= 0 < status["scores"][1 - winner], status
    assert status["deals_played"] >= 2
    for page in pages:
        assert phase(page) == "over", phase(page)
        assert page.get_attribute("[data-status]", "data-status") == "match-over"
        assert verified(page) == status["deals_played"]
        assert not page.errors, page.errors
