"""Translation files and rules pages: pure data checks, no browser.

web/i18n/<lang>.json   the interface strings; en.json is the reference.
web/rules/<lang>.json  the rules page of every profile:
                       {profile id: {"title": str, "sections": [{"heading": str, "paragraphs": [str]}]}}

Every language must have exactly the key set of English (recursively, nesting included), keep
every {placeholder} of the English string and add none, and hold no empty string and no markup
character: the page inserts these strings as text, never as HTML.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
I18N = ROOT / "web" / "i18n"
RULES = ROOT / "web" / "rules"
REFERENCE = "en"
LANGUAGES = {"en", "fr", "pt", "de", "cs"}  # the five the game promises (issue 5)
PROFILES = {"schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
RULE_ID = re.compile(r"\[([A-Z]{2}-\d+(?:[-,/ ]+[A-Z]{2}-\d+)*)\]")
MARKUP = ("<", ">")
# Every rule id of RULES.md (the rule book the engine implements); a page may cite only these.
KNOWN_RULE_IDS = (
    {f"SN-{i}" for i in range(1, 14)} | {f"SS-{i}" for i in range(1, 11)} | {f"SV-{i}" for i in range(1, 7)}
    | {f"ST-{i}" for i in range(1, 4)} | {f"SB-{i}" for i in range(1, 8)} | {f"AC-{i}" for i in range(1, 7)}
    | {f"OB-{i}" for i in range(1, 4)}
)


def _load(path: Path):
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def _flatten(tree, prefix=()):
    """{(key, subkey, ...): leaf} for a nested dict; a leaf is anything that is not a dict."""
    if not isinstance(tree, dict):
        return {prefix: tree}
    flat = {}
    for key, value in tree.items():
        flat.update(_flatten(value, prefix + (key,)))
    return flat


def _name(path) -> str:
    return " > ".join(path)


def _i18n_files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(I18N.glob("*.json"))}


def _rules_files() -> dict[str, Path]:
    return {p.stem: p for p in sorted(RULES.glob("*.json"))}


I18N_LANGS = sorted(_i18n_files())
RULES_LANGS = sorted(_rules_files())


def check_translation(reference: dict, translation: dict) -> list[str]:
    """Every problem of one translation against the reference, as readable lines."""
    problems = []
    ref, tr = _flatten(reference), _flatten(translation)
    for key in sorted(ref.keys() - tr.keys()):
        problems.append(f"missing key {_name(key)}")
    for key in sorted(tr.keys() - ref.keys()):
        problems.append(f"extra key {_name(key)}")
    for key in sorted(ref.keys() & tr.keys()):
        english, text = ref[key], tr[key]
        if not isinstance(text, str):
            problems.append(f"{_name(key)}: not a string ({type(text).__name__})")
            continue
        if not text.strip():
            problems.append(f"{_name(key)}: empty")
        if any(c in text for c in MARKUP):
            problems.append(f"{_name(key)}: markup character in {text!r}")
        if isinstance(english, str):
            wanted, found = set(PLACEHOLDER.findall(english)), set(PLACEHOLDER.findall(text))
            for name in sorted(wanted - found):
                problems.append(f"{_name(key)}: placeholder {{{name}}} of the English string is missing")
            for name in sorted(found - wanted):
                problems.append(f"{_name(key)}: placeholder {{{name}}} is not in the English string")
    return problems


# --- the interface strings -------------------------------------------------------------------

def test_every_promised_language_has_a_file():
    assert LANGUAGES <= set(I18N_LANGS), f"missing: {sorted(LANGUAGES - set(I18N_LANGS))}"


def test_reference_is_clean():
    english = _load(I18N / f"{REFERENCE}.json")
    flat = _flatten(english)
    assert flat, "en.json is empty"
    bad = [_name(k) for k, v in flat.items() if not isinstance(v, str) or not v.strip() or any(c in v for c in MARKUP)]
    assert not bad, f"en.json: empty, non-string or markup values: {bad}"


@pytest.mark.parametrize("lang", [lang for lang in I18N_LANGS if lang != REFERENCE])
def test_translation_matches_english(lang):
    english = _load(I18N / f"{REFERENCE}.json")
    problems = check_translation(english, _load(I18N / f"{lang}.json"))
    assert not problems, f"web/i18n/{lang}.json:\n  " + "\n  ".join(problems)


def test_checker_catches_a_missing_key_and_a_lost_placeholder():
    """The checker itself: a dropped key, a nested key, a lost {name} and markup all fail."""
    english = {"a": "Hello {name}", "b": {"c": "x"}, "d": "y"}
    assert check_translation(english, english) == []
    broken = {"a": "Bonjour", "b": {}, "d": "<b>y</b>", "e": "extra {z}"}
    problems = "\n".join(check_translation(english, broken))
    assert "missing key b > c" in problems
    assert "placeholder {name}" in problems
    assert "markup character" in problems
    assert "extra key e" in problems
    assert "empty" in "\n".join(check_translation({"a": "x"}, {"a": "  "}))


def test_json_is_utf8_without_duplicate_keys():
    def no_duplicates(pairs):
        keys = [k for k, _ in pairs]
        duplicated = {k for k in keys if keys.count(k) > 1}
        assert not duplicated, f"duplicate keys {sorted(duplicated)}"
        return dict(pairs)

    for path in list(_i18n_files().values()) + list(_rules_files().values()):
        json.loads(path.read_bytes().decode("utf-8"), object_pairs_hook=no_duplicates)


# --- the rules pages -------------------------------------------------------------------------

def test_rules_exist_for_every_language():
    assert set(RULES_LANGS) == set(I18N_LANGS), (
        f"rules pages {RULES_LANGS} and interface languages {I18N_LANGS} differ")


@pytest.mark.parametrize("lang", RULES_LANGS)
def test_rules_page_shape(lang):
    rules = _load(RULES / f"{lang}.json")
    assert set(rules) == PROFILES, f"{lang}: profiles {sorted(rules)} instead of {sorted(PROFILES)}"
    for profile, page in rules.items():
        where = f"{lang}/{profile}"
        assert set(page) == {"title", "sections"}, f"{where}: keys {sorted(page)}"
        assert isinstance(page["title"], str) and page["title"].strip(), f"{where}: empty title"
        assert isinstance(page["sections"], list) and page["sections"], f"{where}: no sections"
        for i, section in enumerate(page["sections"]):
            assert set(section) == {"heading", "paragraphs"}, f"{where} section {i}: keys {sorted(section)}"
            assert isinstance(section["heading"], str) and section["heading"].strip(), f"{where} section {i}: empty heading"
            paragraphs = section["paragraphs"]
            assert isinstance(paragraphs, list) and paragraphs, f"{where} section {i}: no paragraphs"
            for text in [page["title"], section["heading"], *paragraphs]:
                assert isinstance(text, str) and text.strip(), f"{where} section {i}: empty or non-string paragraph"
                assert not any(c in text for c in MARKUP), f"{where} section {i}: markup character in {text[:60]!r}"


def test_rules_same_profiles_and_sections_everywhere():
    """Same profiles in every language, and the same number of sections per profile (a
    translation covers the whole page) with the same rule ids cited in each."""
    reference = _load(RULES / f"{REFERENCE}.json")
    for lang in RULES_LANGS:
        rules = _load(RULES / f"{lang}.json")
        assert set(rules) == set(reference), f"{lang}: profiles differ from {REFERENCE}"
        for profile, page in reference.items():
            other = rules[profile]
            assert len(other["sections"]) == len(page["sections"]), (
                f"{lang}/{profile}: {len(other['sections'])} sections, {REFERENCE} has {len(page['sections'])}")
            for i, (mine, theirs) in enumerate(zip(other["sections"], page["sections"])):
                ids_mine = sorted(RULE_ID.findall(" ".join(mine["paragraphs"])))
                ids_ref = sorted(RULE_ID.findall(" ".join(theirs["paragraphs"])))
                assert ids_mine == ids_ref, (
                    f"{lang}/{profile} section {i} ({mine['heading']!r}): rule ids {ids_mine}, {REFERENCE} has {ids_ref}")


@pytest.mark.parametrize("lang", RULES_LANGS)
def test_rules_carry_the_worked_examples(lang):
    """The worked examples of RULES.md are on the pages (cards and numbers are the same in
    every language)."""
    rules = _load(RULES / f"{lang}.json")
    # Cards are written with the language's own index letters, as on the card faces.
    strings = _flatten(_load(I18N / f"{lang}.json")) if (I18N / f"{lang}.json").exists() else {}
    jack = strings.get(("index.french.J",), "J") + "♠"

    def text(profile):
        page = rules[profile]
        return " ".join([page["title"]] + [p for s in page["sections"] for p in [s["heading"], *s["paragraphs"]]])

    for profile in ("schneider", "schneider-neighbour"):
        assert "9♠" in text(profile) and jack in text(profile), f"{lang}/{profile}: 9♠ led, {jack} answered"
    assert "10♠" in text("schneider-neighbour"), f"{lang}/schneider-neighbour: 10♠ led, {jack} answered"
    assert "16:4" in text("schneider-neighbour"), f"{lang}/schneider-neighbour: a deal won 16:4"
    for profile in ("schnapsen", "schnapsen-strict", "bummerl"):
        body = text(profile)
        assert "27" in body and "67" in body, f"{lang}/{profile}: 27 + 40 = 67, claim at once"
    for profile in PROFILES:
        cited = {i for group in RULE_ID.findall(text(profile)) for i in re.findall(r"[A-Z]{2}-\d+", group)}
        assert cited, f"{lang}/{profile}: no rule id cited"
        assert cited <= KNOWN_RULE_IDS, f"{lang}/{profile}: unknown rule ids {sorted(cited - KNOWN_RULE_IDS)}"
