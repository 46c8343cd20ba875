"""The local HTTP server for dist/: netlify.toml's headers and the site's MIME types, threads,
keep-alive, and extra directories mounted under URL prefixes (the browser tests' own pages).
Used by `build.py serve`, tests/web/conftest.py and bench/web.py."""
from __future__ import annotations

import functools
import http.server
import socketserver
import sys
import threading
import urllib.parse
from pathlib import Path

from .common import DIST
from .headers import MIME_TYPES, headers_for


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves a directory with MIME_TYPES and the headers of netlify.toml."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    protocol_version = "HTTP/1.1"  # keep-alive: one connection for the page's many small files
    # Headers and body leave in separate writes: with Nagle's algorithm on, each response after
    # the first on a kept-alive connection waits for the client's delayed ACK (up to 40 ms).
    disable_nagle_algorithm = True
    quiet = True
    mounts: dict[str, str] = {}  # URL prefix ("/__test__/") -> directory, for test pages

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

    def end_headers(self) -> None:
        path = urllib.parse.urlsplit(self.path).path
        if path.endswith("/"):
            path += "index.html"
        for name, value in headers_for(path).items():
            self.send_header(name, value)
        super().end_headers()

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
                quiet: bool = True, mounts: dict[str, Path] | None = None) -> ThreadingServer:
    """A threaded HTTP server for `directory`; port 0 picks a free port (see .server_address).
    `mounts` serves extra directories under URL prefixes (the tests' own pages)."""
    handler = type("Handler", (SiteHandler,), {
        "quiet": quiet, "mounts": {k: str(v) for k, v in (mounts or {}).items()}})
    return ThreadingServer((host, port), functools.partial(handler, directory=str(directory)))


def serve_in_thread(directory: Path = DIST, port: int = 0,
                    mounts: dict[str, Path] | None = None) -> tuple[ThreadingServer, str]:
    """Start make_server(...) in a daemon thread; returns (server, base URL)."""
    server = make_server(directory, port, mounts=mounts)
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
