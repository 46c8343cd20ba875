"""The traffic between the page and the engine's worker per card played against the computer
(docs/WEB.md "One engine message per turn", bench/RESULTS.md "Worker protocol"): whole single
deals of Schnapsen are played by clicking legal cards while tools/browser.py's probe records
every message both ways with its size as JSON text. Each step of a turn crosses once (streamed
while the computer thinks, not again in the answer); every call carries its whole state (the
protocol keeps no state of its own)."""
from __future__ import annotations

import random

from single_deal import play_single_deal
from tools.browser import WORKER_TRAFFIC_PROBE

ENGINE_BOOT_MS = 60_000


def test_worker_traffic_per_card(page, base_url):
    page.add_init_script(WORKER_TRAFFIC_PROBE)
    page.goto(base_url)
    page.wait_for_selector("html[data-engine='ready']", state="attached", timeout=ENGINE_BOOT_MS)
    rng = random.Random("traffic:schnapsen")
    traffic, cards = [], 0
    while cards < 20:
        sent, played = play_single_deal(page, "schnapsen", rng, "__workerTraffic")
        traffic += sent
        cards += played
    out = [m for m in traffic if m["dir"] == "out"]
    back = [m for m in traffic if m["dir"] == "in"]
    figures = {
        "messages out": len(out) / cards, "messages in": len(back) / cards,
        "bytes out": sum(m["bytes"] for m in out) / cards, "bytes in": sum(m["bytes"] for m in back) / cards,
    }
    print(f"\nworker traffic over {cards} cards: " + ", ".join(f"{k} {v:.1f}/card" for k, v in figures.items()))
    assert page.watch.errors == []
    # Before, each step crossed twice (streamed, then again in the answer): 606 bytes out and
    # 11 328 in per card (26 cards). Each step now crosses once (about 610 out, 5 400 in); the
    # steps themselves (an observation each, about 1 kB) are most of what is left.
    assert figures["bytes out"] < 1000, figures
    assert figures["bytes in"] < 7000, figures
