"""The card faces (web/cards/cards.js) in the browser, under the site's CSP: all 64 faces draw,
court cards are double-headed, Aces carry a large suit sign, nothing trips the CSP.

A small gallery page (written to a temporary folder, served next to dist/ by build.py's server,
so it gets the same Content-Security-Policy header) imports the built cards.js and draws every
face. Run as a script, this file also renders the gallery to PNGs for looking at the faces and
the before/after comparison images in docs/cards/:

    python3 tests/web/test_card_faces.py --out /tmp/faces         # all faces, desktop and phone
    python3 tests/web/test_card_faces.py --out /tmp/faces --old REV   # before (web/cards at REV) | after

With --old, compare-{style}.png shows the Aces and courts before | after at 100 px, and
{style}-courts-phone.png (60 px wide at 2x, a phone's card size) and
{style}-courts-enlarged.png (124 px at 1.5x) the courts alone; docs/cards/german-courts.png is
the German pair stacked, with the French courts at the same sizes beside them.

(About 330 lines, one module: the tests and the script that renders the faces for docs/cards/ share
one gallery page.)
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
HARNESS = HERE / "harness"


def _build_module():
    """build.py as loaded by conftest.py (or loaded here when run as a script)."""
    if "kaffeehaus_build" not in sys.modules:
        import importlib.util

        spec = importlib.util.spec_from_file_location("kaffeehaus_build", HERE.parents[1] / "build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["kaffeehaus_build"] = module
        spec.loader.exec_module(module)
    return sys.modules["kaffeehaus_build"]

RANKS = "AKQJT987"
SUITS = "CDHS"
STYLES = ("french", "german")

GALLERY_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card faces</title><link rel="icon" href="data:,">
<link rel="stylesheet" href="gallery.css"><script type="module" src="gallery.js"></script>
</head><body></body></html>
"""

GALLERY_CSS = """
body { margin: 0; padding: 8px; background: #1d5a39; color: #fff; font: 13px sans-serif; }
.sheet { display: inline-flex; gap: 18px; align-items: flex-start; }
.column h2 { font-size: 14px; margin: 2px 0 6px; }
.grid { display: grid; grid-template-columns: repeat(8, auto); gap: 5px; margin-bottom: 10px; }
.grid.n4 { grid-template-columns: repeat(4, auto); }
.grid.n3 { grid-template-columns: repeat(3, auto); }
.card { width: var(--w); height: calc(var(--w) * 1.4); }
.card > svg { display: block; width: 100%; height: 100%; filter: drop-shadow(0 1px 2px rgba(0, 0, 0, 0.45)); }
.w124 { --w: 124px; } .w100 { --w: 100px; } .w86 { --w: 86px; } .w60 { --w: 60px; } .w48 { --w: 48px; }
"""

