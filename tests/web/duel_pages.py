"""Two players' pages in one browser, driven as two friends would play a duel by codes (web/duel/,
hooks in docs/UI-HOOKS.md "Two devices"): the `two` fixture (two contexts, each with its own
storage and engine worker), booting, inviting and joining, pasting a code or opening it as a link,
playing a card, the check that a page never shows a card the other holds hidden, and `exchange`,
which passes every code from one page to the other until a condition holds. The duel's browser
tests (by codes, live, QR codes, limits, leaving, screens) share it.

(About 300 lines, one module: `exchange` drives nearly every other helper here, and the steps of
one duel read best in the order a duel takes them.)
"""
from __future__ import annotations

import json

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from kaffeehaus import api
from settled import wait_settled

ENGINE_BOOT_MS = 60_000


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
    wait_settled(page, timeout)


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


def open_hash(page, hash_, timeout=60_000):
    """Put `hash_` in the page's address bar and wait until the page has taken it in (its count of
    links opened moved on) and settled, whatever it made of it."""
    before = page.evaluate("() => document.documentElement.dataset.linksOpened || '0'")
    page.evaluate("(hash) => { window.location.hash = hash; }", hash_)
    page.wait_for_function("(b) => (document.documentElement.dataset.linksOpened || '0') !== b",
                           arg=before, timeout=timeout)
    wait_settled(page, timeout)


def mover_and_other(a, b, tries=300):
    """The page whose turn it is in the duel, and the other one (waits for a turn to come)."""
    for _ in range(tries):
        movers = [p for p in (a, b) if phase(p) == "your_turn"]
        if movers:
            return movers[0], (b if movers[0] is a else a)
        a.wait_for_timeout(100)
    raise AssertionError("neither page has the move")


def invite(page, profile="schnapsen", length="deal", options=None):
    """The inviter's set-up: a duel of `profile`, with `options` chosen on the set-up screen."""
    page.wait_for_selector("[data-zone='setup']:not([hidden])", timeout=5000)
    page.check("input[name='opponent'][value='remote']")
    page.click(f"[data-profile='{profile}']")
    for name, value in (options or {}).items():
        page.select_option(f"[data-option='{name}']", json.dumps(value))
    page.select_option("[data-setup='length']", length)
    page.click("[data-action='start']")
    page.wait_for_selector("html[data-duel='invited']", state="attached", timeout=60_000)
    wait_settled(page)
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
    wait_settled(page, APPLY_MS)
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
    wait_settled(page, 60_000)


def open_in_new_tab(page, base_url, codes):
    """The friend taps the link in a messenger: a new tab of the same browser opens it, finds
    the saved duel by its game id and continues it; the old tab follows (storage event)."""
    tab = page.context.new_page()
    tab.errors = page.errors
    tab.on("pageerror", lambda exc: tab.errors.append(f"pageerror: {exc}"))
    boot(tab, base_url, "#duel=" + "~".join(codes))
    tab.wait_for_function("() => document.documentElement.dataset.duelRev", timeout=60_000)
    wait_settled(tab, 60_000)
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


def wait_duel_error(page, what="", timeout=60_000):
    """Wait for the duel's error notice; if it never comes, fail with what the page shows (its
    state hooks, the apply button, the paste box, the notices, the page's errors), so that a
    rare failure under load says where the paste stopped."""
    try:
        page.wait_for_selector("[data-notice='duel-error']", state="attached", timeout=timeout)
    except PlaywrightTimeout:
        shown = page.evaluate("""() => ({
            html: { ...document.documentElement.dataset },
            applyDisabled: document.querySelector("[data-ui='duel-apply']")?.disabled,
            pasted: (document.querySelector("[data-duel-code-in]")?.value || "").length,
            notices: [...document.querySelectorAll("[data-notice]")].map((n) => n.dataset.notice),
        })""")
        raise AssertionError(f"no duel-error notice for {what!r}: {shown}, "
                             f"errors {getattr(page, 'errors', None)}") from None


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
    wait_duel_error(page, text[:40])
    wait_settled(page)
    assert expected in error_text(page), error_text(page)
    assert stops or rev(page) == before
    assert json.dumps(party(page)["party"]) == saved
    assert page.locator("[data-zone='hand']").inner_html() == hand


def changed(code, at):
    """The code with one character changed (another letter of the base64url alphabet)."""
    return code[:at] + ("B" if code[at] != "B" else "C") + code[at + 1:]


def second_deal_unplayed(pages):
    """Both pages verified the first deal and are in the second, where nobody has played yet,
    and one of them may play."""
    views = [api.duel_observation(party(p)["party"]) for p in pages]
    return all(v["status"]["deals_verified"] == 1 and v["observation"] and not v["observation"]["result"]
               and not v["observation"]["actions"] for v in views) \
        and any(phase(p) == "your_turn" for p in pages)
