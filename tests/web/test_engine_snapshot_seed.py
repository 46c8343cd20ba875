"""The browser tests' warm boots (engine_snapshot.py): a fresh context of the session's browser
starts with the engine snapshot in place, so the worker restores it instead of starting CPython."""
from __future__ import annotations

import pytest

from kaffeehaus import api


def boot(page, base_url):
    page.goto(base_url + "__test__/engine.html")
    page.wait_for_selector("html[data-harness=ready]", state="attached")
    page.evaluate("() => { window.kh.start({}); }")
    return page.evaluate("() => window.kh.engine.ready")


def test_a_fresh_context_boots_the_engine_from_the_seeded_snapshot(page, base_url):
    first = boot(page, base_url)
    assert first["snapshot"] is True
    assert page.evaluate("() => window.kh.call('profiles')")["value"] == api.profiles()
    assert page.watch.errors == []


@pytest.mark.cold_boot
def test_a_cold_boot_test_gets_no_snapshot(page, base_url):
    assert boot(page, base_url)["snapshot"] is False
