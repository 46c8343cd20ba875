"""The computer player. It receives an observation (one seat's view), never a state."""

import random

LEVELS = ("random",)


def choose_action(observation, *, level="expert", seed=0, budget_ms=None):
    legal = _legal(observation)
    if level == "random":
        return random.Random(f"random-player:{seed}:{len(observation.get('actions', []))}").choice(legal)
    raise ValueError(f"unknown AI level {level!r}; available: {', '.join(LEVELS)}")


def rank_actions(observation):
    raise ValueError("hints need the expert AI, which is not available yet")


def _legal(observation):
    if not isinstance(observation, dict):
        raise ValueError("the AI takes an observation object")
    legal = observation.get("legal_actions")
    if not isinstance(legal, list) or not legal:
        raise ValueError("the observation has no legal action for this seat")
    return legal
