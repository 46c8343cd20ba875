"""What one seat may see (RULES.md Part 4): everything public, its own hand, nothing hidden.

Built only from public facts and the seat's own cards: the opponent's hand and the stock
order never enter the result, only their sizes (tested by swapping hidden cards). Every rule
fact the page or the AI needs is stated here (game family, phases, review rights, marriage
values, close status, whether a claim wins), so nobody outside the engine re-derives one.
Every list and dict is built fresh: a caller may change the result without touching the
engine's replay cache.
"""


def observe(game, player, *, paused=False):
    """`paused`: the deal is shown at the instant a trick is complete (turns.trick_view):
    nobody is to move and nothing is legal."""
    deal = game.current
    opponent = 1 - player
    to_move = None if paused else deal.to_move()
    mine = to_move == player
    if paused:
        legal = []
    else:
        legal = game.legal_actions() if (mine or deal.result is not None) else []
    schnapsen = deal.game == "schnapsen"
    if schnapsen:
        points = [deal.effective_points(0), deal.effective_points(1)]
        card_points = [deal.card_points(0), deal.card_points(1)]
        won = [deal.tricks_won(0) > 0, deal.tricks_won(1) > 0]
        marriages = [{"player": m["player"], "suit": m["suit"], "points": m["points"],
                      "immediate": m["immediate"],
                      "effective": m["immediate"] or won[m["player"]]} for m in deal.marriages]
    else:
        points = card_points = [deal.honours(0), deal.honours(1)]
        marriages = []
    illegal = {}
    for card in deal.hands[player]:
        if card not in legal:
            code = "not_your_turn" if paused else deal.refusal_code(player, card)
            illegal[card] = code or "not_now"
    actions = deal.actions
    return {
        "profile": game.profile,
        "game": deal.game,
        "options": dict(game.options),
        "player": player,
        "forehand": deal.forehand,
        "dealer": deal.dealer,
        "to_move": to_move,
        "hand": list(deal.hands[player]),
        "opponent_hand_size": len(deal.hands[opponent]),
        "legal_actions": legal,
        "illegal": illegal,
        "trump": deal.trump,
        "trump_card": deal.trump_card,
        "stock_size": len(deal.stock),
        "closed": schnapsen and deal.closed_by is not None,
        "closed_by": deal.closed_by if schnapsen else None,
        "close": _close(deal) if schnapsen else None,
        "phase": 2 if deal.in_phase2() else 1,
        "trick": [[p, c] for p, c in deal.trick],
        "pending_marriage": deal.pending_marriage if schnapsen else None,
        "history": [t.as_json(actions, deal.card_value) for t in deal.history],
        "reviewable_tricks": deal.reviewable_tricks(player),
        "trick_review": deal.trick_review,
        "actions": [[p, a] for p, a in actions],
        "points": list(points),
        "card_points": list(card_points),
        "tricks_won": [deal.tricks_won(0), deal.tricks_won(1)],
        "marriages": marriages,
        "marriage_points": _marriage_points(deal, legal),
        "marriage_claim_wins": _marriage_claim_wins(deal, player, legal),
        "claim_wins": "claim" in legal and deal.claim_correct(player),
        "known_opponent_cards": sorted(deal.known[opponent]),
        # shown once the deal is over (the end-of-deal panel); never while it is played
        "opponent_hand": list(deal.hands[opponent]) if deal.result is not None else None,
        "result": result_json(deal.result),
        "match": game.match_status() if game.is_match else None,
        "shuffled": game.shuffled(),
    }


def result_json(result):
    """A deal result as fresh JSON (its `points` list is never the cached one)."""
    if result is None:
        return None
    out = dict(result)
    out["points"] = list(result["points"])
    out["why"] = {"code": result["why"]["code"], "params": dict(result["why"]["params"])}
    return out


def _close(deal):
    record = deal.close_record
    if record is None:
        return None
    return {"by": record["by"], "trick": record["trick"], "stock_size": record["stock_size"],
            "points": list(record["points"]), "tricks_won": list(record["tricks_won"])}


def _marriage_points(deal, legal):
    """SS-7: 40 in trumps, else 20, for every `marry:` action offered now."""
    return {a: deal.marriage_value(a[-1], deal.trump) for a in legal if a.startswith("marry:")}


def _marriage_claim_wins(deal, player, legal):
    """SV-3: whether announcing this marriage and claiming at once would win (the marriage
    counts only with a won trick, SS-7, or at once with SB-7 mit40)."""
    out = {}
    for action in legal:
        if action.startswith("marry:"):
            after = deal.copy()
            after.apply(action)
            out[action] = "claim" in after.legal_actions() and after.claim_correct(player)
    return out
