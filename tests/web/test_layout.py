"""Layout faults seen on real screen sizes, one browser test each, measured on the built site in Chromium.

Every test measures boxes (getBoundingClientRect) or colours (getComputedStyle) of the real page
at the size where the fault was seen, so each one fails on the layout it guards against:
  - the chosen game's button hovered: label contrast at least 4.5:1 (WCAG AA);
  - the set-up panel: opaque, the table's words not readable through it;
  - suit icons keep their square box when their label wraps;
  - a phone on its side (844x390): the Start button inside the viewport without scrolling;
  - a phone upright (390x844): the computer's led card clear of the turned-up trump card;
  - the player's own card on the trick clear of the status line (three sizes);
  - 200% zoom: the hand inside the viewport;
  - a touch screen: tapping a greyed card shows why, visibly and in the live region;
  - touch-only devices: no "Keyboard: arrow keys..." hint;
  - a phone upright, English and German: the top bar in at most two rows, Settings read in full
    (checkboxes beside their labels, no choice cut), who plays, length, level and mode above the
    set-up's Start bar; Schneider's stock count on its stack; the trick's winner label clear of
    the trick's cards.
Hooks: docs/UI-HOOKS.md. A game on the table comes from a saved state made by the engine here
(localStorage "kaffeehaus.game", resumed with data-ui="resume"), so who leads is known.

(About 540 lines, one module: one test per layout fault, each at the screen size where it was seen,
on one context builder and the box measurements.)
"""
from __future__ import annotations

import json

import pytest

from kaffeehaus import api
from settled import wait_settled

ENGINE_BOOT_MS = 90_000
PHONE_UPRIGHT = {"width": 390, "height": 844}
PHONE_SIDEWAYS = {"width": 844, "height": 390}
DESKTOP = {"width": 1280, "height": 800}
SMALL_PHONE = {"width": 360, "height": 640}


def _context(browser, viewport, *, touch=False, lang="en", scale=1, speed="slow"):
    ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch,
                              device_scale_factor=scale)
    ctx.add_init_script(
        f"localStorage.setItem('kaffeehaus.language', {json.dumps(lang)});"
        f"localStorage.setItem('kaffeehaus.settings', {json.dumps(json.dumps({'speed': speed}))});")
    return ctx


@pytest.fixture
def open_page(browser, base_url):
    """open_page(viewport, touch=, lang=, scale=, saved=) -> a page with the engine ready."""
    contexts = []

    def open_(viewport, *, touch=False, lang="en", scale=1, saved=None, speed="slow"):
        ctx = _context(browser, viewport, touch=touch, lang=lang, scale=scale, speed=speed)
        contexts.append(ctx)
        if saved is not None:
            text = json.dumps({"state": saved, "level": "easy", "levelUsed": "easy", "aiSeed": 1})
            ctx.add_init_script(
                "if (!sessionStorage.getItem('seeded')) {"
                f" localStorage.setItem('kaffeehaus.game', {json.dumps(text)});"
                " sessionStorage.setItem('seeded', '1'); }")
        page = ctx.new_page()
        errors = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.errors = errors
        page.goto(base_url)
        page.wait_for_selector("html[data-table='drawn']", state="attached")
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        page.wait_for_selector(f"html[data-language='{lang}']", state="attached", timeout=10_000)
        return page

    yield open_
    for ctx in contexts:
        ctx.close()


def computer_leads_state(seed=5):
    """A Schnapsen deal the player (seat 0) deals: the computer leads the first trick."""
    return api.new_deal("schnapsen", seed=seed, dealer=0)


def resume(page):
    page.click("[data-ui='resume']")
    wait_settled(page)
    page.wait_for_selector("[data-status='your-turn']", state="attached", timeout=30_000)


def start_single_deal(page, profile="schnapsen"):
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='length']", "deal")
    page.click("[data-action='start']")
    wait_settled(page)


def rect(page, selector):
    return page.evaluate("""(sel) => { const n = document.querySelector(sel);
        if (!n) return null; const r = n.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; }""",
                         selector)