# ?src=<cards.js URL>&name=<column title> (repeatable), styles=french,german, four=1, w=<px>,
# ranks=AKQJ (default all eight)
GALLERY_JS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
const params = new URLSearchParams(location.search);
const sources = params.getAll("src");
const names = params.getAll("name");
const styles = (params.get("styles") || "french,german").split(",");
const fourColour = params.get("four") === "1";
const ranks = params.get("ranks") || "AKQJT987";
const labels = { A: "A", K: "K", Q: "Q", J: "J", T: "10", 9: "9", 8: "8", 7: "7" };
const germanLabels = { ...labels, Q: "O", J: "U" };
document.body.className = `w${params.get("w") || "100"}`;
const sheet = document.createElement("div");
sheet.className = "sheet";
document.body.appendChild(sheet);
for (const style of styles) {
  for (const [i, src] of sources.entries()) {
    const { cardFace } = await import(src);
    const column = document.createElement("div");
    column.className = "column";
    const title = document.createElement("h2");
    title.textContent = `${names[i] || src} — ${style}${fourColour ? " (four colours)" : ""}`;
    column.appendChild(title);
    const grid = document.createElement("div");
    grid.className = `grid n${ranks.length}`;
    for (const suit of "CDHS") {
      for (const rank of ranks) {
        const card = document.createElement("div");
        card.className = "card";
        card.dataset.face = rank + suit;
        card.dataset.style = style;
        card.dataset.source = String(i);
        card.appendChild(cardFace(rank + suit, { style, fourColour, labels: style === "german" ? germanLabels : labels }));
        grid.appendChild(card);
      }
    }
    column.appendChild(grid);
    sheet.appendChild(column);
  }
}
document.documentElement.dataset.ready = "1";
"""


def write_gallery(folder: Path, old_revision: str | None = None) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "gallery.html").write_text(GALLERY_HTML)
    (folder / "gallery.css").write_text(GALLERY_CSS)
    (folder / "gallery.js").write_text(GALLERY_JS)
    if old_revision is not None:
        # All of web/cards at that revision: cards.js imports its sibling modules.
        import subprocess

        root = HERE.parents[1]
        old = folder / "old"
        old.mkdir(exist_ok=True)
        names = subprocess.run(["git", "-C", str(root), "ls-tree", "--name-only", f"{old_revision}:web/cards"],
                               check=True, capture_output=True, text=True).stdout.split()
        for name in names:
            if name.endswith(".js"):
                (old / name).write_bytes(subprocess.run(
                    ["git", "-C", str(root), "show", f"{old_revision}:web/cards/{name}"],
                    check=True, capture_output=True).stdout)


def cards_js_url(dist: Path) -> str:
    files = json.loads((dist / "precache.json").read_text())["files"]
    (path,) = [f for f in files if f.endswith("/cards/cards.js")]
    return "/" + path


@pytest.fixture(scope="module")
def gallery(dist, tmp_path_factory):
    build = _build_module()
    folder = tmp_path_factory.mktemp("gallery")
    write_gallery(folder)
    server, url = build.serve_in_thread(dist, 0, mounts={"/__test__/": HARNESS, "/__gallery__/": folder})
    yield f"{url.rstrip('/')}/__gallery__/gallery.html?src={cards_js_url(dist)}"
    server.shutdown()
    server.server_close()


def open_gallery(page, url: str):
    response = page.goto(url)
    assert "default-src 'self'" in response.headers.get("content-security-policy", "")
    page.wait_for_selector("html[data-ready='1']", state="attached")


FACE_REPORT = """() => [...document.querySelectorAll('.card')].map((card) => {
  const svg = card.querySelector(':scope > svg.card-face');
  if (!svg) return { face: card.dataset.face, style: card.dataset.style, svg: false };
  const box = (node) => { const b = node.getBBox(); return [b.x, b.y, b.width, b.height]; };
  const figures = [...svg.querySelectorAll(':scope > g.figure')];
  const sign = svg.querySelector('.ace-sign');
  // The drawing between the card's outline (first child) and its two corner indices (last two).
  const body = [...svg.children].slice(1, -2).map(box);
  const left = Math.min(...body.map((b) => b[0])), top = Math.min(...body.map((b) => b[1]));
  const right = Math.max(...body.map((b) => b[0] + b[2])), bottom = Math.max(...body.map((b) => b[1] + b[3]));
  return {
    face: card.dataset.face, style: card.dataset.style, svg: true,
    hidden: svg.getAttribute('aria-hidden'), focusable: svg.getAttribute('focusable'),
    viewBox: svg.getAttribute('viewBox'),
    body: body.length ? [left, top, right - left, bottom - top] : null,
    // (the bottom corner's <use> draws the top corner's shapes once more)
    shapes: svg.querySelectorAll('path, circle, ellipse, rect, polygon').length
            + svg.querySelectorAll(':scope > .corner :is(path, circle, ellipse, rect, polygon)').length,
    texts: [...svg.querySelectorAll('text')].map((t) => t.textContent),
    // the bottom corner: a <use> of the top one, turned round
    copy: (() => { const top = svg.querySelector(':scope > .corner'), use = svg.querySelector(':scope > use.corner-copy');
                   return !!top && !!use && !!top.id && use.getAttribute('href') === '#' + top.id
                          && document.querySelectorAll('#' + CSS.escape(top.id)).length === 1
                          && /rotate\(180/.test(use.getAttribute('transform')); })(),
    figures: figures.map((g) => ({ transform: g.getAttribute('transform'), markup: g.innerHTML.length,
                                   box: box(g), shapes: g.querySelectorAll('path, circle, ellipse').length,
                                   segments: [...g.querySelectorAll('path')].reduce(
                                     (n, p) => n + (p.getAttribute('d').match(/[ac-df-z]/gi) || []).length, 0) })),
    sign: sign ? box(sign) : null,
    rendered: card.getBoundingClientRect().width,
  };
})"""


@pytest.mark.parametrize("four", [False, True])
def test_every_face_draws_under_the_csp(page, gallery, four):
    open_gallery(page, gallery + ("&four=1" if four else ""))
    faces = page.evaluate(FACE_REPORT)
    assert sorted((f["style"], f["face"]) for f in faces) == sorted(
        (s, r + u) for s in STYLES for r in RANKS for u in SUITS)
    for f in faces:
        name = f"{f['style']} {f['face']}"
        assert f["svg"], name
        assert (f["hidden"], f["focusable"], f["viewBox"]) == ("true", "false", "0 0 100 140"), name
        assert f["rendered"] > 0, name
        # Between the outline and the corner indices: a drawing that fills much of the card.
        assert f["body"] and f["body"][2] >= 30 and f["body"][3] >= 40, f"{name}: {f['body']}"
        assert f["shapes"] >= 4, name
        # one corner index as text (a card's visible text is its index once), the other its copy
        assert len(f["texts"]) == 1 and f["texts"][0] != "" and f["copy"], name
    assert page.evaluate("window.cspViolations") == []
    assert page.watch.errors == []


def test_court_cards_are_double_headed(page, gallery):
    open_gallery(page, gallery)
    faces = page.evaluate(FACE_REPORT)
    courts = [f for f in faces if f["face"][0] in "KQJ"]
    assert len(courts) == 24
    for f in courts:
        name = f"{f['style']} {f['face']}"
        top, bottom = f["figures"] if len(f["figures"]) == 2 else (None, None)
        assert top and bottom, f"{name}: not two figure halves"
        assert top["transform"] is None and bottom["transform"] == "rotate(180 50 70)", name
        assert top["markup"] == bottom["markup"] and top["shapes"] == bottom["shapes"], name
        # An illustration, not an emblem (the old placeholder drew ~20 path segments in all):
        # at least a hundred in each half, which fills the upper part of the picture (its
        # turned copy the lower).
        assert top["segments"] >= 100, f"{name}: {top['segments']} path segments"
        x, y, w, h = top["box"]
        assert w >= 40 and 45 <= h <= 100 and y < 30 and y + h / 2 < 66, f"{name}: figure box {top['box']}"
    # The German Ober carries its suit sign high, the Unter low.
    sign_y = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll(
        ".card[data-style='german'][data-face^='Q'], .card[data-style='german'][data-face^='J']")].map((card) => {
          const half = card.querySelector('svg > g.figure');
          const sign = half.querySelector(':scope > g:last-child');
          const r = sign.getBoundingClientRect(), c = card.getBoundingClientRect();
          return [card.dataset.face, ((r.top + r.height / 2 - c.top) / c.height) * 140];
        }))""")
    for suit in SUITS:
        assert sign_y["Q" + suit] < 35 < sign_y["J" + suit], sign_y


