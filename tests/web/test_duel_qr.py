"""QR codes of duel links (web/duel/qr.js, qr-sequence.js) in Chromium on the built site: the
largest code of a game (a 32-card shuffle pass), as a link, is drawn as QR codes by the vendored
generator (lean-qr), each one read back from its canvas by the vendored decoder (jsQR), and the
sequence, assembled in any order, equals the link; the largest invitation and a short code are
one QR code on their own, and so is the invitation link the page shows, its live connection's
offer included."""
from __future__ import annotations

import pytest

import json

from kaffeehaus import api

from duel_pages import boot, invite, two  # noqa: F401

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm

LOAD = """async () => {
    const precache = await (await fetch('/precache.json')).json();
    const dir = precache.files.find((f) => /^assets\\/[^/]+\\/duel\\/qr\\.js$/.test(f)).replace('duel/qr.js', '');
    window.qr = await import('/' + dir + 'duel/qr.js');
    window.seq = await import('/' + dir + 'duel/qr-sequence.js');
}"""

ROUND_TRIP = """async (link) => {
    const texts = window.seq.qrTexts(link);
    const read = [];
    for (const text of texts) {
        const canvas = document.createElement('canvas');
        await window.qr.drawQr(canvas, text);
        read.push(await window.qr.readQr(canvas, {scale: 4}));
    }
    const order = read.map((_, i) => i).reverse();
    const assembler = window.seq.createAssembler();
    let result = null;
    for (const i of order) result = assembler.add(read[i]) || result;
    return {parts: texts.length, sameParts: JSON.stringify(read) === JSON.stringify(texts), result};
}"""


def test_largest_codes_round_trip_through_qr_codes(page, base_url):
    page.goto(base_url + "__test__/engine.html")
    page.wait_for_selector("html[data-harness=ready]", state="attached")
    page.evaluate(LOAD)
    invited = api.duel_new("schneider", options={"deck": 32}, seat=0, match=True)
    joined = api.duel_join(invited["codes"][0])
    first_pass = api.duel_receive(invited["party"], joined["codes"][0])["codes"][0]
    for code, one_qr in ((invited["codes"][0], True), (joined["codes"][0], True),
                         (first_pass, False)):
        link = base_url + "#duel=" + code
        out = page.evaluate(ROUND_TRIP, link)
        assert (out["parts"] == 1) == one_qr and out["sameParts"], (len(link), out["parts"])
        assert out["result"]["text"] == link
        assert out["result"]["have"] == out["result"]["of"] == out["parts"]
    # a text of every length up to one QR code's worth is read back (jsQR reads no version-24
    # symbol: the generator takes the next size up)
    lengths = page.evaluate("""async () => {
        const failed = [];
        for (let n = 900; n <= 1200; n += 12) {
            const text = 'x'.repeat(n);
            const canvas = document.createElement('canvas');
            await window.qr.drawQr(canvas, text);
            if (await window.qr.readQr(canvas, {scale: 4}) !== text) failed.push(n);
        }
        return failed;
    }""")
    assert lengths == [], lengths
    # a short text is one QR code of itself (a phone's camera app opens it as it is)
    short = base_url + "#duel=kd1.eNqrVkpPzE1VslJQSlfSUVAqTi0Esg2ArIKi1DKQMEg0rSg"
    out = page.evaluate(ROUND_TRIP, short)
    assert out["parts"] == 1 and out["sameParts"] and out["result"]["text"] == short
    assert json.loads(json.dumps(page.watch.errors)) == []


def test_show_as_qr_code_shows_the_invitation_in_one_qr_code(two, base_url, artifacts):  # noqa: F811
    """The inviter taps "Show as QR code": the invitation link, its live connection's offer
    included, is one QR code; read from the page's canvas, it is the link. Screenshots at phone
    and desktop sizes in English and German."""
    page = two[0]
    boot(page, base_url)
    invite(page)
    page.evaluate(LOAD)
    page.wait_for_selector("[data-duel-signal='true']", state="attached", timeout=30_000)
    page.click("[data-ui='duel-show-qr']")
    page.wait_for_selector("dialog[data-dialog='duel-qr'][open] canvas[data-parts]", timeout=10_000)
    out = page.evaluate("""async () => {
        const canvas = document.querySelector('canvas[data-duel-qr]');
        const assembler = window.seq.createAssembler();
        let result = null;
        const deadline = Date.now() + 60000;
        while (!(result && result.text) && Date.now() < deadline) {
            const scanned = await window.qr.readQr(canvas, {scale: 4});
            if (scanned) result = assembler.add(scanned) || result;
            await new Promise((r) => setTimeout(r, 300));
        }
        return {result, parts: Number(canvas.dataset.parts)};
    }""")
    # the link the page prepared to send: the codes and the live connection's offer
    link = page.get_attribute("[data-duel-link]", "data-duel-link")
    assert "&rtc=" in link
    assert out["parts"] == 1, len(link)
    assert out["result"]["text"] == link
    german = two[1]                          # the same dialog in another language
    german.add_init_script("localStorage.setItem('kaffeehaus.language', 'de')")
    boot(german, base_url)
    invite(german)
    german.click("[data-ui='duel-show-qr']")
    german.wait_for_selector("dialog[data-dialog='duel-qr'][open] canvas[data-parts]", timeout=10_000)
    assert "QR-Code" in german.text_content("[data-ui='duel-show-qr']")
    for lang, shown in (("en", page), ("de", german)):
        for width, height in ((390, 844), (1280, 800)):
            shown.set_viewport_size({"width": width, "height": height})
            shown.screenshot(path=str(artifacts / f"duel-qr-{lang}-{width}.png"))
    page.click("[data-ui='duel-qr-close']")
    assert page.errors == [] and german.errors == []
