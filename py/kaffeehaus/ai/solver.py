"""Exact alpha-beta search of one perfect-information position (a determinized layout).

The value of a position is the *utility of the deal's result* for the root player: by default
the signed game points (+gp won, -gp lost, 0 for a drawn Schneider deal); `utility` may map
results through the match situation instead (see `levels.match_utility`). In Schneider a
tie-break (`HONOUR_TIEBREAK`, unless `tiebreak=False`) adds the root player's honour lead.

Both players are modelled as the rules-aware policy the AI itself follows:
* a player on turn who may claim and holds the winning effective points claims at once (SV-3,
  SB-3; claiming then is never worse than playing on: the result is fixed by the opponent's
  status, which can only improve for them); nobody ever makes a false claim;
* the trump jack is exchanged whenever allowed (SS-6; the AI's root decision still compares
  exchanging with not exchanging explicitly);
* leading a K or Q whose partner is in hand announces the marriage (SS-7; in
  `schnapsen-strict` only the K, ST-3), and a marriage that brings the win is claimed at once;
* closing (SS-8) is searched as a move of the leader while the talon is open.

Search: fail-soft alpha-beta over single card plays, a transposition table of bounds keyed by
the full position, and move ordering (the table's best move first; winning answers cheapest
first). The work is split by job:
* `last_tricks`, once nobody draws (Schnapsen Phase 2, Schneider from an empty stock): an
  integer search over the deal's rules as tables (`trick_rules`); nearly all of the AI's
  time goes there;
* `alphabeta.tt_search` over `model` positions for the tricks with a stock (drawing,
  exchanging, closing), with the moves of `moves`; a Schneider search that starts with a
  stock stays there to the last trick. This module holds what each game adds to it (its
  table key, the claim and the exchange) and the entry point, `Solver.value`.
"""

from .alphabeta import INF, tt_search
from .last_tricks import last_tricks
# the move generators, importable from here as before (tests and benches use them)
from .moves import apply_move, play_card, schnapsen_moves, schneider_moves

__all__ = ["HONOUR_TIEBREAK", "INF", "Solver", "apply_move", "play_card", "schnapsen_moves",
           "schneider_moves", "signed_points"]

# Schneider: among lines of equal result, the one with more honours for the root player, by
# this much per honour of difference (at most 0.02 game points: a tie-break, not a goal). A
# perfect opponent concedes nothing more, a fallible one may concede a Schneider or the deal
# (the history of bench/RESULTS.md, 2026-12-02). It costs a quarter more search time (fewer
# cut-offs), so `pimc` asks for it only where the deal is played out exactly from the decision
# itself (an empty stock)
HONOUR_TIEBREAK = 0.001


def signed_points(me):
    """The default utility: the game points of the result, signed for seat `me`."""
    def utility(result):
        winner, gp = result[0], result[1]
        if winner is None:
            return 0
        return gp if winner == me else -gp
    return utility


class Solver:
    """Alpha-beta for one root player; the TT can be reused across positions of one layout."""

    def __init__(self, me, utility=None, tiebreak=True):
        self.me = me
        self.tiebreak = HONOUR_TIEBREAK if tiebreak else 0
        self.utility = utility or signed_points(me)
        self.tt = {}
        self.nodes = 0

    def final_value(self, pos):
        """The value of a finished deal (`pos.result` set), Schneider's honour tie-break in."""
        v = self.utility(pos.result)
        if pos.game == "schneider":
            v += self.tiebreak * (pos.honours[self.me] - pos.honours[1 - self.me])
        return v

    def value(self, pos, alpha=-INF, beta=INF):
        """The value of `pos` for `me` against best play (fail-soft in the window)."""
        if pos.game == "schnapsen":
            return self._ab_schnapsen(pos, alpha, beta)
        if not pos.stock and pos.result is None:
            return last_tricks(self, pos, alpha, beta)
        return self._ab_schneider(pos, alpha, beta)

    def _ab_schnapsen(self, pos, alpha, beta):
        # claims and the exchange are taken at once (the player model above); Phase 2 goes
        # to the integer search
        self.nodes += 1
        if pos.result is not None:
            return self.utility(pos.result)
        p = pos.leader if pos.lead < 0 else 1 - pos.leader
        if (pos.lead < 0 or pos.bummerl) and pos.eff(p) >= pos.t.win_points:
            return self.utility(pos.score_claim(p))
        if pos.closed_by is not None or not pos.stock:
            return last_tricks(self, pos, alpha, beta)
        t = pos.t
        if pos.lead < 0 and pos.pending < 0 \
                and pos.hands[p] >> (pos.trump * t.suit_size + t.jack_rank) & 1:
            pos = pos.copy()
            pos.apply("exchange")                  # SS-6: the talon is open here
        key = (pos.hands[0], pos.hands[1],
               tuple(pos.stock) if pos.closed_by is None else len(pos.stock),
               pos.leader, pos.lead, pos.pending, pos.card_points[0], pos.card_points[1],
               pos.tricks_won[0] > 0, pos.tricks_won[1] > 0,
               pos.marriage_points[0], pos.marriage_points[1],
               pos.early_points[0], pos.early_points[1],
               pos.closed_by, t.rules.cascade(pos.close_points, pos.close_had_trick),
               pos.close_had_trick, pos.phase2_winners, pos.tricks_played == 0)
        return tt_search(self, pos, p, key, schnapsen_moves, apply_move, self._ab_schnapsen,
                         alpha, beta)

    def _ab_schneider(self, pos, alpha, beta):
        self.nodes += 1
        if pos.result is not None:
            return self.final_value(pos)
        p = pos.leader if pos.lead < 0 else 1 - pos.leader
        key = (pos.hands[0], pos.hands[1], tuple(pos.stock), pos.leader, pos.lead,
               pos.honours[0], pos.honours[1])
        return tt_search(self, pos, p, key, schneider_moves, play_card, self._ab_schneider,
                         alpha, beta)
