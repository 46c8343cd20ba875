"""The page before and around the engine: table and rules shown while Python loads, a progress
bar, an error state that says what went wrong, settings that redraw the faces."""
from __future__ import annotations

import re

import pytest

ENGINE_BOOT_MS = 60_000


def test_table_and_rules_show_while_the_engine_loads(page, base_url):
    # Hold the engine wheel back: the page must be usable (drawn, rules, progress) meanwhile.
    held = []
    page.route(re.compile(r".*\.whl(\.xz)?$"), lambda route: held.append(route))
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    assert page.get_attribute("html", "data-engine") == "loading"
    assert page.is_visible("[data-engine-progress] progress")
    assert page.is_visible("[data-zone='setup']")
    assert page.text_content("[data-rules-text]").strip()
    # Start, the games and their options are usable before the engine is ready (the build
    # computed the engine's profiles() answer).
    assert page.is_enabled("[data-action='start']")
    page.click("[data-profile='schneider']")
    assert page.get_attribute("[data-profile='schneider']", "aria-pressed") == "true"
    assert page.locator("[data-option='follow_suit']").count() == 1
    page.wait_for_function("() => document.querySelector('[data-engine-progress] progress').value > 0")
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*\.whl(\.xz)?$"))
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    assert not page.is_visible("[data-engine-progress] progress")
    assert page.is_enabled("[data-action='start']")
    # The engine's options of the chosen profile are still there.
    assert page.locator("[data-option='follow_suit']").count() == 1
    assert page.watch.errors == []


def test_engine_failure_is_shown(page, base_url):
    page.route(re.compile(r".*kaffeehaus-.*\.whl\.xz$"), lambda route: route.abort())
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='error']", state="attached", timeout=ENGINE_BOOT_MS)
    label = page.text_content("[data-engine-label]")
    assert "could not start" in label
    assert page.get_attribute("[data-status]", "data-status") == "error"
    assert page.is_disabled("[data-action='start']")


