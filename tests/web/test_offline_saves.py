"""Offline play and saved games (docs/OFFLINE-LINKS.md), in Chromium on the built site under
its CSP.

- The build's products: manifest, icons (drawn the same every time), service worker; Chromium
  finds the site installable.
- Offline: a first visit installs the service worker; then the server is STOPPED (and the
  context set offline: `set_offline` alone still lets sw.js update checks through) and the
  page reloaded: it boots and a whole deal is played.
- A new build takes over only when the player reloads from the "new version" notice; old
  caches go, the engine snapshot cache stays.
- Reload in the middle of a deal resumes the same position (hand, trick, talon); a closed tab
  resumes in a new one; a crashed engine worker is recovered at the same position.
- Corrupted and tampered saves: each gets its message, the table works, and no injected markup
  or script runs.

(About 320 lines, one module: offline play and saved games are both about a reload keeping the
game, on the same page helpers.)
"""
from __future__ import annotations

import json
import re
import struct
import zlib

import pytest

from kaffeehaus import api
import kaffeehaus_build as build  # build.py, loaded by conftest.py

from table_page import (ENGINE_BOOT_MS, FAST, assert_no_injection, assert_table_works,
                        boot, start_deal, table_position, watched)
from saved import saved_record as saved  # the newest saved game, web/saving/games.js
from saved import play_on, play_one, play_to_end, status
from settled import wait_settled


# --------------------------------------------------------------------------- build products

def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_manifest_icons_and_service_worker_in_dist(dist):
    index = (dist / "index.html").read_text()
    href = re.search(r'<link rel="manifest" href="([^"]+)"', index).group(1)
    manifest_path = dist / href
    manifest = json.loads(manifest_path.read_text())
    base = "https://example.test/" + href
    from urllib.parse import urljoin
    assert urljoin(base, manifest["start_url"]) == "https://example.test/"
    assert urljoin(base, manifest["scope"]) == "https://example.test/"
    assert manifest["display"] == "standalone" and manifest["name"] and manifest["short_name"]
    sizes = set()
    for icon in manifest["icons"]:
        path = manifest_path.parent / icon["src"]
        assert path.is_file(), icon
        if icon["type"] == "image/png":
            data = path.read_bytes()
            w, h = _png_size(data)
            assert f"{w}x{h}" == icon["sizes"]
            # a real image: the whole pixel stream inflates to height rows of 1 + 4*width bytes
            idat = b"".join(data[i + 8:i + 8 + struct.unpack(">I", data[i:i + 4])[0]]
                            for i in [m.start() - 4 for m in re.finditer(b"IDAT", data)])
            assert len(zlib.decompress(idat)) == h * (1 + 4 * w)
            sizes.add((icon["sizes"], icon.get("purpose", "any")))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    # sw.js at the root carries this build's precache list on its first line
    first, _, rest = (dist / "sw.js").read_text().partition("\n")
    embedded = json.loads(re.fullmatch(r"const PRECACHE = (.*);", first).group(1))
    assert embedded == json.loads((dist / "precache.json").read_text())
    assert "kaffeehaus-engine-snapshot" in rest
    assert build.headers_for("/sw.js")["Cache-Control"] == "no-cache"


@pytest.mark.slow  # three icon renders in Chromium
def test_icons_are_drawn_the_same_every_time():
    one = build.draw_icon(48)
    assert one == build.draw_icon(48) and _png_size(one) == (48, 48)
    assert one != build.draw_icon(48, maskable=True)


def test_chromium_finds_the_site_installable(persistent_page, base_url):
    """Chromium's own check (a normal profile: incognito is never installable): manifest, icons
    and a service worker with a fetch handler are all there."""
    page = persistent_page()
    boot(page, base_url)
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["manifest"]["startUrl"] == base_url and manifest["manifest"]["scope"] == base_url
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    assert page.watch.errors == []


# --------------------------------------------------------------------------- offline

@pytest.fixture
def own_server(dist):
    """build.py's server on dist/, in a thread this test may stop (base_url's must stay up)."""
    servers = []

    def start(directory=dist):
        server, url = build.serve_in_thread(directory, 0)
        servers.append(server)
        return server, url

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def stop(server):
    server.shutdown()
    server.server_close()