def overlap(a, b):
    """Area of the intersection of two boxes (0 when they only touch)."""
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(0.0, width) * max(0.0, height)


def settled_trick_card(page, which):
    """The box of the trick's `which` card (mine|theirs) once it stopped moving."""
    handle = page.wait_for_function(
        """(which) => { const n = document.querySelector(`.trick-card.${which}`);
            if (!n || n.getAnimations().length) return null;
            const r = n.getBoundingClientRect();
            const s = document.querySelector('[data-status]').getBoundingClientRect();
            return {card: {left: r.left, top: r.top, right: r.right, bottom: r.bottom},
                    status: {left: s.left, top: s.top, right: s.right, bottom: s.bottom}}; }""",
        arg=which, timeout=15_000, polling=20)
    return handle.json_value()


# Contrast of a text colour on the colour actually painted behind it: the element's background
# colour and any plain colour-gradient layers (the hover veil), composited over its ancestors'
# backgrounds down to the first opaque one.
CONTRAST_JS = """(node) => {
  const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return null;
    const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => { const a = top[3] + under[3] * (1 - top[3]);
    if (!a) return [0, 0, 0, 0];
    return [0, 1, 2].map((i) => (top[i] * top[3] + under[i] * under[3] * (1 - top[3])) / a).concat([a]); };
  const layers = [];
  for (let n = node; n && n.nodeType === 1; n = n.parentElement) {
    const cs = getComputedStyle(n);
    const own = [];
    const image = cs.backgroundImage;
    if (image && image !== 'none') {
      const stops = image.match(/rgba?\\([^)]+\\)/g) || [];
      // a gradient of one colour is a veil; anything else cannot be judged here
      if (!/^linear-gradient/.test(image) || new Set(stops).size !== 1) return {error: image};
      own.push(parse(stops[0]));
    }
    own.push(parse(cs.backgroundColor));
    layers.push(...own);
    if (own[own.length - 1][3] >= 1) break;
  }
  let colour = [255, 255, 255, 1];
  for (const layer of layers.reverse()) colour = over(layer, colour);
  const text = over(parse(getComputedStyle(node).color), colour);
  const lum = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
  const [hi, lo] = [lum(text), lum(colour)].sort((x, y) => y - x);
  return {ratio: (hi + 0.05) / (lo + 0.05), text, background: colour};
}"""


def contrast(page, selector):
    result = page.locator(selector).first.evaluate(CONTRAST_JS)
    assert "error" not in result, f"{selector}: background not judged: {result}"
    return result


# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("profile", ["bummerl", "schnapsen", "schneider"])
def test_chosen_game_label_contrast_while_hovered(open_page, profile):
    page = open_page(DESKTOP)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    chosen = f"[data-profile='{profile}']"
    page.click(chosen)
    assert page.get_attribute(chosen, "aria-pressed") == "true"
    page.hover(chosen)
    assert page.locator(chosen).evaluate("(n) => n.matches(':hover')")
    result = contrast(page, chosen)
    assert result["ratio"] >= 4.5, result
    # the other buttons of the set-up screen, hovered, keep their contrast too
    for other in ("[data-action='start']", "[data-profile]:not([aria-pressed='true'])"):
        page.hover(other)
        result = contrast(page, other)
        assert result["ratio"] >= 4.5, (other, result)


def test_dialog_button_contrast_while_hovered(open_page):
    page = open_page(DESKTOP)
    page.click("[data-ui='settings']")
    close = "dialog[data-dialog='settings'] form button"
    page.hover(close)
    result = contrast(page, close)
    assert result["ratio"] >= 4.5, result


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE_SIDEWAYS], ids=["desktop", "phone-sideways"])
def test_setup_panel_is_opaque(open_page, viewport):
    """Nothing of the table shows through the set-up panel: it and everything it stacks on paint
    an opaque colour (no translucent layer, no opacity below 1), and the table's status line
    ("Choose a game to start") is covered by it."""
    page = open_page(viewport)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    setup = page.evaluate("""() => { const n = document.querySelector("[data-zone='setup']");
        const cs = getComputedStyle(n); return {background: cs.backgroundColor, opacity: cs.opacity}; }""")
    assert setup["opacity"] == "1", setup
    assert setup["background"].startswith("rgb("), f"translucent set-up panel: {setup}"
    # the status (under the panel) is hidden by the panel at its centre
    covered = page.evaluate("""() => { const s = document.querySelector('[data-status]').getBoundingClientRect();
        const top = document.elementFromPoint(s.left + s.width / 2, s.top + s.height / 2);
        return !!top && !!top.closest("[data-zone='setup']"); }""")
    assert covered


