"""Pass and play (two people at one device): engine messages per card and the wait at each hand-off.

Plays whole single deals in headless Chromium (Debian's /usr/bin/chromium) on the built site
(dist/, `python3 build.py` first), animations off, by clicking the first legal card (or action)
and "show my cards" at every hand-off. Counts the messages the page sends to the engine's worker
(Worker.prototype.postMessage) per card played, and times, on the page's clock:
  card   a card clicked → the page settled (the hand-off screen up, or the same player again)
  reveal "show my cards" clicked → the page settled (that seat's observation drawn)

    nice -n 15 python3 bench/pass_and_play.py [--deals 4] [--profiles schnapsen,schneider]
"""
from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tools.browser import ENGINE_MESSAGE_COUNTER as COUNTER, launch_options  # noqa: E402
SETTLED = "html[data-busy='false']"


def timed_click(page, selector, reveal=False):
    """Milliseconds from the click to the page settled, measured in the page: a card settles when
    the page was busy and is not any more; "show my cards" when the hand-off screen is gone."""
    return page.evaluate("""([selector, reveal]) => new Promise((resolve) => {
        const html = document.documentElement;
        const start = performance.now();
        let seenBusy = false;
        const check = () => {
            if (html.dataset.busy === 'true') seenBusy = true;
            const done = reveal ? !html.dataset.handoff : seenBusy;
            if (done && html.dataset.busy === 'false') { observer.disconnect(); resolve(performance.now() - start); }
        };
        const observer = new MutationObserver(check);
        observer.observe(html, { attributes: true, attributeFilter: ['data-busy', 'data-handoff'] });
        document.querySelector(selector).click();
        check();
    })""", [selector, reveal])


def play_deal(page, profile):
    page.wait_for_selector("[data-zone='setup']:not([hidden])")
    page.check("input[name='opponent'][value='local']")
    page.click(f"[data-profile='{profile}']")
    page.select_option("[data-setup='length']", "deal")
    page.click("[data-action='start']")
    page.wait_for_selector("[data-handoff]:not([hidden])", timeout=60_000)
    page.wait_for_selector(SETTLED, state="attached")
    page.evaluate("() => { window.__engineMessages.length = 0; }")
    cards, card_ms, reveal_ms = 0, [], []
    for _ in range(120):
        status = page.get_attribute("[data-status]", "data-status")
        if status in ("deal-over", "match-over"):
            break
        if status == "hand-off":
            reveal_ms.append(timed_click(page, "[data-ui='handoff-show']", reveal=True))
            continue
        card = page.locator("[data-zone='hand'] button[data-card]:enabled")
        if card.count():
            code = card.first.get_attribute("data-card")
            card_ms.append(timed_click(page, f"[data-zone='hand'] button[data-card='{code}']"))
            cards += 1
        else:
            action = page.locator("[data-zone='actions'] button[data-action]:enabled").first.get_attribute("data-action")
            card_ms.append(timed_click(page, f"[data-zone='actions'] button[data-action='{action}']"))
    messages = page.evaluate("() => window.__engineMessages.slice()")
    return cards, messages, card_ms, reveal_ms


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--profiles", default="schnapsen,schneider")
    args = parser.parse_args()
    import build                      # the repo's build.py: DIST, serve_in_thread
    if not (build.DIST / "precache.json").exists():
        sys.exit("dist/ is missing: python3 build.py")
    from playwright.sync_api import sync_playwright

    server, url = build.serve_in_thread(build.DIST, 0)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_options())
            for profile in args.profiles.split(","):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                page.add_init_script(COUNTER)
                page.goto(url)
                page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=120_000)
                page.wait_for_selector("[data-action='start']:enabled")
                total_cards, total_messages, card_ms, reveal_ms, kinds = 0, 0, [], [], {}
                for _ in range(args.deals):
                    if page.is_hidden("[data-zone='setup']"):
                        page.click("header [data-ui='new-game']")
                    cards, messages, c_ms, r_ms = play_deal(page, profile)
                    total_cards += cards
                    total_messages += len(messages)
                    for m in messages:
                        kinds[m] = kinds.get(m, 0) + 1
                    card_ms += c_ms
                    reveal_ms += r_ms
                context.close()
                q = lambda xs, f: sorted(xs)[min(len(xs) - 1, int(f * len(xs)))]
                print(f"{profile}: {args.deals} deals, {total_cards} cards, {len(reveal_ms)} hand-offs; "
                      f"{total_messages / total_cards:.2f} engine messages per card {dict(sorted(kinds.items()))}")
                print(f"  card → settled   median {statistics.median(card_ms):.0f} ms, p90 {q(card_ms, 0.9):.0f} ms")
                print(f"  reveal → drawn   median {statistics.median(reveal_ms):.0f} ms, p90 {q(reveal_ms, 0.9):.0f} ms")
            browser.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
