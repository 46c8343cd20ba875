"""QR codes of duel links (web/duel/qr.js, qr-sequence.js) in Chromium on the built site: the
largest invitation, as a link, is drawn as QR codes by the vendored generator (lean-qr), each
one read back from its canvas by the vendored decoder (jsQR), and the sequence, assembled in any
order, equals the link; a short code is one QR code on its own."""
from __future__ import annotations

import json

from kaffeehaus import api

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


def test_largest_invitation_link_round_trips_through_qr_codes(page, base_url):
    page.goto(base_url + "__test__/engine.html")
    page.wait_for_selector("html[data-harness=ready]", state="attached")
    page.evaluate(LOAD)
    invitation = api.duel_new("schneider", options={"deck": 32}, seat=0, match=True)["codes"][0]
    link = base_url + "#duel=" + invitation
    out = page.evaluate(ROUND_TRIP, link)
    assert out["parts"] > 1 and out["sameParts"], out["parts"]
    assert out["result"]["text"] == link
    assert out["result"]["have"] == out["result"]["of"] == out["parts"]
    # a short text is one QR code of itself (a phone's camera app opens it as it is)
    short = base_url + "#duel=kd1.eNqrVkpPzE1VslJQSlfSUVAqTi0Esg2ArIKi1DKQMEg0rSg"
    out = page.evaluate(ROUND_TRIP, short)
    assert out["parts"] == 1 and out["sameParts"] and out["result"]["text"] == short
    assert json.loads(json.dumps(page.watch.errors)) == []