def test_suit_icons_keep_their_aspect_ratio_when_labels_wrap(open_page):
    """The trump badge ("Trump: Clubs") squeezed to a narrow width, as on a small phone: its
    label wraps onto two lines and the suit icon stays square (it used to shrink in width)."""
    page = open_page(DESKTOP, saved=computer_leads_state())
    resume(page)
    result = page.evaluate("""() => {
        const badge = document.querySelector('.trump-badge');
        badge.style.width = '4.5em';   // CSSOM, allowed by the CSP
        const icon = badge.querySelector('.suit-icon').getBoundingClientRect();
        const line = parseFloat(getComputedStyle(badge).fontSize);
        return {w: icon.width, h: icon.height, badge: badge.getBoundingClientRect().height, line}; }""")
    assert result["badge"] > 1.9 * result["line"], f"the label did not wrap: {result}"
    assert result["h"] > 0 and abs(result["w"] / result["h"] - 1) < 0.05, result
    assert result["w"] >= 0.9 * result["line"], result


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_start_button_inside_the_viewport_on_a_phone_sideways(open_page, lang):
    page = open_page(PHONE_SIDEWAYS, touch=True, lang=lang)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    box = rect(page, "[data-action='start']")
    scrolled = page.evaluate("() => [window.scrollY, document.querySelector(\"[data-zone='setup']\").scrollTop]")
    assert scrolled == [0, 0]
    assert box["top"] >= 0 and box["left"] >= 0, box
    assert box["bottom"] <= PHONE_SIDEWAYS["height"] and box["right"] <= PHONE_SIDEWAYS["width"], box
    # and nothing lies over it: a tap at its centre reaches it
    hit = page.evaluate("""(b) => { const n = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2);
        return !!n && !!n.closest("[data-action='start']"); }""", box)
    assert hit


@pytest.mark.parametrize("viewport", [PHONE_UPRIGHT, SMALL_PHONE], ids=["390x844", "360x640"])
def test_led_card_clear_of_the_trump_card_on_a_phone_upright(open_page, viewport):
    page = open_page(viewport, touch=True, saved=computer_leads_state())
    resume(page)
    boxes = settled_trick_card(page, "theirs")
    indicator = rect(page, "[data-zone='talon'] .indicator")
    assert indicator, "no turned-up trump card"
    assert overlap(boxes["card"], indicator) == 0, (boxes["card"], indicator)
    assert overlap(boxes["card"], rect(page, "[data-zone='talon']")) == 0


@pytest.mark.parametrize("viewport", [PHONE_UPRIGHT, SMALL_PHONE, PHONE_SIDEWAYS, DESKTOP],
                         ids=["phone-upright", "small-phone", "phone-sideways", "desktop"])
