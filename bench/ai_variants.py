"""Bench-only AI variants for paired A/B runs (`bench/ai.py --ab NAME`). Never used by the app.

Each variant is a function (observation, seed, state) -> action for an observation where the
seat has a real choice (`levels.forced_action` has already answered the trivial ones). Only
`cheater` looks at `state`: it is the yardstick of perfect information, never a player. The
results of the variants below are in the history of bench/RESULTS.md
(`git log -p bench/RESULTS.md`).
"""

import contextlib
import itertools
import os
import pathlib
import random
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent / "train"))

from kaffeehaus import api  # noqa: E402
from kaffeehaus import states  # noqa: E402
from kaffeehaus.ai import levels, pimc  # noqa: E402
from kaffeehaus.ai.determinize import Info  # noqa: E402
from kaffeehaus.ai.inference import Inference  # noqa: E402
from kaffeehaus.ai.solver import Solver  # noqa: E402

import ismcts  # noqa: E402
import lookahead  # noqa: E402
import presume  # noqa: E402
import styles  # noqa: E402
from replay import ReplayInference  # noqa: E402
import features as train_features  # noqa: E402
import value as train_value  # noqa: E402

# the learned Q of the experiment below (`bench/train/fit.py --save`), outside the repository's
# tracked files: it is trained, not written
LEARNED_Q = pathlib.Path(__file__).resolve().parent.parent / ".cache" / "train" / "q.json"
# the learned correction of PIMC's clairvoyant values (fit.py --target residual --save)
LEARNED_C = LEARNED_Q.with_name("c.json")


# Rule-based styles of the benches (bench/styles.py; the shipped one is `styles.BASE`).
# Takes every led side card it can take cheaply: +0.15 to +0.21 game points per deal against
# BASE in self-play (bench/style.py); as the expert's model of its own later play in the
# rollouts it measured no better (bench/RESULTS.md)
TAKER = styles.Style(trump_led=2, throw_half=3)
# The plain Schneider play under the neighbour rule: the player before its own play
# (`heuristic._neighbour`)
PLAIN = styles.Style(neighbour=False)


class BenchConfig(pimc.Config):
    """`pimc.Config` with what the levels keep fixed made variable: the rollouts' style for
    the deciding seat (`style`) and its opponent (`opponent_style`, default `style`),
    `enumerate` (value every layout when few) and `schneider_stock` (exact from that stock).
    The styles and `enumerate=False` hold inside `with config.searching(me):` only (the
    production search has no such parameters: this patches what it calls)."""

    def __init__(self, *, style=styles.BASE, opponent_style=None, enumerate=True,
                 schneider_stock=0, **params):
        super().__init__(**params)
        self.style = style
        self.opponent_style = style if opponent_style is None else opponent_style
        self.enumerate = enumerate
        self.schneider_stock = schneider_stock

    def styles(self, me):
        """The rollout policy of seat 0 and seat 1 when seat `me` decides."""
        return (self.style, self.opponent_style) if me == 0 else (self.opponent_style, self.style)

    @contextlib.contextmanager
    def searching(self, me):
        """Inside the block, `pimc.evaluate` for seat `me` searches as this config says: the
        rollouts play `styles(me)`, and with `enumerate` False every decision samples (the
        production search values every layout when there are at most its samples)."""
        with contextlib.ExitStack() as stack:
            stack.enter_context(styles.playing(self.styles(me)))
            if not self.enumerate:
                layouts = Info.layouts
                Info.layouts = lambda info, samples: None
                stack.callback(setattr, Info, "layouts", layouts)
            yield


def bench_pimc_best(obs, config, seed, utility, deadline):
    """`levels.pimc_best` with a `BenchConfig`'s styles and enumeration in force."""
    with config.searching(obs["player"]):
        return levels.pimc_best(obs, config, seed, utility, deadline)


def rule_based(obs, seed, state):
    """The shipped rule-based player with a perfect memory (`levels.rule_based`)."""
    return levels.rule_based(obs)


def _expert(**changes):
    """The expert with some of its `levels.EXPERT` parameters (or `BenchConfig`'s) changed
    (it searches every decision, `schneider-neighbour`'s before the stock is empty too)."""
    params = dict(levels.EXPERT, **changes)

    def run(obs, seed, state):
        return bench_pimc_best(obs, BenchConfig(**params), seed, levels.match_utility(obs), None)
    return run


def _expert_values(obs, seed, config=None):
    """The expert's search values of every candidate action (its config unless `config`)."""
    config = config or pimc.Config(**levels.EXPERT)
    values, _ = pimc.evaluate(obs, config, seed=seed, utility=levels.match_utility(obs),
                              prune=True)
    return values


