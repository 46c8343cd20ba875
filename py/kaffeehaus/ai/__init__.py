"""The computer player. It receives an observation (one seat's view), never a state.

Modules, one concern each:
  model.py        compact perfect-information positions mirroring the rules engine (card_table.py,
                  position.py, schnapsen_pos.py, schneider_pos.py)
  determinize.py  hidden-card layouts consistent with an observation (voids, known cards)
  solver.py       exact alpha-beta with a transposition table for endgames (alphabeta.py, moves.py,
                  last_tricks.py, trick_rules.py)
  pimc.py         sampling of layouts, rollouts before the endgame, averaging per action
  heuristic.py    a rule-based sensible player (benches, `easy`, rollout policy)
  levels.py       random / easy / medium / hard / expert, and the match-situation utility
  hint.py         legal actions ranked by the expert's estimate
"""

from . import hint as _hint
from . import levels as _levels

LEVELS = _levels.LEVELS


def choose_action(observation, *, level="expert", seed=0, budget_ms=None, iterations=None):
    """One legal action for the seat of `observation`. Deterministic for a given seed when
    `budget_ms` is None; `iterations` (sampled layouts) overrides the level's budget."""
    _check(observation)
    if observation["legal_actions"] == ["next"]:
        return "next"
    return _levels.choose(observation, level, seed=seed, budget_ms=budget_ms,
                          iterations=iterations)


def rank_actions(observation, *, seed=0, budget_ms=None, iterations=None):
    _check(observation)
    return _hint.rank_actions(observation, seed=seed, budget_ms=budget_ms, iterations=iterations)


def _check(observation):
    if not isinstance(observation, dict):
        raise ValueError("the AI takes an observation object")
    legal = observation.get("legal_actions")
    if not isinstance(legal, list) or not legal:
        raise ValueError("the observation has no legal action for this seat")
    if legal == ["next"]:
        return
    if observation.get("to_move") != observation.get("player"):
        raise ValueError("it is not this seat's turn")
