"""The duel's screens at phone and desktop sizes (390x844, 1280x800), the two players in two
languages (one English, one German): the friend's invitation (game, match or single deal,
options in words), the inviter waiting, both connected mid-deal, the pages back on links after
the channel was cut, and the end of a deal (its panel whole, under the box folded to what is to
be done) with the score sheet. On every screen the duel's box must not cover the table's hand nor
push it below the fold, no two pieces of text of the box or the table are printed over each
other, and no "No trump" is shown while the keys of the shuffle are on their way. Screenshots
go to tests/web/artifacts/ (look at them).

(About 270 lines, one module: every screen is reached along one duel played through, so the screens
share one walk.)
"""
from __future__ import annotations

import json
import random
import re

import pytest

from test_duel_live import KEEP_CHANNELS, fragment, sent_link
from duel_pages import boot, exchange, invite, join, phase, play_one, second_deal_unplayed
from settled import wait_settled

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm

SIZES = [(390, 844), (1280, 800)]


def language(code):
    return f"localStorage.setItem('kaffeehaus.language', {json.dumps(code)});"


def check_layout(page, where):
    """The hand is inside the viewport and nothing of the duel's box lies over it."""
    report = page.evaluate("""() => {
        const rect = (n) => n && !n.hidden && n.getClientRects().length ? n.getBoundingClientRect() : null;
        const box = rect(document.querySelector("[data-zone='duel']"));
        const cards = [...document.querySelectorAll("[data-zone='hand'] [data-card]")].map(rect).filter(Boolean);
        const badge = document.querySelector(".trump-badge.no-trump");
        return { height: innerHeight, width: innerWidth, box: box && {top: box.top, bottom: box.bottom},
                 cards: cards.map((c) => ({top: c.top, bottom: c.bottom, left: c.left, right: c.right})),
                 noTrumpShown: Boolean(badge && getComputedStyle(badge).visibility !== 'hidden'),
                 pending: document.documentElement.dataset.duelCards,
                 scroll: document.scrollingElement.scrollHeight };
    }""")
    for card in report["cards"]:
        assert card["bottom"] <= report["height"] + 1, f"{where}: a card of the hand is below the fold {report}"
        if report["box"]:
            assert card["top"] >= report["box"]["bottom"] - 1, f"{where}: the duel box covers the hand {report}"
    if report["pending"] == "pending":
        assert not report["noTrumpShown"], f"{where}: 'No trump' while the shuffle's keys are on their way"
    return report


# Every piece of text shown in the duel's box and on the table, as the box its glyphs take
# (a Range over each text node): two that overlap are words printed over each other ("0ints":
# a pile's count over the score's label).
TEXT_BOXES = """(roots) => {
    const boxes = [];
    for (const root of document.querySelectorAll(roots)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent.trim();
            const owner = node.parentElement;
            if (!text || !owner || owner.closest("[hidden], .visually-hidden")) continue;
            // what a closed <details> folds away is not shown (only its summary is)
            if (owner.closest("details:not([open])") && !owner.closest("summary")) continue;
            const style = getComputedStyle(owner);
            if (style.visibility !== "visible" || Number(style.opacity) === 0) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects()) {
                if (r.width >= 1 && r.height >= 1) boxes.push({text: text.slice(0, 40), left: r.left, top: r.top, right: r.right, bottom: r.bottom});
            }
        }
    }
    return boxes;
}"""


