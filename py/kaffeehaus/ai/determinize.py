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

Why one unit of about 260 lines: the constraints read above and the sampler that honours them
share one representation (bit masks of the cards the opponent may hold and per-suit count
limits), so the reading and the drawing change together; the soft reading of the opponent's
play is in inference.py.
"""

import itertools
import math

from ..cards import SUITS
from . import model


class Info:
    def __init__(self, obs, infer=None):
        self.obs = obs
        self.infer = infer
        self.reading = None         # the soft inference's events (`inference.Reading`)
        self.profile = obs["profile"]
        self.options = obs["options"]
        self.me = obs["player"]
        self.opp = 1 - self.me
        self.schnapsen = obs["game"] == "schnapsen"
        t = self.t = model.table_for(self.profile, self.options)
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
            self._read_schnapsen()
        else:
            self._read_schneider()
        self.allowed = [c for c in self.unknown if not self.forbidden >> c & 1]
        if len(self.allowed) < self.opp_slots:     # cannot happen with a real observation
            self.allowed = list(self.unknown)
            self.counts = []

    # --- public history --------------------------------------------------------------------------
    def _read_schnapsen(self):
        """The score and close status as the observation states them (SS-9, SV-5), the phase
        of each finished trick, and what the opponent's Phase-2 answers rule out."""
        obs, t = self.obs, self.t
        hist = obs["history"]
        opp = self.opp
        marriages = obs["marriages"]
        self.card_points = list(obs["card_points"])
        self.tricks_won = list(obs["tricks_won"])
        self.marriage_points = [sum(m["points"] for m in marriages if m["player"] == p)
                                for p in (0, 1)]
        self.early_points = [sum(m["points"] for m in marriages
                                 if m["player"] == p and m["immediate"]) for p in (0, 1)]
        close = obs["close"]
        self.closed_by = obs["closed_by"]
        self.close_points, self.close_had_trick = 0, False
        if close is not None:
            self.close_points = close["points"][1 - close["by"]]
            self.close_had_trick = close["tricks_won"][1 - close["by"]] > 0
        self.phase2_winners = 0
        self.phase1 = []      # per finished trick: played with the talon open (both drew)
        self.opp_played = {}  # card -> trick index where the opponent played it
        opp_turns = []        # (trick index, talon open when the turn began, actions before the lead)
        self.free_plays = []  # (trick index, lead, answer or -1) where the opponent chose freely
        must_beat = t.rules.must_beat                 # SV-1 / SB-1
        for k, trick in enumerate(hist):
            (lp, lc), (rp, rc) = trick["cards"]
            for p, c in trick["cards"]:
                if p == opp:
                    self.opp_played[t.index[c]] = k
            before = self._before_lead(trick["actions"])
            if lp == opp:
                opp_turns.append((k, trick["phase"] == 1 or "close" in before, before))
            if trick["phase"] == 1:
                if rp == opp:
                    self.free_plays.append((k, t.index[lc], t.index[rc]))
                elif not any(a.startswith("marry:") for a in before):
                    self.free_plays.append((k, t.index[lc], -1))
            if trick["phase"] == 2:
                self.phase2_winners |= 1 << trick["winner"]
                if rp == opp:
                    self._phase2_answer(t.index[lc], t.index[rc], must_beat)
            self.phase1.append(trick["phase"] == 1)
        if obs["trick"] and obs["trick"][0][0] == opp:
            # the opponent's lead now on the table; its turn is the tail of `actions`
            done = sum(len(trick["actions"]) for trick in hist)
            before = self._before_lead(obs["actions"][done:])
            self.opp_played[t.index[obs["trick"][0][1]]] = len(hist)
            opp_turns.append((len(hist), obs["phase"] == 1 or "close" in before, before))
            if obs["phase"] == 1 and not any(a.startswith("marry:") for a in before):
                self.free_plays.append((len(hist), t.index[obs["trick"][0][1]], -1))
        if self.infer is not None:
            self.reading = self.infer.read(self, opp_turns)
        self.tricks_played = len(hist)
        self.last = hist[-1]["winner"] if hist else None

    def _before_lead(self, actions):
        """The actions of a turn before its lead card (exchange, close, marry:)."""
        out = []
        for _, action in actions:
            if action in self.t.index:
                break
            out.append(action)
        return out

    def _phase2_answer(self, lead, answer, must_beat):
        t = self.t
        ls = t.suit[lead]
        if t.suit[answer] != ls:
            self.forbidden |= t.suit_mask[ls]
            if t.suit[answer] != self.trump:
                self.forbidden |= t.suit_mask[self.trump]
        elif must_beat and t.rank[answer] > t.rank[lead]:
            self.forbidden |= t.higher[lead]          # SV-1: could not beat the lead

    def _read_schneider(self):
        """Honours as the observation states them; `follow_suit` voids from the answers."""
        obs, t = self.obs, self.t
        hist = obs["history"]
        stock0 = t.n - 12                # SN-3: six cards each, the rest is the stock
        voids = []                       # (suit, trick index)
        for k, trick in enumerate(hist):
            (lp, lc), (rp, rc) = trick["cards"]
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
        self.honours = list(obs["card_points"])
        self.tricks_played = ntricks

    @property
    def events(self):
        return self.reading.events if self.reading else []

    def weight(self, mask):
        """Likelihood weight (0..1] of the opponent holding `mask` now."""
        return self.reading.weight(mask) if self.reading else 1.0

    # --- sampling ------------------------------------------------------------------------------
    def sample(self, rng):
        """One consistent layout: (opponent hidden cards mask, stock list top first). With
        inference events, layouts are accepted with probability `weight` (rejection sampling;
        after 30 rejections the best-weighted layout drawn is kept)."""
        best = None
        weighed = self.reading is not None and self.reading.informative()
        for attempt in range(30 if weighed else 1):
            mask = self._draw(rng)
            if not weighed:
                break
            w = self.weight(mask | self.known_opp)
            if w >= 1.0 or rng.random() < w:
                best = None
                break
            if best is None or w > best[0]:
                best = (w, mask)
        if best is not None:
            mask = best[1]
        rest = [c for c in self.unknown if not mask >> c & 1]
        rng.shuffle(rest)
        if self.trump_card >= 0:
            rest.append(self.trump_card)
        return mask | self.known_opp, rest

    def layouts(self, limit):
        """Every consistent layout with its likelihood weight, [(opponent mask, stock top
        first, weight)], when there are at most `limit` of them; else None. The order of the
        hidden stock cards counts only while they are still drawn (not after a close)."""
        ordered = self.stock_slots if (not self.schnapsen or not self.obs["closed"]) else 0
        if math.comb(len(self.allowed), self.opp_slots) * math.factorial(ordered) > limit:
            return None
        out = []
        indicator = [self.trump_card] if self.trump_card >= 0 else []
        for cards in itertools.combinations(self.allowed, self.opp_slots):
            mask = 0
            for c in cards:
                mask |= 1 << c
            if any(bin(mask & sm).count("1") > n for sm, n in self.counts):
                continue
            full = mask | self.known_opp
            w = self.weight(full)
            rest = [c for c in self.unknown if not mask >> c & 1]
            for order in (itertools.permutations(rest) if ordered else [rest]):
                out.append((full, list(order) + indicator, w))
        return out

    def _draw(self, rng):
        for _ in range(50):
            allowed = self.allowed[:]
            rng.shuffle(allowed)
            opp = allowed[:self.opp_slots]
            mask = 0
            for c in opp:
                mask |= 1 << c
            if all(bin(mask & sm).count("1") <= n for sm, n in self.counts):
                break
        return mask

    def position(self, opp_mask, stock):
        """The perfect-information position of this observation with the opponent holding
        `opp_mask` and the stock in the order `stock` (top first)."""
        obs = self.obs
        hands = [0, 0]
        hands[self.me] = self.hand
        hands[self.opp] = opp_mask
        trick = obs["trick"]
        if trick:
            leader, lead = trick[0][0], self.t.index[trick[0][1]]
        else:
            hist = obs["history"]
            leader, lead = (hist[-1]["winner"] if hist else obs["forehand"]), -1
        res = obs.get("result")
        result = (res["winner"], res["game_points"], res["reason"]) if res else None
        if self.schnapsen:
            pending = obs.get("pending_marriage")
            return model.SchnapsenPos.from_layout(
                self.t, profile=self.profile, mit40=self.options.get("mit40"),
                forehand=obs["forehand"], trump=self.trump, hands=hands, stock=stock,
                leader=leader, lead=lead, pending=SUITS.index(pending) if pending else -1,
                card_points=self.card_points, tricks_won=self.tricks_won,
                marriage_points=self.marriage_points, early_points=self.early_points,
                closed_by=self.closed_by, close_points=self.close_points,
                close_had_trick=self.close_had_trick, tricks_played=self.tricks_played,
                phase2_winners=self.phase2_winners, last=self.last, result=result)
        return model.SchneiderPos.from_layout(
            self.t, profile=self.profile, options=self.options, trump=self.trump, hands=hands,
            stock=stock, leader=leader, lead=lead, honours=self.honours,
            tricks_played=self.tricks_played, result=result)
