"""Compact perfect-information positions for search (one determinized layout of a deal).

`SchnapsenPos` and `SchneiderPos` play the rules of `schnapsen.py` / `schneider.py` over
card indices and hand bitmasks so that the solver and the rollouts can copy and play
positions quickly. Every rule fact (thresholds, card values, trick winners, honours, close
conditions, game points) comes from the engine's rule table (`ruletable.py`) through `Table`;
only the bookkeeping is written here. They mirror the engine exactly: same action strings, same legal sets, same
results (winner, game points, reason). `tests/ai/test_model.py` replays random deals through
the engine and through these classes side by side and asserts that they never differ.

A position is built by `from_layout(...)`: `determinize.Info.position` passes the public
facts of one seat's observation plus one sampled layout of the hidden cards. Nothing here
ever sees the real game.

Cards are indices 0..n-1, suit by suit (`SUITS` order), strongest rank first within a suit;
a set of cards is a bitmask. Per-seat values are lists indexed by seat. A result is
`(winner or None, game points, reason)` as in `deal_result`.

Why one unit of about 490 lines: the two position classes mirror the two rules modules
method by method and are tested together against them; their `copy` methods are written out
field by field because the search copies positions in its inner loop.
"""

from ..cards import SUITS
from ..ruletable import NO_TRUMP, rules_for


