"""A Schnapsen deal position for search: the rules of `schnapsen.py` over card indices and hand
bitmasks (see `model`), scoring included; `tests/ai/test_model.py` plays it against the engine.
"""

from ..cards import SUITS
from .position import Position


class SchnapsenPos(Position):
    """One Schnapsen deal position with every card placed (RULES.md Part 2).

    Fields (per-seat lists indexed by seat):
      hands           two bitmasks; `stock` the talon, top first, the indicator last
      leader, lead    who leads the current trick, and the led card (-1: none on the table)
      pending         suit index of a marriage announced and not yet led (-1: none)
      card_points     captured card points; `tricks_won` tricks taken
      marriage_points all marriage points announced; `early_points` the part of them that
                      counts before a first trick is won (`mit40`: forehand's 40 on lead 1)
      closed_by       the closing seat or None; `close_points` / `close_had_trick` the
                      opponent's effective points and trick status when it closed (SV-5)
      tricks_played   tricks finished; `phase2_winners` bitmask of the seats that won a trick
                      in Phase 2 (SB-5 sweep); `last` the winner of the last trick
      result          None while the deal runs
    """

    game = "schnapsen"
    __slots__ = ("t", "bummerl", "mit40", "forehand", "trump", "hands", "stock",
                 "closed_by", "close_points", "close_had_trick", "card_points", "tricks_won",
                 "marriage_points", "early_points", "leader", "lead", "pending",
                 "tricks_played", "phase2_winners", "result", "last")
    LISTS = ("hands", "stock", "card_points", "tricks_won", "marriage_points", "early_points")

    @classmethod
    def from_layout(cls, t, *, profile, mit40, forehand, trump, hands, stock, leader, lead=-1,
                    pending=-1, card_points=(0, 0), tricks_won=(0, 0), marriage_points=(0, 0),
                    early_points=(0, 0), closed_by=None, close_points=0, close_had_trick=False,
                    tricks_played=0, phase2_winners=0, last=None, result=None):
        """A position from the public facts of a deal and one layout of its cards."""
        o = object.__new__(cls)
        o.t = t
        o.bummerl = t.rules.claim_on_answer                    # SB-3: a claim on any turn
        o.mit40 = bool(mit40)
        o.forehand = forehand
        o.trump = trump
        o.hands = list(hands)
        o.stock = list(stock)
        o.closed_by = closed_by
        o.close_points = close_points
        o.close_had_trick = close_had_trick
        o.card_points = list(card_points)
        o.tricks_won = list(tricks_won)
        o.marriage_points = list(marriage_points)
        o.early_points = list(early_points)
        o.leader = leader
        o.lead = lead
        o.pending = pending
        o.tricks_played = tricks_played
        o.phase2_winners = phase2_winners
        o.result = result
        o.last = last
        return o

    # --- queries ---------------------------------------------------------------------------
    def eff(self, p):
        """Effective points of seat p (SS-9)."""
        return self.card_points[p] + (self.marriage_points[p] if self.tricks_won[p]
                                      else self.early_points[p])

    def talon_open(self):
        return self.closed_by is None and bool(self.stock)

    def phase2(self):
        return self.closed_by is not None or not self.stock

    def close_allowed(self):
        return self.talon_open() and self.t.rules.close_allowed(len(self.stock))   # SS-8, ST-2

    def trump_card(self):
        return self.stock[-1] if self.stock else -1

    def answers(self, p):
        """Playable answers to the card on the table, as a bitmask (SS-5, SV-1, SB-1)."""
        hand = self.hands[p]
        if not self.phase2():
            return hand
        t = self.t
        lead = self.lead
        same = hand & t.suit_mask[t.suit[lead]]
        if same:
            if not t.rules.must_beat:
                return same                                    # SB-1
            return (same & t.higher[lead]) or same             # SV-1
        trumps = hand & t.suit_mask[self.trump]
        return trumps or hand

    def marriage_suits(self, p):
        t = self.t
        hand = self.hands[p]
        ki, qi = t.king_rank, t.queen_rank
        return [s for s in range(4) if hand >> (s * t.suit_size + ki) & 1 and hand >> (s * t.suit_size + qi) & 1]

    def can_exchange(self, p):
        return self.talon_open() and bool(self.hands[p] >> (self.trump * self.t.suit_size + self.t.jack_rank) & 1)

    def legal_actions(self):
        """The engine's legal action strings (as a set-equal list)."""
        if self.result is not None:
            return []
        t = self.t
        p = self.to_move()
        if self.lead >= 0:
            acts = t.cards(self.answers(p))
            if self.bummerl:
                acts.append("claim")
            return acts
        if self.pending >= 0:
            return [t.names[c] for c in self.marriage_leads(p)] + ["claim"]
        acts = t.cards(self.hands[p])
        acts += ["marry:" + SUITS[s] for s in self.marriage_suits(p)]
        if self.can_exchange(p):
            acts.append("exchange")
        if self.close_allowed():
            acts.append("close")
        acts.append("claim")
        return acts

    def marriage_leads(self, p):
        t = self.t
        s = self.pending
        out = []
        for r in t.marriage_lead_ranks:                        # AC-1, ST-3
            c = s * t.suit_size + r
            if self.hands[p] >> c & 1:
                out.append(c)
        return out

    # --- playing -----------------------------------------------------------------------------
    def apply(self, action):
        """Apply a legal action string in place (no legality check: callers use legal ones)."""
        p = self.to_move()
        if action == "claim":
            self.result = self.score_claim(p)
        elif action == "exchange":
            t = self.t
            jack = self.trump * t.suit_size + t.jack_rank
            old = self.stock[-1]
            self.hands[p] = (self.hands[p] & ~(1 << jack)) | (1 << old)
            self.stock[-1] = jack
        elif action == "close":
            o = 1 - p
            self.close_points = self.eff(o)
            self.close_had_trick = self.tricks_won[o] > 0
            self.closed_by = p
        elif action[:6] == "marry:":
            self.marry(p, SUITS.index(action[6]))
        else:
            self.play(p, self.t.index[action])

    def marry(self, p, s):
        pts = self.t.marriage_value[self.trump][s]
        self.marriage_points[p] += pts
        if self.mit40 and self.tricks_played == 0 and p == self.forehand and s == self.trump:
            self.early_points[p] += pts
        self.pending = s

    def play(self, p, c):
        self.hands[p] &= ~(1 << c)
        if self.lead < 0:
            self.leader = p
            self.pending = -1
            self.lead = c
            return
        t = self.t
        lead = self.lead
        leader = self.leader
        w = 1 - leader if t.beats[self.trump][lead] >> c & 1 else leader

        phase2 = self.closed_by is not None or not self.stock
        if phase2:
            self.phase2_winners |= 1 << w
        self.card_points[w] += t.points[c] + t.points[lead]
        self.tricks_won[w] += 1
        self.tricks_played += 1
        self.lead = -1
        self.leader = w
        self.last = w
        if self.stock and self.closed_by is None:
            stock = self.stock
            self.hands[w] |= 1 << stock.pop(0)
            self.hands[1 - w] |= 1 << stock.pop(0)
        if not self.hands[0] and not self.hands[1]:
            self.result = self.score_end()

    # --- scoring (mirrors schnapsen.py; the numbers are the rule table's) ----------------------
    def score_claim(self, p):
        o = 1 - p
        rules = self.t.rules
        cascade, failed = rules.cascade, rules.failed
        correct = self.eff(p) >= rules.win_points
        if rules.bummerl_scoring:
            fixed = rules.fixed_failed_points
            if not correct:
                return (o, fixed, "closed_failed" if self.closed_by == p else "false_claim")
            if self.closed_by == o:
                return (p, fixed, "closed_failed")
            return (p, cascade(self.eff(o), self.tricks_won[o]), "claim")
        closer = self.closed_by
        if closer is None:
            if correct:
                return (p, cascade(self.eff(o), self.tricks_won[o]), "claim")
            return (o, failed(self.tricks_won[o]), "false_claim")
        if closer == p:
            if correct:
                return (p, cascade(self.close_points, self.close_had_trick), "claim")
            return (o, failed(self.close_had_trick), "closed_failed")
        if correct:
            return (p, failed(self.close_had_trick), "closed_failed")
        return (o, failed(self.tricks_won[o]), "false_claim")

    def score_end(self):
        last = self.last
        closer = self.closed_by
        rules = self.t.rules
        cascade, win = rules.cascade, rules.win_points
        if rules.bummerl_scoring:
            if self.phase2_winners in (1, 2):
                sweeper = self.phase2_winners >> 1
                if not (closer == sweeper and self.eff(sweeper) < win):
                    return (sweeper, rules.sweep_points, "sweep")
            if closer is not None:
                if self.eff(closer) >= win:
                    return (closer, cascade(self.eff(1 - closer), self.tricks_won[1 - closer]), "closed")
                return (1 - closer, rules.fixed_failed_points, "closed_failed")
            p0, p1 = self.eff(0), self.eff(1)
            if p0 == p1:
                return (last, rules.last_trick_points, "last_trick")
            w = 0 if p0 > p1 else 1
            return (w, cascade(self.eff(1 - w), self.tricks_won[1 - w]), "points")
        if closer is None:
            if self.eff(last) >= win:
                return (last, cascade(self.eff(1 - last), self.tricks_won[1 - last]), "last_trick")
            return (last, rules.last_trick_points, "last_trick")
        if last == closer and self.eff(closer) >= win:
            return (closer, cascade(self.close_points, self.close_had_trick), "closed")
        return (1 - closer, rules.failed(self.close_had_trick), "closed_failed")