@pytest.mark.service_worker
def test_offline_after_the_first_visit_a_deal_is_played(browser, own_server):
    server, url = own_server()
    context = browser.new_context()
    try:
        page = watched(context)
        boot(page, url)
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
        assert page.evaluate("() => caches.keys()") and page.evaluate(
            "async () => (await caches.keys()).some(k => /^kaffeehaus-[0-9a-f]{12}$/.test(k))")
        stop(server)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        assert page.evaluate("() => !!navigator.serviceWorker.controller")
        start_deal(page, "schnapsen")
        play_to_end(page)
        assert status(page) == "match-over"
        assert page.watch.errors == []
    finally:
        context.close()


@pytest.mark.service_worker
def test_a_new_build_waits_for_the_player_then_takes_over(browser, own_server, dist, tmp_path):
    """A changed sw.js (a new build) installs beside the running one; the page says a new version
    is ready; "reload" activates it: old caches deleted, the engine snapshot and other caches kept."""
    import shutil
    site = tmp_path / "site"
    shutil.copytree(dist, site)
    server, url = own_server(site)
    context = browser.new_context()
    try:
        page = watched(context)
        boot(page, url)
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
        page.reload()  # now controlled
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=60_000)
        start_deal(page, "schnapsen")
        play_one(page)
        before = table_position(page)
        old = page.evaluate("async () => (await caches.keys()).find(k => /^kaffeehaus-[0-9a-f]{12}$/.test(k))")
        page.evaluate("""async () => {
            await (await caches.open('kaffeehaus-engine-snapshot')).put('/__engine-snapshot/x', new Response('s'));
            await (await caches.open('other-app')).put('/x', new Response('o'));
        }""")
        sw = (site / "sw.js").read_text()
        version = json.loads((site / "precache.json").read_text())["version"]
        (site / "sw.js").write_text(sw.replace(f'"version":"{version}"', '"version":"next-build"', 1))
        other = watched(context)  # a second tab of the site, on the set-up screen
        # Opening the second tab may already have found the new sw.js (a navigation is an update
        # check), so the explicit check below may find nothing new: either way the notice comes.
        boot(other, url)
        page.evaluate("async () => (await navigator.serviceWorker.getRegistration()).update()")
        page.wait_for_selector("[data-notice='update']", timeout=60_000)
        assert page.get_attribute("html", "data-update") == "ready"
        # the new version waits for the player; the old one still serves this page meanwhile
        assert page.evaluate("async () => !!(await navigator.serviceWorker.getRegistration()).waiting")
        assert old in page.evaluate("() => caches.keys()")
        # one "reload" moves every tab to the new version (their old assets' cache goes)
        with other.expect_navigation(), page.expect_navigation():
            page.click("[data-notice='update'] [data-ui='reload-update']")
        # the tab that showed the set-up screen reloads to it: it does not take the game
        other.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        assert other.get_attribute("html", "data-playing") is None
        assert other.is_visible("[data-ui='resume']")
        assert other.watch.errors == []
        page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
        # the reloaded page continues the game by itself
        page.wait_for_selector("html[data-playing]", state="attached", timeout=30_000)
        wait_settled(page)
        assert table_position(page) == before
        page.wait_for_function("async () => !(await caches.keys()).includes(%s)" % json.dumps(old))
        keys = page.evaluate("() => caches.keys()")
        assert "kaffeehaus-next-build" in keys
        assert "kaffeehaus-engine-snapshot" in keys and "other-app" in keys
        assert page.evaluate("async () => !!(await (await caches.open('kaffeehaus-engine-snapshot')).match('/__engine-snapshot/x'))")
        assert page.locator("[data-notice='update']").count() == 0
        assert page.watch.errors == []
    finally:
        context.close()


# --------------------------------------------------------------------------- saved games

def a_deal_under_way(page, profile):
    """A new game of `profile` with one move of the player played and the player to move again."""
    start_deal(page, profile)
    play_on(page, lambda: start_deal(page, profile))


def test_reload_in_the_middle_of_a_deal_resumes_the_same_position(page, base_url):
    page.add_init_script(f"localStorage.setItem('kaffeehaus.settings', {FAST});")
    boot(page, base_url)
    a_deal_under_way(page, "schnapsen")
    before = table_position(page)
    state = saved(page)["state"]
    assert before["hand"] == sorted(api.observation(state, 0)["hand"])
    page.reload()  # the game comes back on the table by itself, no tap needed
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("[data-zone='setup'][hidden]", state="attached", timeout=30_000)
    wait_settled(page)
    assert table_position(page) == before
    assert saved(page)["state"] == state
    assert page.watch.errors == []


