"""Reading the friend's QR code with the camera (web/duel/qr-scan.js, qr.js, qr-sequence.js).

The inviter's camera is a canvas of the page streamed as a video (canvas.captureStream, handed
out by getUserMedia in place of a device): the test draws on it, one after another, the QR
codes of the friend's real reply link (its ten or so numbered parts), as the page's own
generator draws them. The inviter taps "Scan QR"; the page reads the parts from the video's
frames with the decoder it uses where the browser has no BarcodeDetector (jsQR), assembles the
link and applies it as a paste: the two pages connect, as they do when the reply link is opened.
A page whose camera cannot be opened says so in the dialog.

The same again through a camera device: Chromium's fake camera (a Chromium of its own) plays a
Y4M video of the reply link's QR codes that the test writes.
"""
from __future__ import annotations

import pytest

import os

from conftest import launch_args
from engine_snapshot import SnapshotSeeder
from test_duel_live import LIVE_OPEN, fragment, sent_link
from test_duel_qr import LOAD
from duel_pages import boot, invite, phase, two  # noqa: F401 (fixture)
from tools.common import CHROMIUM_ARGS

# the deals' shuffle proofs run faster with V8's optimising compiler (tests/web/conftest.py)
pytestmark = pytest.mark.tiered_wasm

# test-only: getUserMedia hands out a stream of a canvas that the test draws on
CANVAS_CAMERA = """
navigator.mediaDevices.getUserMedia = async () => {
  const canvas = document.createElement("canvas");
  canvas.width = 800;
  canvas.height = 600;
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  window.__camera = canvas;
  return canvas.captureStream(5);
};
"""

# The page's generator draws each text one pixel per module with its quiet zone: read back as
# rows of 1 (dark) and 0 (light).
MODULES = """async (link) => {
    const out = [];
    for (const text of window.seq.qrTexts(link)) {
        const canvas = document.createElement('canvas');
        await window.qr.drawQr(canvas, text);
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const rows = [];
        for (let y = 0; y < canvas.height; y += 1) {
            const row = [];
            for (let x = 0; x < canvas.width; x += 1) row.push(data[(y * canvas.width + x) * 4] < 128 ? 1 : 0);
            rows.push(row);
        }
        out.push(rows);
    }
    return out;
}"""

# The fake camera's video: two frames a second, each part held for two seconds, then the next
# (the video loops); the page reads a frame in well under a second, more on a loaded machine.
# Ten parts of a reply link make under 30 MB.
WIDTH, HEIGHT = 800, 600
FPS = 2
FRAMES_EACH = 4

# Each part in turn on the camera's canvas for a second, centred on white, 4 pixels a module.
SHOW_PARTS = """(parts) => {
    let i = 0;
    setInterval(() => {
        const canvas = window.__camera;
        if (!canvas) return;
        const context = canvas.getContext('2d');
        const matrix = parts[i++ % parts.length];
        const scale = Math.floor(Math.min(canvas.width, canvas.height) / matrix.length);
        const left = (canvas.width - matrix.length * scale) >> 1;
        const top = (canvas.height - matrix.length * scale) >> 1;
        context.fillStyle = '#fff';
        context.fillRect(0, 0, canvas.width, canvas.height);
        context.fillStyle = '#000';
        matrix.forEach((row, y) => row.forEach((dark, x) => {
            if (dark) context.fillRect(left + x * scale, top + y * scale, scale, scale);
        }));
    }, 1000);
}"""


def invite_and_reply(a, b, base_url):
    """A invites (its box offers the camera), B (in German) accepts: the reply link B sends."""
    boot(a, base_url)
    invite(a, profile="schnapsen", length="deal")
    invitation = sent_link(a)
    assert a.is_visible("[data-ui='duel-scan-qr']")
    boot(b, base_url, fragment(invitation))
    b.wait_for_selector("dialog[data-dialog='duel-join'][open]", timeout=30_000)
    b.click("[data-ui='duel-join-accept']")
    reply = sent_link(b)
    # the friend's box: the paste field with its camera button, in German
    assert b.text_content("[data-ui='duel-scan-qr']") == "QR scannen"
    return reply


def scanned_and_connected(a, b):
    """The reply read from the camera, assembled and applied: the dialog closes, the camera
    stops, the pages connect, nothing was refused."""
    try:
        a.wait_for_selector("dialog[data-dialog='duel-scan']:not([open])", state="attached", timeout=240_000)
    except Exception as error:
        raise AssertionError(f"not read: {a.text_content('[data-duel-scan-state]')}") from error
    assert a.evaluate("() => document.querySelector('[data-duel-scan-video]').srcObject") is None
    for page in (a, b):
        page.wait_for_selector(LIVE_OPEN, state="attached", timeout=90_000)
    assert phase(a) != "invited"
    assert not a.locator("[data-notice='duel-error']").count()


