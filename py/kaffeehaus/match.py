"""Matches: the Bummerl countdown, Schneider targets, the 6-deal session, dealer rotation.

Pure functions of the finished deals' results, so a match is derived, never stored twice.
"""

from .profiles import GAME_OF_PROFILE

SESSION_DEALS = 6   # SN-13


def next_dealer(profile, first_dealer, results):
    """Dealer of the deal after `results` (the finished deals, in order)."""
    if not results:
        return first_dealer
    dealer = first_dealer
    for result in results:
        if profile == "schneider" and result["winner"] is None:
            continue                                   # SN-8: after a draw the same dealer deals
        dealer = 1 - dealer                            # SN-12, SS-10: alternate
    return dealer


def schneider_target(options):
    target = options.get("target")
    if target is None:
        return 50 if options.get("cumulative") else 7  # SN-9, SN-10
    return target


def status(profile, options, results, dealer):
    """The match score after the finished deals `results`; `dealer` deals the current deal."""
    totals = [0, 0]
    for result in results:
        if result["winner"] is not None:
            totals[result["winner"]] += result["game_points"]
    if GAME_OF_PROFILE[profile] == "schnapsen":
        return _bummerl_status(options, results, dealer, totals)
    if profile == "schneider-neighbour":
        over = len(results) >= SESSION_DEALS           # SN-13
        winner = None
        if over and totals[0] != totals[1]:
            winner = 0 if totals[0] > totals[1] else 1
        return _status(totals, results, dealer, over, winner,
                       target=None, session_deals=SESSION_DEALS)
    target = schneider_target(options)                 # SN-9
    winner = next((p for p in (0, 1) if totals[p] >= target), None)
    return _status(totals, results, dealer, winner is not None, winner, target=target)


def _status(scores, results, dealer, over, winner, **extra):
    sheet = []
    running = [0, 0]
    for result in results:
        if result["winner"] is not None:
            running[result["winner"]] += result["game_points"]
        sheet.append({"winner": result["winner"], "game_points": result["game_points"],
                      "reason": result["reason"], "scores": list(running)})
    return {"scores": list(scores), "deals_played": len(results), "dealer": dealer,
            "over": over, "winner": winner, "sheet": sheet, **extra}


def _bummerl_status(options, results, dealer, totals):
    """SS-10 and SB-7: count down from the target; Bummerls, rubber, Schneider-Bummerl."""
    target = options.get("target", 7)
    needed = 2 if options.get("rubber", 1) == 3 else 1
    remaining = [target, target]
    bummerls = [0, 0]
    scored = [False, False]
    sheet = []
    winner = None
    for result in results:
        w = result["winner"]
        remaining[w] -= result["game_points"]
        scored[w] = True
        line = {"winner": w, "game_points": result["game_points"], "reason": result["reason"],
                "scores": list(remaining), "bummerl_won": False}
        if remaining[w] <= 0:
            # SB-7 schneiderbummerl: a Bummerl lost without a single game point counts twice
            value = 2 if options.get("schneiderbummerl") and not scored[1 - w] else 1
            bummerls[w] += value
            line["bummerl_won"] = True
            line["bummerl_value"] = value
            if bummerls[w] >= needed:
                winner = w                             # the final sheet keeps its last scores
            else:
                remaining = [target, target]
                scored = [False, False]
        sheet.append(line)
    return {"scores": remaining, "deals_played": len(results), "dealer": dealer,
            "over": winner is not None, "winner": winner, "sheet": sheet,
            "target": target, "bummerls": bummerls, "bummerls_needed": needed,
            "game_points": totals}
