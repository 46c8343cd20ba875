#!/usr/bin/env python3
"""Build, serve and test the Kaffeehaus static site. Standard library only.

    python3 build.py [build]          dist/: the complete static site (tools/site.py)
    python3 build.py serve [PORT]     build, then serve dist/ on http://127.0.0.1:PORT/ (8000)
    python3 build.py test [ARGS...]   install what the tests need, build, run pytest tests/ ARGS
    python3 build.py test --fast      the same, running only the fast tier (tools/testrun.py)
    python3 build.py icons            re-render web/icons/*.png from tools/app-icon.svg (Chromium)
    python3 build.py limits           rewrite web/limits.js and web/engine-facts.js from the engine

The work is done by the modules in tools/ (one job each, listed in tools/__init__.py); this file
is their command line and re-exports the names the tests and bench/web.py use. Headers
(Content-Security-Policy, Cache-Control) are declared once, in netlify.toml; `serve` and the
browser tests send the same headers, parsed from that file.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import icons, limits, packed, server, testrun  # noqa: E402,F401
from tools.common import DIST  # noqa: E402,F401
from tools.headers import MIME_TYPES, headers_for  # noqa: E402,F401
from tools.pyodide_assets import (MICROPIP_SHA256, MICROPIP_WHEEL, PYODIDE_FILES,  # noqa: E402,F401
                                  STDLIB_NAME)
from tools.server import SiteHandler, ThreadingServer, make_server, serve_in_thread  # noqa: E402,F401
from tools.site import PACKED_RUNTIME, build  # noqa: E402,F401
from tools.wheel import build_engine_wheel  # noqa: E402,F401

# An icon at any size (tests/web/test_offline_saves.py checks that rendering is repeatable).
draw_icon = icons.render_png


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd")
    sub.add_parser("build", help="write dist/ (the default)")
    s = sub.add_parser("serve", help="build, then serve dist/ on 127.0.0.1")
    s.add_argument("port", nargs="?", type=int, default=8000)
    sub.add_parser("test", help="install test tools, build, run pytest (extra args pass through)",
                   add_help=False)
    i = sub.add_parser("icons", help="render web/icons/*.png from tools/app-icon.svg (Chromium)")
    i.add_argument("--out", type=Path, default=icons.WEB,
                   help="write DIR/icons/*.png instead of web/icons/ (tests compare them)")
    sub.add_parser("limits", help="rewrite web/limits.js and web/engine-facts.js from the engine")
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["test"]:
        return testrun.test(argv[1:])
    args = parser.parse_args(argv)
    if args.cmd == "serve":
        build()
        server.serve_forever(DIST, args.port)
    elif args.cmd == "icons":
        icons.write_icons(args.out)
    elif args.cmd == "limits":
        limits.write()
    else:
        build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