def _close_margin(margin):
    """Close only when closing beats the best other action by `margin` (PIMC values a close by
    a perfect-information Phase 2: the closer "sees" the opponent's hand)."""
    def run(obs, seed, state):
        values = _expert_values(obs, seed)
        best = levels.best_of(values)
        if best == "close" and len(values) > 1:
            alt = levels.best_of({a: v for a, v in values.items() if a != "close"})
            if values["close"] - values[alt] < margin:
                return alt
        return best
    return run


def _defer(margin):
    """The expert, but it plays the rule-based player's own choice (its rollouts' policy)
    unless the search values another action more than `margin` above it: the search is a
    one-step improvement of that policy, and below its sampling noise it only adds noise."""
    def run(obs, seed, state):
        values = _expert_values(obs, seed)
        best = levels.best_of(values)
        own = levels.heuristic_action(obs)
        if own in values and values[best] - values[own] <= margin:
            return own
        return best
    return run


def _search_from(stock):
    """The expert, but in `schneider-neighbour` the rule-based player's own choice while the
    stock holds more than `stock` cards (the search only for the last refills and the end)."""
    expert = _expert()

    def run(obs, seed, state):
        if obs["profile"] == "schneider-neighbour" and obs["stock_size"] > stock:
            return levels.heuristic_action(obs)
        return expert(obs, seed, state)
    return run


def _xclose(**changes):
    """Extended PIMC for the close (after Arjonilla, Saffidine and Cazenave 2024: the
    perfect-information evaluation postponed by one decision): PIMC values a close by the
    closed game solved in each layout, as if the closer saw the opponent's hand when choosing
    its first lead. Here the closer's first lead after closing must be the same in every
    layout: value(close) = max over the leads c of the mean over layouts of value(close, c)
    instead of the mean of the per-layout maxima. Every other action as the expert."""
    params = dict(levels.EXPERT, **changes)

    def run(obs, seed, state):
        config = pimc.Config(**params)
        utility = levels.match_utility(obs)
        values = _expert_values(obs, seed, config)
        if "close" not in values or len(values) == 1:
            return levels.best_of(values)
        info = Info(obs, config.infer)
        me = obs["player"]
        rng = random.Random(f"xclose:{seed}:{len(obs['actions'])}:{obs['profile']}")
        totals = {}
        nodes = 0
        used = 0
        for _ in range(config.exact_samples):
            if used >= 2 and nodes > config.node_budget:
                break
            opp, stock = info.sample(rng)
            closed = info.position(opp, stock)
            closed.apply("close")
            solver = Solver(me, utility)
            for a in closed.legal_actions():
                if a == "claim" and closed.eff(me) < closed.t.win_points:
                    continue
                child = closed.copy()
                child.apply(a)
                v = solver.utility(child.result) if child.result is not None else solver.value(child)
                totals[a] = totals.get(a, 0.0) + v
            nodes += solver.nodes
            used += 1
        values["close"] = max(totals.values()) / used
        return levels.best_of(values)
    return run


_CHEATER_SOLVERS = {}


def cheater(obs, seed, state):
    """Sees every card: the real layout of `state` (the opponent's hand and the stock order)
    solved exactly for every candidate action (signed game points, the same tie order as the
    expert). Schnapsen only: a whole Schneider deal is too large for the exact search."""
    deal = states.decode(state).current
    me = obs["player"]
    info = Info(obs)
    t = info.t
    pos = info.position(t.mask(deal.hands[1 - me]), [t.index[c] for c in deal.stock])
    # one solver per deal and seat: its table stays valid for the rest of the deal
    key = (obs["profile"], str(obs["options"]), tuple(deal.deck), deal.dealer, me)
    solver = _CHEATER_SOLVERS.get(key)
    if solver is None:
        _CHEATER_SOLVERS.clear()
        solver = _CHEATER_SOLVERS[key] = Solver(me)
    return levels.best_of(_solved(pos, pimc.candidate_actions(obs), solver))


def _solved(pos, actions, solver):
    """{action: exact value} of each action in the perfect-information position `pos`."""
    values = {}
    for action in actions:
        child = pos.copy()
        child.apply(action)
        values[action] = solver.value(child)
    return values


def _lookahead(obs, seed, state):
    """The expert, but at a talon of 4 its next choice after the trick is made on what it will
    know then, not on the sampled layout (bench/lookahead.py)."""
    if obs["game"] == "schnapsen" and not obs["closed"] and obs["stock_size"] == 4:
        config = pimc.Config(**levels.EXPERT)
        return levels.best_of(lookahead.values(obs, config, seed, levels.match_utility(obs)))
    return api.ai_action(state, obs["player"], level="expert", seed=seed)


def _presumed(obs, seed, state):
    """The expert, but at its leads with the talon open at 4 or 2 the opponent's answer is
    presumed from what the opponent can see, not the best defence (bench/presume.py)."""
    if presume.applies(obs) and levels.forced_action(obs) is None:
        return presume.choose(obs, seed)
    return api.ai_action(state, obs["player"], level="expert", seed=seed)


