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

import json
import random

import pytest

from kaffeehaus import api

ENGINE_BOOT_MS = 60_000
SETTLED = "html[data-busy='false']"


@pytest.fixture
def two(browser):
    """Two players: separate browser contexts (separate storage), reduced motion."""
    contexts = [browser.new_context(reduced_motion="reduce", viewport={"width": 1280, "height": 800})
                for _ in range(2)]
    pages = []
    for ctx in contexts:
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda exc, errors=errors: errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg, errors=errors: errors.append(f"console.error: {msg.text}")
                if msg.type == "error" else None)
        page.errors = errors
        pages.append(page)
    yield pages
    for ctx in contexts:
        ctx.close()


def boot(page, base_url, hash_=""):
    page.goto(base_url + hash_)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)


def rev(page):
    return page.evaluate("() => document.documentElement.dataset.duelRev || ''")


# Applying a shuffle message costs a page a shuffle proof to check and one to make (about 1,400
# exponentiations, several seconds of CPU, more on a machine shared with other jobs).
APPLY_MS = 180_000


def wait_applied(page, before, timeout=APPLY_MS):
    """A code was applied (the saved duel moved on) or refused (the error notice)."""
    page.wait_for_function(
        "(before) => (document.documentElement.dataset.duelRev || '') !== before"
        " || document.querySelector(\"[data-notice='duel-error']\")",
        arg=before, timeout=timeout)
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout)


def outbox(page):
    node = page.locator("[data-duel-code-out]")
    if not node.count():
        return []
    return [c for c in node.input_value().split() if c]


def phase(page):
    return page.evaluate("() => document.documentElement.dataset.duel || ''")


def party(page):
    text = page.evaluate("""() => {
        const file = JSON.parse(localStorage.getItem('kaffeehaus.duels') || 'null');
        const list = file ? Object.values(file.duels) : [];
        list.sort((a, b) => b.updated - a.updated);
        return list.length ? JSON.stringify(list[0]) : null;
    }""")
    return json.loads(text) if text else None


def paste(page, codes):
    before = rev(page)
    page.evaluate("() => document.querySelector(\"[data-notice='duel-error']\")?.remove()")
    page.fill("[data-duel-code-in]", "\n".join(codes))
    page.click("[data-ui='duel-apply']")
    wait_applied(page, before)


def open_link(page, base_url, codes):
    """The friend opens the link in the page (a link pasted into the address bar)."""
    before = rev(page)
    page.evaluate("() => document.querySelector(\"[data-notice='duel-error']\")?.remove()")
    page.evaluate("(hash) => { window.location.hash = hash; }", "duel=" + "~".join(codes))
    wait_applied(page, before)


def invite(page, profile="schnapsen", length="deal"):
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=5000)
    page.check("input[name='opponent'][value='remote']")
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='length']", length)
    page.click("[data-action='start']")
    page.wait_for_selector("html[data-duel='invited']", state="attached", timeout=60_000)
    page.wait_for_selector(SETTLED, state="attached")
    codes = outbox(page)
    assert len(codes) == 1 and codes[0].startswith("kd1.")
    return codes


def join(page, base_url, invitation, game="Schnapsen"):
    """The friend opens the invitation link in a fresh page and says yes."""
    boot(page, base_url, "#duel=" + invitation[0])
    page.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
    assert game in page.text_content("[data-duel-join-text]")
    before = rev(page)
    page.click("[data-ui='duel-join-accept']")
    wait_applied(page, before)
    assert page.get_attribute("html", "data-opponent") == "remote"


def dom_cards(page, aside="[data-card-preview]"):
    """Every card face or card button in the page (the settings' fixed preview of the card
    faces aside, and what `aside` selects), and every card code written in a data attribute
    anywhere else."""
    return set(page.evaluate("""(aside) => {
        const out = [];
        for (const node of document.querySelectorAll('[data-face], [data-card]')) {
            if (node.closest(aside)) continue;
            out.push(node.dataset.face || node.dataset.card);
        }
        return out;
    }""", aside))


