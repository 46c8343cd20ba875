"""What one seat may see (RULES.md Part 4): everything public, its own hand, nothing hidden.

Built only from public facts and the seat's own cards: the opponent's hand and the stock
order never enter the result, only their sizes (tested by swapping hidden cards).
"""


def observe(game, player):
    deal = game.current
    opponent = 1 - player
    to_move = deal.to_move()
    mine = to_move == player
    legal = game.legal_actions() if (mine or deal.result is not None) else []
    schnapsen = deal.game == "schnapsen"
    if schnapsen:
        points = [deal.effective_points(0), deal.effective_points(1)]
        card_points = [deal.card_points(0), deal.card_points(1)]
        won = [deal.tricks_won(0) > 0, deal.tricks_won(1) > 0]
        marriages = [{"player": m["player"], "suit": m["suit"], "points": m["points"],
                      "effective": m["immediate"] or won[m["player"]]} for m in deal.marriages]
    else:
        points = card_points = [deal.honours(0), deal.honours(1)]
        marriages = []
    illegal = {}
    for card in deal.hands[player]:
        if card not in legal:
            illegal[card] = deal.refusal_code(player, card) or "not_now"
    return {
        "profile": game.profile,
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
        "phase": 2 if deal.in_phase2() else 1,
        "trick": [[p, c] for p, c in deal.trick],
        "pending_marriage": deal.pending_marriage if schnapsen else None,
        "history": [t.as_json() for t in deal.history],
        "actions": [[p, a] for p, a in deal.actions],
        "points": list(points),
        "card_points": list(card_points),
        "tricks_won": [deal.tricks_won(0), deal.tricks_won(1)],
        "marriages": marriages,
        "known_opponent_cards": sorted(deal.known[opponent]),
        "result": dict(deal.result) if deal.result else None,
        "match": game.match_status() if game.is_match else None,
    }
