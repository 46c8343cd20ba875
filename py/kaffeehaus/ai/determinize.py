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


class Inference:
    """How much less likely a layout is when it would mean the opponent passed up a choice a
    sensible player takes (a likelihood weight, never a hard exclusion):

    * `marriage`: they led without announcing while holding K and Q of a suit (SS-7);
    * `exchange`: they led with the talon open without exchanging while holding the trump
      jack (SS-6).
    """

    def __init__(self, marriage=0.15, exchange=0.15):
        self.marriage = marriage
        self.exchange = exchange


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
        opp = self.opp
        turn = []             # the leader's actions this turn before the lead card
        turn_open = False     # the talon was open when this turn began
        opp_turns = []        # (trick index, talon open, actions before the lead)
        self.phase1 = []      # per completed trick: played with the talon open (both drew)
        self.opp_played = {}  # card -> trick index where the opponent played it
        for player, action in obs["actions"]:
            if on_table == 0 and not turn:
                turn_open = closed_by is None and total_stock - 2 * k > 0
            if action in t.index:
                if player == opp:
                    self.opp_played[t.index[action]] = k
                if on_table == 0:
                    if player == opp:
                        opp_turns.append((k, turn_open, turn))
                    turn = []
            else:
                turn = turn + [action]
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
                self.phase1.append(not lead_phase2)
                k += 1
                on_table = 0
        if self.infer is not None:
            self._inference_events(opp_turns, hand_size)
        self.card_points, self.tricks_won = cpts, ntr
        self.marriage_points, self.early_points = marr, imm
        self.closed_by, self.close_points, self.close_had_trick = closed_by, cs_pts, cs_trick
        self.phase2_winners = p2w
        self.tricks_played = k
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
        self.honours = hon
        self.tricks_played = ntricks

    # --- soft inference from the opponent's public choices -------------------------------------
    def _inference_events(self, opp_turns, hand_size):
        """Events "at trick k the opponent passed up a choice it would have taken with these
        cards". Each is kept as the cards involved, each with the number of cards the opponent
        drew between that moment and the moment the card was last seen with them (played, or
        now for its current hand): a card now in its hand may have been drawn since."""
        t, inf = self.t, self.infer
        trump = self.trump
        ki, qi = t.ranks.index("K"), t.ranks.index("Q")
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

        def add(cards, weight, k):
            """The event "at trick k it held all of `cards` and did not use them"."""
            hs = hand_size - k + (sum(self.phase1[:k]))      # its hand size at trick k
            hs = max(1, hs)
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
