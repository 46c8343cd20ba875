"""A bench reading: the opponent's talon-open turns re-played as the rule-based player's.

`Replay(info, eps)` weighs a hidden hand of the opponent (Schnapsen) by how well the rule-based
player (`heuristic.choose`) holding it would have made the opponent's public choices while the
talon was open (SS-5: any card may answer; SS-6, SS-7, SS-8: exchange, marriage, close):
each choice the rule-based player would have made otherwise costs a factor `eps`, a turn that
is impossible with the hand (a card or a marriage partner it did not hold) rules the hand out.
With `eps` 0 it is the exact likelihood of the hand against that player.

Its hand at each past turn is found backwards from the hand now: after each talon-open trick it
drew one card, any of the cards it holds then with equal chance (every order of the dealt
cards is equally likely), so the weight is the average over those draw orders. Each turn is
re-played on a position built from the public facts of that moment (`model.SchnapsenPos`), so
its checks are the rule table's (legal actions) and the rule-based player's own code.

`ReplayInference(eps)` plugs it into the expert's sampling in place of the shipped cues
(`inference.Inference`): the variants `expert-replay*` of bench/ai_variants.py. Not shipped:
bench/RESULTS.md has what it measured (how close its layouts come to the real hand, and the
paired games); the shipped expert reads single passed-up cards (`inference.Reading`).
"""

from __future__ import annotations

from kaffeehaus.ai import heuristic, model
from kaffeehaus.ai.inference import Inference, Reading
from kaffeehaus.cards import SUITS


class ReplayInference(Inference):
    """The expert's reading replaced by `Replay(eps, late_eps)` (the cues of `Inference` off:
    the re-played turns include the passed-up marriages and exchanges of the talon-open
    phase)."""

    def __init__(self, eps, late_eps=None):
        super().__init__(marriage=None, exchange=None, play=None)
        self.eps, self.late_eps = eps, late_eps

    def read(self, info, opp_turns):
        return ReplayReading(info, opp_turns, self)


class ReplayReading(Reading):
    def __init__(self, info, opp_turns, infer):
        super().__init__(info, opp_turns, infer)
        self.replay = Replay(info, infer.eps, infer.late_eps)

    def informative(self):
        return True

    def weight(self, mask):
        return super().weight(mask) * self.replay.weight(mask)


