"""Hidden-card layouts consistent with one seat's observation, and positions built from them.

`Info(observation)` reads only the observation dict (RULES.md Part 4): the seat's own hand,
every card played and by whom, the marriages announced, the cards of the opponent that are
publicly known (OB-2: marriage partner shown, indicator taken in exchange or drawn last),
the trump indicator (the last stock card while the talon holds it, OB-3), and the public
action list. From these it derives what the opponent cannot hold:

* Schnapsen Phase 2 (`schnapsen`, `schnapsen-strict`: SV-1; `bummerl`: SB-1): an answer off
  the led suit shows the opponent void in that suit; an answer that is neither the led suit
  nor a trump shows them void in trumps too; under SV-1 an answer of the led suit that does
  not beat the lead shows they hold no higher card of that suit. Nobody draws in Phase 2, so
  these hold for the rest of the deal.
* Schneider with `follow_suit`: an answer off the led suit shows a void at that moment; the
  opponent may have drawn cards of that suit since, so the constraint is "at most as many
  cards of that suit as cards drawn since".

`Info.sample(rng)` draws one layout (opponent hand + stock order, the indicator last) uniformly
among those consistent with these facts; `Info.position(...)` builds the perfect-information
`model` position of that layout. The AI never receives the real game: only the observation.
"""

from ..cards import SUITS
from . import model


