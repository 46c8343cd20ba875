"""Validation of an observation handed back to the API (`ai_action`, `hint`): the shape the
engine produces (observation.py, docs/API.md) and the public facts agreeing with each other,
so that the AI never meets a value it cannot use. ValueError says which field is wrong.

The checks: every field the AI reads has its type and range; the cards are the profile's,
each seen at most once (own hand, tricks, known opponent cards, the indicator); the hidden
cards add up (own hand + opponent's hand + talon + played = the deck); the card actions of
`actions` are exactly the cards of `history` and `trick`, in order; each trick was led by
the winner of the one before (SN-5, SS-4) and won by the card the rules say (SS-3, SN-7,
SN-11); the seat to move follows from the trick on the table.
"""

from .cards import SUITS, is_card_code
from .game import deal_class
from .match import schneider_target
from .messages import short
from .profiles import GAME_OF_PROFILE, PROFILE_OPTIONS, deck_of, normalise_options

KEYS = ("profile", "game", "options", "player", "forehand", "dealer", "to_move", "hand",
        "opponent_hand_size", "legal_actions", "illegal", "trump", "trump_card", "stock_size",
        "closed", "closed_by", "phase", "trick", "pending_marriage", "history", "actions",
        "points", "card_points", "tricks_won", "marriages", "known_opponent_cards", "result",
        "match")
WORDS = {"exchange", "close", "claim", "next"} | {f"marry:{s}" for s in SUITS}
MAX_POINTS = 250            # 120 card points and 100 of marriages at most


class ObservationError(ValueError):
    """An observation the engine could not have produced."""


def fail(field, what):
    raise ObservationError(f"malformed observation: {field} {what}")


def is_seat(value):
    return type(value) is int and value in (0, 1)


def is_suit(value):
    return isinstance(value, str) and len(value) == 1 and value in SUITS


def need(ok, field, what):
    if not ok:
        fail(field, what)


