"""Translation files and rules pages: pure data checks, no browser.

web/i18n/<lang>.json   the interface strings; en.json is the reference.
web/rules/<lang>.json  the templates of the rules pages: {"title": {profile: str},
                       "section": {id: str}, "fact": {fact key: str}} (docs/I18N.md)

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
# the languages the page ships, as web/languages.js states them (the language menu reads it)
LANGUAGES = set(re.findall(r'"([a-z]{2})"', re.search(
    r"LANGUAGES = \[(.*?)\]", (ROOT / "web" / "languages.js").read_text()).group(1)))
PROFILES = {"schneider", "schneider-neighbour", "schnapsen", "schnapsen-strict", "bummerl"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
RULE_ID = re.compile(r"\b(?:SN|SS|SV|ST|SB|AC|OB)-\d+")   # rule ids are never on a player's page
MARKUP = ("<", ">")


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


# Plural forms: a key may come as `key.one`, `key.few`, `key.other`, ... (web/i18n.js
# picks one with Intl.PluralRules). The forms each language must give are the categories its
# whole numbers fall into (CLDR; French and Portuguese "many" is for millions and falls back
# to "other"); English gives one and other.
PLURAL_FORMS = {"en": {"one", "other"}, "fr": {"one", "other"}, "de": {"one", "other"},
                "pt": {"one", "other"}, "cs": {"one", "few", "other"}}
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


def plural_bases(flat: dict) -> set:
    """The keys that come in plural forms (those with a `.other` form)."""
    return {key[:-1] + (key[-1][: -len(".other")],) for key in flat if key[-1].endswith(".other")}


def _plural_key(key, bases):
    head, _, category = key[-1].rpartition(".")
    return category in PLURAL_CATEGORIES and key[:-1] + (head,) in bases


def check_translation(reference: dict, translation: dict, lang: str | None = None) -> list[str]:
    """Every problem of one translation against the reference, as readable lines."""
    problems = []
    ref, tr = _flatten(reference), _flatten(translation)
    bases = plural_bases(ref)
    if lang is not None:
        # plural forms: exactly the language's categories instead of English's
        for base in sorted(bases):
            english = ref[base[:-1] + (base[-1] + ".other",)]
            for category in sorted(PLURAL_FORMS[lang]):
                form = base[:-1] + (f"{base[-1]}.{category}",)
                if form not in tr:
                    problems.append(f"missing plural form {_name(form)}")
                else:
                    ref[form] = english
        ref = {k: v for k, v in ref.items() if not _plural_key(k, bases) or k[-1].rpartition(".")[2] in PLURAL_FORMS[lang]}
        for key in [k for k in tr if _plural_key(k, bases) and k not in ref]:
            problems.append(f"extra plural form {_name(key)} (not a category of {lang})")
            del tr[key]
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
    assert len(LANGUAGES) == 5
    assert LANGUAGES == set(I18N_LANGS), f"web/languages.js and web/i18n/ differ: {sorted(LANGUAGES ^ set(I18N_LANGS))}"


def test_reference_is_clean():
    english = _load(I18N / f"{REFERENCE}.json")
    flat = _flatten(english)
    assert flat, "en.json is empty"
    bad = [_name(k) for k, v in flat.items() if not isinstance(v, str) or not v.strip() or any(c in v for c in MARKUP)]
    assert not bad, f"en.json: empty, non-string or markup values: {bad}"


@pytest.mark.parametrize("lang", [lang for lang in I18N_LANGS if lang != REFERENCE])
def test_translation_matches_english(lang):
    english = _load(I18N / f"{REFERENCE}.json")
    problems = check_translation(english, _load(I18N / f"{lang}.json"), lang)
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


def test_plural_forms_follow_each_language():
    """English gives one/other; Czech must give one/few/other (1 karta, 3 karty, 5 karet) and
    the checker says so when a form is missing or foreign to the language."""
    english = _load(I18N / f"{REFERENCE}.json")
    assert plural_bases(_flatten(english)), "no plural keys in en.json"
    for key in plural_bases(_flatten(english)):
        assert key[:-1] + (key[-1] + ".one",) in _flatten(english), f"{_name(key)}: no .one form"
    ref = {"n.one": "{count} card", "n.other": "{count} cards"}
    assert check_translation(ref, {"n.one": "{count} karta", "n.few": "{count} karty", "n.other": "{count} karet"}, "cs") == []
    assert "missing plural form n.few" in check_translation(ref, {"n.one": "{count} karta", "n.other": "{count} karet"}, "cs")
    assert "extra plural form n.few (not a category of de)" in check_translation(
        ref, {"n.one": "{count} Karte", "n.few": "x {count}", "n.other": "{count} Karten"}, "de")
    assert any("placeholder {count}" in p for p in check_translation(ref, {"n.one": "eine Karte", "n.other": "{count} Karten"}, "de"))


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
def test_rules_templates_match_english(lang):
    """web/rules/<lang>.json holds the templates of the rules pages (title per profile, section
    headings, one template per fact key of the engine's kaffeehaus.api.rules): the same keys as
    English, no empty string, no markup. Placeholders and plural forms are checked against the
    engine's facts in tests/web/test_rules_pages.py."""
    english, rules = _flatten(_load(RULES / f"{REFERENCE}.json")), _flatten(_load(RULES / f"{lang}.json"))
    assert set(rules) == set(english), (
        f"{lang}: missing {sorted(map(_name, set(english) - set(rules)))}, "
        f"extra {sorted(map(_name, set(rules) - set(english)))}")
    assert {key[0] for key in rules} == {"title", "section", "fact"}
    assert {key[1] for key in rules if key[0] == "title"} == PROFILES
    for key, text in rules.items():
        assert isinstance(text, str) and text.strip(), f"{lang} {_name(key)}: empty or not a string"
        assert not any(c in text for c in MARKUP), f"{lang} {_name(key)}: markup character"
        assert not RULE_ID.search(text), f"{lang} {_name(key)}: a rule id on a player's page"


# --- no gender or plural crutches --------------------------------------------------------------
# "zavřel(a)", "point(s)", "joueur(se)": a word with a parenthesised ending reads as a form to
# fill in. Interface and rules strings say it without: a form that needs no gender (Czech
# present tense, a noun phrase) or a real plural (Intl.PluralRules forms, docs/I18N.md).
CRUTCH = re.compile(r"\w\(\w{1,4}\)")


def _crutches(flat: dict) -> list[str]:
    found = []
    for key, text in flat.items():
        if not isinstance(text, str):
            continue
        for match in CRUTCH.finditer(text):
            found.append(f"{_name(key)}: {match.group(0)!r} in {text!r}")
    return found


def test_the_crutch_finder_finds_crutches_and_only_them():
    flat = {("a",): "{you} zavřel(a) talon.", ("b",): "1 point(s)", ("c",): "Šnapsa (přísná)",
            ("d",): "{name} hlásí {points} ({suit}).", ("e",): "f(x)"}
    assert [line.split(":")[0] for line in _crutches(flat)] == ["a", "b", "e"]


@pytest.mark.parametrize("lang", sorted(set(I18N_LANGS) | set(RULES_LANGS)))
def test_no_parenthesised_gender_or_plural_endings(lang):
    """Neither the interface nor the rules pages write "zavřel(a)" or "point(s)"."""
    found = []
    for folder in (I18N, RULES):
        path = folder / f"{lang}.json"
        if path.exists():
            found += [f"{folder.name}/{lang}.json {line}" for line in _crutches(_flatten(_load(path)))]
    assert not found, "\n  ".join(["parenthesised endings:"] + found)
