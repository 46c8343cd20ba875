"""The JSON boundary of the engine: the only module the browser worker and the AI call.

Every argument and result is plain JSON (dict, list, str, int, bool, None). A state is the
log described in docs/API.md; every function validates it (ValueError when malformed) and
none modifies it.
"""

import contextlib
import functools
import json

from . import arguments as _args
from . import game as _game, states as _states
from . import jsontext as _jsontext
from . import limits as _limits
from . import share as _share
from . import turns as _turns
from .deal import IllegalAction
from .duel.session import (duel_act, duel_join, duel_new, duel_observation,  # noqa: F401
                            duel_receive, duel_stop)             # two players, no dealer: docs/PROTOCOL.md
from .messages import coded as _coded
from .messages import cut as _cut
from .messages import public_params as _public_params
from .messages import short as _short
from .messages import tag as _tag
from .observation import observe, result_json
from .profiles import check_profile, describe_profiles

# The page's commands (its worker calls nothing else: web/engine-client.js COMMANDS).
__all__ = [
    "IllegalAction", "profiles", "new_deal", "new_match", "observation", "from_json", "hint",
    "share_link", "open_link", "deal_of_the_day", "rules", "play", "computer_turn",
    "duel_new", "duel_join", "duel_receive", "duel_act", "duel_observation", "duel_stop",
]
# For Python callers only (the tests, the benchmarks, the terminal game): the same boundary,
# not offered to the page.
PYTHON_ONLY = ["to_move", "legal_actions", "apply", "deal_result", "match_status", "to_json",
               "ai_action"]

MAX_JSON_LENGTH = _limits.MAX_JSON_LENGTH


def profiles():
    return describe_profiles()


def rules(profile, options=None):
    """The rules of `profile` with `options`, as sections of facts the page translates
    (kaffeehaus.rulebook)."""
    from .rulebook import describe_rules
    return describe_rules(profile, options)


def new_deal(profile, *, options=None, deck=None, dealer=None, seed=None):
    """One deal: `deck` top first (SN-3, SS-2), or shuffled from `seed` (random if None).
    Without `dealer`, the dealer is drawn from the seed like a match's first dealer (SB-7,
    SS-10; docs/DECISIONS.md); a hand-made `deck` needs its dealer."""
    return _states.remember(_game.new_game(profile, options, is_match=False, seed=seed,
                                         deck=deck, dealer=dealer))


def new_match(profile, *, options=None, seed=None, first_dealer=None):
    """A match (Bummerl, Schneider to a target, or a 6-deal session), its first deal in play."""
    return _states.remember(_game.new_game(profile, options, is_match=True, seed=seed,
                                         first_dealer=first_dealer))


def to_move(state):
    return _states.decode(state).to_move()


def legal_actions(state):
    return _states.decode(state).legal_actions()


def apply(state, action):
    """The state after `action`; IllegalAction (a ValueError) if it is not legal (AC-4)."""
    return _states.remember(_states.decode(state).apply(action))


def observation(state, player):
    player = _game.check_player(player, "player")
    return observe(_states.decode(state), player)


def deal_result(state):
    return result_json(_states.decode(state).current.result)


def match_status(state):
    return _states.decode(state).match_status()


def to_json(state):
    _states.decode(state)       # never write out a state that would not load again
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def from_json(text):
    """The state a JSON text holds (validated); size and nesting are checked before parsing."""
    try:
        state = _jsontext.parse(text)
        _states.decode(state)
    except ValueError as exc:
        raise _tag(exc, "bad_state")          # the page reads saved games with it
    return state


def share_link(state, *, with_actions=True):
    """A short URL-safe token for the current deal (its deck and dealer) and, for a replay,
    the actions played in it so far."""
    if type(with_actions) is not bool:
        raise ValueError(f"with_actions must be true or false, not {_short(with_actions)}")
    return _share.encode(_states.decode(state), with_actions=with_actions)


def open_link(token):
    """The single-deal state a share token describes; ValueError with a plain message (safe
    to show as text) when the token is damaged, of another version, or replays illegally."""
    return _states.remember(_share.decode(token))