def check_no_leak(pages):
    """Neither page's DOM holds a card the other holds hidden (its hand minus what the rules
    show)."""
    views = []
    for page in pages:
        record = party(page)
        views.append(api.duel_observation(record["party"])["observation"] if record else None)
    if None in views or any(v["result"] for v in views):
        return 0
    for me, other in ((0, 1), (1, 0)):
        # what the rules show this page: OB-2 (a marriage's other card), the trump indicator
        # (the other page may be a move ahead and have drawn it already)
        seen = set(views[me]["known_opponent_cards"]) | {views[me]["trump_card"]}
        hidden = set(views[other]["hand"]) - seen
        # both are in play: an end-of-deal panel still open shows the deal before, whose
        # cards were all shown at its end
        leaked = dom_cards(pages[me], "[data-card-preview], dialog[data-dialog='deal-end'][open]") & hidden
        where = pages[me].evaluate("""(codes) => [...document.querySelectorAll('[data-face], [data-card]')]
            .filter((n) => codes.includes(n.dataset.face || n.dataset.card))
            .map((n) => { const z = n.closest('[data-zone], dialog, section'); return (z ? z.outerHTML.slice(0, 160) : 'page') + ' hidden=' + !n.checkVisibility(); })""", sorted(leaked)) if leaked else []
        assert not leaked, f"page {me} shows the other's hidden cards {sorted(leaked)} at {where}; deal {views[me].get('deal_number')} {views[other].get('deal_number')}"
    return 1


PLAYABLE = ("[data-zone='hand'] button[data-card]:enabled, "
            "[data-zone='actions'] button[data-action]:enabled")


def play_one(page, rng, prefer=None):
    """A winning claim, else the action `prefer` names when its button is there, else a random
    card, else the first action."""
    # the duel box may say "your turn" a moment before the table has drawn the hand; a choice made
    # from a half-drawn table would wait for a button that never comes
    page.wait_for_selector(SETTLED, state="attached", timeout=APPLY_MS)
    page.wait_for_selector(PLAYABLE, timeout=APPLY_MS)
    cards = page.locator("[data-zone='hand'] button[data-card]:enabled")
    actions = page.locator("[data-zone='actions'] button[data-action]:enabled")
    choices = [cards.nth(i) for i in range(cards.count())]
    claim = page.locator("[data-zone='actions'] button[data-action='claim'].primary:enabled")
    preferred = prefer and page.locator(f"[data-zone='actions'] button[data-action='{prefer}']:enabled")
    if claim.count():
        target = claim.first                      # a claim the engine says wins
    elif preferred and preferred.count():
        target = preferred.first
    elif choices:
        target = rng.choice(choices)
    else:
        target = actions.first
    before = rev(page)
    target.click()
    page.wait_for_function("(before) => (document.documentElement.dataset.duelRev || '') !== before",
                           arg=before, timeout=60_000)
    page.wait_for_selector(SETTLED, state="attached", timeout=60_000)


def open_in_new_tab(page, base_url, codes):
    """The friend taps the link in a messenger: a new tab of the same browser opens it, finds
    the saved duel by its game id and continues it; the old tab follows (storage event)."""
    tab = page.context.new_page()
    tab.errors = page.errors
    tab.on("pageerror", lambda exc: tab.errors.append(f"pageerror: {exc}"))
    boot(tab, base_url, "#duel=" + "~".join(codes))
    tab.wait_for_function("() => document.documentElement.dataset.duelRev", timeout=60_000)
    tab.wait_for_selector(SETTLED, state="attached", timeout=60_000)
    assert tab.evaluate("() => location.hash") == ""          # applied once: a reload does not
    new_rev = rev(tab)
    page.wait_for_function("(r) => document.documentElement.dataset.duelRev === r", arg=new_rev,
                           timeout=60_000)
    page.close()
    return tab


def hand_size(page):
    return page.locator("[data-zone='hand'] [data-card]").count()


def verified(page):
    node = page.locator("[data-duel-verified]")
    return int(node.get_attribute("data-duel-verified") or 0) if node.count() else 0


def choice_for(pages, index, closer):
    """What page `index` prefers to play: with `closer` set, that page closes the talon whenever
    it may from the second deal of a match on (SS-8; mostly a failed close, SB-2: 2 game points
    to the other), so a whole match takes about four deals instead of six."""
    return "close" if index == closer and verified(pages[index]) >= 1 else None


