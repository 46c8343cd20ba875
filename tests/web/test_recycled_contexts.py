"""The browser tests' recycled contexts (recycled_contexts.py): a context a test closes comes
back to the next test as good as new, or not at all."""
from engine_snapshot import SEED_PAGE, SNAPSHOT_CACHE

LEAVE_TRACES = """async () => {
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
    await (await caches.open('left-behind')).put('/left', new Response('behind'));
    await new Promise((done) => {
        const request = indexedDB.open('left-behind');
        request.onsuccess = () => { request.result.close(); done(); };
    });
    const root = await navigator.storage.getDirectory();
    await root.getFileHandle('left-behind', { create: true });
    document.cookie = 'left=behind';
}"""

TRACES = """async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    caches: await caches.keys(),
    databases: (await indexedDB.databases()).map((db) => db.name),
    files: await (async () => { const names = [];
        for await (const name of (await navigator.storage.getDirectory()).keys()) names.push(name);
        return names; })(),
    cookie: document.cookie,
    contextScript: window.fromContextScript ?? null,
    pageScript: window.fromPageScript ?? null,
})"""


def test_a_recycled_context_comes_back_as_good_as_new(browser, base_url):
    blank = base_url + "__test-data__/" + SEED_PAGE
    context = browser.new_context()
    page = context.new_page()
    context.add_init_script("window.fromContextScript = true")
    page.add_init_script("window.fromPageScript = true")
    heard = []
    page.on("console", lambda message: heard.append(message.text))
    page.goto(blank)
    page.evaluate(LEAVE_TRACES)
    page.set_viewport_size({"width": 390, "height": 844})
    context.set_offline(True)
    context.new_page()                      # a second tab
    context.close()

    again = browser.new_context()
    assert again is context, "the context just released was not reused"
    first = again.new_page()
    assert first is page and again.pages == [page]
    first.goto(blank)
    assert first.evaluate(TRACES) == {
        "local": 0, "session": 0, "caches": [SNAPSHOT_CACHE], "databases": [], "files": [],
        "cookie": "", "contextScript": None, "pageScript": None}
    first.evaluate("() => console.log('heard by the old listener?')")
    assert heard == []
    assert first.viewport_size == {"width": 1280, "height": 720}
    assert first.evaluate("() => navigator.onLine")
    assert again.new_page() is not first, "the kept page is lent once per test"
    again.close()


def test_a_context_with_what_a_reset_cannot_undo_is_never_reused(browser, base_url):
    context = browser.new_context()
    page = context.new_page()
    page.expose_function("leftBehind", lambda: 1)
    context.close()
    assert page.is_closed()
    again = browser.new_context()
    assert again is not context
    again.close()
