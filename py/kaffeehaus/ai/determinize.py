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

import itertools
import math

from ..cards import SUITS
from . import heuristic, model
from .model import bits as bits_of


class Inference:
    """How much less likely a layout is when it would mean the opponent passed up a choice a
    sensible player takes (a likelihood weight, never a hard exclusion):

    * `marriage`: they led without announcing while holding K and Q of a suit (SS-7);
    * `exchange`: they led with the talon open without exchanging while holding the trump
      jack (SS-6);
    * `play`: a card they led or answered with the talon open (Phase 1, where any card may
      answer) would not have been the sensible player's choice (`heuristic.BASE`) had they
      held this card too: a cheaper lead or throw, a cheaper winner, or a winner of a led ace
      or ten that they let go. None: not used.
    """

    def __init__(self, marriage=0.15, exchange=0.15, play=None):
        self.marriage = marriage
        self.exchange = exchange
        self.play = play


INFER = Inference()


class Info:
    def __init__(self, obs, infer=None):
        self.obs = obs
        self.infer = infer
        self.events = []            # ([(card, P(held then | held now))], weight): `weight`
        self.event_keys = []
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
            self._inference_events(opp_turns)
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

    # --- soft inference from the opponent's public choices -------------------------------------
    def _inference_events(self, opp_turns):
        """Events "at trick k the opponent passed up a choice it would have taken with these
        cards". Each is kept as the cards involved, each with the number of cards the opponent
        drew between that moment and the moment the card was last seen with them (played, or
        now for its current hand): a card now in its hand may have been drawn since."""
        t, inf = self.t, self.infer
        trump = self.trump
        ki, qi = t.king_rank, t.queen_rank
        unknown = 0
        for c in self.unknown:
            unknown |= 1 << c
        married = {m["suit"] for m in self.obs["marriages"] if m["player"] == self.opp}
        # the indicator taken in exchange or drawn last came to the opponent at that moment
        acquired = {}
        exch = [k for k, _, acts in opp_turns if "exchange" in acts]
        partners = set()
        for m in self.obs["marriages"]:
            if m["player"] == self.opp:
                s = SUITS.index(m["suit"])
                partners |= {s * t.suit_size + ki, s * t.suit_size + qi}
        last_draw = sum(self.phase1)           # the opponent holds it from this trick on
        for c in model.bits(self.known_opp):
            if c in partners:
                continue
            if t.suit[c] == trump and t.rank[c] != t.jack_rank and exch:
                acquired[c] = exch[0]
            else:
                acquired[c] = last_draw
        ntr = len(self.phase1)
        draws_after = [0] * (ntr + 1)           # Phase-1 tricks (draws) from trick k to now
        for k in range(ntr - 1, -1, -1):
            draws_after[k] = draws_after[k + 1] + (1 if self.phase1[k] else 0)

        def held(c, k):
            """(card, draws since trick k) if the opponent may have held c at trick k; the
            hidden cards are checked against the layout (None: fixed, not held)."""
            if c in acquired and k < acquired[c]:
                return None
            if c in self.opp_played:
                j = self.opp_played[c]
                if j < k:
                    return None
                return (c, draws_after[k] - draws_after[j], True)
            if unknown >> c & 1 or self.known_opp >> c & 1:
                return (c, draws_after[k], unknown >> c & 1 == 0)
            return None

        # its hand now, plus the cards it played since trick k, minus those it drew since
        played_now = 1 if self.obs["trick"] and self.obs["trick"][0][0] == self.opp else 0
        hand_now = self.obs["opponent_hand_size"] + len(self.phase1) + played_now

        def add(cards, weight, k):
            """The event "at trick k it held all of `cards` and did not use them"."""
            hs = max(1, hand_now - k - draws_after[k])      # its hand size at trick k
            cards = [held(c, k) for c in cards]
            if any(x is None for x in cards):
                return
            if all(sure for _, _, sure in cards):
                return          # nothing hidden is involved: the same for every layout
            self.events.append(([(c, hs / (hs + d)) for c, d, _ in cards], weight))
            self.event_keys.append(tuple(sorted(c for c, _, _ in cards)))

        for k, talon_open, acts in opp_turns:
            if inf.marriage is not None and inf.marriage < 1 and not any(
                    a.startswith("marry:") for a in acts):
                for s in range(4):
                    if SUITS[s] not in married:
                        add([s * t.suit_size + ki, s * t.suit_size + qi], inf.marriage, k)
            if (inf.exchange is not None and inf.exchange < 1 and talon_open
                    and "exchange" not in acts):
                add([trump * t.suit_size + t.jack_rank], inf.exchange, k)
        if inf.play is not None and inf.play < 1:
            for k, lead, answer in self.free_plays:
                for c in self._not_chosen(lead, answer):
                    add([c], inf.play, k)

    def _not_chosen(self, lead, answer):
        """The cards the opponent would have played instead, had it held them, if it plays
        like the sensible player (`heuristic.BASE`) in Phase 1: its lead (`answer` -1) or its
        answer to `lead`. Only sure preferences count: a half of a marriage is costed both
        with and without its keep-the-half premium, and equal costs are left alone."""
        t, trump, style = self.t, self.trump, heuristic.BASE
        ki, qi = t.king_rank, t.queen_rank

        def cost(c, high=0, half=0):
            base = t.points[c] + (style.trump_bonus if t.suit[c] == trump else 0)
            base += high if t.points[c] >= 10 else 0
            return base, base + (half if t.rank[c] in (ki, qi) else 0)

        if answer < 0:                       # a lead: the cheapest card to lead
            low = cost(lead, style.keep_high, style.keep_half)[0]
            return [c for c in range(t.n) if c != lead
                    and cost(c, style.keep_high, style.keep_half)[1] < low]
        winners = t.beats[trump][lead]
        out = []
        if winners >> answer & 1:            # it took: with its cheapest winner
            return [c for c in bits_of(winners) if cost(c)[0] < cost(answer)[0]]
        if t.suit[lead] != trump:
            if t.points[lead] >= style.take_led:        # a led ace or ten is taken
                out = bits_of(winners)
            else:                                       # a low card with an ace or ten of its suit
                out = [c for c in bits_of(winners & t.suit_mask[t.suit[lead]])
                       if t.points[c] >= 10]
        low = cost(answer, half=style.throw_half)[0]   # it threw: its cheapest loser
        out += [c for c in range(t.n) if c != answer and not winners >> c & 1
                and cost(c, half=style.throw_half)[1] < low]
        return out

    def weight(self, mask):
        """Likelihood weight (0..1] of the opponent holding `mask` now, from the events. The
        same cards passed up at several moments are one piece of evidence (the most likely
        moment counts), not several."""
        worst = {}
        for key, (cards, eps) in zip(self.event_keys, self.events):
            p = 1.0             # probability that it held all these cards at that moment
            for c, pc in cards:
                if not (mask >> c & 1 or c in self.opp_played):
                    p = 0.0
                    break
                p *= pc
            f = 1.0 - (1.0 - eps) * p
            if f < worst.get(key, 1.0):
                worst[key] = f
        w = 1.0
        for f in worst.values():
            w *= f
        return w

    # --- sampling ------------------------------------------------------------------------------
    def sample(self, rng):
        """One consistent layout: (opponent hidden cards mask, stock list top first). With
        inference events, layouts are accepted with probability `weight` (rejection sampling;
        after 30 rejections the best-weighted layout drawn is kept)."""
        best = None
        for attempt in range(30 if self.events else 1):
            mask = self._draw(rng)
            if not self.events:
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