def test_aces_have_a_large_central_suit_sign(page, gallery):
    open_gallery(page, gallery)
    faces = page.evaluate(FACE_REPORT)
    for f in faces:
        name = f"{f['style']} {f['face']}"
        if f["face"][0] != "A":
            assert f["sign"] is None, name
            continue
        assert f["sign"], f"{name}: no .ace-sign"
        x, y, w, h = f["sign"]
        assert min(w, h) >= 36 and max(w, h) >= 45, f"{name}: sign {w:.0f}×{h:.0f}"
        assert abs(x + w / 2 - 50) < 4 and abs(y + h / 2 - 68) < 8, f"{name}: sign off centre {f['sign']}"


@pytest.mark.parametrize("width", [48, 60, 86, 100, 124])
def test_every_court_is_drawn_inside_its_card(page, gallery, width):
    """Every German and French King, Queen/Ober and Jack/Unter, at each size the table uses
    (hand, trick, review, panel): the drawn bounding box of every shape of the picture lies
    within the card, so nothing of a figure is cut off at the card's edge."""
    open_gallery(page, gallery + f"&ranks=KQJ&w={width}")
    report = page.evaluate("""() => [...document.querySelectorAll('.card')].map((card) => {
      const svg = card.querySelector(':scope > svg');
      const c = svg.getBoundingClientRect();
      let left = Infinity, top = Infinity, right = -Infinity, bottom = -Infinity;
      for (const shape of svg.querySelectorAll('g.figure path, g.figure circle, g.figure ellipse, g.figure rect')) {
        const r = shape.getBoundingClientRect();
        if (!r.width && !r.height) continue;
        left = Math.min(left, r.left); top = Math.min(top, r.top);
        right = Math.max(right, r.right); bottom = Math.max(bottom, r.bottom);
      }
      return { face: card.dataset.style + ' ' + card.dataset.face, card: [c.left, c.top, c.right, c.bottom],
               drawn: [left, top, right, bottom] };
    })""")
    assert len(report) == 24
    for item in report:
        (cl, ct, cr, cb), (dl, dt, dr, db) = item["card"], item["drawn"]
        assert dr > dl and db > dt, f"{item['face']}: nothing drawn"
        assert cl - 0.5 <= dl and ct - 0.5 <= dt and dr <= cr + 0.5 and db <= cb + 0.5, (
            f"{item['face']} at {width}px: drawn {item['drawn']} outside the card {item['card']}")
    assert page.watch.errors == []