def overlapping_texts(page, roots="[data-zone='duel'], #table"):
    """Pairs of text boxes (under `roots`) that overlap by more than a pixel each way."""
    boxes = page.evaluate(TEXT_BOXES, roots)
    pairs = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            if (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 1
                    and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 1):
                pairs.append((a["text"], b["text"]))
    return pairs


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_duel_screens_fit_phone_and_desktop_in_two_languages(browser, base_url, artifacts, size):
    width, height = size
    contexts = [browser.new_context(reduced_motion="reduce", viewport={"width": width, "height": height})
                for _ in range(2)]
    try:
        a, b = (ctx.new_page() for ctx in contexts)
        a.add_init_script(language("en") + KEEP_CHANNELS)
        b.add_init_script(language("de") + KEEP_CHANNELS)
        name = f"duel-{width}x{height}"
        boot(a, base_url)
        invite(a, profile="bummerl", length="match")
        invitation = sent_link(a)
        a.screenshot(path=str(artifacts / f"{name}-en-invited.png"))
        assert overlapping_texts(a) == [], f"{name}-en-invited: text printed over text"
        boot(b, base_url, fragment(invitation))
        b.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
        words = b.text_content("dialog[data-dialog='duel-join']")
        assert "Bummerl" in words and "ganze Partie" in words and "false" not in words, words
        b.screenshot(path=str(artifacts / f"{name}-de-invitation.png"))
        b.click("[data-ui='duel-join-accept']")
        reply = sent_link(b)
        b.screenshot(path=str(artifacts / f"{name}-de-reply.png"))
        assert overlapping_texts(b) == [], f"{name}-de-reply: text printed over text"
        tab = a.context.new_page()
        tab.goto(base_url + fragment(reply))
        tab.wait_for_selector("html[data-link='handed-off']", state="attached", timeout=30_000)
        tab.close()
        for page in (a, b):
            page.wait_for_selector("html[data-duel-live='connected']", state="attached", timeout=60_000)
        rng = random.Random(2)
        shots = 0
        for _ in range(60):
            for page, lang in ((a, "en"), (b, "de")):
                wait_settled(page, 60_000)
                check_layout(page, f"{name}-{lang}")
                assert overlapping_texts(page) == [], f"{name}-{lang}: text printed over text"
            if shots == 0 and all(p.locator("[data-zone='hand'] [data-card]").count() for p in (a, b)):
                a.screenshot(path=str(artifacts / f"{name}-en-live.png"))
                b.screenshot(path=str(artifacts / f"{name}-de-live.png"))
                shots = 1
                break
            for page in (a, b):
                if phase(page) == "your_turn":
                    play_one(page, rng)
            a.wait_for_timeout(150)
        assert shots, "the deal never reached both hands"
        # the channel is cut: both pages are back on links, the box shows the link to send
        a.evaluate("() => window.__channels.forEach((c) => c.close())")
        for page in (a, b):
            page.wait_for_function("() => ['closed', 'failed'].includes(document.documentElement.dataset.duelLive)",
                                   timeout=30_000)
        mover = a if phase(a) == "your_turn" else b
        if phase(mover) == "your_turn":
            play_one(mover, rng)
        for page, lang in ((a, "en"), (b, "de")):
            page.wait_for_timeout(300)
            check_layout(page, f"{name}-{lang}-links")
            assert overlapping_texts(page) == [], f"{name}-{lang}-links: text printed over text"
            page.screenshot(path=str(artifacts / f"{name}-{lang}-links.png"))
    finally:
        for ctx in contexts:
            ctx.close()


DEAL_END = "dialog[data-dialog='deal-end'][open]"


def sheet_text(page):
    """The score sheet as shown: the side panel on a wide screen, else its dialog (opened)."""
    if page.is_visible("[data-zone='sheet-panel']"):
        return page.text_content("[data-zone='sheet-panel']")
    page.click("[data-ui='sheet']")
    page.wait_for_selector("dialog[data-dialog='sheet'][open]")
    return page.text_content("dialog[data-dialog='sheet']")


# The end-of-deal panel and the duel's box, as the page lays them out.
DEAL_END_LAYOUT = """() => {
    const rect = (n) => n && !n.hidden && n.getClientRects().length ? n.getBoundingClientRect() : null;
    const panel = document.querySelector("dialog[data-dialog='deal-end'][open]");
    const box = rect(document.querySelector("[data-zone='duel']"));
    const p = rect(panel);
    const link = rect(document.querySelector("[data-zone='duel'] [data-ui='duel-copy-link']"));
    return { height: innerHeight, compact: document.querySelector("[data-zone='duel']").dataset.duelCompact,
             panel: p && {top: p.top, bottom: p.bottom, scroll: panel.scrollHeight, client: panel.clientHeight},
             box: box && {top: box.top, bottom: box.bottom}, link: link && {top: link.top, bottom: link.bottom},
             sending: !document.querySelector("[data-duel-send]").hidden,
             folded: Boolean(document.querySelector("[data-duel-more] [data-duel-fingerprint]")) };
}"""


def each_screen(pages):
    """Each (page, language) of `pages` at each size in turn, the page resized and settled:
    (page, language, width)."""
    for width, height in SIZES:
        for page, lang in pages:
            page.set_viewport_size({"width": width, "height": height})
            wait_settled(page)
            yield page, lang, width


def check_deal_end(page, where):
    """The end-of-deal panel shows its whole content without scrolling inside itself, below the
    duel's box (folded: its explanations behind "Details"), and the link to send is in view."""
    check_layout(page, where)
    report = page.evaluate(DEAL_END_LAYOUT)
    panel, box = report["panel"], report["box"]
    assert panel, f"{where}: no end-of-deal panel {report}"
    assert panel["scroll"] <= panel["client"] + 1, f"{where}: the panel scrolls inside itself {report}"
    assert panel["bottom"] <= report["height"] + 1, f"{where}: the panel runs below the fold {report}"
    assert panel["top"] >= box["bottom"] - 1, f"{where}: the panel lies under the duel's box {report}"
    assert report["compact"] == "true" and report["folded"], f"{where}: the box did not fold {report}"
    if report["sending"]:
        assert report["link"] and 0 <= report["link"]["top"] and report["link"]["bottom"] <= report["height"], \
            f"{where}: the link to send is out of view {report}"
    assert overlapping_texts(page, "[data-zone='duel'], " + DEAL_END) == [], f"{where}: text over text"
    return report