def test_own_card_on_the_trick_clear_of_the_status(open_page, viewport):
    """The player answers the computer's lead; once the card has landed on the trick (the
    animation over, the trick still on the table) it does not cover the status line."""
    page = open_page(viewport, touch=viewport is not DESKTOP, saved=computer_leads_state())
    resume(page)
    page.locator("[data-zone='hand'] button[data-card]:not(:disabled)").first.click()
    boxes = settled_trick_card(page, "mine")
    assert overlap(boxes["card"], boxes["status"]) == 0, boxes
    theirs = rect(page, ".trick-card.theirs")
    if theirs:
        assert overlap(theirs, boxes["status"]) == 0, (theirs, boxes["status"])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_hand_inside_the_viewport_at_200_percent_zoom(open_page, lang):
    """200% browser zoom on a 1280x800 screen gives the page a 640x400 CSS-pixel viewport with
    two device pixels per CSS pixel. Playwright cannot press Ctrl+Plus in headless Chromium, so
    the zoom is emulated with exactly that: viewport 640x400 and device_scale_factor 2 (media
    queries, vh units and the layout see what they see at 200% zoom). CSS `zoom` on <html> would
    not do: it leaves the viewport and the media queries at 1280x800."""
    page = open_page({"width": 640, "height": 400}, scale=2, lang=lang, saved=computer_leads_state())
    resume(page)
    assert page.evaluate("() => [innerWidth, innerHeight, devicePixelRatio]") == [640, 400, 2]
    cards = page.evaluate("""() => [...document.querySelectorAll("[data-zone='hand'] button[data-card]")]
        .map((b) => { const r = b.getBoundingClientRect(); return [b.dataset.card, r.top, r.bottom, r.left, r.right]; })""")
    assert len(cards) == 5
    for code, top, bottom, left, right in cards:
        assert top >= 0 and bottom <= 400 + 0.5, (code, top, bottom)
        assert left >= 0 and right <= 640 + 0.5, (code, left, right)
    assert page.evaluate("() => document.scrollingElement.scrollHeight") <= 400


def must_follow_state():
    """Talon closed by the computer, which then leads a spade: the player holds spades and other
    suits, so the other suits are greyed with the engine's reason."""
    state = api.apply(computer_leads_state(), "close")
    return api.apply(state, "TS")


def test_tapping_a_greyed_card_shows_why_on_a_touch_screen(open_page, artifacts):
    page = open_page(PHONE_UPRIGHT, touch=True, saved=must_follow_state())
    resume(page)
    greyed = page.locator("[data-zone='hand'] button[data-card]:disabled")
    assert greyed.count() >= 1
    card = greyed.first
    reason = card.get_attribute("title")
    assert reason and card.get_attribute("data-reason") in ("must_follow_suit", "must_beat")
    tip = page.locator("[data-card-reason]")
    assert not tip.is_visible()
    card.tap(force=True)   # force: Playwright waits for enabled targets otherwise
    tip.wait_for(state="visible", timeout=2000)
    assert tip.text_content() == reason
    box, viewport_h = rect(page, "[data-card-reason]"), PHONE_UPRIGHT["height"]
    assert box["top"] >= 0 and box["bottom"] <= viewport_h
    # said to screen readers too (the assertive live region)
    page.wait_for_function("(r) => document.querySelector('[data-announce]').textContent.includes(r)",
                           arg=reason, timeout=2000)
    # the tip is readable: dark text on a light plate
    assert contrast(page, "[data-card-reason]")["ratio"] >= 4.5
    page.screenshot(path=str(artifacts / "layout-card-reason.png"))
    assert page.errors == []


@pytest.mark.parametrize("touch", [True, False], ids=["touch-only", "desktop"])
def test_keyboard_hint_only_where_there_is_a_keyboard(open_page, touch):
    page = open_page(PHONE_UPRIGHT if touch else DESKTOP, touch=touch)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    hint = page.locator("[data-zone='setup'] [data-keyboard-hint]")
    assert hint.count() == 1
    assert hint.text_content().startswith("Keyboard")
    assert hint.is_visible() is (not touch)


SETUP_BOXES_JS = """() => {
    const box = (n) => { const r = n.getBoundingClientRect();
        return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height}; };
    const setup = document.querySelector("[data-zone='setup']");
    const options = [...setup.querySelectorAll('[data-option-list] > label')].filter((n) => n.offsetParent);
    const last = options[options.length - 1];
    const centre = box(last);
    const hit = document.elementFromPoint((centre.left + centre.right) / 2, (centre.top + centre.bottom) / 2);
    return {last: box(last), lastText: last.textContent, bar: box(setup.querySelector('.setup-buttons')),
            setup: box(setup), lastReachable: !!hit && last.contains(hit), count: options.length,
            scrolled: setup.scrollTop, room: setup.scrollHeight - setup.clientHeight};
}"""