# ------------------------------------------------------------------ screenshots (run as a script)

def _shoot(out: Path, old: str | None) -> None:
    import tempfile

    from playwright.sync_api import sync_playwright

    build = _build_module()
    dist = build.DIST
    if not (dist / "precache.json").exists():
        build.build()
    folder = Path(tempfile.mkdtemp())
    write_gallery(folder, old)
    server, url = build.serve_in_thread(dist, 0, mounts={"/__test__/": HARNESS, "/__gallery__/": folder})
    base = f"{url.rstrip('/')}/__gallery__/gallery.html?"
    new_src = f"src={cards_js_url(dist)}&name=new"
    out.mkdir(parents=True, exist_ok=True)
    # file, query, device scale, format
    shots = [] if old is not None else [  # all 64 faces at desktop and phone sizes
        ("faces-desktop.png", f"{new_src}&w=124", 1, "png"),
        ("faces-phone.png", f"{new_src}&w=60", 2, "png"),
        ("faces-four-colour.png", f"{new_src}&w=86&four=1", 1, "png"),
    ]
    if old is not None:
        # Before | after, the Aces and court cards (the number cards did not change).
        both = f"src=/__gallery__/old/cards.js&name=before&{new_src.replace('name=new', 'name=after')}"
        for style in STYLES:
            shots.append((f"compare-{style}.png", f"{both}&styles={style}&ranks=AKQJ&w=100", 1, "png"))
            shots.append((f"{style}-courts-phone.png", f"{both}&styles={style}&ranks=KQJ&w=60", 2, "png"))
            shots.append((f"{style}-courts-enlarged.png", f"{both}&styles={style}&ranks=KQJ&w=124", 1.5, "png"))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=[
                "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
            for name, query, scale, kind in shots:
                page = browser.new_page(viewport={"width": 2400, "height": 900}, device_scale_factor=scale)
                page.goto(base + query)
                page.wait_for_selector("html[data-ready='1']", state="attached")
                page.locator(".sheet").screenshot(path=str(out / name), type=kind)
                print(out / name, (out / name).stat().st_size, "bytes",
                      "csp:", page.evaluate("window.cspViolations"))
                page.close()
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--old", metavar="REV", help="a git revision whose web/cards to compare with")
    args = parser.parse_args()
    _shoot(args.out, args.old)
