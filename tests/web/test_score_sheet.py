"""The match score sheet (web/table/scores.js renderSheet) drawn in the built page from a match
status: a Bummerl counts down from its target (SS-10), a count below 0 reads 0 and the deal
winner's cell says in words how many game points the deal won ("4 (won 3)", never a bare
"(−3)"); a match of several Bummerls says how many each has won, from the side of the player
whose sheet it is."""
from __future__ import annotations

RENDER = """async (match) => {
    const precache = await (await fetch('/precache.json')).json();
    const path = precache.files.find((f) => /^assets\\/[^/]+\\/table\\/scores\\.js$/.test(f));
    const { renderSheet } = await import('/' + path);
    const box = document.createElement('div');
    document.body.appendChild(box);
    renderSheet(box, match, 'schnapsen', 1);
    return {rows: [...box.querySelectorAll('tbody tr')].map((tr) => [...tr.cells].map((c) => c.textContent)),
            bummerls: box.querySelector('.sheet-bummerls')?.textContent || null};
}"""


def test_a_bummerl_sheet_reads_the_counts_to_go_and_the_bummerls_won(page, base_url):
    page.goto(base_url)
    page.wait_for_selector("html[data-table='drawn']", state="attached")
    match = {"target": 7, "scores": [7, -2], "bummerls": [0, 1], "bummerls_needed": 2,
             "sheet": [{"winner": 1, "game_points": 3, "scores": [7, 4], "bummerl_won": False},
                       {"winner": 1, "game_points": 6, "scores": [7, -2], "bummerl_won": True}]}
    out = page.evaluate(RENDER, match)
    # seat 1's sheet: its own column first
    assert out["rows"] == [["Start", "7", "7"], ["1", "4 (won 3)", "7"], ["2", "0 (won 6)", "7"]], out["rows"]
    assert out["bummerls"] == "Bummerls won: 1 – 0", out["bummerls"]
    assert page.watch.errors == []
