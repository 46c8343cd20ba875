"""Compact perfect-information positions for search (one determinized layout of a deal).

`SchnapsenPos` and `SchneiderPos` re-state the rules of `schnapsen.py` / `schneider.py` over
card indices and hand bitmasks so that the solver and the rollouts can copy and play
positions quickly. They mirror the engine exactly: same action strings, same legal sets, same
results (winner, game points, reason). `tests/ai/test_model.py` replays random deals through
the engine and through these classes side by side and asserts that they never differ.

A position is built by `from_layout(...)`: `determinize.Info.position` passes the public
facts of one seat's observation plus one sampled layout of the hidden cards. Nothing here
ever sees the real game.

Cards are indices 0..n-1, suit by suit (`SUITS` order), strongest rank first within a suit;
a set of cards is a bitmask. Per-seat values are lists indexed by seat. A result is
`(winner or None, game points, reason)` as in `deal_result`.
"""

from ..cards import CARD_POINTS, SUITS
from ..schnapsen import SchnapsenDeal, cascade

WIN_POINTS = 66          # SV-3 / SB-3: a claim with this many effective points is correct
# SS-7: MARRIAGE_VALUE[trump][suit], the engine's own values
MARRIAGE_VALUE = [[SchnapsenDeal.marriage_value(s, trump) for s in range(4)] for trump in range(4)]


def schnapsen_rules(profile):
    """The rule variant of a Schnapsen profile: `strict` (ST-*: SV rules, only the K leads a
    marriage), `bummerl` (SB-*: follow without beating, claims at any turn), else SV."""
    return {"strict": profile == "schnapsen-strict", "bummerl": profile == "bummerl"}


