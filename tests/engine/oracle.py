"""An independent reading of RULES.md's scoring, computed from public observations only.

The engine's scoring lives in py/kaffeehaus/{schnapsen,schneider}.py; this re-derives the
expected deal result from the observations recorded along a playout, so the property tests
compare two separate implementations of the same rules.
"""


def cascade(points, tricks):
    return 1 if points >= 33 else (2 if tricks else 3)


def expected_result(profile, options, before_each, final):
    """`before_each`: [(player, action, observation of seat 0 before the action)]; `final`:
    the observation after the deal ended. Returns (winner, game_points, reason)."""
    if profile.startswith("schneider"):
        return _schneider(options, final)
    closer, at_close = None, None
    for player, action, obs in before_each:
        if action == "close":
            other = 1 - player
            closer = player
            at_close = (obs["points"][other], obs["tricks_won"][other] > 0)
    last_player, last_action, last_obs = before_each[-1]
    pts, tricks = final["points"], final["tricks_won"]
    if last_action == "claim":
        p, o = last_player, 1 - last_player
        correct = pts[p] >= 66
        if profile == "bummerl":                                   # SB-3, SB-2
            if not correct:
                return o, 2, ("closed_failed" if closer == p else "false_claim")
            if closer == o:
                return p, 2, "closed_failed"
            return p, cascade(pts[o], tricks[o]), "claim"
        if closer is None:                                         # SV-3
            if correct:
                return p, cascade(pts[o], tricks[o]), "claim"
            return o, (2 if tricks[o] else 3), "false_claim"
        if closer == p:                                            # SV-5
            if correct:
                return p, cascade(*at_close), "claim"
            return o, (2 if at_close[1] else 3), "closed_failed"
        if correct:
            return p, (2 if at_close[1] else 3), "closed_failed"
        return o, (2 if tricks[o] else 3), "false_claim"
    last = final["history"][-1]["winner"]
    if profile == "bummerl":
        # a trick is Phase 2 when led with the talon closed or exhausted (AC-6)
        phase2_winners = _phase2_winners(before_each, final)
        if len(phase2_winners) == 1:
            sweeper = next(iter(phase2_winners))
            if not (closer == sweeper and pts[sweeper] < 66):
                return sweeper, 3, "sweep"                          # SB-5
        if closer is not None:                                     # SB-4 / SB-2
            if pts[closer] >= 66:
                return closer, cascade(pts[1 - closer], tricks[1 - closer]), "closed"
            return 1 - closer, 2, "closed_failed"
        if pts[0] == pts[1]:
            return last, 1, "last_trick"
        w = 0 if pts[0] > pts[1] else 1
        return w, cascade(pts[1 - w], tricks[1 - w]), "points"
    if closer is None:                                             # SV-4
        if pts[last] >= 66:
            return last, cascade(pts[1 - last], tricks[1 - last]), "last_trick"
        return last, 1, "last_trick"
    if last == closer and pts[closer] >= 66:                       # SV-5
        return closer, cascade(*at_close), "closed"
    return 1 - closer, (2 if at_close[1] else 3), "closed_failed"


def _phase2_winners(before_each, final):
    """Winners of the tricks led while the talon was closed or empty (from observations)."""
    winners = set()
    trick_index = 0
    for player, action, obs in before_each:
        if len(action) == 2 and not obs["trick"]:               # a card led
            if obs["closed"] or obs["stock_size"] == 0:
                winners.add(final["history"][trick_index]["winner"])
            trick_index += 1
    return winners


def _schneider(options, final):
    honours = final["points"]
    small = options.get("deck") == 24
    total, schneider_at = (16, 13) if small else (20, 16)
    assert sum(honours) == total
    if honours[0] == honours[1]:
        return None, 0, "draw"
    w = 0 if honours[0] > honours[1] else 1
    if options.get("cumulative"):
        return w, honours[w] - honours[1 - w], "honours"
    gp = 3 if honours[w] == total else (2 if honours[w] >= schneider_at else 1)
    return w, gp, "honours"