@pytest.mark.parametrize("opponent", ["computer", "local"])
@pytest.mark.parametrize("profile", ["bummerl", "schneider"])
def test_every_option_above_the_start_bar_once_scrolled_to_the_end_on_a_phone(open_page, profile, opponent):
    """On a phone upright the set-up is taller than the screen and the Start bar sticks to its
    bottom edge: scrolled to the end, the last option (Target) lies wholly above the bar and a tap
    at its centre reaches it; no strip of the fields shows below the bar while it is stuck."""
    page = open_page(PHONE_UPRIGHT, touch=True)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click(f"[data-profile='{profile}']")
    page.check(f"input[name='opponent'][value='{opponent}']")
    # the engine's "Rules in short" lengthens the set-up when it arrives: measure after it has
    page.wait_for_selector(f"[data-rules-text][data-rules-short='{profile}'][data-rules-short-state='ready']",
                           state="attached", timeout=60000)
    top = page.evaluate(SETUP_BOXES_JS)
    assert top["room"] > 0, "the set-up fits the screen: nothing to scroll, nothing tested"
    assert top["count"] >= 3, top
    # stuck at the bottom edge: the bar ends where the set-up's visible box does
    assert abs(top["bar"]["bottom"] - top["setup"]["bottom"]) <= 1, top
    assert top["last"]["top"] >= top["bar"]["top"], "the last option should start below the fold here"
    page.evaluate("() => { const s = document.querySelector(\"[data-zone='setup']\"); s.scrollTop = s.scrollHeight; }")
    end = page.evaluate(SETUP_BOXES_JS)
    assert end["scrolled"] == end["room"] > 0, end
    assert overlap(end["last"], end["bar"]) == 0, end
    assert end["last"]["bottom"] <= end["bar"]["top"], end
    assert end["lastReachable"], end


def test_a_field_focused_from_the_top_stops_above_the_start_bar_on_a_phone(open_page):
    """Tabbing to the Target field from the top of the set-up scrolls it into view above the
    sticky Start bar (scroll-padding), not under it."""
    page = open_page(PHONE_UPRIGHT, touch=True)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click("[data-profile='bummerl']")
    page.focus("[data-option='target']")
    boxes = page.evaluate(SETUP_BOXES_JS)
    target = rect(page, "[data-option='target']")
    assert boxes["scrolled"] > 0, boxes
    assert target["bottom"] <= boxes["bar"]["top"], (target, boxes["bar"])


@pytest.mark.parametrize("viewport", [PHONE_UPRIGHT, DESKTOP], ids=["390x844", "1280x800"])
def test_the_code_from_a_friend_sits_in_the_set_up_column(open_page, viewport):
    """"Got a code from a friend?" lines up with Start and the other controls, not at the
    screen's far left."""
    page = open_page(viewport)
    page.wait_for_selector("[data-zone='setup']:not([hidden]) [data-duel-setup]")
    code = rect(page, "[data-duel-setup]")
    column = rect(page, "[data-zone='setup'] .setup-options")
    start = rect(page, "[data-action='start']")
    assert abs(code["left"] - column["left"]) <= 1 and abs(code["left"] - start["left"]) <= 1, (code, column, start)
    assert code["right"] <= column["right"] + 1, (code, column)


# --- phone upright (390x844), English and German: the top bar, Settings, the set-up, the table's
# badges and labels ----------------------------------------------------------------------------

