"""Every UI string comes from web/i18n/en.json: the keys the page and the table's scripts use
exist, and the keys built at run time exist for every value the engine can produce."""
from __future__ import annotations

import json
import re
from pathlib import Path

from kaffeehaus import ai, api

ROOT = Path(__file__).resolve().parents[2]
STRINGS = json.loads((ROOT / "web/i18n/en.json").read_text())
SCRIPTS = [ROOT / "web/app.js", *sorted((ROOT / "web/table").glob("*.js"))]


def test_static_keys_exist():
    html = (ROOT / "index.html").read_text()
    keys = set(re.findall(r'data-i18n="([^"]+)"', html))
    for attr in re.findall(r'data-i18n-attr="([^"]+)"', html):
        keys |= {pair.split(":")[1] for pair in attr.split(";")}
    for script in SCRIPTS:
        keys |= set(re.findall(r'\bt\("([^"]+)"', script.read_text()))
    # a key may come in plural forms (key.one, key.other, ...: web/i18n.js)
    missing = sorted(k for k in keys if k not in STRINGS and f"{k}.other" not in STRINGS)
    assert not missing, missing


def test_no_text_in_the_markup():
    """index.html carries no visible words of its own, only keys (the <title> aside)."""
    html = (ROOT / "index.html").read_text()
    body = html.split("<body>", 1)[1]
    text = re.sub(r"<[^>]+>", " ", body)
    assert text.split() == []


def test_profiles_options_and_levels_have_names():
    for profile in api.profiles():
        assert f"profile.{profile['id']}.name" in STRINGS
        assert f"profile.{profile['id']}.blurb" in STRINGS
        for name in profile["options"]:
            assert f"option.{name}" in STRINGS
    for level in ai.LEVELS:
        assert f"level.{level}" in STRINGS


def test_the_setup_offers_every_level_the_engine_plays_strongest_first():
    """The page's levels (web/engine-facts.js, generated from kaffeehaus.ai.levels.OFFERED) are
    the engine's LEVELS, strongest first, without `random`, the fallback the page labels but
    never offers."""
    source = (ROOT / "web/engine-facts.js").read_text()
    listed = json.loads(re.search(r"export const LEVELS = (\[[^\]]*\]);", source).group(1))
    playable = [level for level in ai.LEVELS if level != "random"]
    assert listed == playable[::-1]


def test_cards_suits_and_ranks_have_names_in_both_styles():
    for style in ("french", "german"):
        for suit in "CDHS":
            assert f"suit.{style}.{suit}" in STRINGS
        for rank in "AKQJT987":
            assert f"rank.{style}.{rank}" in STRINGS
            assert f"index.{style}.{rank}" in STRINGS


def test_engine_keywords_have_texts():
    """Refusal reasons and deal-result reasons that the engine's sources can return."""
    sources = "".join(p.read_text() for p in (ROOT / "py/kaffeehaus").glob("*.py"))
    refusals = set(re.findall(r'return "((?:must|not|marriage|deal)_[a-z_]+)"', sources))
    refusals |= set(re.findall(r'or "(not_now)"', sources))
    assert refusals, "the engine's refusal codes were not found"
    for keyword in refusals:
        assert f"illegal.{keyword}" in STRINGS, keyword
    # the third argument of _win(winner, game_points, reason, ...) and result_of(...)
    reasons = set(re.findall(r'(?:_win|result_of)\([^,()]+, [^,()]+, "([a-z_]+)"', sources))
    reasons |= set(re.findall(r'_trick_win\([^,()]+, [^()]+\), "([a-z_]+)"', sources))
    reasons |= set(re.findall(r'_trick_win\([^,()]+, [^,()]+, "([a-z_]+)"', sources))
    reasons |= set(re.findall(r'_cascade_win\([^"]*"([a-z_]+)"', sources))
    assert {"claim", "honours", "draw", "sweep", "closed_failed", "false_claim"} <= reasons, reasons
    for keyword in reasons:
        assert f"reason.{keyword}" in STRINGS, keyword
    # why a result is worth its game points (deal.RESULT_WHY), from either side
    from kaffeehaus.deal import RESULT_WHY
    for code, params in RESULT_WHY.items():
        keys = [f"deal.why.{code}"] if code == "draw" else [f"deal.why.{code}.you", f"deal.why.{code}.opponent"]
        for key in keys:
            assert key in STRINGS, key
            assert set(re.findall(r"\{(\w+)\}", STRINGS[key])) <= set(params), key


def test_every_engine_error_code_has_words_in_every_language():
    """kaffeehaus.messages.ERROR_CODES: each keyword an error can carry is translated
    (illegal.<code> for a refused action, error.<code> for the rest), with the same
    placeholders, in all five languages."""
    from kaffeehaus.messages import ERROR_CODES
    for lang in ("en", "fr", "de", "cs", "pt"):
        strings = json.loads((ROOT / f"web/i18n/{lang}.json").read_text())
        for code in ERROR_CODES:
            keys = [k for k in (f"illegal.{code}", f"error.{code}") if k in strings]
            assert len(keys) == 1, (lang, code)
            assert set(re.findall(r"\{(\w+)\}", strings[keys[0]])) \
                == set(re.findall(r"\{(\w+)\}", STRINGS[keys[0]])), (lang, code)


def test_no_script_glues_a_label_to_its_text():
    """A label and its text are joined by the translation ("label.list": French wants a no-break space before ":"),
    never by a ": " written into a script's template string."""
    glued = []
    for script in [*SCRIPTS, *sorted((ROOT / "web").glob("*.js"))]:
        for number, line in enumerate(script.read_text().splitlines(), 1):
            if re.search(r"\bt\([^`]*\)\}: \$\{", line):
                glued.append(f"{script.name}:{number}")
    assert not glued, glued
    assert STRINGS["label.list"] == "{label}: {text}"
    french = json.loads((ROOT / "web/i18n/fr.json").read_text())
    assert french["label.list"] == "{label}\u00a0: {text}"
