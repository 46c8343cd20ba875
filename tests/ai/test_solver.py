"""The alpha-beta solver (pruning + transposition table) equals plain minimax, and the
determinizer only produces layouts consistent with the observation."""

import random

import pytest

from kaffeehaus import api
from kaffeehaus.ai import solver as S
from kaffeehaus.ai.determinize import Info

from aihelpers import OPTION_SETS


def minimax(pos, me, utility):
    """Reference: no pruning, no table, the same player model as the solver."""
    if pos.result is not None:
        return S.Solver(me, utility).final_value(pos)
    p = pos.to_move()
    if pos.game == "schnapsen":
        if (pos.lead < 0 or pos.bummerl) and pos.eff(p) >= 66:
            return utility(pos.score_claim(p))
        if pos.lead < 0 and pos.pending < 0 and pos.can_exchange(p):
            pos = pos.copy()
            pos.apply("exchange")
        moves = S.schnapsen_moves(pos, p)
    else:
        moves = S.schneider_moves(pos, p)
    vals = []
    for m in moves:
        child = pos.copy()
        if pos.game == "schnapsen":
            S.apply_move(child, p, m)
        else:
            child.play(p, m)
        vals.append(minimax(child, me, utility))
    return max(vals) if p == me else min(vals)


def endgames(profile, options, n, max_stock):
    rng = random.Random(f"eg{profile}{options}")
    out = []
    d = 0
    while len(out) < n:
        state = api.new_deal(profile, options=options, seed=f"eg/{d}")
        d += 1
        while api.to_move(state) is not None:
            obs = api.observation(state, api.to_move(state))
            small = obs["stock_size"] <= max_stock or obs["closed"]
            if small and len(obs["hand"]) <= 4 and rng.random() < 0.5:
                out.append(obs)
                break
            legal = [a for a in obs["legal_actions"] if a != "claim"]
            if "close" in legal and rng.random() < 0.85:
                legal.remove("close")
            state = api.apply(state, rng.choice(legal))
    return out


@pytest.mark.slow  # exhaustive minimax of endgames
@pytest.mark.parametrize("profile,options", [OPTION_SETS[0], OPTION_SETS[1], OPTION_SETS[3],
                                             OPTION_SETS[5], OPTION_SETS[8], OPTION_SETS[10]])
def test_alpha_beta_equals_minimax(profile, options):
    rng = random.Random(3)
    for obs in endgames(profile, options, 10, max_stock=2 if profile != "schneider" else 0):
        info = Info(obs)
        opp, stock = info.sample(rng)
        pos = info.position(opp, stock)
        me = obs["player"]
        util = S.signed_points(me)
        solver = S.Solver(me)
        assert solver.value(pos.copy()) == minimax(pos.copy(), me, util)
        # a second query on the same table (and with a narrow window) stays consistent
        v = solver.value(pos.copy())
        assert solver.value(pos.copy(), v - 1, v + 1) == v


@pytest.mark.parametrize("profile,options", OPTION_SETS)
def test_samples_are_consistent(profile, options):
    rng = random.Random(5)
    for obs in endgames(profile, options, 8, max_stock=8):
        info = Info(obs)
        for _ in range(5):
            opp, stock = info.sample(rng)
            assert bin(opp).count("1") == obs["opponent_hand_size"]
            assert len(stock) == obs["stock_size"]
            if obs["trump_card"]:
                assert info.t.names[stock[-1]] == obs["trump_card"]
            hidden = opp & ~info.known_opp
            assert not hidden & info.forbidden
            everything = set(info.unknown) | set(info.t.index[c] for c in obs["known_opponent_cards"])
            placed = {c for c in range(info.t.n) if opp >> c & 1} | set(stock)
            if obs["trump_card"]:
                everything.add(info.t.index[obs["trump_card"]])
            assert placed == everything
            assert not placed & {info.t.index[c] for c in obs["hand"]}


def lexicographic_minimax(pos, me):
    """Schneider reference: the best (result for me, my honour lead) pair, compared as a pair."""
    if pos.result is not None:
        return (S.signed_points(me)(pos.result), pos.honours[me] - pos.honours[1 - me])
    p = pos.to_move()
    vals = []
    for m in S.schneider_moves(pos, p):
        child = pos.copy()
        child.play(p, m)
        vals.append(lexicographic_minimax(child, me))
    return max(vals) if p == me else min(vals)


@pytest.mark.parametrize("profile,options", [OPTION_SETS[5], OPTION_SETS[7], OPTION_SETS[10]])
def test_SN_6_schneider_ties_go_to_the_line_with_more_honours(profile, options):
    """The solver's value is the deal's result against best play, and among the lines with
    that result the most honours for its player (`HONOUR_TIEBREAK`), as a lexicographic
    minimax over (result, honour lead) finds them."""
    assert 0 < S.HONOUR_TIEBREAK * 20 < 1     # a preference, never worth a game point
    rng = random.Random(11)
    leads = set()
    for obs in endgames(profile, options, 12, max_stock=0):
        info = Info(obs)
        pos = info.position(*info.sample(rng))
        me = obs["player"]
        result, lead = lexicographic_minimax(pos.copy(), me)
        assert S.Solver(me).value(pos.copy()) == pytest.approx(result + S.HONOUR_TIEBREAK * lead)
        assert minimax(pos.copy(), me, S.signed_points(me)) == pytest.approx(
            result + S.HONOUR_TIEBREAK * lead)
        leads.add(lead)
    assert len(leads) >= 3


@pytest.mark.parametrize("profile,options", [OPTION_SETS[5], OPTION_SETS[9], OPTION_SETS[10]])
def test_SN_6_the_tiebreak_never_changes_the_result_against_best_play(profile, options):
    """With and without the honour tie-break the solver finds the same result against best
    play; the tie-break only adds the root player's honour lead, within 0.02."""
    rng = random.Random(13)
    moved = 0
    for obs in endgames(profile, options, 10, max_stock=0):
        info = Info(obs)
        pos = info.position(*info.sample(rng))
        me = obs["player"]
        plain = S.Solver(me, tiebreak=False).value(pos.copy())
        tied = S.Solver(me).value(pos.copy())
        assert plain == round(tied) and abs(tied - plain) <= 0.02 + 1e-9
        moved += tied != plain
    assert moved >= 5
