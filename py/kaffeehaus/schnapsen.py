"""Rules of the Schnapsen family: `schnapsen`, `schnapsen-strict`, `bummerl` (RULES.md Part 2).

Why one unit of about 320 lines: the three rule sets share every method (their differences
are facts of `ruletable.py`); legality, its refusal reasons and the scoring of each ending
belong to one deal class.
"""

from .cards import SUITS, rank_of, suit_of
from .deal import Deal, IllegalAction


class SchnapsenDeal(Deal):
    game = "schnapsen"

    def __init__(self, profile, options, deck, dealer):
        super().__init__(profile, options, deck, dealer)
        rules = self.rules
        self.bummerl = rules.bummerl_scoring                   # SB-1..SB-5 apply
        self.ranks = rules.ranks                               # SS-1, SB-7 sevens
        self.hand_size = rules.hand_size                       # SS-2, SB-7 sevens
        self.closed_by = None
        self.close_status = None       # SV-5: the closer's opponent just before the close
        self.close_record = None       # public facts of the close (observation `close`)
        self.marriages = []            # dicts: player, suit, points, immediate
        self.pending_marriage = None   # AC-1: suit announced, card not yet led
        self._deal()

    def _deal(self):
        # SS-2 (and SB-7 sevens: 3 each, indicator, 3 each)
        d, n = self.deck, self.hand_size - 3
        fh, dl = self.forehand, self.dealer
        self.hands[fh] = list(d[0:3]) + list(d[7:7 + n])
        self.hands[dl] = list(d[3:6]) + list(d[7 + n:7 + 2 * n])
        indicator = d[6]
        self.trump = suit_of(indicator)
        self.stock = list(d[7 + 2 * n:]) + [indicator]   # the indicator is drawn last

    def _copy_extra(self, other):
        other.marriages = list(self.marriages)

    # --- points ----------------------------------------------------------------------------
    def card_points(self, player):
        value = self.rules.card_points
        return sum(value[rank_of(c)] for c in self.piles[player])

    def card_value(self, card):
        return self.rules.card_points[rank_of(card)]           # SS-1, SB-7 sevens

    def marriage_points(self, player, effective_only=True):
        won = self.tricks_won(player) > 0
        return sum(m["points"] for m in self.marriages
                   if m["player"] == player and (won or m["immediate"] or not effective_only))

    def effective_points(self, player):
        """SS-9: captured card points, plus marriages once a trick is won (SS-7, SB-7 mit40)."""
        return self.card_points(player) + self.marriage_points(player)

    def claim_correct(self, player):
        """SV-3, SB-3: a claim now would be correct (the winning effective points; a trick on
        the table is not yet counted)."""
        return self.effective_points(player) >= self.rules.win_points

    def marriage_value(self, suit, trump):
        return self.rules.marriage_value(suit, trump)          # SS-7

    # --- positions ---------------------------------------------------------------------------
    @property
    def trump_card(self):
        """The indicator while it lies in the talon, closed or not (OB-3)."""
        return self.stock[-1] if self.stock else None

    def talon_open(self):
        return self.closed_by is None and bool(self.stock)

    def drawing_allowed(self):
        return self.closed_by is None

    def in_phase2(self):
        # SV-1 / SB-1 / AC-6: talon closed or exhausted
        return self.closed_by is not None or not self.stock

    def strength(self, card):
        return len(self.ranks) - self.ranks.index(rank_of(card))

    # --- legality ----------------------------------------------------------------------------
    def legal_actions(self):
        if self.result is not None:
            return []
        player = self.to_move()
        hand = self.hands[player]
        if self.trick:
            actions = self.playable_answers(player)
            if self.rules.claim_on_answer:
                actions.append("claim")       # SB-3: on any turn of the player
            return actions
        if self.pending_marriage:
            return self.marriage_leads(player) + ["claim"]   # AC-1
        actions = list(hand)
        for suit in SUITS:
            if "K" + suit in hand and "Q" + suit in hand:
                actions.append("marry:" + suit)                # SS-7
        if self.talon_open() and self.rules.exchange_rank + self.trump in hand:
            actions.append("exchange")                         # SS-6
        if self.talon_open() and self.close_allowed():
            actions.append("close")                            # SS-8
        actions.append("claim")                                # SV-3, SB-3, AC-5
        return actions

    def close_allowed(self):
        return self.rules.close_allowed(len(self.stock))      # SV-2, SB-2, ST-2

    def marriage_leads(self, player):
        suit = self.pending_marriage
        ranks = self.rules.marriage_lead_ranks                 # AC-1, ST-3
        return [r + suit for r in ranks if r + suit in self.hands[player]]

    def playable_answers(self, player):
        hand = self.hands[player]
        if not self.in_phase2():
            return list(hand)                                  # SS-5
        lead = self.trick[0][1]
        same = [c for c in hand if suit_of(c) == suit_of(lead)]
        if same:
            if not self.rules.must_beat:
                return same                                    # SB-1: follow, need not beat
            higher = [c for c in same if self.strength(c) > self.strength(lead)]
            return higher or same                              # SV-1: beat if possible
        trumps = [c for c in hand if suit_of(c) == self.trump]
        return trumps or list(hand)                            # SV-1 / SB-1: trump, else any

    def refusal_code(self, player, card):
        """Why `card` cannot be played now: a keyword the interface translates."""
        if self.result is not None:
            return "deal_over"
        if self.to_move() != player:
            return "not_your_turn"
        if not self.trick:
            if not self.pending_marriage:
                return None
            if self.rules.marriage_lead_ranks == "K":
                return "marriage_king"                         # ST-3: only the King
            return "marriage_card"                             # AC-1
        if card in self.playable_answers(player):
            return None
        lead = self.trick[0][1]
        if suit_of(card) != suit_of(lead) and any(suit_of(c) == suit_of(lead) for c in self.hands[player]):
            return "must_follow_suit"
        if suit_of(card) == suit_of(lead):
            return "must_beat"
        return "must_trump"

    def card_refusal(self, player, card):
        code = self.refusal_code(player, card) or "not_legal_now"
        suit = self.pending_marriage
        if code in ("marriage_card", "marriage_king"):
            params = {"suit": suit}
        elif code in ("must_follow_suit", "must_beat", "must_trump"):
            lead = self.trick[0][1]
            params = {"must_follow_suit": {"suit": suit_of(lead)}, "must_beat": {"card": lead},
                      "must_trump": {"suit": self.trump}}[code]
        else:
            params = {}
        sentence = {
            "marriage_card": f"after announcing {suit} the marriage must be led with K{suit} or Q{suit} (AC-1)",
            "marriage_king": f"after announcing {suit} the marriage must be led with K{suit} (ST-3)",
            "must_follow_suit": "in phase 2 the led suit must be followed (SV-1, SB-1)",
            "must_beat": "in phase 2 the led card must be beaten when possible (SV-1)",
            "must_trump": "in phase 2 without the led suit a trump must be played (SV-1, SB-1)",
        }.get(code, "not legal now")
        return code, params, sentence

    def action_refusal(self, player, action):
        """Why exchange, close, a marriage or a claim is refused now."""
        leading = not self.trick and not self.pending_marriage
        if action == "claim":
            return "claim_on_lead", {}, "a claim is made before leading (SV-3)"
        if action in ("exchange", "close") or action[:6] == "marry:" and action[6:] in SUITS:
            if not leading:
                return ("lead_only", {}, "only the leader may do this, before leading "
                                         "(SS-6, SS-7, SS-8, AC-1)")
        if action in ("exchange", "close") and not self.talon_open():
            return "talon_closed", {}, "the talon is closed or used up (SS-6, SS-8)"
        if action == "exchange":
            return ("exchange_needs_jack", {"card": "J" + self.trump},
                    f"the exchange needs the trump Jack J{self.trump} (SS-6)")
        if action == "close":
            return ("close_too_late", {"stock": len(self.stock)},
                    "the talon may be closed only while more than two cards lie in it (ST-2)")
        if action[:6] == "marry:" and action[6:] in SUITS:
            suit = action[6:]
            return ("marriage_needs_pair", {"suit": suit, "king": "K" + suit, "queen": "Q" + suit},
                    f"a marriage needs K{suit} and Q{suit} in hand (SS-7)")
        return None

    # --- applying ------------------------------------------------------------------------------
    def _apply_legal(self, player, action):
        if action == "claim":
            self.result = self.score_claim(player)
        elif action == "exchange":
            old = self.stock[-1]
            jack = self.rules.exchange_rank + self.trump
            self.hands[player].remove(jack)
            self.hands[player].append(old)
            self.stock[-1] = jack
            self.known[player].add(old)                        # OB-2
        elif action == "close":
            opponent = 1 - player
            points = [self.effective_points(0), self.effective_points(1)]
            tricks = [self.tricks_won(0), self.tricks_won(1)]
            # SV-5: the opponent's status just before the close fixes the game points
            self.close_status = {"points": points[opponent], "had_trick": tricks[opponent] > 0}
            self.close_record = {"by": player, "trick": len(self.history),
                                 "stock_size": len(self.stock), "points": points,
                                 "tricks_won": tricks}
            self.closed_by = player
        elif action.startswith("marry:"):
            suit = action[-1]
            first_lead = not self.history and player == self.forehand
            immediate = self.rules.mit40 and first_lead and suit == self.trump   # SB-7 mit40
            self.marriages.append({"player": player, "suit": suit,
                                   "points": self.marriage_value(suit, self.trump),
                                   "immediate": immediate})
            self.pending_marriage = suit
            self.known[player].update(("K" + suit, "Q" + suit))  # OB-2: the partner is shown
        else:
            self._play_card(player, action)

    def _on_lead(self, player):
        self.pending_marriage = None

    # --- scoring -----------------------------------------------------------------------------
    # Each result says why its game points are what they are (`why`: a keyword and figures
    # the page puts in words, docs/API.md): the loser's standing in the cascade (SS-9), at
    # the close (SV-5), or the fixed values of false claims, failed closes and sweeps.

    def _status(self, player):
        return self.effective_points(player), self.tricks_won(player)

    def _cascade_win(self, winner, points, had_trick, reason, at_close=False):
        """SS-9: the loser's points and tricks (at the close for SV-5) give 1, 2 or 3."""
        standing = self.rules.loser_standing(points, had_trick)
        code = ("loser_33", "loser_under_33", "loser_no_trick")[standing]
        if at_close:
            code = "close_" + code
        params = {} if standing == 2 else {"points": points}
        return self._win(winner, self.rules.cascade_points[standing], reason, code, params)

    def _trick_win(self, winner, had_trick, reason, code):
        """The false claim / failed close points by the winner's trick status (SV-3, SV-5)."""
        game_points = self.rules.failed(had_trick)
        return self._win(winner, game_points, reason, code if had_trick else code + "_no_trick")

    def score_claim(self, player):
        opponent = 1 - player
        correct = self.claim_correct(player)
        if self.bummerl:
            return self._score_claim_bummerl(player, opponent, correct)
        closer = self.closed_by
        if closer is None:
            if correct:                                        # SV-3
                return self._cascade_win(player, *self._status(opponent), "claim")
            return self._trick_win(opponent, self.tricks_won(opponent), "false_claim", "false_claim")
        status = self.close_status
        if closer == player:                                   # SV-5
            if correct:
                return self._cascade_win(player, status["points"], status["had_trick"], "claim",
                                         at_close=True)
            return self._trick_win(opponent, status["had_trick"], "closed_failed", "closed_failed")
        if correct:                                            # the closer's opponent claims first
            return self._trick_win(player, status["had_trick"], "closed_failed", "closed_failed")
        return self._trick_win(opponent, self.tricks_won(opponent), "false_claim", "false_claim")

    def _score_claim_bummerl(self, player, opponent, correct):
        fixed = self.rules.fixed_failed_points
        if not correct:                                        # SB-3: false claim
            if self.closed_by == player:
                return self._win(opponent, fixed, "closed_failed", "closed_failed_fixed")
            return self._win(opponent, fixed, "false_claim", "false_claim_fixed")
        if self.closed_by == opponent:                         # SB-2 / SB-3
            return self._win(player, fixed, "closed_failed", "closed_failed_fixed")
        return self._cascade_win(player, *self._status(opponent), "claim")

    def score_end(self):
        last = self.history[-1].winner
        if self.bummerl:
            return self._score_end_bummerl(last)
        closer = self.closed_by
        win = self.rules.win_points
        if closer is None:                                     # SV-4
            if self.effective_points(last) >= win:
                return self._cascade_win(last, *self._status(1 - last), "last_trick")
            return self._win(last, self.rules.last_trick_points, "last_trick", "last_trick_only",
                             {"points": self.effective_points(last)})
        status = self.close_status                             # SV-5
        if last == closer and self.effective_points(closer) >= win:
            return self._cascade_win(closer, status["points"], status["had_trick"], "closed",
                                     at_close=True)
        return self._trick_win(1 - closer, status["had_trick"], "closed_failed", "closed_failed")

    def _score_end_bummerl(self, last):
        closer = self.closed_by
        rules = self.rules
        win = rules.win_points
        phase2 = [t.winner for t in self.history if t.phase2]
        if phase2 and len(set(phase2)) == 1:                   # SB-5: Phase-2 sweep
            sweeper = phase2[0]
            if not (closer == sweeper and self.effective_points(sweeper) < win):
                return self._win(sweeper, rules.sweep_points, "sweep", "sweep")
        if closer is not None:                                 # SB-4 / SB-2
            if self.effective_points(closer) >= win:
                return self._cascade_win(closer, *self._status(1 - closer), "closed")
            return self._win(1 - closer, rules.fixed_failed_points, "closed_failed",
                             "closed_failed_fixed")
        p0, p1 = self.effective_points(0), self.effective_points(1)
        if p0 == p1:                                           # SB-4 decision: last trick, 1
            return self._win(last, rules.last_trick_points, "last_trick", "tie_last_trick",
                             {"points": p0})
        winner = 0 if p0 > p1 else 1
        return self._cascade_win(winner, *self._status(1 - winner), "points")

    def _win(self, winner, game_points, reason, why, why_params=None):
        return self.result_of(winner, game_points, reason,
                              (self.effective_points(0), self.effective_points(1)),
                              why, why_params)


__all__ = ["SchnapsenDeal", "IllegalAction"]
