"""Browser contexts handed from one test to the next, reset in between.

Why: a new context costs about 3.4 CPU-seconds before the test does anything (0.8 to make it
and seed the engine snapshot, 2.6 for a new renderer process to load the page and boot the
engine), while the same page navigated back to the site boots the engine in about 1.35 (its
renderer process and that process's caches are still there). The browser tests are CPU-bound on
a 2-core machine: the browser tests but the duels took 750–816 CPU-seconds with recycled
contexts, 971–994 without (three workers, two runs of each).

A released context is reset before another test gets it, so that it is as good as new:
* every page but the first is closed; the first (the page the next test gets from its first
  `new_page()`) goes to a blank same-origin page, where the origin's storage is cleared:
  local and session storage, IndexedDB, the origin private file system, service worker
  registrations and every Cache Storage cache but the engine snapshot's (which every new
  context gets anyway); cookies are cleared;
* init scripts added to the context or the page are disposed, routes removed, event listeners
  removed, offline and permissions set back, a page's viewport set back.
Anything else a test can change and this cannot undo (exposed functions, CDP sessions, media
emulation, timeouts, history navigation...) spends the context: it is closed, never reused.
Contexts are reused only by a request with the same options. Tests marked `cold_boot`,
`service_worker` or `tiered_wasm` never get a reused context (tests/web/conftest.py).
"""
from __future__ import annotations

CLEAR_ORIGIN = """async (keep) => {
    localStorage.clear();
    sessionStorage.clear();
    for (const name of await caches.keys()) {
        if (name !== keep) await caches.delete(name);
    }
    for (const db of await indexedDB.databases()) {
        await new Promise((done, fail) => {
            const request = indexedDB.deleteDatabase(db.name);
            request.onsuccess = request.onblocked = done;
            request.onerror = () => fail(request.error);
        });
    }
    const root = await navigator.storage.getDirectory();
    for await (const name of root.keys()) await root.removeEntry(name, { recursive: true });
    for (const registration of await (navigator.serviceWorker?.getRegistrations() ?? [])) {
        await registration.unregister();
    }
}"""

# Calls whose effect the reset cannot undo: the context or page is closed after the test.
SPENDING_CONTEXT = ("expose_binding", "expose_function", "new_cdp_session", "route_from_har",
                    "route_web_socket", "set_geolocation", "set_extra_http_headers",
                    "set_default_timeout", "set_default_navigation_timeout")
SPENDING_PAGE = ("expose_binding", "expose_function", "route_from_har", "route_web_socket",
                 "emulate_media", "set_extra_http_headers", "add_locator_handler",
                 "set_default_timeout", "set_default_navigation_timeout", "go_back",
                 "go_forward")


class RecycledContexts:
    """`new_context(**options)` gives a reset context released by an earlier test with the same
    options, or a new one; the context's `close()` gives it back (`spare` are kept at most, the
    oldest closed first)."""

    def __init__(self, new_context, reset_url: str, keep_cache: str, spare: int = 3):
        self._new_context = new_context
        self.reset_url = reset_url      # a blank page of the site's origin
        self.keep_cache = keep_cache    # the engine snapshot's Cache Storage cache
        self.spare = spare
        self._free: list[tuple[str, object]] = []

    def new_context(self, **options):
        key = _key(options)
        for i in reversed(range(len(self._free))):     # the most recently released first
            free_key, context = self._free[i]
            if free_key == key:
                del self._free[i]
                context.recycled.lend()
                return context
        context = self._new_context(**options)
        context.recycled = _Lease(context, self, key)
        return context

    def give_back(self, context) -> None:
        lease = context.recycled
        if not lease.lent:          # closed twice (by the test, then by its fixture)
            return
        lease.lent = False
        if not lease.reset():
            lease.close()
            return
        self._free.append((lease.key, context))
        while len(self._free) > self.spare:
            self._free.pop(0)[1].recycled.close()

    def close_all(self) -> None:
        while self._free:
            self._free.pop()[1].recycled.close()


def kept_for_reuse(page) -> bool:
    """True for the page a recycled context keeps across tests: a fixture must not close it
    (the context's reset takes it back to a blank page instead)."""
    lease = getattr(page.context, "recycled", None)
    return lease is not None and lease.first is page and not lease.spent


class _Lease:
    """One recycled context: what the current test changed in it, and how to undo that."""

    def __init__(self, context, pool: RecycledContexts, key: str):
        self.context = context
        self.pool = pool
        self.key = key              # the options it was made with
        self.first = None           # the page kept across tests
        self.first_lent = False
        self.spent = False
        self._close = context.close
        self._new_page = context.new_page
        context.close = lambda **kwargs: pool.give_back(context)
        context.new_page = self.new_page
        self._watch(context, SPENDING_CONTEXT)
        self.lend()

    def lend(self) -> None:
        self.undo = []              # callables that take back what the test did
        self.first_lent = False
        self.lent = True

    def new_page(self, *args, **kwargs):
        if self.first is not None and not self.first_lent and not args and not kwargs \
                and not self.first.is_closed():
            self.first_lent = True
            return self.first
        page = self._new_page(*args, **kwargs)
        if self.first is None or self.first.is_closed():
            self.first, self.first_lent = page, True
            self._watch(page, SPENDING_PAGE)
            self.size = page.viewport_size
        return page

    def _watch(self, target, spending) -> None:
        for name in spending:
            self._spend_on(target, name)
        self._undo_with(target, "add_init_script", lambda result, *a, **k: result.close)
        for name in ("on", "once"):
            self._undo_with(target, name,
                            lambda result, event, handler, _t=target: lambda: _quiet(
                                _t.remove_listener, event, handler))
        self._undo_with(target, "route", lambda result, *a, _t=target, **k:
                        lambda: _t.unroute_all(behavior="ignoreErrors"))
        if target is self.context:
            self._undo_with(target, "set_offline",
                            lambda result, *a, _t=target, **k: lambda: _t.set_offline(False))
            self._undo_with(target, "grant_permissions",
                            lambda result, *a, _t=target, **k: _t.clear_permissions)
        else:
            self._undo_with(target, "set_viewport_size", lambda result, *a, _t=target, **k:
                            lambda: _t.set_viewport_size(self.size))

    def _spend_on(self, target, name) -> None:
        original = getattr(target, name)

        def spend(*args, **kwargs):
            self.spent = True
            return original(*args, **kwargs)

        setattr(target, name, spend)

    def _undo_with(self, target, name, how) -> None:
        original = getattr(target, name)

        def recorded(*args, **kwargs):
            result = original(*args, **kwargs)
            self.undo.append(how(result, *args, **kwargs))
            return result

        setattr(target, name, recorded)

    def reset(self) -> bool:
        """Undo what the test did; False when the context cannot be reused."""
        if self.spent or self.first is None or self.first.is_closed():
            return False
        try:
            for page in self.context.pages:
                if page is not self.first:
                    page.close()
            for undo in reversed(self.undo):
                undo()
            self.context.clear_cookies()
            self.first.goto(self.pool.reset_url)
            self.first.evaluate(CLEAR_ORIGIN, self.pool.keep_cache)
        except Exception:
            return False
        return True

    def close(self) -> None:
        self.spent = True
        self._close()


def _key(options: dict) -> str:
    return repr(sorted(options.items()))


def _quiet(call, *args):
    try:
        call(*args)
    except (KeyError, ValueError):      # a `once` listener that already ran
        pass
