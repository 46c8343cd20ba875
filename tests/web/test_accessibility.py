"""axe-core (node_modules/axe-core, pinned by package-lock.json) run inside the built site with the
WCAG 2.1 A and AA rules, at every screen a player meets in a game against the computer: the
set-up, the Settings dialog, mid-deal and the end of the deal, on a phone upright (390x844) and
a desktop (1280x800), in English and German. Any violation fails, with its rule id and nodes.

One page per language and size walks through the screens (a practice deal, so hint and undo are
on the table, played to its end with the first legal card)."""
from __future__ import annotations

import json
import random

import pytest

from kaffeehaus import api

from conftest import ROOT
from saved import play_on, play_to_end
from settled import wait_settled

ENGINE_BOOT_MS = 90_000
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
WCAG21 = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SIZES = {"390x844": {"width": 390, "height": 844}, "1280x800": {"width": 1280, "height": 800}}

# Evaluated through the DevTools protocol, not as a <script>: the page's CSP (script-src 'self')
# refuses inline scripts, and the test must run under the headers players get.
RUN_JS = """async (tags) => {
    const result = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                            resultTypes: ['violations']});
    return result.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.map((n) => ({target: n.target.join(' '), html: n.html.slice(0, 160),
                                    summary: n.failureSummary}))}));
}"""


def axe_violations(page):
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())
    return page.evaluate(RUN_JS, WCAG21)


def describe(found):
    lines = []
    for screen, violations in found.items():
        for v in violations:
            lines.append(f"{screen}: {v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}")
            lines += [f"    {n['target']}  {n['html']}" for n in v["nodes"][:8]]
    return "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("size", SIZES, ids=list(SIZES))
def test_no_axe_violations_at_any_screen(browser, base_url, lang, size):
    assert AXE.exists(), f"{AXE} is missing: npm ci"
    ctx = browser.new_context(viewport=SIZES[size])
    ctx.add_init_script(
        f"localStorage.setItem('kaffeehaus.language', {json.dumps(lang)});"
        f"localStorage.setItem('kaffeehaus.settings', {json.dumps(json.dumps({'speed': 'off'}))});")
    page = ctx.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(base_url)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        page.wait_for_selector(f"html[data-language='{lang}']", state="attached", timeout=10_000)
        page.wait_for_selector("[data-zone='setup']:not([hidden])")
        found = {}

        found["set-up"] = axe_violations(page)
        page.click("[data-ui='settings']")
        page.wait_for_selector("dialog[data-dialog='settings'][open]")
        found["settings"] = axe_violations(page)
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[data-dialog='settings']:not([open])", state="attached")

        def begin():
            page.click("[data-profile='schnapsen']")
            page.select_option("[data-setup='mode']", "practice")
            page.select_option("[data-setup='length']", "deal")
            page.click("[data-action='start']")
            wait_settled(page)
        begin()
        play_on(page, begin, moves=2)
        assert page.locator("[data-zone='hand'] button[data-card]").count() >= 4
        found["mid-deal"] = axe_violations(page)

        play_to_end(page)
        page.wait_for_selector("dialog[data-dialog='deal-end'][open]")
        found["end of deal"] = axe_violations(page)

        found = {screen: v for screen, v in found.items() if v}
        assert not found, f"axe violations ({lang}, {size}):\n{describe(found)}"
        assert errors == []
    finally:
        ctx.close()


def marriage_position():
    """A Schnapsen deal where the player (seat 0) may announce a marriage (random play)."""
    for seed in range(400):
        rng = random.Random(seed)
        state = api.new_deal("schnapsen", seed=seed)
        while api.to_move(state) is not None:
            legal = api.legal_actions(state)
            if api.to_move(state) == 0 and any(a.startswith("marry:") for a in legal):
                return state
            state = api.apply(state, rng.choice([a for a in legal if a != "claim"]))
    raise AssertionError("no position found")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_marriage_and_card_buttons_named_by_what_they_show(browser, base_url, lang):
    """The marriage button shows its points ("20") and a suit sign: its name starts with the
    points; each card of the hand is named first by its corner index."""
    saved = json.dumps({"state": marriage_position(), "level": "easy", "levelUsed": "easy", "aiSeed": 1})
    ctx = browser.new_context(viewport=SIZES["390x844"])
    ctx.add_init_script(
        f"localStorage.setItem('kaffeehaus.language', {json.dumps(lang)});"
        f"localStorage.setItem('kaffeehaus.settings', {json.dumps(json.dumps({'speed': 'off'}))});"
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('kaffeehaus.game', {json.dumps(saved)}); sessionStorage.setItem('seeded', '1'); }}")
    try:
        page = ctx.new_page()
        page.goto(base_url)
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        page.wait_for_selector(f"html[data-language='{lang}']", state="attached", timeout=10_000)
        page.click("[data-ui='resume']")
        wait_settled(page)
        marry = page.locator("[data-zone='actions'] button[data-action^='marry:']").first
        shown, name = marry.inner_text().strip(), marry.get_attribute("aria-label")
        assert shown and name.startswith(shown), (shown, name)
        strings = json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))
        for card in page.locator("[data-zone='hand'] button[data-card]").all():
            index = strings[f"index.french.{card.get_attribute('data-card')[0]}"]
            assert card.get_attribute("aria-label").startswith(index), card.get_attribute("aria-label")
        violations = axe_violations(page)
        assert not violations, describe({"marriage offered": violations})
    finally:
        ctx.close()