class Table:
    """One rule set's facts over card indices (`rules`: the engine's `ruletable.Rules`):
    card code <-> index, suits, ranks, values, masks, trick winners and rule numbers."""

    def __init__(self, rules):
        self.rules = rules
        self.ranks = ranks = rules.ranks
        self.suit_size = size = len(ranks)
        self.n = 4 * size
        self.names = list(rules.cards)
        self.index = {c: i for i, c in enumerate(self.names)}
        self.suit = [i // size for i in range(self.n)]
        self.rank = [i % size for i in range(self.n)]          # 0 = strongest
        value = [rules.card_value[name[0]] for name in self.names]
        schnapsen = rules.game == "schnapsen"
        self.points = value if schnapsen else [0] * self.n     # SS-1: card points
        self.honour = value if not schnapsen else [0] * self.n  # SN-2: honours
        full = (1 << size) - 1
        self.suit_mask = [full << (s * size) for s in range(4)]
        # cards of the same suit strictly stronger than card i
        self.higher = [((1 << i) - 1) & self.suit_mask[i // size] for i in range(self.n)]
        self.bit = [1 << i for i in range(self.n)]
        # beats[trump][lead]: the answers that win the trick (SS-3, SN-7, SN-10, SN-11);
        # beats[NO_TRUMP] for a Schneider deal without a trump
        self.beats = rules.beats
        if schnapsen:
            self.win_points = rules.win_points                 # SV-3, SV-4, SV-5, SB-3, SB-4
            # SS-7: marriage_value[trump][suit]
            self.marriage_value = [[rules.marriage_value(s, trump) for s in range(4)]
                                   for trump in range(4)]
            self.jack_rank = ranks.index(rules.exchange_rank)  # SS-6
            self.king_rank, self.queen_rank = ranks.index("K"), ranks.index("Q")
            # AC-1, ST-3: the ranks that may lead an announced marriage
            self.marriage_lead_ranks = tuple(ranks.index(r) for r in rules.marriage_lead_ranks)

    def mask(self, cards):
        m = 0
        for c in cards:
            m |= 1 << self.index[c]
        return m

    def cards(self, mask):
        out = []
        i = 0
        while mask:
            if mask & 1:
                out.append(self.names[i])
            mask >>= 1
            i += 1
        return out


def bits(mask):
    """Indices of the set bits, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_TABLES = {}


def table_for(profile, options):
    """The `Table` of the rules in force for `profile` and `options` (one per rule set)."""
    rules = rules_for(profile, options)
    t = _TABLES.get(id(rules))
    if t is None or t.rules is not rules:
        t = _TABLES[id(rules)] = Table(rules)
    return t


# ----------------------------------------------------------------------------------------------
# Schnapsen
# ----------------------------------------------------------------------------------------------

class SchnapsenPos:
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

    def copy(self):
        o = object.__new__(SchnapsenPos)
        o.t = self.t
        o.bummerl = self.bummerl
        o.mit40 = self.mit40
        o.forehand = self.forehand
        o.trump = self.trump
        o.hands = self.hands[:]
        o.stock = self.stock[:]
        o.closed_by = self.closed_by
        o.close_points = self.close_points
        o.close_had_trick = self.close_had_trick
        o.card_points = self.card_points[:]
        o.tricks_won = self.tricks_won[:]
        o.marriage_points = self.marriage_points[:]
        o.early_points = self.early_points[:]
        o.leader = self.leader
        o.lead = self.lead
        o.pending = self.pending
        o.tricks_played = self.tricks_played
        o.phase2_winners = self.phase2_winners
        o.result = self.result
        o.last = self.last
        return o

    # --- queries ---------------------------------------------------------------------------
    def to_move(self):
        if self.result is not None:
            return None
        return self.leader if self.lead < 0 else 1 - self.leader

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


# ----------------------------------------------------------------------------------------------
# Schneider
# ----------------------------------------------------------------------------------------------

def neighbour_winner(t, lead):
    """SN-11: the only card that wins the lead `lead` under the neighbour rule (the rule
    table's trick winner), or -1 when nothing wins it (an ace)."""
    winners = t.beats[NO_TRUMP][lead]
    return winners.bit_length() - 1 if winners else -1


class SchneiderPos:
    """One Bohemian Schneider deal position with every card placed (RULES.md Part 1).

    `honours` per seat; `total` honours in the deck and `schneider_at` the threshold of a
    2-point win (SN-6, SN-10); other fields as in `SchnapsenPos`."""

    game = "schneider"
    __slots__ = ("t", "neighbour", "follow", "trump", "beats", "cumulative", "total",
                 "schneider_at", "hands", "stock", "honours", "leader", "lead", "tricks_played", "result")

    @classmethod
    def from_layout(cls, t, *, profile, options, trump, hands, stock, leader, lead=-1,
                    honours=(0, 0), tricks_played=0, result=None):
        """A position from the public facts of a deal and one layout of its cards."""
        o = object.__new__(cls)
        rules = t.rules
        o.t = t
        o.neighbour = rules.neighbour                          # SN-11
        o.follow = rules.follow_suit                           # SN-10 follow_suit
        o.trump = trump
        o.beats = t.beats[NO_TRUMP if trump is None else trump]   # SN-7, SN-10 trump, SN-11
        o.cumulative = rules.cumulative                        # SN-10 cumulative
        o.total = rules.total_honours                          # SN-2, SN-6
        o.schneider_at = rules.schneider_at                    # SN-6, SN-10
        o.hands = list(hands)
        o.stock = list(stock)
        o.honours = list(honours)
        o.leader = leader
        o.lead = lead
        o.tricks_played = tricks_played
        o.result = result
        return o

    def copy(self):
        o = object.__new__(SchneiderPos)
        o.t = self.t
        o.neighbour = self.neighbour
        o.follow = self.follow
        o.trump = self.trump
        o.beats = self.beats
        o.cumulative = self.cumulative
        o.total = self.total
        o.schneider_at = self.schneider_at
        o.hands = self.hands[:]
        o.stock = self.stock[:]
        o.honours = self.honours[:]
        o.leader = self.leader
        o.lead = self.lead
        o.tricks_played = self.tricks_played
        o.result = self.result
        return o

    def to_move(self):
        if self.result is not None:
            return None
        return self.leader if self.lead < 0 else 1 - self.leader

    def answers(self, p):
        hand = self.hands[p]
        if self.follow:
            same = hand & self.t.suit_mask[self.t.suit[self.lead]]
            if same:
                return same
        return hand

    def legal_actions(self):
        if self.result is not None:
            return []
        p = self.to_move()
        if self.lead < 0:
            return self.t.cards(self.hands[p])
        return self.t.cards(self.answers(p))

    def trump_card(self):
        return self.stock[-1] if self.trump is not None and self.stock else -1

    def wins(self, c, lead):
        """Whether answer `c` wins the trick led with `lead` (the rule table's trick winner)."""
        return bool(self.beats[lead] >> c & 1)

    def apply(self, action):
        self.play(self.to_move(), self.t.index[action])

    def play(self, p, c):
        self.hands[p] &= ~(1 << c)
        if self.lead < 0:
            self.leader = p
            self.lead = c
            return
        t = self.t
        lead = self.lead
        w = 1 - self.leader if self.beats[lead] >> c & 1 else self.leader
        self.honours[w] += t.honour[c] + t.honour[lead]
        self.tricks_played += 1
        self.lead = -1
        self.leader = w
        if self.stock:
            self.hands[w] |= 1 << self.stock.pop(0)
            self.hands[1 - w] |= 1 << self.stock.pop(0)
        if not self.hands[0] and not self.hands[1]:
            self.result = self.score_end()

    def score_end(self):
        h = self.honours
        if h[0] == h[1]:
            return (None, 0, "draw")                           # SN-6
        w = 0 if h[0] > h[1] else 1
        return (w, self.t.rules.honour_result(h[w], h[1 - w])[0], "honours")   # SN-6, SN-10