def check_observation(obs):
    """The observation, unchanged, when it is one the engine could have produced."""
    if not isinstance(obs, dict):
        raise ObservationError(f"an observation must be an object, not {type(obs).__name__}")
    missing = [k for k in KEYS if k not in obs]
    if missing:
        fail(missing[0], "is missing")
    profile = obs["profile"]
    need(isinstance(profile, str) and profile in PROFILE_OPTIONS, "profile",
         f"is not a known profile: {short(profile)}")
    options = obs["options"]
    need(isinstance(options, dict), "options", "must be an object")
    try:
        complete = normalise_options(profile, options)
    except ValueError as exc:
        fail("options", f"are not valid: {exc}")
    need(complete == options, "options", "must list every option of the profile")
    schnapsen = GAME_OF_PROFILE[profile] == "schnapsen"
    need(obs["game"] == GAME_OF_PROFILE[profile], "game", "does not match the profile")
    for name in ("player", "forehand", "dealer"):
        need(is_seat(obs[name]), name, "must be 0 or 1")
    need(obs["forehand"] == 1 - obs["dealer"], "forehand", "must be the dealer's opponent")
    need(obs["to_move"] is None or is_seat(obs["to_move"]), "to_move", "must be 0, 1 or null")
    deck = deck_of(profile, options)
    rules = deal_class(profile)(profile, options, deck, obs["dealer"])
    hand_size = rules.hand_size
    cards = set(deck)

    def card_list(field, value, limit):
        need(isinstance(value, list) and len(value) <= limit, field,
             f"must be a list of at most {limit} cards")
        need(all(is_card_code(c) and c in cards for c in value), field,
             "holds something that is not a card of this deck")
        need(len(set(value)) == len(value), field, "holds a card twice")
        return value

    hand = card_list("hand", obs["hand"], hand_size)
    size = obs["opponent_hand_size"]
    need(type(size) is int and 0 <= size <= hand_size, "opponent_hand_size",
         f"must be an integer from 0 to {hand_size}")
    known = card_list("known_opponent_cards", obs["known_opponent_cards"], size)
    trump = obs["trump"]
    need(trump is None or is_suit(trump), "trump",
         "must be a suit letter or null")
    need((trump is not None) == (schnapsen or bool(options.get("trump"))), "trump",
         "is missing" if trump is None else "must be null in this game")
    stock = obs["stock_size"]
    need(type(stock) is int and 0 <= stock <= len(deck) - 2 * hand_size, "stock_size",
         "is out of range")
    indicator = obs["trump_card"]
    if indicator is not None:
        need(is_card_code(indicator) and indicator in cards and indicator[1] == trump,
             "trump_card", "must be a card of the trump suit")
    need((indicator is not None) == (stock > 0 and trump is not None), "trump_card",
         "must be the indicator while the talon holds cards, else null")
    need(isinstance(obs["closed"], bool), "closed", "must be true or false")
    need(obs["closed_by"] is None or is_seat(obs["closed_by"]), "closed_by", "must be 0, 1 or null")
    need(obs["closed"] == (obs["closed_by"] is not None), "closed", "disagrees with closed_by")
    need(schnapsen or not obs["closed"], "closed", "must be false in this game")
    need(obs["phase"] in (1, 2) and type(obs["phase"]) is int, "phase", "must be 1 or 2")
    pending = obs["pending_marriage"]
    need(pending is None or is_suit(pending), "pending_marriage",
         "must be a suit letter or null")

    history = obs["history"]
    need(isinstance(history, list) and len(history) <= len(deck) // 2, "history",
         "must be a list of tricks")
    played = []
    leader = obs["forehand"]
    if trump is not None:
        rules.trump = trump
    for k, trick in enumerate(history):
        where = f"history[{k}]"
        need(isinstance(trick, dict), where, "must be an object")
        pair = trick.get("cards")
        need(isinstance(pair, list) and len(pair) == 2
             and all(isinstance(pc, list) and len(pc) == 2 for pc in pair), where,
             "must hold two [player, card] pairs")
        (p0, c0), (p1, c1) = pair
        need(p0 == leader and p1 == 1 - leader and is_seat(p0) and is_seat(p1), where,
             "is not led by the winner of the trick before")
        need(is_card_code(c0) and c0 in cards and is_card_code(c1) and c1 in cards, where,
             "holds something that is not a card of this deck")
        need(trick.get("leader") == leader, where, "names the wrong leader")
        winner = 1 - leader if rules.beats(c1, c0) else leader
        need(trick.get("winner") == winner and is_seat(trick.get("winner")), where,
             "names a winner the rules do not give")
        played += [[p0, c0], [p1, c1]]
        leader = winner
    table = obs["trick"]
    need(isinstance(table, list) and len(table) <= 1, "trick", "must hold at most one card")
    for pc in table:
        need(isinstance(pc, list) and len(pc) == 2 and pc[0] == leader and is_seat(pc[0])
             and is_card_code(pc[1]) and pc[1] in cards, "trick",
             "must be [leader, card] of the player on lead")
        played.append(list(pc))
    played_cards = [c for _, c in played]
    seen = hand + known + played_cards + ([indicator] if indicator else [])
    need(len(set(seen)) == len(seen), "hand", "shares a card with the tricks, the known "
         "cards or the indicator")
    need(len(hand) + size + stock + len(played_cards) == len(deck), "stock_size",
         "does not add up: hand, opponent's hand, talon and played cards must make the deck")

    actions = obs["actions"]
    need(isinstance(actions, list) and len(actions) <= 200, "actions", "must be a list")
    for pa in actions:
        need(isinstance(pa, list) and len(pa) == 2 and is_seat(pa[0]) and isinstance(pa[1], str)
             and (pa[1] in WORDS or (is_card_code(pa[1]) and pa[1] in cards)), "actions",
             "must hold [player, action] pairs")
    need([pa for pa in actions if pa[1] in cards] == played, "actions",
         "disagree with the cards of history and trick")

    result = obs["result"]
    if result is None:
        expected = 1 - leader if table else leader
        need(obs["to_move"] in (None, expected), "to_move", "is not the player the rules say")
    else:
        need(isinstance(result, dict) and (result.get("winner") is None or is_seat(result.get("winner")))
             and type(result.get("game_points")) is int and 0 <= result["game_points"] <= 20
             and isinstance(result.get("reason"), str), "result", "is malformed")
        need(obs["to_move"] is None, "to_move", "must be null when the deal is over")

    for name in ("points", "card_points", "tricks_won"):
        value = obs[name]
        need(isinstance(value, list) and len(value) == 2
             and all(type(v) is int and 0 <= v <= MAX_POINTS for v in value), name,
             "must be two small non-negative integers")
    marriages = obs["marriages"]
    need(isinstance(marriages, list) and len(marriages) <= 8, "marriages", "must be a list")
    for m in marriages:
        need(isinstance(m, dict) and is_seat(m.get("player")) and is_suit(m.get("suit"))
             and type(m.get("points")) is int and m["points"] in (20, 40)
             and isinstance(m.get("effective"), bool),
             "marriages", "must hold {player, suit, points, effective}")

    legal = obs["legal_actions"]
    need(isinstance(legal, list) and len(legal) <= 20, "legal_actions", "must be a list")
    for action in legal:
        need(isinstance(action, str) and (action in WORDS or action in hand), "legal_actions",
             f"holds {short(action)}, which is neither a card in hand nor an action")
    need(len(set(legal)) == len(legal), "legal_actions", "holds an action twice")
    need(isinstance(obs["illegal"], dict), "illegal", "must be an object")
    _check_match(obs["match"], profile, options)
    return obs


def _check_match(m, profile, options):
    if m is None:
        return
    need(isinstance(m, dict), "match", "must be an object or null")
    need(isinstance(m.get("over"), bool), "match.over", "must be true or false")
    deals = m.get("deals_played")
    need(type(deals) is int and 0 <= deals <= 400, "match.deals_played", "is out of range")
    scores = m.get("scores")
    if GAME_OF_PROFILE[profile] == "schnapsen":
        target = options.get("target", 7)
        low, high = -3, target
        need(m.get("target") == target, "match.target", "does not match the options")
        needed = m.get("bummerls_needed", 1)
        need(needed in (1, 2) and type(needed) is int, "match.bummerls_needed", "must be 1 or 2")
    elif profile == "schneider-neighbour":
        low, high = 0, 3 * 6
    else:
        target = schneider_target(options)
        low, high = 0, target + 20
        need(m.get("target") in (None, target), "match.target", "does not match the options")
    need(isinstance(scores, list) and len(scores) == 2
         and all(type(s) is int and low <= s <= high for s in scores), "match.scores",
         f"must be two integers from {low} to {high}")
