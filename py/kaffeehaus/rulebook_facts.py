"""What the rule book's two families (`rulebook_schnapsen`, `rulebook_schneider`) share: how a
fact and a section are written, and the engine's own objects the facts are read from (a deal
as the engine builds it, the match's status)."""

from . import match as _match
from .game import deal_class
from .profiles import deck_of


def fact(key, rules=(), **values):
    """A fact: its key for the page, the numbers it states, the RULES.md ids it states."""
    return {"key": key, "values": values, "rules": list(rules)}


def section(section_id, *facts):
    """A section of facts, the ones a profile does not have (None) left out."""
    return {"id": section_id, "facts": [f for f in facts if f is not None]}


def new_deal(profile, options, deck=None):
    """A deal as the engine builds it (dealer 0, so forehand is 1), from the unshuffled deck."""
    deck = list(deck_of(profile, options)) if deck is None else deck
    return deal_class(profile)(profile, options, deck, 0)


def match_status(profile, options, results=()):
    """The match's status after `results` (dealer 0), as the engine reports it."""
    return _match.status(profile, options, list(results), 0)


def sample_result(winner, game_points):
    """A deal's result as the match reads it, to ask the match what such a deal counts."""
    return {"winner": winner, "game_points": game_points, "reason": "claim", "points": [0, 0]}


def packets(deal):
    """Sizes of the deal's packets as the engine deals them (SN-3, SS-2): the first packet of
    forehand's cards, and the hand size."""
    first = 0
    while deal.deck[first] in deal.hands[deal.forehand]:
        first += 1
    return first, deal.hand_size


def review_facts(deal):
    """Which tricks a player may look back at (SV-6, ST-1), and that memory is the player's."""
    if deal.trick_review == "own":       # SV-6 / ST-1 (docs/DECISIONS.md for Schneider)
        return [fact("review.own", ["SV-6"]), fact("review.memory", ["OB-1"])]
    rules = ["ST-1"] if deal.game == "schnapsen" else []
    return [fact("review.last", rules), fact("review.memory", ["OB-1"])]
