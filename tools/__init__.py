"""The modules behind build.py, one job each (build.py is only their command line).

    common.py          paths of the repository, hashing, logging
    provision.py       installs what the build and the tests need (npm ci, pip, Debian chromium)
    pyodide_assets.py  the Pyodide runtime as shipped: pinned npm files, micropip, the game's stdlib
    stdlib.py          the game's stdlib: traced, compiled and checked by running the boot and the
                       workload (game_workload.py) in Pyodide under Node (stdlib_run.mjs,
                       stdlib_in_pyodide.py)
    wheel.py           the engine wheel, written reproducibly with zipfile
    icons.py           the app's PNG icons, rendered from app-icon.svg (the master) by Chromium
                       through icons.html (`build.py icons`)
    limits.py          web/limits.js: the engine's limits on outside input, for the page
    vendor.py          the page's npm libraries (QR codes), copied into the web assets
    headers.py         netlify.toml's headers and the MIME types, for the local server
    site.py            dist/: hashed directories, build-assets.js, index.html, precache list, sw.js
    server.py          the local HTTP server (`build.py serve`, the browser tests, the benches),
                       compressing on the fly what the host compresses
    testrun.py         `build.py test`: provision, build, pytest
"""