def _ismcts(obs, seed, state):
    """The expert, but with the talon open at 6 cards or more an information-set search
    (bench/ismcts.py) instead of PIMC; it reads the observation only, never `state`."""
    if ismcts.applies(obs):
        return ismcts.choose(obs, seed)
    return api.ai_action(state, obs["player"], level="expert", seed=seed)


def _learned(weight, weights=LEARNED_Q, variable="KAFFEEHAUS_LEARNED_Q"):
    """The expert, but with the talon open at 6 cards or more its PIMC values get a learned
    judgement of each action from what the seat sees added (bench/train/value.py; the weights
    from `bench/train/fit.py --save`, at `weights` or the file the variable `variable` names)."""
    model = {}

    def adjust(obs, values):
        if "q" not in model:
            model["q"] = train_value.LearnedQ(os.environ.get(variable, weights))
        q = {a: model["q"].value(obs, a) for a in values}
        return train_value.adjusted(values, q, weight)
    return _adjusted_expert(train_features.applies, adjust)


def _adjusted_expert(when, adjust):
    """The expert, but where `when(obs)` it chooses by `adjust(obs, values)` of its PIMC values."""
    def run(obs, seed, state):
        if not when(obs):
            return api.ai_action(state, obs["player"], level="expert", seed=seed)
        return levels.best_of(adjust(obs, _expert_values(obs, seed)))
    return run


def _trump_cost(cost):
    """The expert, but with the talon open at 6 or 8 cards a trump card played (led or given to
    a lead) is valued `cost` below PIMC's value: the bias the residual of bench/train/relabel.py
    measured there (real play after a trump card falls short of its clairvoyant value by more
    than after any other card)."""
    def adjust(obs, values):
        return {a: v - (cost if len(a) == 2 and a[1] == obs["trump"] else 0.0) for a, v in values.items()}
    return _adjusted_expert(lambda obs: train_features.applies(obs) and obs["stock_size"] <= 8, adjust)


def _knows_hand(obs, seed, state):
    """Sees the opponent's hand but not the order of the talon's hidden cards: every order of
    them equally likely, each solved exactly, the best mean chosen (Schnapsen, talon open)."""
    deal = states.decode(state).current
    me = obs["player"]
    info = Info(obs)
    t = info.t
    opp = t.mask(deal.hands[1 - me])
    hidden = [t.index[c] for c in deal.stock[:-1]]
    actions = pimc.candidate_actions(obs)
    totals = {a: 0.0 for a in actions}
    orders = list(itertools.permutations(hidden))
    for order in orders:
        pos = info.position(opp, list(order) + [t.index[deal.stock[-1]]])
        for a, v in _solved(pos, actions, Solver(me)).items():
            totals[a] += v
    return levels.best_of({a: v / len(orders) for a, v in totals.items()})


def _hand_shown(obs, seed, state):
    """The expert's own search, told the opponent's hand (as if every card of it had been
    shown) but not the talon's order: its layouts differ only in the stock."""
    deal = states.decode(state).current
    told = dict(obs, known_opponent_cards=sorted(deal.hands[1 - obs["player"]]))
    return levels.choose(told, "expert", seed=seed)


def _oracle(when, player=cheater):
    """The expert, but at the decisions where `when(obs)` holds it plays `player`, which sees
    hidden cards (`cheater`: every card): what that knowledge is worth at those decisions at
    most (a yardstick of where imperfect information costs the expert, not a player)."""
    def run(obs, seed, state):
        if when(obs):
            return player(obs, seed, state)
        return api.ai_action(state, obs["player"], level="expert", seed=seed)
    return run


