"""The information-set search of bench/ismcts.py (an experiment the benches run against the
expert): legal choices, determinism, only the observation read, trees keyed by what each seat
sees."""

import copy
import random

from kaffeehaus import api
from kaffeehaus.ai import levels, pimc
from kaffeehaus.ai.determinize import Info
from kaffeehaus.ai.solver import Solver

import ai_variants
import ismcts
from benchhelpers import schnapsen_decisions


def early_decisions(count):
    """Observations of real choices in Schnapsen with the talon open at 6 or more."""
    return schnapsen_decisions(lambda obs: ismcts.applies(obs) and levels.forced_action(obs) is None,
                               count, "ismcts", deals=50)


def test_legal_deterministic_and_from_the_observation_alone():
    """Every choice is legal; the same observation and seed give the same action; the variant
    plays without the state (it gets None) and leaves the observation unchanged."""
    for obs in early_decisions(6):
        before = copy.deepcopy(obs)
        a = ai_variants.VARIANTS["expert-ismcts"](obs, 3, None)
        assert a in obs["legal_actions"] and a != "claim"
        assert obs == before
        assert ismcts.choose(obs, 3, iterations=60) == ismcts.choose(copy.deepcopy(obs), 3,
                                                                     iterations=60)


def test_every_iteration_reaches_a_root_action():
    """The root's visits add up to the iterations (each iteration chooses at the root)."""
    obs = early_decisions(1)[0]
    stats = ismcts.search(obs, 0, iterations=50)
    assert set(stats) == set(a for a in obs["legal_actions"] if a != "claim")
    assert sum(n for n, _ in stats.values()) == 50


def test_a_tree_is_keyed_by_what_its_owner_sees():
    """Each tree's edges carry an action and at most the one card its owner took into its hand
    (a draw, or the indicator for the jack): never the other seat's hidden cards."""
    obs = early_decisions(1)[0]
    info = Info(obs)
    me = obs["player"]
    roots = [ismcts.Node(), ismcts.Node()]
    rng = random.Random(0)
    for _ in range(60):
        opp, stock = info.sample(rng)
        ismcts._iterate(info.position(opp, stock), roots, me, pimc.candidate_actions(obs),
                        Solver(me), rng)
    edges = 0
    stack = list(roots)
    while stack:
        node = stack.pop()
        for (action, drawn), kid in node.kids.items():
            assert bin(drawn).count("1") <= 1
            edges += 1
            stack.append(kid)
    assert edges > 2
