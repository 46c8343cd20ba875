"""Player messages read as sentences end like sentences, and the words chosen for a concept are
the same everywhere: pure data checks over web/i18n/<lang>.json and web/rules/<lang>.json, no
browser.

A message key is a sentence when its English text (the reference) ends with sentence-final
punctuation or holds more than one sentence; labels, headings, button captions and clauses the
page builds into a longer message ("you took every trick after the talon") are not. Every
language ends such a message with . ! ? or … (closing quotes and brackets may follow), so a
status line that adds "The computer wins the match." after the deal's result reads as two
sentences, not one run on.
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["en", "de", "fr", "cs", "pt"]
SENTENCE_END = re.compile(r"[.!?…][\"”“»’)\u00a0\u202f ]*$")
SENTENCE_BREAK = re.compile(r"[.!?] [A-Z“\"{]")


def strings(lang):
    return json.loads((ROOT / "web" / "i18n" / f"{lang}.json").read_text(encoding="utf-8"))


def rules_text(lang):
    return (ROOT / "web" / "rules" / f"{lang}.json").read_text(encoding="utf-8")


ENGLISH = strings("en")


def is_sentence(text):
    """A whole sentence (or more than one), by the English text; a text ending in a colon leads
    into what follows it (a code, a list) and is not held to a full stop."""
    text = text.strip()
    if text.endswith(":"):
        return False
    return bool(SENTENCE_END.search(text) or SENTENCE_BREAK.search(text))


SENTENCE_KEYS = sorted(k for k, v in ENGLISH.items() if isinstance(v, str) and is_sentence(v))


def test_the_sentence_rule_tells_sentences_from_labels():
    assert is_sentence("The computer wins the match.")
    assert is_sentence("Sent. If your friend did not get it")
    assert not is_sentence("Next deal")
    assert not is_sentence("you took every trick after the talon")
    assert not is_sentence("Sent. If your friend did not get it, send it again:")
    assert len(SENTENCE_KEYS) > 200


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sentence_message_ends_with_sentence_punctuation(lang):
    table = strings(lang)
    missing = {key: table[key][-40:] for key in SENTENCE_KEYS
               if key in table and not SENTENCE_END.search(table[key].strip())}
    assert missing == {}


@pytest.mark.parametrize("family", ["status.youWinDeal.one", "status.oppWinsDeal.other", "status.drawnDeal",
                                    "opp.close", "opp.marry", "you.claimAuto",
                                    "local.say.status.oppWinsDeal.other", "duel.table.opp.claim"])
def test_the_result_line_and_the_computers_announcements_are_sentences(family):
    """The status line after a deal is followed by the match's result when the match ends; the
    computer's announcements are spoken to screen readers one after another."""
    assert family in SENTENCE_KEYS


def test_portuguese_says_each_concept_with_one_term():
    """Game points are "pontos de jogo", the player who leads first is "quem sai primeiro"
    (docs/DECISIONS.md, docs/I18N.md)."""
    for text in (json.dumps(strings("pt"), ensure_ascii=False), rules_text("pt")):
        for gone in ("pontos de partida", "ponto de partida", "Pontos de partida", "não-distribuidor"):
            assert gone not in text, gone
        assert "pontos de jogo" in text


def test_french_game_points_are_points_de_jeu():
    for text in (json.dumps(strings("fr"), ensure_ascii=False), rules_text("fr")):
        assert "points de partie" not in text.lower()


@pytest.mark.parametrize("lang", ["en", "fr", "cs", "pt"])
def test_schwarz_en_avant_is_explained_in_the_players_language(lang):
    """German players say "Schwarz en avant"; elsewhere the rules page says what it is in the
    reader's words before naming it."""
    sweep = json.loads(rules_text(lang))["fact"]["end.sweep"]
    bracket = re.search(r"\(([^()]*Schwarz en avant[^()]*)\)", sweep)
    assert bracket, sweep
    words = re.sub(r"[„“”«»\"\u00a0]|Schwarz en avant", " ", bracket.group(1)).split()
    assert len(words) >= 3, bracket.group(1)