def test_a_closed_tab_resumes_in_a_new_one(context, base_url):
    page = watched(context)
    boot(page, base_url)
    a_deal_under_way(page, "bummerl")
    before = table_position(page)
    page.close()
    again = watched(context)
    boot(again, base_url)
    again.click("[data-ui='resume']")
    wait_settled(again)
    assert table_position(again) == before
    assert again.watch.errors == []


def test_a_crashed_engine_worker_is_recovered_at_the_same_position(page, base_url):
    page.add_init_script(f"localStorage.setItem('kaffeehaus.settings', {FAST});")
    boot(page, base_url)
    a_deal_under_way(page, "schnapsen")
    before = table_position(page)
    state = saved(page)["state"]
    worker = next(w for w in page.workers if "engine-worker" in w.url)
    worker.evaluate("setTimeout(() => { throw new Error('simulated crash'); }, 0)")
    page.locator("[data-zone='hand'] button[data-card]:enabled").first.click()
    page.wait_for_selector("[data-status='error']", timeout=10_000)
    notice = page.locator("[data-notice='engine-stopped']")
    notice.wait_for(timeout=10_000)
    assert notice.get_attribute("role") == "alert"
    assert saved(page)["state"] == state  # the refused move changed nothing
    with page.expect_navigation():
        notice.locator("[data-ui='reload-resume']").click()
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    page.wait_for_selector("html[data-playing]", state="attached", timeout=30_000)
    wait_settled(page)
    assert table_position(page) == before
    assert page.locator("[data-notice='engine-stopped']").count() == 0
    assert [e for e in page.watch.errors if "simulated crash" not in e] == []


def _tampered_saves():
    state = api.new_deal("schnapsen", seed=11)
    good = {"state": state, "level": "easy", "levelUsed": "easy", "aiSeed": 3}
    deck = json.loads(json.dumps(good))
    deck["state"]["deals"][0]["deck"][0] = deck["state"]["deals"][0]["deck"][1]  # a card twice
    move = json.loads(json.dumps(good))
    seat = api.to_move(state)
    other = api.observation(state, 1 - seat)["hand"][0]
    move["state"]["deals"][0]["actions"] = [other]  # the card of the player not to move
    profile = json.loads(json.dumps(good))
    profile["state"]["profile"] = "<img src=x onerror='window.__pwned=1'>"
    return {
        "not-json": "{\"state\": {\"format\"",
        "not-a-game": json.dumps({"state": 3, "level": "easy"}),
        "edited-deck": json.dumps(deck),
        "illegal-move": json.dumps(move),
        "hostile-profile": json.dumps(profile),
        "script-in-level": json.dumps({**good, "level": "<script>window.__pwned=1</script>" * 3}),
    }


@pytest.mark.parametrize("kind", list(_tampered_saves()))
def test_a_damaged_save_is_reported_and_a_fresh_game_starts(page, base_url, kind):
    text = _tampered_saves()[kind]
    page.add_init_script(
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('kaffeehaus.game', {json.dumps(text)});"
        " sessionStorage.setItem('seeded', '1'); }"
        f"localStorage.setItem('kaffeehaus.settings', {FAST});")
    boot(page, base_url)
    notice = page.locator("[data-notice='save-damaged']")
    notice.wait_for(timeout=10_000)
    message = notice.locator("[data-notice-text]").text_content()
    assert message.startswith("Your saved game could not be read (") and "set aside" in message
    if kind not in ("not-json", "not-a-game", "script-in-level"):   # those the page refuses itself
        # the engine refused it: its keyword (bad_state) in words, not its English sentence, which
        # would quote the hostile profile
        assert "(the saved game is damaged or was changed)" in message, message
        assert "onerror" not in message
    assert notice.get_attribute("role") == "alert"
    assert page.locator("[data-ui='resume']").is_hidden()
    assert saved(page) is None
    assert page.evaluate("() => localStorage.getItem('kaffeehaus.game.damaged')") == text
    assert_table_works(page)
    # and the new game is saved again
    assert saved(page)["state"]["profile"] == "schnapsen"
    assert_no_injection(page)


def test_a_good_save_is_not_reported(page, base_url):
    state = api.new_match("bummerl", seed=4)
    text = json.dumps({"state": state, "level": "easy", "levelUsed": "easy", "aiSeed": 1})
    page.add_init_script(f"localStorage.setItem('kaffeehaus.game', {json.dumps(text)});")
    boot(page, base_url)
    assert page.locator("[data-ui='resume']").is_visible()
    assert page.locator("[data-notice]").count() == 0
    page.click("[data-ui='resume']")
    wait_settled(page)
    assert page.get_attribute("html", "data-playing") == "bummerl"
    assert page.watch.errors == []
