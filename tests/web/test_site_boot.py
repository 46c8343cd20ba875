"""The real page (dist/index.html) boots the engine through app.js, under the site's CSP."""
from __future__ import annotations

import time


def test_page_boots_engine_without_errors(page, base_url):
    t0 = time.monotonic()
    response = page.goto(base_url)
    assert response.ok
    assert "'wasm-unsafe-eval'" in response.headers["content-security-policy"]
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=60_000)
    elapsed = time.monotonic() - t0
    assert page.get_attribute("html", "data-engine") == "ready"
    # Nothing from elsewhere: every request went to this server.
    foreign = [u for u in page.watch.requests
               if not (u.startswith(base_url) or u.startswith("data:"))]
    assert foreign == []
    # The runtime came from the hashed, self-hosted directories, xz-compressed (tools/packed.py).
    assert any("/pyodide/" in u and u.endswith("pyodide.asm.wasm.xz") for u in page.watch.requests)
    assert any("/wheels/" in u and u.endswith(".whl.xz") for u in page.watch.requests)
    page.wait_for_timeout(300)  # late console errors (e.g. after the first engine call)
    assert page.watch.errors == [], page.watch.errors
    assert elapsed < 30, f"engine took {elapsed:.1f} s"