VARIANTS = {
    "heuristic": rule_based,                      # the yardstick of the headline runs
    "cheater": cheater,
    "expert-noinfer": _expert(infer=None),                       # uniform layouts
    "expert-infer02": _expert(infer=Inference(marriage=0.02, exchange=0.02)),
    # the weight of the opponent's Phase-1 leads and answers, read as the sensible player's
    # choices (`Inference.play`; the expert's is 0.1): not read at all (the expert before that
    # cue), read more weakly, or more strongly
    "expert-noplay": _expert(infer=Inference(play=None)),
    "expert-play25": _expert(infer=Inference(play=0.25)),
    "expert-play03": _expert(infer=Inference(play=0.03)),
    # the opponent's talon-open turns re-played as the rule-based player's (bench/replay.py)
    "expert-replay02": _expert(infer=ReplayInference(0.02)),
    "expert-replay10": _expert(infer=ReplayInference(0.1)),
    "expert-s80": _expert(samples=80, first_round=16),           # twice the rollout layouts
    # twice the layouts only for the exact searches while the talon is open (a talon of 4 or 2,
    # and from 6 one rollout trick then exact); every other decision as the expert
    "expert-x2": _expert(exact_samples=48, deep_samples=40),
    "expert-deep8": _expert(deep_from=8),        # from a talon of 8: rollouts only to 4, then exact
    # postponing the perfect-information evaluation in Phase 1 (tried against the gap to `cheater`)
    "expert-nodeep": _expert(deep_from=None),    # talon 6: rollouts to 2 as from 10 and 8
    "expert-r0": _expert(deep_from=None, rollout_stock=0),   # rollouts to the end of the talon
    "expert-r0s120": _expert(deep_from=None, rollout_stock=0, samples=120, first_round=30),
    "expert-r0x2": _expert(deep_from=None, rollout_stock=0, exact_stock=2),  # and from a talon of 4
    "expert-xclose": _xclose(),                  # the close valued with one lead for all layouts
    # at a talon of 4, the next choice made on what the seat will know (bench/lookahead.py)
    "expert-look4": _lookahead,
    # at its leads with the talon open at 4 or 2, the opponent's answer presumed from what it
    # can see (bench/presume.py)
    "expert-presume": _presumed,
    # with the talon open at 6 or more, a search over information sets instead of PIMC
    # (bench/ismcts.py)
    "expert-ismcts": _ismcts,
    # with the talon open at 6 or more, PIMC's values plus a learned Q of what the seat sees
    # (bench/train/)
    "expert-learned": _learned(0.5),
    # ... plus a learned correction of them instead: what real play adds to the clairvoyant value
    # of an action in the deal's own layout (fit.py --target residual), taken at face value
    "expert-corrected": _learned(1.0, LEARNED_C, "KAFFEEHAUS_LEARNED_C"),
    # ... or just its one clear finding: a trump card played at a talon of 6 or 8 costs 0.12 gp
    "expert-trumpcost": _trump_cost(0.12),
    # where the expert loses to imperfect information: it sees every card after the opponent
    # closed the talon, or at a talon of 4 or less (or closed)
    "expert-oracle-close": _oracle(lambda obs: obs["closed_by"] == 1 - obs["player"]),
    "expert-oracle-late": _oracle(lambda obs: obs["closed"] or obs["stock_size"] <= 4),
    # ... the late decisions split: the talon of 4 or 2 still open, or after its own close
    "expert-oracle-open": _oracle(lambda obs: not obs["closed"] and 0 < obs["stock_size"] <= 4),
    "expert-oracle-closer": _oracle(lambda obs: obs["closed_by"] == obs["player"]),
    "expert-oracle-open4": _oracle(lambda obs: not obs["closed"] and obs["stock_size"] == 4),
    "expert-oracle-open2": _oracle(lambda obs: not obs["closed"] and obs["stock_size"] == 2),
    # ... and before: the talon open with 6 cards or more (where the expert rolls out)
    "expert-oracle-early": _oracle(lambda obs: not obs["closed"] and obs["stock_size"] >= 6),
    "expert-hand-early": _oracle(lambda obs: not obs["closed"] and obs["stock_size"] >= 6,
                                 player=_hand_shown),
    # ... at a talon of 4 it sees the opponent's hand only, not the order of the talon
    "expert-hand-open4": _oracle(lambda obs: not obs["closed"] and obs["stock_size"] == 4,
                                 _knows_hand),
    "expert-sampled": _expert(enumerate=False),  # samples even where every layout is valued
    # rollouts with the rule-based player that takes every led side card it can
    "expert-rself": _expert(style=TAKER),                        # for its own seat only
    "expert-rstyle": _expert(style=TAKER, opponent_style=TAKER),
    "expert-close03": _close_margin(0.3),
    "expert-close06": _close_margin(0.6),
    "expert-sch2": _expert(schneider_stock=2),   # Schneider: exact from a stock of 2 (timed only)
    # before the neighbour rule's own rule-based play (`heuristic._neighbour`), the
    # rule-based player and the expert's rollouts played it as plain Schneider
    "expert-plain": _expert(style=PLAIN),
    # the expert searching every decision of `schneider-neighbour` as well (its rollouts with
    # the neighbour play): measured weaker than the rule-based play, so the shipped expert
    # plays that until the stock is empty
    "expert-search": _expert(),
    "expert-nb4": _search_from(4),              # ... and searches from a stock of 4
    "expert-defer02": _defer(0.2),
    "heuristic-plain": lambda obs, seed, state: styles.action(obs, PLAIN),
}


def choose(obs, level, seed, state):
    """The action of a production level (through the API) or of a bench variant."""
    if level not in VARIANTS:
        return api.ai_action(state, obs["player"], level=level, seed=seed)
    if obs["legal_actions"] == ["next"]:
        return "next"
    forced = levels.forced_action(obs)
    if forced is not None:
        return forced
    return VARIANTS[level](obs, seed, state)
