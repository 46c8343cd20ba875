"""What a learned judgement of a Schnapsen position sees: numbers made from one seat's
observation (`api.observation`) and one of its actions, nothing else.

The design it serves (docs/AI.md, "Beyond PIMC"): a value of the position as the seat knows
it, learned from self-play, where PIMC is weakest (the talon at 6 cards or more). Fairness is
by construction: `observation_features` reads only the fields in `FIELDS`, every one of which
is the seat's own view (its hand, the cards that were played or shown, the score); the
opponent's hand and the talon's order are not in an observation, and the test
`bench/tests/test_train_features.py` checks that two deals the seat cannot tell apart give the
same numbers.

Suits are named by their place, trump first and then the others in a fixed order, so the
four suits' positions share what is learned (a hand strong in trumps is the same whatever
trump is).
"""
from __future__ import annotations

RANKS = "ATKQJ"                 # Schnapsen's 20 cards, highest first
SUITS = "CDHS"
CARDS = len(RANKS) * len(SUITS)

# the observation's fields the features read (the fairness test holds the encoder to them)
FIELDS = ("game", "options", "closed", "stock_size", "player", "hand", "history", "trick",
          "known_opponent_cards", "trump", "trump_card", "points", "tricks_won", "marriages",
          "legal_actions")
ACTION_KINDS = ("card", "marry", "close", "claim", "exchange")


def applies(obs) -> bool:
    """A Schnapsen decision with the talon open at 6 cards or more, with a choice to make
    (the decisions where PIMC is weakest; `sevens` deals six cards and is left out)."""
    return (obs["game"] == "schnapsen" and not obs["closed"] and obs["stock_size"] >= 6
            and not obs["options"].get("sevens") and len(obs["legal_actions"]) >= 2)


def suit_order(trump: str) -> str:
    return trump + "".join(s for s in SUITS if s != trump)


def _slot(card: str, order: str) -> int:
    return RANKS.index(card[0]) * len(SUITS) + order.index(card[1])


def _cards(cards, order) -> list[float]:
    row = [0.0] * CARDS
    for card in cards:
        row[_slot(card, order)] = 1.0
    return row


def observation_features(obs) -> list[float]:
    """The seat's view as numbers: its hand, the cards played, the card led to it, the
    opponent's cards it has seen, the face-up trump, the marriages shown (each per seat), the
    score and the talon (114 numbers)."""
    me = obs["player"]
    order = suit_order(obs["trump"])
    played = [card for trick in obs["history"] for _, card in trick["cards"]]
    led = [card for _, card in obs["trick"]]
    trump_card = [obs["trump_card"]] if obs["trump_card"] and obs["stock_size"] > 0 else []
    shown = [[0.0] * len(SUITS), [0.0] * len(SUITS)]
    for m in obs["marriages"]:
        shown[0 if m["player"] == me else 1][order.index(m["suit"])] = 1.0
    points = obs["points"]
    won = obs["tricks_won"]
    return (_cards(obs["hand"], order) + _cards(played, order) + _cards(led, order)
            + _cards(obs["known_opponent_cards"], order) + _cards(trump_card, order)
            + shown[0] + shown[1]
            + [points[me] / 66, points[1 - me] / 66, float(won[me] > 0), float(won[1 - me] > 0),
               obs["stock_size"] / 10, float(not led)])


def action_features(obs, action: str) -> list[float]:
    """One action as numbers: its kind, and the card (or the marriage's suit) by place."""
    order = suit_order(obs["trump"])
    kind = ("card" if len(action) == 2 else action.split(":")[0])
    row = [float(kind == k) for k in ACTION_KINDS]
    card = [0.0] * CARDS
    if kind == "card":
        card[_slot(action, order)] = 1.0
    suit = [0.0] * len(SUITS)
    if kind == "marry":
        suit[order.index(action.split(":")[1])] = 1.0
    return row + card + suit