def test_the_duels_end_of_deal_and_score_sheet_read_naturally(browser, base_url, artifacts):
    """A Bummerl by codes (one page in English, one in German) to the end of its first deal, on a
    phone (390x844), then the same pages on a desktop (1280x800): the end-of-deal panel shows
    itself whole on both pages at both sizes, under a box folded to what is to be done; then the
    score sheet with that deal's line. A count that went below 0 reads 0 (never "-2 (−3)"), the
    deal's winner's cell says what the deal won in words; no text is printed over other text."""
    contexts = [browser.new_context(reduced_motion="reduce", viewport={"width": 390, "height": 844})
                for _ in range(2)]
    try:
        a, b = (ctx.new_page() for ctx in contexts)
        a.add_init_script(language("en"))
        b.add_init_script(language("de"))
        boot(a, base_url)
        invitation = invite(a, profile="bummerl", length="match")
        join(b, base_url, invitation, game="Bummerl")
        delivered = [set(), set()]
        exchange([a, b], base_url, random.Random(5), sent=invitation, delivered=delivered,
                 until=lambda pages: all(p.locator(DEAL_END).count() for p in pages))
        for page, lang, width in each_screen(((a, "en"), (b, "de"))):
            assert page.locator(DEAL_END).count(), f"{lang}: no end-of-deal panel"
            assert "omputer" not in page.text_content(DEAL_END), f"{lang}: the friend called the computer"
            check_deal_end(page, f"{lang}-{width}")
            # the table's status line (the deal's result, often two lines) fits in its own box
            spill = page.evaluate("() => { const s = document.querySelector('[data-status]');"
                                  " return s.scrollHeight - s.clientHeight; }")
            assert spill <= 1, f"{lang}-{width}: the status line spills {spill} px out of its box"
            page.screenshot(path=str(artifacts / f"duel-end-of-deal-{lang}-{width}.png"))
        # the message that ends the deal deals the next one: each page keeps the last deal's
        # result over the new deal, its hand in view and clear of the box and of the panel
        exchange([a, b], base_url, random.Random(5), delivered=delivered, until=second_deal_unplayed)
        for page, lang, width in each_screen(((a, "en"), (b, "de"))):
            report = check_deal_end(page, f"{lang}-{width} (next deal)")
            cards = check_layout(page, f"{lang}-{width} (next deal)")["cards"]
            assert all(c["top"] >= report["panel"]["bottom"] - 1 for c in cards), \
                f"{lang}-{width}: the panel covers the new hand {report} {cards}"
            page.screenshot(path=str(artifacts / f"duel-next-deal-{lang}-{width}.png"))
        # the details unfold: the fingerprint and the way to leave are one tap away
        for width, height in SIZES:
            b.set_viewport_size({"width": width, "height": height})
            b.click("[data-duel-more] > summary")
            assert b.locator("[data-duel-more] [data-duel-fingerprint]").is_visible()
            opened = b.evaluate("""() => { const r = document.querySelector('.duel-more-body').getBoundingClientRect();
                return {bottom: r.bottom, height: innerHeight, scroll: document.scrollingElement.scrollHeight}; }""")
            # they drop down over the table: the page does not grow under the hand
            assert opened["bottom"] <= opened["height"] and opened["scroll"] <= opened["height"] + 1, \
                f"de-{width}: the opened details push the page {opened}"
            b.screenshot(path=str(artifacts / f"duel-details-de-{width}.png"))
            b.click("[data-duel-more] > summary")
        for width, height in reversed(SIZES):
            for page, lang in ((a, "en"), (b, "de")):
                page.set_viewport_size({"width": width, "height": height})
                if page.locator(DEAL_END).count():
                    page.click("[data-ui='deal-close']")
                text = sheet_text(page)
                assert not re.search(r"[-−]\d+ \(", text), text     # no count below 0 on the winner's line
                assert not re.search(r"(^|\s)-\d|\([-−+]\d", text), text   # nor a bare "(−2)"
                assert re.search(r"\d \((won \d|\d gewonnen)\)", text), text
                page.screenshot(path=str(artifacts / f"duel-score-sheet-{lang}-{width}.png"))
                if page.locator("dialog[data-dialog='sheet'][open]").count():
                    page.keyboard.press("Escape")
    finally:
        for ctx in contexts:
            ctx.close()
