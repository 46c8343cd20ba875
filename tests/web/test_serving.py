"""tools/server.py sends what the host sends (docs/WEB.md "Compression as served"): text and
wasm gzip-compressed when the request accepts it, the rest as it is, and never a
Content-Encoding that netlify.toml declares (Netlify ignores it); and it reports each body's
size and encoding."""
from __future__ import annotations

import gzip
import threading
import time
import urllib.request

import pytest

from tools import server as site_server

TOML = """
[[headers]]
  for = "/*"
  [headers.values]
    X-Content-Type-Options = "nosniff"
[[headers]]
  for = "/declared/*"
  [headers.values]
    Content-Encoding = "br"
    Cache-Control = "immutable"
"""


@pytest.fixture
def site(tmp_path):
    root = tmp_path / "site"
    (root / "declared").mkdir(parents=True)
    (root / "declared" / "x.wasm").write_bytes(b"\0asm" + bytes(3000))
    (root / "declared" / "x.zip").write_bytes(b"PK\3\4" + bytes(3000))
    (root / "app.js").write_text("export const a = 1;\n" * 200)
    (root / "tiny.js").write_text("1;\n")
    (root / "icon.png").write_bytes(b"\x89PNG" + bytes(3000))
    (root / "runtime.wasm.xz").write_bytes(b"\xfd7zXZ\0" + bytes(3000))
    (root / "index.html").write_text("<!doctype html><title>t</title>" + "<p>x</p>" * 300)
    toml = tmp_path / "netlify.toml"
    toml.write_text(TOML)
    sent = []

    class Recording(site_server.SiteHandler):
        def body_sent(self, path, size, encoding):
            sent.append((path, size, encoding))

    httpd = site_server.make_server(root, 0, handler_base=Recording, netlify_toml=toml)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/", root, sent
    httpd.shutdown()
    httpd.server_close()


def recorded(sent, entry):
    """`entry` among the bodies sent (recorded by the server's thread just after sending)."""
    for _ in range(100):
        if entry in sent:
            return True
        time.sleep(0.01)
    return False


def get(url, accept="gzip, deflate, br, zstd"):
    req = urllib.request.Request(url, headers={"Accept-Encoding": accept} if accept else {})
    with urllib.request.urlopen(req) as r:
        return r.headers, r.read()


def test_a_declared_encoding_is_ignored_as_netlify_ignores_it(site):
    """The file is compressed (or not) as any other of its type; the other headers of the rule
    are sent."""
    url, root, sent = site
    headers, body = get(url + "declared/x.wasm", "gzip, deflate")
    assert headers["Content-Encoding"] == "gzip" and headers["Content-Type"] == "application/wasm"
    assert headers["Cache-Control"] == "immutable"
    assert gzip.decompress(body) == (root / "declared" / "x.wasm").read_bytes()
    assert recorded(sent, ("/declared/x.wasm", len(body), "gzip"))
    for accept in ("br", None):
        headers, body = get(url + "declared/x.wasm", accept)
        assert headers["Content-Encoding"] is None
        assert body == (root / "declared" / "x.wasm").read_bytes()
    headers, body = get(url + "declared/x.zip")
    assert headers["Content-Encoding"] is None and body == (root / "declared" / "x.zip").read_bytes()


def test_text_is_gzip_compressed_when_accepted(site):
    url, root, sent = site
    headers, body = get(url + "app.js")
    assert headers["Content-Encoding"] == "gzip" and headers["Vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == (root / "app.js").read_bytes()
    assert int(headers["Content-Length"]) == len(body) < (root / "app.js").stat().st_size / 10
    assert recorded(sent, ("/app.js", len(body), "gzip"))
    headers, body = get(url, "gzip")   # the page itself
    assert headers["Content-Encoding"] == "gzip" and b"<title>t</title>" in gzip.decompress(body)
    headers, body = get(url + "app.js", "br")          # gzip not accepted: as it is
    assert headers["Content-Encoding"] is None and body == (root / "app.js").read_bytes()
    headers, body = get(url + "app.js", "gzip;q=0")
    assert headers["Content-Encoding"] is None


def test_small_and_binary_files_are_sent_as_they_are(site):
    url, root, sent = site
    for name in ("tiny.js", "icon.png", "runtime.wasm.xz"):
        headers, body = get(url + name)
        assert headers["Content-Encoding"] is None and body == (root / name).read_bytes()
        assert headers["X-Content-Type-Options"] == "nosniff"
    assert recorded(sent, ("/icon.png", (root / "icon.png").stat().st_size, None))
    # the runtime shipped xz-compressed (tools/packed.py) is sent as it is, with its own type
    assert get(url + "runtime.wasm.xz")[0]["Content-Type"] == "application/x-xz"


def test_errors_carry_no_declared_encoding(site):
    url, _, _ = site
    with pytest.raises(urllib.error.HTTPError) as err:
        get(url + "declared/missing.wasm")
    assert err.value.code == 404 and err.value.headers["Content-Encoding"] is None
