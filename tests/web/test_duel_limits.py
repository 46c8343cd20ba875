"""The engine's limits (kaffeehaus.limits, web/limits.js) in Chromium on the built site: a duel
code nested hundreds of thousands deep (a 307-character link), a code that inflates past the
budget and text past the paste limit are refused with a clear message; the Pyodide worker
survives and the duel in progress is kept, unchanged and still playable."""
from __future__ import annotations

import pytest

import base64
import json
import re
import zlib

from kaffeehaus import limits

from duel_pages import boot, invite, party, two, wait_duel_error  # noqa: F401
from test_engine_worker import call, start
from settled import wait_settled

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm

NOTICE = "[data-notice='duel-error']"


def code_of_text(text: str) -> str:
    return "kd1." + base64.urlsafe_b64encode(zlib.compress(text.encode(), 9)).rstrip(b"=").decode()


# about 190,000 levels: small enough to inflate within the budget, so only depth stops it
NESTED = code_of_text("[" * ((limits.MAX_MESSAGE_BYTES - 100) // 2)
                      + "]" * ((limits.MAX_MESSAGE_BYTES - 100) // 2))
BOMB = code_of_text(json.dumps({"game": "g", "seq": 1, "prev": "", "from": 1,
                                "body": {"pad": " " * limits.MAX_MESSAGE_BYTES}}))


def test_page_limits_and_facts_are_the_engines(dist):
    """web/limits.js and web/engine-facts.js are what the engine states (tools/limits.py)."""
    from tools import limits as page_limits                  # the build's module (conftest)
    assert page_limits.stale() is None, "run `python3 build.py limits`"
    shipped = next(dist.glob("assets/*/limits.js")).read_text()
    found = dict(re.findall(r"export const (MAX_\w+) = (\d+);", shipped))
    assert {k: int(v) for k, v in found.items()} == limits.ALL


def test_worker_survives_a_deeply_nested_code_and_the_duel_goes_on(page, base_url):
    assert len(NESTED) < 1000
    start(page, base_url)
    invited = call(page, "duel_new", {"profile": "schnapsen", "seat": 0, "match": False})["value"]
    joined = call(page, "duel_join", {"invitation": invited["codes"][0]})["value"]
    for cmd, args in (("duel_join", {"invitation": NESTED}),
                      ("duel_receive", {"party": invited["party"], "message": NESTED}),
                      ("duel_receive", {"party": invited["party"], "message": BOMB})):
        refused = call(page, cmd, args)
        assert not refused["ok"] and refused["type"] == "MalformedMessage", refused
        assert re.search("nested too deeply|too much data", refused["message"]), refused
    assert page.evaluate("() => window.kh.engine.state") == "ready"
    # the same worker, the same party: the honest reply still applies
    out = call(page, "duel_receive", {"party": invited["party"], "message": joined["codes"][0]})
    assert out["ok"], out
    assert out["value"]["status"]["messages_received"] > invited["status"]["messages_received"]
    assert page.watch.errors == []


def test_duel_page_refuses_codes_past_the_limits_and_keeps_the_game(two, base_url):  # noqa: F811
    page = two[0]
    boot(page, base_url)
    invite(page)
    saved = party(page)
    expected = {"tooLong": "holds more than any code of this game"}
    for text in (NESTED, BOMB, "kd1." + "A" * limits.MAX_CODE_LENGTH,
                 NESTED + " " * limits.MAX_PASTED_LENGTH):
        page.evaluate("() => document.querySelector(\"[data-notice='duel-error']\")?.remove()")
        page.evaluate("(t) => { const box = document.querySelector('[data-duel-code-in]');"
                      " box.value = t; box.dispatchEvent(new Event('input')); }", text)
        page.click("[data-ui='duel-apply']")
        wait_duel_error(page, text[:40])
        wait_settled(page)
        assert expected["tooLong"] in page.text_content(NOTICE), text[:40]
        assert party(page) == saved
    # the 307-character link, opened in the page
    page.evaluate("() => document.querySelector(\"[data-notice='duel-error']\")?.remove()")
    page.evaluate("(hash) => { window.location.hash = hash; }", "duel=" + NESTED)
    wait_duel_error(page, "the link")
    assert expected["tooLong"] in page.text_content(NOTICE)
    assert party(page) == saved
    assert page.get_attribute("html", "data-engine") == "ready"
    assert page.get_attribute("html", "data-duel") == "invited"
    assert page.errors == []
