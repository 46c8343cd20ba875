"""Validation of the API's arguments other than states: seats, AI levels, seeds, time budgets.

Each check returns the value or raises ValueError with a short message that shows at most
the first 40 characters of the offending value.
"""

import math

from .messages import short

MAX_AI_SEED = 2**53 - 1          # a JavaScript safe integer: the page counts seeds up from 0
MAX_BUDGET_MS = 600_000


def check_seat(value, name="seat"):
    if type(value) is not int or value not in (0, 1):
        raise ValueError(f"{name} must be 0 or 1, not {short(value)}")
    return value


def ai_levels():
    from .ai import LEVELS                  # the AI is optional for rules-only callers
    return LEVELS


def check_level(level):
    levels = ai_levels()
    if not isinstance(level, str) or level not in levels:
        raise ValueError(f"unknown AI level {short(level)}; expected one of {', '.join(levels)}")
    return level


def check_ai_seed(seed):
    if type(seed) is not int or not -MAX_AI_SEED <= seed <= MAX_AI_SEED:
        raise ValueError(f"the AI seed must be an integer of at most 2**53, not {short(seed)}")
    return seed


def check_budget(budget_ms):
    if budget_ms is None:
        return None
    # the range first: math.isfinite of a huge integer would overflow
    if type(budget_ms) not in (int, float) or not 0 < budget_ms <= MAX_BUDGET_MS \
            or not math.isfinite(budget_ms):
        raise ValueError(f"budget_ms must be null or a number of milliseconds from 0 to "
                         f"{MAX_BUDGET_MS}, not {short(budget_ms)}")
    return budget_ms


OPPONENT_KEYS = ("level", "seed", "budget_ms")


def check_on_step(on_step):
    """`play`'s step listener: None or a Python callable (JSON cannot carry one)."""
    if on_step is not None and not callable(on_step):
        raise ValueError(f"on_step must be null or a function, not {type(on_step).__name__}")
    return on_step


def check_opponent(opponent):
    """`play`'s opponent: None, or {"level", "seed", "budget_ms"} (each optional)."""
    if opponent is None:
        return None
    if not isinstance(opponent, dict):
        raise ValueError(f"opponent must be null or an object, not {type(opponent).__name__}")
    unknown = [k for k in opponent if k not in OPPONENT_KEYS]
    if unknown:
        raise ValueError(f"opponent has unknown key {short(unknown[0])}; "
                         f"expected {', '.join(OPPONENT_KEYS)}")
    return {"level": check_level(opponent.get("level", "expert")),
            "seed": check_ai_seed(opponent.get("seed", 0)),
            "budget_ms": check_budget(opponent.get("budget_ms"))}
