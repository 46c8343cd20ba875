"""JSON states to games and back: `decode` validates a state by replaying its log (the format
and limits below, docs/API.md) and keeps a small cache so that a turn's calls replay once;
`remember` caches a game under its state's key and returns the state.
"""

import json
from collections import OrderedDict

from . import match, ruletable
from .deal import IllegalAction
from .game import (DEAL_KEYS, FORMAT, MAX_DEALS, STATE_KEYS, Game, check_deck, check_player,
                   check_seed, deal_class, deck_for_deal)
from .messages import coded, cut, short, tag
from .profiles import check_profile, normalise_options

# key -> (the rule table the replay used, the Game); a replay under another table is stale
_CACHE = OrderedDict()
_CACHE_SIZE = 128


def state_key(state):
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def remember(game):
    """Cache `game` under its state's key; returns the state."""
    state = game.to_state()
    _store(state_key(state), game)
    return state


def _store(key, game):
    _CACHE[key] = (ruletable.TABLE, game)
    _CACHE.move_to_end(key)
    while len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)


def decode(state):
    """The Game a JSON state describes, validated by replay; ValueError when it is not one."""
    try:
        key = state_key(state)
    except RecursionError:
        raise coded("malformed state: nested too deeply", "bad_state") from None
    except (TypeError, ValueError) as exc:
        raise coded(f"malformed state: {exc}", "bad_state") from None
    table, game = _CACHE.get(key, (None, None))
    if table is not ruletable.TABLE:
        try:
            game = _game_from(state)
        except ValueError as exc:
            raise tag(exc, "bad_state")              # a damaged or edited save (messages.py)
        _store(key, game)
    else:
        _CACHE.move_to_end(key)
    return game


def _game_from(state):
    if not isinstance(state, dict):
        raise ValueError(f"malformed state: expected an object, got {type(state).__name__}")
    if set(state) != STATE_KEYS:
        missing = sorted(STATE_KEYS - set(state))
        extra = [short(k) for k in sorted(map(str, set(state) - STATE_KEYS))[:2]]
        raise ValueError(cut(f"malformed state: missing {missing}, unexpected {extra}"))
    if state["format"] != FORMAT:
        raise ValueError(f"unsupported state format {short(state['format'])}; expected {FORMAT}")
    profile = check_profile(state["profile"])
    options = normalise_options(profile, state["options"])
    seed = check_seed(state["seed"])
    is_match = state["match"]
    if type(is_match) is not bool:
        raise ValueError("malformed state: 'match' must be true or false")
    first_dealer = check_player(state["first_dealer"], "first_dealer")
    records = state["deals"]
    if not isinstance(records, list) or not records:
        raise ValueError("malformed state: 'deals' must be a non-empty list")
    if len(records) > (MAX_DEALS if is_match else 1):
        raise ValueError("malformed state: too many deals")
    game = Game(profile, options, seed, is_match, first_dealer, [])
    for index, record in enumerate(records):
        if index and (game.current.result is None or game.match_over()):
            raise ValueError(f"malformed state: deal {index} follows a deal or match not over")
        game.deals.append(_replay_deal(game, index, record))
    return game


def _replay_deal(game, index, record):
    where = f"deal {index}"
    if not isinstance(record, dict) or set(record) != DEAL_KEYS:
        raise ValueError(f"malformed state: {where} must have exactly {sorted(DEAL_KEYS)}")
    deck = check_deck(game.profile, game.options, record["deck"])
    if game.seed is not None and deck != deck_for_deal(game.profile, game.options, game.seed, index):
        raise ValueError(f"malformed state: {where}'s deck does not match the seed")
    dealer = check_player(record["dealer"], f"{where} dealer")
    if game.is_match:
        expected = match.next_dealer(game.profile, game.first_dealer, game.results())
    else:
        expected = game.first_dealer
    if dealer != expected:
        raise ValueError(f"malformed state: {where} is dealt by {dealer}, the rules say {expected}")
    actions = record["actions"]
    if not isinstance(actions, list) or len(actions) > 200:
        raise ValueError(f"malformed state: {where} actions must be a list of action strings")
    deal = deal_class(game.profile)(game.profile, game.options, deck, dealer)
    for number, action in enumerate(actions):
        try:
            deal.apply(action)
        except IllegalAction as exc:
            raise coded(f"malformed state: {where}, action {number}: {exc}", "bad_state",
                             {"deal": index, "move": number, "reason": exc.code}) from None
    return deal