def exchange(pages, base_url, rng, *, sent=(), limit=300, on_step=None, new_tabs=0, until=None,
             delivered=None, closer=None):
    """Pass every new code to the other page (as a link or pasted, in turn) and play whenever
    a page has the move, until neither has anything to do. `sent`: the first page's codes the
    other already has (the invitation); `delivered`: each page's codes passed so far, kept
    by the caller across calls (two sets, updated); `closer`: see choice_for."""
    if delivered is None:
        delivered = [set(), set()]
    delivered[0].update(sent)
    checks = 0
    use_link = False
    deliveries = 0
    for _ in range(limit):
        moved = False
        for src in (0, 1):
            fresh = [c for c in outbox(pages[src]) if c not in delivered[src]]
            if fresh:
                dst = pages[1 - src]
                deliveries += 1
                if new_tabs and deliveries % 5 == 3:
                    new_tabs -= 1
                    dst = pages[1 - src] = open_in_new_tab(dst, base_url, fresh)
                elif use_link:
                    open_link(dst, base_url, fresh)
                else:
                    paste(dst, fresh)
                use_link = not use_link
                assert not dst.locator("[data-notice='duel-error']").count(), \
                    dst.text_content("[data-notice='duel-error']")
                delivered[src].update(fresh)
                moved = True
                checks += check_no_leak(pages)
                if on_step:
                    on_step(pages)
        if until and until(pages):
            return checks
        for index, page in enumerate(pages):
            if phase(page) == "your_turn":
                play_one(page, rng, choice_for(pages, index, closer))
                moved = True
                checks += check_no_leak(pages)
        if not moved:
            return checks
    raise AssertionError("the duel did not come to rest")


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


def error_text(page):
    node = page.locator("[data-notice='duel-error'] [data-notice-text]")
    return node.text_content() if node.count() else ""


def refused(page, text, expected, *, link=False, base_url="", stops=False):
    """A refused code: the clear message, and the saved duel and the table exactly as before
    (`stops`: cheating detected, the record keeps the verdict besides)."""
    saved = json.dumps(party(page)["party"])
    hand = page.locator("[data-zone='hand']").inner_html()
    before = rev(page)
    page.evaluate("() => document.querySelector(\"[data-notice='duel-error']\")?.remove()")
    if link:
        page.evaluate("(hash) => { window.location.hash = hash; }", "duel=" + text)
    else:
        page.fill("[data-duel-code-in]", text)
        page.click("[data-ui='duel-apply']")
    page.wait_for_selector("[data-notice='duel-error']", timeout=60_000)
    page.wait_for_selector(SETTLED, state="attached")
    assert expected in error_text(page), error_text(page)
    assert stops or rev(page) == before
    assert json.dumps(party(page)["party"]) == saved
    assert page.locator("[data-zone='hand']").inner_html() == hand


def changed(code, at):
    """The code with one character changed (another letter of the base64url alphabet)."""
    return code[:at] + ("B" if code[at] != "B" else "C") + code[at + 1:]


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
            message["sig"] = [format(x, "x") for x in sign(
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


def second_deal_unplayed(pages):
    """Both pages verified the first deal and are in the second, where nobody has played yet,
    and one of them may play."""
    views = [api.duel_observation(party(p)["party"]) for p in pages]
    return all(v["status"]["deals_verified"] == 1 and v["observation"] and not v["observation"]["result"]
               and not v["observation"]["actions"] for v in views) \
        and any(phase(p) == "your_turn" for p in pages)


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
    other.wait_for_selector(SETTLED, state="attached")
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
    a.click(f"[data-ui='duel-continue'][data-duel-id='{good['id']}']")
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
    plain engine's for the verified deals."""
    a, b = two
    boot(a, base_url)
    invitation = invite(a, profile="bummerl", length="match")
    join(b, base_url, invitation, game="Bummerl")
    pages = [a, b]
    exchange(pages, base_url, random.Random(7), sent=invitation, limit=3000, closer=0)
    sa = api.duel_observation(party(a)["party"])["status"]
    sb = api.duel_observation(party(b)["party"])["status"]
    assert sa["match_status"] == sb["match_status"]
    status = sa["match_status"]
    assert status["over"] and status["winner"] in (0, 1), status
    # a Bummerl counts down from 7: the winner is at 0 or below (a last deal may overshoot it)
    winner = status["winner"]
    assert status["scores"][winner] <= 0 < status["scores"][1 - winner], status
    assert status["deals_played"] >= 2
    for page in pages:
        assert phase(page) == "over", phase(page)
        assert page.get_attribute("[data-status]", "data-status") == "match-over"
        assert verified(page) == status["deals_played"]
        assert not page.errors, page.errors