class Info:
    def __init__(self, obs):
        self.obs = obs
        self.profile = obs["profile"]
        self.options = obs["options"]
        self.me = obs["player"]
        self.opp = 1 - self.me
        self.schnapsen = self.profile in ("schnapsen", "schnapsen-strict", "bummerl")
        if self.schnapsen:
            t = self.t = model.schnapsen_table(bool(self.options.get("sevens")))
        else:
            t = self.t = model.schneider_table(self.options.get("deck") == 24)
        self.trump = SUITS.index(obs["trump"]) if obs.get("trump") else None
        self.hand = t.mask(obs["hand"])
        played = [c for trick in obs["history"] for _, c in trick["cards"]]
        played += [c for _, c in obs["trick"]]
        self.played = t.mask(played)
        self.known_opp = t.mask(obs["known_opponent_cards"])
        tc = obs.get("trump_card")
        self.trump_card = t.index[tc] if tc else -1
        seen = self.hand | self.played | self.known_opp
        if self.trump_card >= 0:
            seen |= 1 << self.trump_card
        self.unknown = [i for i in range(t.n) if not seen >> i & 1]
        self.opp_slots = obs["opponent_hand_size"] - bin(self.known_opp).count("1")
        self.stock_size = obs["stock_size"]
        self.stock_slots = self.stock_size - (1 if self.trump_card >= 0 else 0)
        if self.opp_slots + self.stock_slots != len(self.unknown) or self.opp_slots < 0:
            raise ValueError("the observation is inconsistent: hidden card count mismatch")
        self.forbidden = 0          # cards the opponent cannot hold
        self.counts = []            # (suit mask, max count) constraints (Schneider follow_suit)
        if self.schnapsen:
            self._walk_schnapsen()
        else:
            self._walk_schneider()
        self.allowed = [c for c in self.unknown if not self.forbidden >> c & 1]
        if len(self.allowed) < self.opp_slots:     # cannot happen with a real observation
            self.allowed = list(self.unknown)
            self.counts = []

    # --- public history --------------------------------------------------------------------------
    def _walk_schnapsen(self):
        obs, t = self.obs, self.t
        opts = self.options
        hist = obs["history"]
        hand_size = 6 if opts.get("sevens") else 5
        total_stock = t.n - 2 * hand_size
        bummerl = self.profile == "bummerl"
        trump = self.trump
        forehand = obs["forehand"]
        cpts = [0, 0]
        ntr = [0, 0]
        marr = [0, 0]
        imm = [0, 0]
        closed_by = None
        cs_pts, cs_trick = 0, False
        p2w = 0
        k = 0                 # tricks completed
        on_table = 0
        lead_phase2 = False
        for player, action in obs["actions"]:
            if action == "close":
                o = 1 - player
                cs_pts = cpts[o] + (marr[o] if ntr[o] else imm[o])
                cs_trick = ntr[o] > 0
                closed_by = player
            elif action.startswith("marry:"):
                s = SUITS.index(action[6])
                pts = 40 if s == trump else 20
                marr[player] += pts
                if opts.get("mit40") and k == 0 and player == forehand and s == trump:
                    imm[player] += pts
            elif action in t.index:
                if on_table == 0:
                    on_table = 1
                    lead_phase2 = closed_by is not None or total_stock - 2 * k <= 0
                    continue
                trick = hist[k]
                (lp, lc), (rp, rc) = trick["cards"]
                w = trick["winner"]
                cpts[w] += t.points[t.index[lc]] + t.points[t.index[rc]]
                ntr[w] += 1
                if lead_phase2:
                    p2w |= 1 << w
                    if rp == self.opp:
                        self._phase2_answer(t.index[lc], t.index[rc], bummerl)
                k += 1
                on_table = 0
        self.cpts, self.ntr, self.marr, self.imm = cpts, ntr, marr, imm
        self.closed_by, self.cs_pts, self.cs_trick, self.p2w = closed_by, cs_pts, cs_trick, p2w
        self.ntricks = k
        self.last = hist[-1]["winner"] if hist else None

    def _phase2_answer(self, lead, answer, bummerl):
        t = self.t
        ls = t.suit[lead]
        if t.suit[answer] != ls:
            self.forbidden |= t.suit_mask[ls]
            if t.suit[answer] != self.trump:
                self.forbidden |= t.suit_mask[self.trump]
        elif not bummerl and t.rank[answer] > t.rank[lead]:
            self.forbidden |= t.higher[lead]          # SV-1: could not beat the lead

    def _walk_schneider(self):
        obs, t = self.obs, self.t
        hist = obs["history"]
        stock0 = t.n - 12
        hon = [0, 0]
        voids = []                       # (suit, trick index)
        for k, trick in enumerate(hist):
            (lp, lc), (rp, rc) = trick["cards"]
            hon[trick["winner"]] += t.honour[t.index[lc]] + t.honour[t.index[rc]]
            if self.options.get("follow_suit") and rp == self.opp:
                if t.suit[t.index[rc]] != t.suit[t.index[lc]]:
                    voids.append((t.suit[t.index[lc]], k))
        ntricks = len(hist)
        for suit, k in voids:
            # the opponent drew once after each trick from k on while the stock lasted
            draws = sum(1 for j in range(k, ntricks) if stock0 - 2 * j > 0)
            if draws == 0:
                self.forbidden |= t.suit_mask[suit]
            else:
                self.counts.append((t.suit_mask[suit], draws))
        self.hon = hon
        self.ntricks = ntricks

    # --- sampling ------------------------------------------------------------------------------
    def sample(self, rng):
        """One consistent layout: (opponent hidden cards mask, stock list top first)."""
        for _ in range(50):
            allowed = self.allowed[:]
            rng.shuffle(allowed)
            opp = allowed[:self.opp_slots]
            mask = 0
            for c in opp:
                mask |= 1 << c
            if all(bin(mask & sm).count("1") <= n for sm, n in self.counts):
                break
        rest = [c for c in self.unknown if not mask >> c & 1]
        rng.shuffle(rest)
        if self.trump_card >= 0:
            rest.append(self.trump_card)
        return mask | self.known_opp, rest

    def position(self, opp_mask, stock):
        obs = self.obs
        hands = [0, 0]
        hands[self.me] = self.hand
        hands[self.opp] = opp_mask
        trick = obs["trick"]
        if self.schnapsen:
            p = object.__new__(model.SchnapsenPos)
            p.t = self.t
            p.strict = self.profile == "schnapsen-strict"
            p.bummerl = self.profile == "bummerl"
            p.mit40 = bool(self.options.get("mit40"))
            p.forehand = obs["forehand"]
            p.trump = self.trump
            p.hands = hands
            p.stock = list(stock)
            p.closed_by = self.closed_by
            p.cs_pts = self.cs_pts
            p.cs_trick = self.cs_trick
            p.cpts = self.cpts[:]
            p.ntr = self.ntr[:]
            p.marr = self.marr[:]
            p.imm = self.imm[:]
            p.pending = SUITS.index(obs["pending_marriage"]) if obs.get("pending_marriage") else -1
            p.ntricks = self.ntricks
            p.p2w = self.p2w
            p.last = self.last
        else:
            p = object.__new__(model.SchneiderPos)
            p.t = self.t
            p.neighbour = self.profile == "schneider-neighbour"
            p.follow = bool(self.options.get("follow_suit"))
            p.trump = self.trump
            p.cumulative = bool(self.options.get("cumulative"))
            small = self.options.get("deck") == 24
            p.total = 16 if small else 20
            p.schneider_at = 13 if small else 16
            p.hands = hands
            p.stock = list(stock)
            p.hon = self.hon[:]
            p.ntricks = self.ntricks
        if trick:
            p.leader = trick[0][0]
            p.lead = self.t.index[trick[0][1]]
        else:
            hist = obs["history"]
            p.leader = hist[-1]["winner"] if hist else obs["forehand"]
            p.lead = -1
        p.result = None
        res = obs.get("result")
        if res:
            p.result = (res["winner"], res["game_points"], res["reason"])
        return p