def test_the_camera_reads_the_reply_links_qr_codes_and_the_pages_connect(two, base_url, artifacts):  # noqa: F811
    a, b = two
    for page in (a, b):
        page.set_viewport_size({"width": 390, "height": 844})
    a.add_init_script(CANVAS_CAMERA)
    b.add_init_script("localStorage.setItem('kaffeehaus.language', 'de')")
    reply = invite_and_reply(a, b, base_url)
    for width, height in ((390, 844), (1280, 800)):
        b.set_viewport_size({"width": width, "height": height})
        b.screenshot(path=str(artifacts / f"duel-scan-button-de-{width}.png"))
    # the reply, as the friend's page shows it: its QR codes, before the inviter's camera
    a.evaluate(LOAD)
    parts = a.evaluate(MODULES, reply)
    assert len(parts) > 1, "the reply link fits one QR code: the sequence is not read"
    a.evaluate(SHOW_PARTS, parts)
    a.click("[data-ui='duel-scan-qr']")
    a.wait_for_selector("dialog[data-dialog='duel-scan'][open]")
    a.wait_for_function("() => document.querySelector('[data-duel-scan-video]').videoWidth === 800",
                        timeout=30_000)
    a.wait_for_function("() => /\\d/.test(document.querySelector('[data-duel-scan-state]').textContent)",
                        timeout=60_000)
    a.screenshot(path=str(artifacts / "duel-scan-en-390.png"))
    scanned_and_connected(a, b)
    assert a.errors == [] and b.errors == []
    print(f"\nreply link: {len(reply)} characters, {len(parts)} QR codes of {len(parts[0])} modules"
          f" with the quiet zone; BarcodeDetector: {a.evaluate('() => typeof BarcodeDetector')}")


def luma(matrix):
    """One frame's Y plane: the code centred on white, as large as the frame allows."""
    scale = min(WIDTH, HEIGHT) // len(matrix)
    assert scale >= 3, "a module needs a few pixels for the reader"
    plane = bytearray(b"\xff" * (WIDTH * HEIGHT))
    left = (WIDTH - len(matrix[0]) * scale) // 2
    top = (HEIGHT - len(matrix) * scale) // 2
    for y, row in enumerate(matrix):
        line = b"".join((b"\x00" if dark else b"\xff") * scale for dark in row)
        for dy in range(scale):
            at = (top + y * scale + dy) * WIDTH + left
            plane[at:at + len(line)] = line
    return bytes(plane)


def write_y4m(path, matrices):
    """YUV4MPEG2, 4:2:0 full range: a Y plane per frame and flat (grey) chroma."""
    chroma = b"\x80" * (2 * (WIDTH // 2) * (HEIGHT // 2))
    tmp = path.with_suffix(".part")
    with open(tmp, "wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{FPS}:1 Ip A1:1 C420jpeg\n".encode())
        for matrix in matrices:
            frame = b"FRAME\n" + luma(matrix) + chroma
            for _ in range(FRAMES_EACH):
                out.write(frame)
    os.replace(tmp, path)


def test_chromiums_fake_camera_playing_the_reply_links_qr_codes_connects_the_pages(
        playwright_instance, browser, base_url, dist, test_data, tmp_path):
    """The same through a camera device: Chromium's fake camera plays a Y4M video of the reply
    link's QR codes, written by this test (a Chromium of its own, launched with the fake device)."""
    video = tmp_path / "camera.y4m"
    write_y4m(video, [[[0] * 100] * 100])      # a blank picture until the reply exists
    camera = playwright_instance.chromium.launch(**launch_args(tiered_wasm=True, args=[
        *CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
        f"--use-file-for-fake-video-capture={video}"]))
    SnapshotSeeder(camera, base_url, dist, test_data, base_url + "__test-data__/")
    contexts = [camera.new_context(reduced_motion="reduce", viewport={"width": 390, "height": 844}),
                browser.new_context(reduced_motion="reduce", viewport={"width": 390, "height": 844})]
    try:
        a, b = (ctx.new_page() for ctx in contexts)
        errors = []
        for page in (a, b):
            page.on("pageerror", lambda exc: errors.append(f"pageerror: {exc}"))
        b.add_init_script("localStorage.setItem('kaffeehaus.language', 'de')")
        reply = invite_and_reply(a, b, base_url)
        # the reply, as the friend's page would show it: its QR codes, on the inviter's camera
        a.evaluate(LOAD)
        matrices = a.evaluate(MODULES, reply)
        write_y4m(video, matrices)
        a.click("[data-ui='duel-scan-qr']")
        a.wait_for_selector("dialog[data-dialog='duel-scan'][open]")
        a.wait_for_function("() => document.querySelector('[data-duel-scan-video]').videoWidth === %d" % WIDTH,
                            timeout=30_000)
        scanned_and_connected(a, b)
        assert errors == []
        print(f"\nreply link: {len(reply)} characters, {len(matrices)} QR code(s) of"
              f" {len(matrices[0])} modules with the quiet zone;"
              f" BarcodeDetector: {a.evaluate('() => typeof BarcodeDetector')}")
    finally:
        for ctx in contexts:
            ctx.close()
        camera.close()


def test_a_camera_that_cannot_open_is_said_in_the_dialog(two, base_url):  # noqa: F811
    """Without a camera (the session's Chromium has no fake device and nobody to allow it), the
    dialog says the camera could not be opened and the paste field stays as it was."""
    page = two[0]
    boot(page, base_url)
    invite(page)
    page.fill("[data-duel-code-in]", "kept")
    page.click("[data-ui='duel-scan-qr']")
    page.wait_for_function(
        "() => document.querySelector('[data-duel-scan-state]').textContent.includes('could not be opened')",
        timeout=30_000)
    page.click("[data-ui='duel-scan-close']")
    assert page.input_value("[data-duel-code-in]") == "kept"
    assert phase(page) == "invited"
