"""Card animations: on by default, off when the system asks for reduced motion, and the
speed setting wins over both."""
from __future__ import annotations

import json

import pytest

ENGINE_BOOT_MS = 60_000


def card_animations_after_a_move(page, base_url):
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.click("[data-profile='schneider']")
    page.select_option("[data-setup='level']", "easy")
    page.click("[data-action='start']")
    page.wait_for_selector("html[data-busy='false']", state="attached", timeout=30_000)
    # Count the Web Animations started on cards while the move is shown.
    page.evaluate("""() => {
        window.__moves = 0;
        const original = Element.prototype.animate;
        Element.prototype.animate = function (...args) {
            if (this.matches('[data-card], [data-face]')) window.__moves += 1;
            return original.apply(this, args);
        };
    }""")
    page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
    page.wait_for_selector("html[data-busy='false']", state="attached", timeout=30_000)
    return page.evaluate("() => window.__moves")


@pytest.fixture
def motion_context(browser, request):
    ctx = browser.new_context(reduced_motion=request.param)
    yield ctx
    ctx.close()


@pytest.mark.parametrize("motion_context,settings,animated", [
    ("no-preference", None, True),
    ("reduce", None, False),
    ("reduce", {"speed": "fast"}, True),
    ("no-preference", {"speed": "off"}, False),
], indirect=["motion_context"])
def test_motion_follows_system_and_setting(motion_context, base_url, settings, animated):
    page = motion_context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    if settings:
        page.add_init_script(f"localStorage.setItem('kaffeehaus.settings', {json.dumps(json.dumps(settings))});")
    moves = card_animations_after_a_move(page, base_url)
    assert (moves > 0) == animated, moves
    assert errors == []
