"""The rules text a page should show, rendered by web/rulebook.js itself (node), from the
engine's description (kaffeehaus.api.rules) and web/rules/<lang>.json: the browser tests
compare the page with it."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANGS = ["en", "fr", "de", "cs", "pt"]

_SCRIPT = """
import { renderPage, renderShort } from %s;
import { readFileSync } from "node:fs";
const jobs = JSON.parse(readFileSync(0, "utf8"));
const read = (p) => JSON.parse(readFileSync(p, "utf8"));
const english = read(%s);
const out = jobs.map(({ description, lang }) => {
  const templates = read(`%s/${lang}.json`);
  const strings = read(`%s/${lang}.json`);
  const env = { lang, fallback: english, rank: (r) => strings[`index.french.${r}`] };
  return { page: renderPage(description, templates, env), short: renderShort(description, templates, env) };
});
process.stdout.write(JSON.stringify(out));
"""


def render(jobs):
    """[(description, lang)] -> [{"page": {"title", "sections"}, "short": str}], via node."""
    script = _SCRIPT % (
        json.dumps((ROOT / "web" / "rulebook.js").as_uri()),
        json.dumps(str(ROOT / "web" / "rules" / "en.json")),
        ROOT / "web" / "rules",
        ROOT / "web" / "i18n",
    )
    payload = json.dumps([{"description": d, "lang": lang} for d, lang in jobs])
    done = subprocess.run(["node", "--input-type=module", "-e", script], input=payload,
                          capture_output=True, text=True, check=True, timeout=60)
    return json.loads(done.stdout)


def page_text(page):
    """(title, headings, paragraphs) as the rules dialog shows them."""
    return (page["title"], [s["heading"] for s in page["sections"]],
            [p for s in page["sections"] for p in s["paragraphs"]])
