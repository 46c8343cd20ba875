"""Soft inference: how much less likely a hidden-card layout is, read from the opponent's
public choices (`Inference`: likelihood weights, never hard exclusions). `Reading` turns one
observation's history into events "at trick k the opponent would have done otherwise had it
held these cards" and weighs a layout by them; `determinize.Info` samples by that weight.
"""

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
      answer) would not have been the sensible player's choice (`heuristic.choose`) had they
      held this card too: a cheaper lead or throw, a cheaper winner, or a winner of a led ace
      or ten that they let go. None: not used.
    """

    def __init__(self, marriage=0.15, exchange=0.15, play=None):
        self.marriage = marriage
        self.exchange = exchange
        self.play = play

    def read(self, info, opp_turns):
        """The reading of one observation (the benches' other readings override this)."""
        return Reading(info, opp_turns, self)


# The expert's weights. The play cue at 0.1: +0.069 ± 0.058 gp/deal against `hard` over 1,000
# duplicate Schnapsen deals, paired with the same expert without it (bench/RESULTS.md).
INFER = Inference(play=0.1)


class Reading:
    """The inference events of one Schnapsen observation (`info`: a `determinize.Info`)."""

    def __init__(self, info, opp_turns, infer):
        """Events "at trick k the opponent passed up a choice it would have taken with these
        cards". Each is kept as the cards involved, each with the number of cards the opponent
        drew between that moment and the moment the card was last seen with them (played, or
        now for its current hand): a card now in its hand may have been drawn since."""
        self.t, self.trump = t, trump = info.t, info.trump
        self.opp_played = info.opp_played
        self.events = []            # ([(card, P(held then | held now))], weight)
        self.keys = []              # the cards of each event: one piece of evidence per key
        inf = infer
        ki, qi = t.king_rank, t.queen_rank
        unknown = 0
        for c in info.unknown:
            unknown |= 1 << c
        married = {m["suit"] for m in info.obs["marriages"] if m["player"] == info.opp}
        # the indicator taken in exchange or drawn last came to the opponent at that moment
        acquired = {}
        exch = [k for k, _, acts in opp_turns if "exchange" in acts]
        partners = set()
        for m in info.obs["marriages"]:
            if m["player"] == info.opp:
                s = SUITS.index(m["suit"])
                partners |= {s * t.suit_size + ki, s * t.suit_size + qi}
        last_draw = sum(info.phase1)           # the opponent holds it from this trick on
        for c in model.bits(info.known_opp):
            if c in partners:
                continue
            if t.suit[c] == trump and t.rank[c] != t.jack_rank and exch:
                acquired[c] = exch[0]
            else:
                acquired[c] = last_draw
        ntr = len(info.phase1)
        draws_after = [0] * (ntr + 1)           # Phase-1 tricks (draws) from trick k to now
        for k in range(ntr - 1, -1, -1):
            draws_after[k] = draws_after[k + 1] + (1 if info.phase1[k] else 0)

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
            if unknown >> c & 1 or info.known_opp >> c & 1:
                return (c, draws_after[k], unknown >> c & 1 == 0)
            return None

        # its hand now, plus the cards it played since trick k, minus those it drew since
        played_now = 1 if info.obs["trick"] and info.obs["trick"][0][0] == info.opp else 0
        hand_now = info.obs["opponent_hand_size"] + len(info.phase1) + played_now

        def add(cards, weight, k):
            """The event "at trick k it held all of `cards` and did not use them"."""
            hs = max(1, hand_now - k - draws_after[k])      # its hand size at trick k
            cards = [held(c, k) for c in cards]
            if any(x is None for x in cards):
                return
            if all(sure for _, _, sure in cards):
                return          # nothing hidden is involved: the same for every layout
            self.events.append(([(c, hs / (hs + d)) for c, d, _ in cards], weight))
            self.keys.append(tuple(sorted(c for c, _, _ in cards)))

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
            for k, lead, answer in info.free_plays:
                for c in self._not_chosen(lead, answer):
                    add([c], inf.play, k)

    def _not_chosen(self, lead, answer):
        """The cards the opponent would have played instead, had it held them, if it plays
        like the sensible player (`heuristic`, whose constants it reads) in Phase 1: its lead
        (`answer` -1) or its answer to `lead`. Only sure preferences count: a half of a
        marriage is costed both with and without its keep-the-half premium, and equal costs
        are left alone."""
        t, trump, h = self.t, self.trump, heuristic
        ki, qi = t.king_rank, t.queen_rank

        def cost(c, high=0, half=0):
            base = t.points[c] + (h.TRUMP_BONUS if t.suit[c] == trump else 0)
            base += high if t.points[c] >= 10 else 0
            return base, base + (half if t.rank[c] in (ki, qi) else 0)

        if answer < 0:                       # a lead: the cheapest card to lead
            low = cost(lead, h.KEEP_HIGH, h.KEEP_HALF)[0]
            return [c for c in range(t.n) if c != lead
                    and cost(c, h.KEEP_HIGH, h.KEEP_HALF)[1] < low]
        winners = t.beats[trump][lead]
        out = []
        if winners >> answer & 1:            # it took: with its cheapest winner
            return [c for c in bits_of(winners) if cost(c)[0] < cost(answer)[0]]
        if t.suit[lead] != trump:
            if t.points[lead] >= h.TAKE_LED:            # a led ace or ten is taken
                out = bits_of(winners)
            else:                                       # a low card with an ace or ten of its suit
                out = [c for c in bits_of(winners & t.suit_mask[t.suit[lead]])
                       if t.points[c] >= 10]
        low = cost(answer, half=h.THROW_HALF)[0]       # it threw: its cheapest loser
        out += [c for c in range(t.n) if c != answer and not winners >> c & 1
                and cost(c, half=h.THROW_HALF)[1] < low]
        return out

    def informative(self):
        """Whether some layouts weigh less than others (else sampling is uniform)."""
        return bool(self.events)

    def weight(self, mask):
        """Likelihood weight (0..1] of the opponent holding `mask` now, from the events. The
        same cards passed up at several moments are one piece of evidence (the most likely
        moment counts), not several."""
        worst = {}
        for key, (cards, eps) in zip(self.keys, self.events):
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