def deal_of_the_day(profile, date, *, options=None):
    """The same deal for everyone on `date` ("YYYY-MM-DD") for this profile and options:
    its cards and its dealer both come from the date's seed."""
    check_profile(profile)
    if not isinstance(date, str) or len(date) != 10 or not _is_iso_date(date):
        raise ValueError(f"date must be YYYY-MM-DD, not {_short(date)}")
    return new_deal(profile, options=options, seed=f"daily:{date}:{profile}")


def _is_iso_date(text):
    import datetime
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def ai_action(state, seat, *, level="expert", seed=0, budget_ms=None):
    """The computer's action for `seat`, chosen from that seat's observation of `state` (the
    engine derives it: the computer sees nothing else). ValueError when it is not the seat's
    turn."""
    game = _states.decode(state)
    seat = _args.check_seat(seat)
    level = _args.check_level(level)
    seed = _args.check_ai_seed(seed)
    budget_ms = _args.check_budget(budget_ms)
    view = _to_decide(game, seat)
    from .ai import choose_action   # the AI is optional for rules-only callers
    return choose_action(view, level=level, seed=seed, budget_ms=budget_ms)


def hint(state, seat):
    """{"observation": `seat`'s observation of `state`, "ranked": its legal actions ranked best
    first with the expert's estimated value} (practice hints, the review of a finished deal)."""
    view = _to_decide(_states.decode(state), _args.check_seat(seat))
    from .ai import rank_actions
    return {"observation": view, "ranked": rank_actions(view)}


def _to_decide(game, seat):
    """`seat`'s observation, when it is that seat's turn to decide."""
    if game.to_move() != seat:
        raise _coded(f"it is not seat {seat}'s turn", "not_your_turn")
    return observe(game, seat)


def play(state, action, seat, *, opponent=None, on_step=None):
    """`seat` plays `action` (IllegalAction if it is not legal for that seat); then, with
    `opponent` = {"level", "seed", "budget_ms"}, the computer (seat 1 - seat) moves while it
    is to move. Returns {"state", "observation", "steps", "next_seed"} (docs/API.md).
    `on_step`: a Python callable given each step as soon as it is applied (the worker streams
    them to the page); never a JSON argument."""
    game = _states.decode(state)
    seat = _args.check_seat(seat)
    opponent = _args.check_opponent(opponent)
    on_step = _args.check_on_step(on_step)
    return _turn_result(_turns.play(game, action, seat, opponent, on_step))


def computer_turn(state, seat, *, level="expert", seed=0, budget_ms=None, on_step=None):
    """The computer (seat 1 - seat) moves while it is to move (zero moves if it is not its
    turn). Same result and `on_step` as `play`."""
    game = _states.decode(state)
    seat = _args.check_seat(seat)
    level = _args.check_level(level)
    seed = _args.check_ai_seed(seed)
    budget_ms = _args.check_budget(budget_ms)
    on_step = _args.check_on_step(on_step)
    return _turn_result(_turns.computer_turn(game, seat, level, seed, budget_ms, on_step))


def _turn_result(turn):
    return {"state": _states.remember(turn["game"]), "observation": turn["observation"],
            "steps": turn["steps"], "next_seed": turn["next_seed"]}


# --- the boundary: only ValueError, with short messages ---------------------------------------

def _public(fn):
    """`fn` as the API offers it: arguments that do not fit its signature (an unknown or
    missing keyword from the worker) are a ValueError too, no message exceeds 200
    characters, and every error has a keyword `code` and short `params` for the page
    (messages.py; "bad_input" when nothing more precise applies)."""
    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except ValueError as exc:
            text = str(exc)
            if len(text) > _MAX_MESSAGE:
                exc.args = (_cut(text),)
            _tag(exc, "bad_input")
            exc.params = _public_params(exc.params)
            raise
        except TypeError as exc:
            if exc.__traceback__.tb_next is None:      # raised by the call itself
                raise _coded(f"bad arguments: {exc}", "bad_input") from None
            raise
        except RecursionError:                          # only input nested absurdly deep does it
            raise _coded(f"{fn.__name__}: an argument is nested too deeply",
                              "bad_input") from None
    return call


_MAX_MESSAGE = 200
for _name in __all__ + PYTHON_ONLY:
    if callable(globals()[_name]) and not isinstance(globals()[_name], type):
        globals()[_name] = _public(globals()[_name])
del _name
