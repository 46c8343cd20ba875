"""The page's sign that the table has settled, for every browser test: the table view sets
html[data-busy] to "false" once a turn or a deal's end is drawn and nothing is under way
(web/table/view.js, from each opponent's "busy" event), the moment a player may act. Before
the first game the attribute is absent, so a wait never passes on a page still booting."""
from __future__ import annotations

SETTLED = "html[data-busy='false']"


def wait_settled(page, timeout=30_000):
    page.wait_for_selector(SETTLED, state="attached", timeout=timeout)