class Table:
    """Per-deck lookup tables: card code <-> index, suits, points, masks."""

    def __init__(self, ranks, honour_ranks=""):
        self.ranks = ranks
        self.suit_size = size = len(ranks)
        self.n = 4 * size
        self.names = [r + s for s in SUITS for r in ranks]
        self.index = {c: i for i, c in enumerate(self.names)}
        self.suit = [i // size for i in range(self.n)]
        self.rank = [i % size for i in range(self.n)]          # 0 = strongest
        self.points = [CARD_POINTS.get(self.names[i][0], 0) for i in range(self.n)]
        self.honour = [1 if self.names[i][0] in honour_ranks else 0 for i in range(self.n)]
        full = (1 << size) - 1
        self.suit_mask = [full << (s * size) for s in range(4)]
        # cards of the same suit strictly stronger than card i
        self.higher = [((1 << i) - 1) & self.suit_mask[i // size] for i in range(self.n)]
        self.bit = [1 << i for i in range(self.n)]

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


def table(ranks, honour_ranks=""):
    key = (ranks, honour_ranks)
    t = _TABLES.get(key)
    if t is None:
        t = _TABLES[key] = Table(ranks, honour_ranks)
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
    __slots__ = ("t", "strict", "bummerl", "mit40", "forehand", "trump", "hands", "stock",
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
        rules = schnapsen_rules(profile)
        o.strict = rules["strict"]
        o.bummerl = rules["bummerl"]
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
        o.strict = self.strict
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
        return self.talon_open() and (not self.strict or len(self.stock) > 2)

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
            if self.bummerl:
                return same
            return (same & t.higher[lead]) or same
        trumps = hand & t.suit_mask[self.trump]
        return trumps or hand

    def marriage_suits(self, p):
        t = self.t
        hand = self.hands[p]
        ki, qi = t.ranks.index("K"), t.ranks.index("Q")
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
        ranks = "K" if self.strict else "KQ"
        out = []
        for r in ranks:
            c = s * t.suit_size + t.ranks.index(r)
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
        pts = MARRIAGE_VALUE[self.trump][s]
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
        if t.suit[c] == t.suit[lead]:
            resp_wins = t.rank[c] < t.rank[lead]
        else:
            resp_wins = t.suit[c] == self.trump
        w = 1 - leader if resp_wins else leader
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

    # --- scoring (mirrors schnapsen.py) --------------------------------------------------------
    def score_claim(self, p):
        o = 1 - p
        correct = self.eff(p) >= WIN_POINTS
        if self.bummerl:
            if not correct:
                return (o, 2, "closed_failed" if self.closed_by == p else "false_claim")
            if self.closed_by == o:
                return (p, 2, "closed_failed")
            return (p, cascade(self.eff(o), self.tricks_won[o]), "claim")
        closer = self.closed_by
        if closer is None:
            if correct:
                return (p, cascade(self.eff(o), self.tricks_won[o]), "claim")
            return (o, 2 if self.tricks_won[o] else 3, "false_claim")
        if closer == p:
            if correct:
                return (p, cascade(self.close_points, self.close_had_trick), "claim")
            return (o, 2 if self.close_had_trick else 3, "closed_failed")
        if correct:
            return (p, 2 if self.close_had_trick else 3, "closed_failed")
        return (o, 2 if self.tricks_won[o] else 3, "false_claim")

    def score_end(self):
        last = self.last
        closer = self.closed_by
        if self.bummerl:
            if self.phase2_winners in (1, 2):
                sweeper = self.phase2_winners >> 1
                if not (closer == sweeper and self.eff(sweeper) < WIN_POINTS):
                    return (sweeper, 3, "sweep")
            if closer is not None:
                if self.eff(closer) >= WIN_POINTS:
                    return (closer, cascade(self.eff(1 - closer), self.tricks_won[1 - closer]), "closed")
                return (1 - closer, 2, "closed_failed")
            p0, p1 = self.eff(0), self.eff(1)
            if p0 == p1:
                return (last, 1, "last_trick")
            w = 0 if p0 > p1 else 1
            return (w, cascade(self.eff(1 - w), self.tricks_won[1 - w]), "points")
        if closer is None:
            if self.eff(last) >= WIN_POINTS:
                return (last, cascade(self.eff(1 - last), self.tricks_won[1 - last]), "last_trick")
            return (last, 1, "last_trick")
        if last == closer and self.eff(closer) >= WIN_POINTS:
            return (closer, cascade(self.close_points, self.close_had_trick), "closed")
        return (1 - closer, 2 if self.close_had_trick else 3, "closed_failed")


def schnapsen_table(sevens):
    t = table("ATKQJ7" if sevens else "ATKQJ")
    t.jack_rank = t.ranks.index("J")
    return t


# ----------------------------------------------------------------------------------------------
# Schneider
# ----------------------------------------------------------------------------------------------

def neighbour_winner(t, lead):
    """SN-11: the only card that wins the lead `lead` (its next rank up, the card just above
    it in the table's strongest-first order), or -1 for an ace, which nothing wins."""
    return lead - 1 if t.rank[lead] > 0 else -1


class SchneiderPos:
    """One Bohemian Schneider deal position with every card placed (RULES.md Part 1).

    `honours` per seat; `total` honours in the deck and `schneider_at` the threshold of a
    2-point win (SN-6, SN-10); other fields as in `SchnapsenPos`."""

    game = "schneider"
    __slots__ = ("t", "neighbour", "follow", "trump", "cumulative", "total", "schneider_at",
                 "hands", "stock", "honours", "leader", "lead", "tricks_played", "result")

    @classmethod
    def from_layout(cls, t, *, profile, options, trump, hands, stock, leader, lead=-1,
                    honours=(0, 0), tricks_played=0, result=None):
        """A position from the public facts of a deal and one layout of its cards."""
        o = object.__new__(cls)
        small = options.get("deck") == 24
        o.t = t
        o.neighbour = profile == "schneider-neighbour"
        o.follow = bool(options.get("follow_suit"))
        o.trump = trump
        o.cumulative = bool(options.get("cumulative"))
        o.total = 16 if small else 20
        o.schneider_at = 13 if small else 16
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

    def beats(self, c, lead):
        t = self.t
        if t.suit[c] == t.suit[lead]:
            if self.neighbour:
                return c == neighbour_winner(t, lead)
            return t.rank[c] < t.rank[lead]
        return (not self.neighbour) and self.trump is not None and t.suit[c] == self.trump

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
        w = 1 - self.leader if self.beats(c, lead) else self.leader
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
            return (None, 0, "draw")
        w = 0 if h[0] > h[1] else 1
        won = h[w]
        if self.cumulative:
            gp = won - h[1 - w]
        elif won == self.total:
            gp = 3
        elif won >= self.schneider_at:
            gp = 2
        else:
            gp = 1
        return (w, gp, "honours")


def schneider_table(small):
    return table("AKQJT9" if small else "AKQJT987", "AKQJ" if small else "AKQJT")
