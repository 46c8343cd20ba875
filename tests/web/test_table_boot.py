"""The page before and around the engine: table and rules shown while Python loads, a progress
bar, an error state that says what went wrong, settings that redraw the faces."""
from __future__ import annotations

import re

ENGINE_BOOT_MS = 60_000


def test_table_and_rules_show_while_the_engine_loads(page, base_url):
    # Hold the engine wheel back: the page must be usable (drawn, rules, progress) meanwhile.
    held = []
    page.route(re.compile(r".*\.whl$"), lambda route: held.append(route))
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    assert page.get_attribute("html", "data-engine") == "loading"
    assert page.is_visible("[data-engine-progress] progress")
    assert page.is_visible("[data-zone='setup']")
    assert page.text_content("[data-rules-text]").strip()
    assert page.is_disabled("[data-action='start']")
    # Profiles can be chosen before the engine is ready.
    page.click("[data-profile='schneider']")
    assert page.get_attribute("[data-profile='schneider']", "aria-pressed") == "true"
    page.wait_for_function("() => document.querySelector('[data-engine-progress] progress').value > 0")
    for route in held:
        route.continue_()
    page.unroute(re.compile(r".*\.whl$"))
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    assert not page.is_visible("[data-engine-progress] progress")
    assert page.is_enabled("[data-action='start']")
    # The engine's options of the chosen profile appeared.
    assert page.locator("[data-option='follow_suit']").count() == 1
    assert page.watch.errors == []


def test_engine_failure_is_shown(page, base_url):
    page.route(re.compile(r".*kaffeehaus-.*\.whl$"), lambda route: route.abort())
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='error']", state="attached", timeout=ENGINE_BOOT_MS)
    label = page.text_content("[data-engine-label]")
    assert "could not start" in label
    assert page.get_attribute("[data-status]", "data-status") == "error"
    assert page.is_disabled("[data-action='start']")


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