TOPBAR_JS = """() => {
    const bar = document.querySelector('.topbar');
    const shown = [...bar.querySelectorAll(':scope > *, .menu > *')]
        .filter((n) => n.tagName !== 'NAV' && n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden'
                       && n.getBoundingClientRect().width > 2);
    const rows = [];
    for (const n of shown) {
        const r = n.getBoundingClientRect();
        if (!rows.some((top) => Math.abs(top - r.top) < r.height / 2)) rows.push(r.top);
    }
    return {rows: rows.length, height: bar.getBoundingClientRect().height,
            items: shown.map((n) => { const r = n.getBoundingClientRect();
                return {text: n.textContent.trim(), ui: n.dataset.ui || n.className, top: r.top, left: r.left, right: r.right,
                        clipped: n.scrollWidth > n.clientWidth + 1}; })};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_top_bar_keeps_to_two_rows_on_a_phone(open_page, lang):
    """In a Bummerl match (the longest summary: "Noch offen: Du 7 · Computer 7"), the top bar
    takes at most two rows, each of its buttons whole inside the screen, and every one of them
    (rules, statistics, settings, new game, share, the score sheet) still there to press."""
    page = open_page(PHONE_UPRIGHT, touch=True, lang=lang)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.click("[data-profile='bummerl']")
    page.select_option("[data-setup='length']", "match")
    page.click("[data-action='start']")
    wait_settled(page)
    bar = page.evaluate(TOPBAR_JS)
    assert bar["rows"] <= 2, bar
    for item in bar["items"]:
        assert item["left"] >= 0 and item["right"] <= PHONE_UPRIGHT["width"] + 0.5, item
        assert not item["clipped"], item
    for hook in ("sheet", "share", "rules", "stats", "settings", "new-game"):
        assert page.locator(f"header [data-ui='{hook}']").is_visible(), hook
    # the page's name stays its first heading for screen readers
    assert page.locator("h1").text_content() == "Kaffeehaus"
    assert page.errors == []


SETTINGS_JS = """() => {
    const dialog = document.querySelector("dialog[data-dialog='settings']");
    const d = dialog.getBoundingClientRect();
    const box = (n) => { const r = n.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
    const texts = [...dialog.querySelectorAll('label > span, p')].filter((n) => n.getClientRects().length)
        .map((n) => ({text: n.textContent.trim().slice(0, 50), clipped: n.scrollWidth > n.clientWidth + 1,
                      box: box(n)}));
    // a select as wide as its longest option: measured on a copy free of the dialog's width
    const selects = [...dialog.querySelectorAll('select')].map((s) => {
        const copy = s.cloneNode(true);
        copy.style.maxWidth = 'none'; copy.style.width = 'auto'; copy.style.position = 'absolute';
        s.parentElement.appendChild(copy);
        const natural = copy.getBoundingClientRect().width;
        copy.remove();
        return {name: s.dataset.setting || s.dataset.language || '', width: s.getBoundingClientRect().width, natural, box: box(s)};
    });
    const checks = [...dialog.querySelectorAll('label')].filter((l) => l.querySelector('input[type=checkbox]'))
        .filter((l) => l.getClientRects().length).map((l) => {
            const input = l.querySelector('input[type=checkbox]');
            const text = [...l.children].find((n) => n !== input);
            const range = document.createRange(); range.selectNodeContents(text);
            const first = range.getClientRects()[0];
            return {text: text.textContent.trim().slice(0, 50), input: box(input), text_box: box(text),
                    first: {top: first.top, bottom: first.bottom, left: first.left}};
        });
    return {dialog: box(dialog), texts, selects, checks};
}"""


@pytest.mark.parametrize("lang", ["en", "de"])
def test_settings_labels_read_in_full_beside_their_controls_on_a_phone(open_page, lang):
    """Every text of the Settings dialog is whole (nothing cut at the dialog's edge), every
    select is wide enough for its longest choice, and every checkbox sits on the first line of
    its own label, to its left."""
    page = open_page(PHONE_UPRIGHT, touch=True, lang=lang)
    page.click("[data-ui='settings']")
    page.wait_for_selector("dialog[data-dialog='settings'][open]")
    found = page.evaluate(SETTINGS_JS)
    dialog = found["dialog"]
    assert dialog["right"] <= PHONE_UPRIGHT["width"] and dialog["left"] >= 0, dialog
    for text in found["texts"]:
        assert not text["clipped"], text
        assert text["box"]["right"] <= dialog["right"] + 0.5, (text, dialog)
    for select in found["selects"]:
        assert select["width"] >= select["natural"] - 1, f"a choice of {select['name']} is cut: {select}"
        assert select["box"]["right"] <= dialog["right"] + 0.5, (select, dialog)
    assert len(found["checks"]) >= 3, found["checks"]
    for check in found["checks"]:
        box, first = check["input"], check["first"]
        middle = (box["top"] + box["bottom"]) / 2
        assert first["top"] - 2 <= middle <= first["bottom"] + 2, f"checkbox not on its label's first line: {check}"
        assert first["left"] >= box["right"], f"label not beside its checkbox: {check}"


@pytest.mark.parametrize("viewport", [PHONE_UPRIGHT, DESKTOP], ids=["390x844", "1280x800"])
def test_schneider_stock_count_sits_on_the_stack(open_page, viewport):
    """Schneider turns up no trump card: the stock's count badge sits on the corner of the stack
    itself, not in the empty place where Schnapsen shows the trump card."""
    page = open_page(viewport, touch=viewport is PHONE_UPRIGHT, lang="de")
    start_single_deal(page, "schneider")
    assert page.locator("[data-zone='talon'] .indicator").count() == 0
    stack = page.evaluate("""() => [...document.querySelectorAll("[data-zone='talon'] .stack-card")]
        .map((n) => { const r = n.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; })""")
    badge = rect(page, "[data-zone='talon'] .count-badge")
    assert stack and badge, (stack, badge)
    left = min(c["left"] for c in stack)
    right, top, bottom = max(c["right"] for c in stack), min(c["top"] for c in stack), max(c["bottom"] for c in stack)
    centre = ((badge["left"] + badge["right"]) / 2, (badge["top"] + badge["bottom"]) / 2)
    reach = 12   # the badge rides the stack's corner
    assert left - reach <= centre[0] <= right + reach and top - reach <= centre[1] <= bottom + reach, (badge, stack)
    assert overlap(badge, {"left": left, "top": top, "right": right, "bottom": bottom}) > 0, (badge, stack)


@pytest.mark.parametrize("viewport", [PHONE_UPRIGHT, SMALL_PHONE, PHONE_SIDEWAYS, DESKTOP],
                         ids=["390x844", "360x640", "844x390", "1280x800"])
def test_trick_taken_label_clear_of_the_trick_cards(open_page, viewport):
    """"The computer takes the trick · +14" is written by the trick, not over its cards nor
    over the player's hand."""
    page = open_page(viewport, touch=viewport is not DESKTOP, saved=computer_leads_state())
    resume(page)
    page.locator("[data-zone='hand'] button[data-card]:not(:disabled)").first.click()
    boxes = page.wait_for_function(
        """() => { const label = document.querySelector('.trick-label');
            const cards = [...document.querySelectorAll('.trick-card')];
            if (!label || cards.length !== 2 || cards.some((n) => n.getAnimations().length)) return null;
            const box = (n) => { const r = n.getBoundingClientRect(); return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
            const hand = [...document.querySelectorAll("[data-zone='hand'] [data-card]")].map(box);
            return {label: box(label), cards: cards.map(box), hand}; }""", timeout=15_000, polling=20).json_value()
    for card in boxes["cards"] + boxes["hand"]:
        assert overlap(boxes["label"], card) == 0, boxes
    assert boxes["label"]["left"] >= 0 and boxes["label"]["right"] <= viewport["width"], boxes


@pytest.mark.parametrize("lang", ["en", "de"])
def test_opponent_length_and_mode_in_view_on_a_phone(open_page, lang):
    """The set-up as it opens on a phone upright, not scrolled: who plays, the length and the
    mode (and the computer's level) lie wholly above the Start bar."""
    page = open_page(PHONE_UPRIGHT, touch=True, lang=lang)
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    assert page.evaluate("() => document.querySelector(\"[data-zone='setup']\").scrollTop") == 0
    bar = rect(page, "[data-zone='setup'] .setup-buttons")
    for selector in ("input[name='opponent'][value='computer']", "input[name='opponent'][value='local']",
                     "input[name='opponent'][value='remote']", "[data-setup='length']",
                     "[data-setup='level']", "[data-setup='mode']"):
        box = page.evaluate("""(sel) => { const n = document.querySelector(sel);
            const r = (n.closest('label') || n).getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; }""", selector)
        assert box["top"] >= 0 and box["bottom"] <= bar["top"], (selector, box, bar)
