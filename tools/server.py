"""The local HTTP server for dist/: netlify.toml's headers and the site's MIME types, the
encodings a player gets (below), threads, keep-alive, and extra directories mounted under URL
prefixes (the browser tests' own pages). Used by `build.py serve`, tests/web/conftest.py and
the benches (bench/boot.py, bench/web.py).

Encodings, as Netlify sends them (docs/WEB.md "Compression as served"): the host compresses on
the fly, so every file is stored as it is and
- a file of a type the host compresses (COMPRESSIBLE: JavaScript, CSS, HTML, JSON, SVG, the
  manifest, wasm) is sent gzip-compressed (level 9, kept in memory) when the request accepts
  gzip (Netlify sends brotli where the browser accepts it, a little smaller; Python's standard
  library has no brotli);
- anything else (PNG, zip, wheel, the runtime shipped as `.xz`: tools/packed.py) as it is;
- a Content-Encoding in netlify.toml is not sent: Netlify ignores it too, and a header that
  does not match the body would make the browser fail to decode it.
A subclass sees every body sent through `body_sent(path, size, encoding)` (the benches count
the bytes on the wire with it)."""
from __future__ import annotations

import datetime
import email.utils
import functools
import gzip
import http.server
import io
import os
import socketserver
import sys
import threading
import urllib.parse
from http import HTTPStatus
from pathlib import Path

from .common import DIST
from .headers import MIME_TYPES, NETLIFY_TOML, headers_for

COMPRESSIBLE = {"text/javascript", "text/css", "text/html", "text/plain", "application/json",
                "application/manifest+json", "image/svg+xml", "application/wasm"}
GZIP_MIN_BYTES = 1024  # smaller bodies gain nothing worth the header


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with MIME_TYPES and the headers of netlify.toml."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: one connection for the page's many small files
    # Headers and body leave in separate writes: with Nagle's algorithm on, each response after
    # the first on a kept-alive connection waits for the client's delayed ACK (up to 40 ms).
    disable_nagle_algorithm = True
    quiet = True
    mounts: dict[str, str] = {}  # URL prefix ("/__test__/") -> directory, for test pages
    netlify_toml: Path = NETLIFY_TOML  # the headers of the served build
    _gzipped: dict = {}  # (file, mtime_ns, size) -> gzip body, shared by every handler
    _gzip_lock = threading.Lock()

    def translate_path(self, path: str) -> str:
        url_path = urllib.parse.urlsplit(path).path
        for prefix, directory in self.mounts.items():
            if url_path.startswith(prefix):
                rel = urllib.parse.unquote(url_path[len(prefix):])
                target = (Path(directory) / rel).resolve()
                if Path(directory).resolve() in target.parents or target == Path(directory).resolve():
                    return str(target)
                return str(Path(directory) / "__forbidden__")
        return super().translate_path(path)

    def _url_path(self) -> str:
        path = urllib.parse.urlsplit(self.path).path
        return path + "index.html" if path.endswith("/") else path

    def end_headers(self) -> None:
        for name, value in headers_for(self._url_path(), self.netlify_toml).items():
            if name.lower() != "content-encoding":   # set by the server alone, as on Netlify
                self.send_header(name, value)
        super().end_headers()

    def _gzip(self, file: str, st: os.stat_result) -> bytes:
        key = (file, st.st_mtime_ns, st.st_size)
        with self._gzip_lock:
            body = self._gzipped.get(key)
        if body is None:
            with open(file, "rb") as f:
                body = gzip.compress(f.read(), compresslevel=9, mtime=0)
            with self._gzip_lock:
                self._gzipped[key] = body
        return body

    def _accepts_gzip(self) -> bool:
        for part in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = part.strip().partition(";")
            if name.strip().lower() in ("gzip", "*"):
                return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
        return False

    def send_head(self):
        """SimpleHTTPRequestHandler.send_head with the encodings of the module docstring."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            parts = urllib.parse.urlsplit(self.path)
            if not parts.path.endswith("/"):
                self.send_response(HTTPStatus.MOVED_PERMANENTLY)
                self.send_header("Location", urllib.parse.urlunsplit(
                    (parts[0], parts[1], parts[2] + "/", parts[3], parts[4])))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = os.path.join(path, "index.html")
        if path.endswith("/") or not os.path.isfile(path):
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        st = os.stat(path)
        if "If-Modified-Since" in self.headers and "If-None-Match" not in self.headers:
            try:
                ims = email.utils.parsedate_to_datetime(self.headers["If-Modified-Since"])
            except (TypeError, IndexError, OverflowError, ValueError):
                ims = None
            if ims is not None and ims.tzinfo is None:
                ims = ims.replace(tzinfo=datetime.timezone.utc)
            modified = datetime.datetime.fromtimestamp(st.st_mtime, datetime.timezone.utc)
            if ims is not None and modified.replace(microsecond=0) <= ims:
                self.send_response(HTTPStatus.NOT_MODIFIED)
                self.end_headers()
                return None
        ctype = self.guess_type(path)
        encoding = None
        if ctype in COMPRESSIBLE and st.st_size >= GZIP_MIN_BYTES and self._accepts_gzip():
            encoding = "gzip"
            body = self._gzip(path, st)
        else:
            with open(path, "rb") as f:
                body = f.read()
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        if ctype in COMPRESSIBLE:
            self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        self._sending = (self._url_path(), len(body), encoding)
        return io.BytesIO(body)

    def copyfile(self, source, outputfile):
        super().copyfile(source, outputfile)
        sending, self._sending = getattr(self, "_sending", None), None
        if sending:
            self.body_sent(*sending)

    def body_sent(self, path: str, size: int, encoding: str | None) -> None:
        """Called after each body sent (GET, not HEAD): the URL path, the bytes on the wire and
        their Content-Encoding (None: as they are). The benches count them."""

    def log_message(self, fmt, *args):  # noqa: D401 - keep test output clean
        if not self.quiet:
            super().log_message(fmt, *args)


class ThreadingServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A browser that drops a download (a terminated worker, a closed page) is not an error.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: Path = DIST, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = True, mounts: dict[str, Path] | None = None,
                handler_base: type = None, netlify_toml: Path = NETLIFY_TOML) -> ThreadingServer:
    """A threaded HTTP server for `directory`; port 0 picks a free port (see .server_address).
    `mounts` serves extra directories under URL prefixes (the tests' own pages);
    `handler_base` a SiteHandler subclass (the benches'); `netlify_toml` the headers of another
    build (a bench measuring an older checkout)."""
    handler = type("Handler", (handler_base or SiteHandler,), {
        "quiet": quiet, "mounts": {k: str(v) for k, v in (mounts or {}).items()},
        "netlify_toml": Path(netlify_toml)})
    return ThreadingServer((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path = DIST, port: int = 0,
                    mounts: dict[str, Path] | None = None, **options) -> tuple[ThreadingServer, str]:
    """Start make_server(...) in a daemon thread (`options`: make_server's); returns
    (server, base URL)."""
    server = make_server(directory, port, mounts=mounts, **options)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}/"


def serve_forever(directory: Path = DIST, port: int = 8000) -> None:
    """Serve `directory` on 127.0.0.1:port, logging requests, until Ctrl+C."""
    server = make_server(directory, port, quiet=False)
    host, port = server.server_address[:2]
    print(f"Serving dist/ at http://{host}:{port}/  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