class Replay:
    def __init__(self, info, eps, late_eps=None, late_stock=4):
        """`eps`: the factor of a choice the rule-based player would not have made; `late_eps`
        (default `eps`) for turns begun with at most `late_stock` cards in the talon."""
        obs, t = info.obs, info.t
        self.t, self.opp, self.me = t, info.opp, info.me
        self.eps = eps
        self.late_eps = eps if late_eps is None else late_eps
        self.late_stock = late_stock
        self.trump = info.trump
        self.jack = self.trump * t.suit_size + t.jack_rank
        self.profile, self.mit40 = info.profile, bool(info.options.get("mit40"))
        self.forehand = obs["forehand"]
        self.memo_turn, self.memo_start = {}, {}
        self._read(obs, info)

    # --- the public facts of every trick ------------------------------------------------------
    def _read(self, obs, info):
        t, opp, me = self.t, self.opp, self.me
        hist = obs["history"]
        tricks = [(trick["leader"], trick["actions"], trick["phase"] == 1) for trick in hist]
        done = sum(len(trick["actions"]) for trick in hist)
        current = obs["actions"][done:]
        if current:
            tricks.append((current[0][0], current, False))
        self.n = len(hist)            # finished tricks; a trick in play is the last entry
        self.indicator = self._indicator(obs, info, tricks)
        talon = t.n - 2 * t.rules.hand_size            # SS-2: the talon after the deal
        self.facts = []       # per trick: the public position before it, or None (not re-played)
        self.played = []      # per trick: the opponent's card (-1: none yet)
        self.taken = []       # per trick: the indicator the opponent took in exchange, or None
        self.drew = []        # per trick: the opponent drew after it
        self.actions = []     # per trick: the opponent's actions, in order
        self.first = 0        # the earliest trick whose turn can be re-played
        points, won = [0, 0], [0, 0]
        married, early = [0, 0], [0, 0]
        seen = 0              # cards played before the trick
        stock, closed, visible = talon, False, self.indicator
        last = None
        for j, (leader, actions, draws) in enumerate(tricks):
            opp_acts = [a for p, a in actions if p == opp]
            self.actions.append(opp_acts)
            cards = [a for a in opp_acts if a in t.index]
            self.played.append(t.index[cards[0]] if cards else -1)
            self.taken.append(None)
            my_before = []            # the seat's actions before the opponent's turn
            for p, a in actions:
                if p == opp:
                    break
                my_before.append(a)
            if "exchange" in opp_acts:
                self.taken[j] = visible
                if visible is None:
                    self.first = j + 1
            if "exchange" in my_before:
                visible = self.jack          # the jack lies under the talon now
                if self.indicator is None:
                    self.first = max(self.first, j)
            open_turn = (not closed and stock > 0 and "close" not in my_before and bool(opp_acts)
                         and visible is not None)
            lead = -1
            my_cards = [a for a in my_before if a in t.index]
            if leader == me and my_cards:
                lead = t.index[my_cards[0]]
            if open_turn:
                self.facts.append(dict(leader=leader, lead=lead, card_points=list(points),
                                       tricks_won=list(won), marriage_points=list(married),
                                       early_points=list(early), stock=stock, visible=visible,
                                       seen=seen | (1 << lead if lead >= 0 else 0),
                                       tricks_played=j, last=last))
            else:
                self.facts.append(None)
            self.drew.append(draws and j < len(hist))
            # the trick's public effects, for the next one
            for p, a in actions:
                if a.startswith("marry:"):
                    s = SUITS.index(a[6])
                    pts = t.marriage_value[self.trump][s]
                    married[p] += pts
                    if self.mit40 and j == 0 and p == self.forehand and s == self.trump:
                        early[p] += pts
                elif a == "close":
                    closed = True
                elif a == "exchange" and p == opp:
                    visible = self.jack
            for _, c in (hist[j]["cards"] if j < len(hist) else []):
                seen |= 1 << t.index[c]
            if j < len(hist):
                w = hist[j]["winner"]
                points[w] += hist[j]["points"]
                won[w] += 1
                last = w
                if draws:
                    stock -= 2

    def _indicator(self, obs, info, tricks):
        """The indicator dealt face up, or None when an exchange hides which card it was."""
        t = self.t
        exchanges = [(j, p) for j, (_, actions, _) in enumerate(tricks)
                     for p, a in actions if a == "exchange"]
        if not exchanges:
            return info.trump_card if info.trump_card >= 0 else None
        j, p = exchanges[0]
        if p == self.opp:
            # shown when taken: still in its hand (known) or played by it since
            held = [c for c in model.bits(info.known_opp)]
            held += [c for c, k in info.opp_played.items() if k >= j]
        else:
            held = list(model.bits(info.hand))
            held += [t.index[c] for trick in obs["history"][j:] for q, c in trick["cards"]
                     if q == self.me]
        cands = [c for c in held if t.suit[c] == self.trump and c != self.jack]
        return cands[0] if len(cands) == 1 else None

    # --- the weight ----------------------------------------------------------------------------
    def weight(self, hand_now):
        """Likelihood (0..1] up to a constant of the opponent holding `hand_now` (a mask of its
        whole hand) given its talon-open turns."""
        j = self.n
        if j < len(self.played) and self.played[j] >= 0 and j >= self.first:
            # its card of the trick in play is still on the table
            start = self._undo_exchange(j, hand_now | 1 << self.played[j])
            if start is None:
                return 0.0
            return self._turn(j, start) * self._start(j, start)
        return self._start(self.n, hand_now)

    def _undo_exchange(self, j, hand):
        x = self.taken[j]
        if x is None:
            return hand
        if not hand >> x & 1:
            return None
        return (hand & ~(1 << x)) | 1 << self.jack

    def _start(self, j, hand):
        """Likelihood of the turns before trick j given its hand at the start of trick j."""
        if j <= self.first:
            return 1.0
        key = (j, hand)
        if key in self.memo_start:
            return self.memo_start[key]
        i = j - 1
        played = 1 << self.played[i] if self.played[i] >= 0 else 0
        if self.drew[i]:
            options = [(hand & ~(1 << d)) | played for d in model.bits(hand)]
        else:
            options = [hand | played]
        total = 0.0
        size = bin(hand).count("1") + (0 if self.drew[i] else 1)
        for before in options:
            before = self._undo_exchange(i, before)
            if before is None or bin(before).count("1") != size:
                continue        # the card it took in exchange, or a card it cannot have drawn
            f = self._turn(i, before)
            if f:
                total += f * self._start(i, before)
        value = total / len(options)
        self.memo_start[key] = value
        return value

    def _turn(self, j, hand):
        """1 if the rule-based player holding `hand` at the start of trick j makes the
        opponent's choices of that trick, `eps` if not, 0 if it could not have made them."""
        key = (j, hand)
        if key in self.memo_turn:
            return self.memo_turn[key]
        value = self._replay(j, hand)
        self.memo_turn[key] = value
        return value

    def _replay(self, j, hand):
        t, opp = self.t, self.opp
        facts = self.facts[j]
        if facts is None or j < self.first:
            # not re-played: it only had to hold its card (or take it in exchange)
            held = hand | (1 << self.taken[j] if self.taken[j] is not None else 0)
            return 0.0 if self.played[j] >= 0 and not held >> self.played[j] & 1 else 1.0
        hands = [0, 0]
        hands[opp] = hand
        pos = model.SchnapsenPos.from_layout(
            t, profile=self.profile, mit40=self.mit40, forehand=self.forehand,
            trump=self.trump, hands=hands, stock=[0] * (facts["stock"] - 1) + [facts["visible"]],
            leader=facts["leader"], lead=facts["lead"], card_points=facts["card_points"],
            tricks_won=facts["tricks_won"], marriage_points=facts["marriage_points"],
            early_points=facts["early_points"], tricks_played=facts["tricks_played"],
            last=facts["last"])
        unseen = ((1 << t.n) - 1) & ~hand & ~facts["seen"] & ~(1 << facts["visible"])
        value = 1.0
        for a in self.actions[j]:
            if a not in pos.legal_actions():
                return 0.0
            if value == 1.0 and heuristic.choose(pos, opp, unseen) != a:
                value = self.late_eps if facts["stock"] <= self.late_stock else self.eps
            pos.apply(a)
            if pos.to_move() != opp or pos.result is not None:
                break
        return value