@pytest.mark.parametrize("shipped", ["pyodide.asm.wasm.xz", "kaffeehaus-stdlib.zip.xz"])
def test_a_runtime_download_cut_short_fails_the_boot_in_words(page, base_url, shipped):
    """The runtime comes xz-compressed and is decoded in the worker (tools/packed.py): a stream
    cut short is an error the player reads, not a boot that waits forever."""
    def cut(route):
        body = route.fetch().body()
        route.fulfill(status=200, body=body[: len(body) // 2], headers={"Content-Type": "application/x-xz"})
    page.route(re.compile(r".*/" + re.escape(shipped) + "$"), cut)
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='error']", state="attached", timeout=ENGINE_BOOT_MS)
    assert "could not start" in page.text_content("[data-engine-label]")
    assert page.is_disabled("[data-action='start']")
    # a broken wasm is not kept for a later boot (web/packed-fetch.js keeps the decoded wasm;
    # when only the stdlib was cut, the wasm was whole and may be kept)
    if shipped.startswith("pyodide.asm.wasm"):
        page.wait_for_timeout(500)
        kept = page.evaluate("async () => (await (await caches.open('kaffeehaus-engine-wasm')).keys()).length")
        assert kept == 0


def test_settings_switch_faces_and_persist(page, base_url):
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    page.click("[data-ui='settings']")
    dialog = page.locator("dialog[data-dialog='settings']")
    assert dialog.is_visible()
    preview = dialog.locator("[data-card-preview]")
    french = preview.inner_html()
    dialog.locator("[data-setting='deckStyle']").select_option("german")
    assert page.get_attribute("html", "data-deck") == "german"
    german = preview.inner_html()
    assert german != french
    dialog.locator("[data-setting='fourColour']").check()
    assert preview.inner_html() != german
    page.keyboard.press("Escape")
    page.reload()
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    assert page.get_attribute("html", "data-deck") == "german"
    assert page.get_attribute("html", "data-four-colour") == "true"
    assert page.watch.errors == []


# Sums the page's layout shifts (the Layout Instability API), as cumulative layout shift counts
# them: shifts right after the player's own input are not counted.
LAYOUT_SHIFTS = """
window.__layoutShift = 0;
window.__layoutShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__layoutShift += entry.value;
    window.__layoutShifts.push({value: entry.value, at: entry.startTime,
      nodes: (entry.sources || []).map((s) => s.node && s.node.nodeType === 1 ? s.node.className || s.node.tagName : "")});
  }
}).observe({type: "layout-shift", buffered: true});
"""


def test_start_before_the_engine_is_ready_starts_the_game_when_it_is(browser, base_url):
    """A slow phone: the player chooses and presses Start while the engine still loads; the game
    starts by itself when the engine is ready, the progress line says so meanwhile, and nothing
    on the set-up screen moves while it loads (cumulative layout shift measured)."""
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.add_init_script(LAYOUT_SHIFTS)
    held = []
    page.route(re.compile(r".*\.whl(\.xz)?$"), lambda route: held.append(route))
    try:
        page.goto(base_url)
        page.wait_for_selector("[data-zone='setup']:not([hidden])")
        page.wait_for_function("() => document.querySelector('[data-engine-progress] progress').value > 0")
        top = page.locator("[data-action='start']").bounding_box()["y"]
        page.click("[data-profile='schnapsen']")
        # a tap where Start is (a locator click would first scroll the set-up so that Start
        # clears the room kept for the sticky bar, which holds Start itself)
        start = page.locator("[data-action='start']").bounding_box()
        page.mouse.click(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        assert page.get_attribute("html", "data-engine") == "loading"
        label = page.text_content("[data-engine-label]")
        assert "starts as soon as loading is done" in label, label
        assert page.is_visible("[data-zone='setup']")   # not started yet: nothing to play with
        page.wait_for_timeout(500)
        while not held:
            page.wait_for_timeout(100)
        shift_while_loading = page.evaluate("window.__layoutShift")
        assert page.locator("[data-action='start']").bounding_box()["y"] == top   # Start stayed put
        for route in held:
            route.continue_()
        page.unroute(re.compile(r".*\.whl(\.xz)?$"))
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        # the game chosen before the engine was ready is on the table
        page.wait_for_selector("[data-zone='setup']", state="hidden", timeout=ENGINE_BOOT_MS)
        page.wait_for_selector("html[data-busy='false']", state="attached", timeout=ENGINE_BOOT_MS)
        saved = page.evaluate("() => JSON.parse(localStorage.getItem('kaffeehaus.setup'))")
        assert saved["profile"] == "schnapsen"
        assert page.locator("[data-zone='hand'] button[data-card]").count() == 5   # Schnapsen: 5 cards
        assert shift_while_loading < 0.01, page.evaluate("window.__layoutShifts")
        assert errors == []
    finally:
        context.close()


def test_the_set_up_screen_does_not_move_when_the_engine_becomes_ready(browser, base_url):
    """From the first paint to the engine's ready state (its games, options and progress line
    included), the set-up screen's cumulative layout shift stays under 0.01, on a phone and on
    a desktop."""
    for size in ({"width": 390, "height": 844}, {"width": 1280, "height": 800}):
        context = browser.new_context(viewport=size)
        page = context.new_page()
        page.add_init_script(LAYOUT_SHIFTS)
        try:
            page.goto(base_url)
            page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
            page.wait_for_timeout(800)   # what the ready state adds (Deal of the day, ...) is drawn
            shift = page.evaluate("window.__layoutShift")
            assert shift < 0.01, (size, page.evaluate("window.__layoutShifts"))
        finally:
            context.close()


def test_the_set_up_after_a_game_says_the_engine_is_ready(page, base_url):
    """Back on the set-up after a game, its status line still tells the engine's state."""
    from table_page import boot, start_deal
    boot(page, base_url)
    assert page.text_content("[data-engine-label]") == "Ready to play"
    start_deal(page)
    page.click("header [data-ui='new-game']")
    leave = page.locator("dialog[data-dialog='leave'] [data-ui='leave-new']")
    leave.wait_for(timeout=5_000)
    leave.click()
    page.wait_for_selector("[data-zone='setup']", timeout=5_000)
    assert page.text_content("[data-engine-label]") == "Ready to play"
    assert page.watch.errors == []
