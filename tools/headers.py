"""The HTTP headers of the site: netlify.toml's [[headers]] rules (declared once, there) and the
MIME types, so that the local server and the browser tests send what the host sends."""
from __future__ import annotations

import functools
import re
import tomllib
from pathlib import Path

from .common import ROOT

NETLIFY_TOML = ROOT / "netlify.toml"

MIME_TYPES = {
    ".wasm": "application/wasm",  # a wrong type makes loadPyodide hang
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".xz": "application/x-xz",  # the runtime shipped xz-compressed (tools/packed.py), sent as it is
    ".svg": "image/svg+xml",
    ".css": "text/css",
    ".html": "text/html",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".txt": "text/plain",
    ".bin": "application/octet-stream",
}


@functools.lru_cache(maxsize=None)
def netlify_headers(toml_path: Path = NETLIFY_TOML) -> tuple[tuple[str, tuple], ...]:
    """The [[headers]] rules of netlify.toml as ((pattern, ((name, value), ...)), ...)."""
    conf = tomllib.loads(toml_path.read_text())
    rules = []
    for rule in conf.get("headers", []):
        rules.append((rule["for"], tuple((k, " ".join(str(v).split()))
                                         for k, v in rule.get("values", {}).items())))
    return tuple(rules)


def _pattern_matches(pattern: str, path: str) -> bool:
    # Netlify: "*" (a splat) matches any run of characters, also "/"; ":name" matches one segment.
    rx = "".join(".*" if c == "*" else re.escape(c) for c in pattern)
    rx = re.sub(r":[A-Za-z_]+", "[^/]+", rx)
    return re.fullmatch(rx, path) is not None


def headers_for(path: str, toml_path: Path = NETLIFY_TOML) -> dict[str, str]:
    """Headers Netlify would add for a URL path: every matching rule, later ones overriding."""
    out: dict[str, str] = {}
    for pattern, values in netlify_headers(Path(toml_path)):
        if _pattern_matches(pattern, path):
            out.update(values)
    return out
