"""A rule-based, sensible player (the play of `easy`, `medium` and `hard` before their exact
end, the policy of the expert's rollouts, and the benches' `heuristic` player).

It looks only at its own hand and at `unseen`: the cards that may lie with the opponent or in
the stock (everything not in its hand, not played and not the face-up indicator). Rules:

Schnapsen: claim at once with the winning points (never a false claim); exchange the trump jack;
announce a marriage when leading (40 first), and if it brings the win claim at once; close when
the sure tricks of the hand (top trumps in sequence, masters of suits) bring the win; lead low
side cards in Phase 1, keeping trumps, aces, tens and marriage halves; answer a led ace or
ten with the cheapest winner (a higher card of the suit, else a low trump), take cheap tricks
with an ace or ten of the led suit, otherwise throw the cheapest card. Phase 2: pull trumps
with the top trump, cash masters, win every trick that can be won as cheaply as possible.

Schneider (SN-7): lead a master (a card nothing unseen can beat), honours first; else lead a
low card; answer by winning honours cheaply, otherwise throw a non-honour.

Schneider with the neighbour rule (SN-11, the `NEIGHBOUR_` constants): every card but an ace
has exactly one winner, and whoever cannot take must give the leader a card. So: take with the
winner whenever it is in hand; lead the card of best expectation, which in practice is a card
whose winner is in hand or gone (honours first), before any card the opponent might take;
discard non-honours, keeping the cards that can still capture the card just below them.

Why one unit of about 260 lines: it is one player, read against the rules above; the three
games' branches share the cost of a card, the constants and `unseen`, and the expert's
rollouts call `choose` in their inner loop, where a dispatch through modules would cost time.
"""

from .model import bits, neighbour_winner


# The Schnapsen constants, in card points (tuned by self-play, bench/style.py)
TRUMP_BONUS = 30        # a trump costs its points and this much more
KEEP_HALF = 6           # a lead of a possible marriage half costs this much more
KEEP_HIGH = 8           # a lead of an ace or ten costs this much more
TAKE_LED = 10           # a led side card worth this much is taken (with the cheapest winner)
THROW_HALF = 6          # a throw of a possible marriage half costs this much more

# The `schneider-neighbour` constants (SN-11: only the next rank up wins a lead), in honours. A
# lead is valued by its expectation: the lead card's honour is banked unless the opponent holds
# its one winner, which is assumed to lie with them in proportion to their share of the unseen
# cards; then they take both cards and the lead. Tuned by self-play (bench/style.py): the lead
# is worth about two honours, because the player who cannot take must feed the leader a card.
NEIGHBOUR_LEAD = 2.0    # worth of keeping the lead
NEIGHBOUR_GUARD = 0.35  # of a kept card, per honour it may capture (the card it beats)


def choose(pos, p, unseen):
    if pos.game == "schnapsen":
        return _schnapsen(pos, p, unseen)
    if pos.neighbour:
        return _neighbour(pos, p, unseen)
    return _schneider(pos, p, unseen)


# --- Schnapsen ---------------------------------------------------------------------------------

def _cost(t, trump, c):
    return t.points[c] + (TRUMP_BONUS if t.suit[c] == trump else 0)


def _sure_points(pos, p, unseen):
    """Points of tricks the hand wins for sure if the talon were closed now (own card + at
    least the cheapest card of the opponent), walking top trumps in sequence."""
    t = pos.t
    trump = pos.trump
    hand = pos.hands[p]
    left = unseen
    pts = 0
    tricks = 0
    trumps = sorted(bits(hand & t.suit_mask[trump]), key=lambda c: t.rank[c])
    for c in trumps:
        if t.higher[c] & left:
            break
        pts += t.points[c]
        tricks += 1
        left_trumps = left & t.suit_mask[trump]
        if left_trumps:        # the opponent must follow with a trump: assume the lowest
            low = max(bits(left_trumps), key=lambda x: t.rank[x])
            left &= ~(1 << low)
            pts += t.points[low]
        else:
            pts += min(t.points[x] for x in range(t.n)) if left else 0
    if not (left & t.suit_mask[trump]):
        # opponent out of trumps: side masters are sure too
        for c in bits(hand & ~t.suit_mask[trump]):
            if not (t.higher[c] & left):
                pts += t.points[c]
                same = left & t.suit_mask[t.suit[c]]
                if same:
                    low = max(bits(same), key=lambda x: t.rank[x])
                    left &= ~(1 << low)
                    pts += t.points[low]
    return pts, tricks


def _schnapsen(pos, p, unseen):
    t = pos.t
    trump = pos.trump
    hand = pos.hands[p]
    eff = pos.eff(p)
    can_claim = pos.lead < 0 or pos.bummerl
    if can_claim and eff >= t.win_points:
        return "claim"
    phase2 = pos.phase2()
    if pos.lead >= 0:
        return t.names[_schnapsen_answer(pos, p, unseen, phase2)]
    if pos.pending >= 0:
        leads = pos.marriage_leads(p)
        return t.names[max(leads, key=lambda c: t.rank[c])]       # the Q if allowed
    if pos.can_exchange(p):
        return "exchange"
    suits = pos.marriage_suits(p)
    if suits:
        best = max(suits, key=lambda s: t.marriage_value[trump][s])
        return "marry:" + "CDHS"[best]
    if pos.close_allowed():
        sure, tricks = _sure_points(pos, p, unseen)
        if tricks and eff + sure >= t.win_points and pos.tricks_won[p]:
            return "close"
    cards = bits(hand)
    if phase2:
        trumps = [c for c in cards if t.suit[c] == trump]
        if trumps:
            top = min(trumps, key=lambda c: t.rank[c])
            if not (t.higher[top] & unseen) and unseen & t.suit_mask[trump]:
                return t.names[top]
        masters = [c for c in cards if t.suit[c] != trump and not (t.higher[c] & unseen)]
        if masters:
            return t.names[max(masters, key=lambda c: t.points[c])]
        return t.names[min(cards, key=lambda c: _cost(t, trump, c))]
    ki, qi = t.king_rank, t.queen_rank

    def lead_cost(c):
        cost = _cost(t, trump, c)
        r = t.rank[c]
        if r in (ki, qi):
            partner = t.suit[c] * t.suit_size + (qi if r == ki else ki)
            if unseen >> partner & 1:
                cost += KEEP_HALF            # keep a possible marriage half
        if t.points[c] >= 10:
            cost += KEEP_HIGH
        return cost
    return t.names[min(cards, key=lead_cost)]


def _schnapsen_answer(pos, p, unseen, phase2):
    t = pos.t
    trump = pos.trump
    lead = pos.lead
    legal = bits(pos.answers(p))
    ls = t.suit[lead]
    winning = t.beats[trump][lead]                 # SS-3

    def wins(c):
        return winning >> c & 1

    winners = [c for c in legal if wins(c)]
    losers = [c for c in legal if not wins(c)]
    cheapest_loser = min(losers, key=lambda c: _cost(t, trump, c)) if losers else None
    cheapest_winner = min(winners, key=lambda c: _cost(t, trump, c)) if winners else None
    if not winners:
        return cheapest_loser
    if phase2 or pos.eff(p) + t.points[lead] + t.points[cheapest_winner] >= t.win_points:
        return cheapest_winner
    if not losers:
        return cheapest_winner
    value = t.points[lead]
    if ls != trump and value >= TAKE_LED:
        return cheapest_winner
    same = [c for c in winners if t.suit[c] == ls and t.points[c] >= 10]
    if same and ls != trump:
        return min(same, key=lambda c: t.points[c])     # take a cheap trick with A or T
    ki, qi = t.king_rank, t.queen_rank

    def throw_cost(c):
        cost = _cost(t, trump, c)
        r = t.rank[c]
        if r in (ki, qi):
            partner = t.suit[c] * t.suit_size + (qi if r == ki else ki)
            if unseen >> partner & 1 or pos.hands[p] >> partner & 1:
                cost += THROW_HALF
        return cost
    return min(losers, key=throw_cost)


# --- Schneider ---------------------------------------------------------------------------------

def _schneider_master(pos, c, unseen):
    """Whether no unseen card wins a trick led with `c` (SN-7, SN-10 trump, SN-11)."""
    return not (pos.beats[c] & unseen)


def _schneider(pos, p, unseen):
    t = pos.t
    cards = bits(pos.hands[p])
    if pos.lead < 0:
        masters = [c for c in cards if _schneider_master(pos, c, unseen)]
        if masters:
            return t.names[max(masters, key=lambda c: (t.honour[c], -t.rank[c]))]
        # lead a low card, from the suit where the opponent can do least with it
        return t.names[min(cards, key=lambda c: (t.honour[c], -t.rank[c]))]
    lead = pos.lead
    legal = bits(pos.answers(p))
    winners = [c for c in legal if pos.wins(c, lead)]
    losers = [c for c in legal if not pos.wins(c, lead)]
    if winners:
        best = min(winners, key=lambda c: (t.honour[c], -t.rank[c]))
        gain = t.honour[lead] + t.honour[best]
        if gain >= 1 or not losers:
            return t.names[best]
        if not t.honour[best]:
            return t.names[best]     # a free win keeps the lead and the first draw
    if not losers:
        return t.names[min(legal, key=lambda c: (t.honour[c], -t.rank[c]))]
    return t.names[min(losers, key=lambda c: (t.honour[c], -t.rank[c]))]


# --- Schneider with the neighbour rule (SN-11) ------------------------------------------------

def _neighbour(pos, p, unseen):
    t = pos.t
    hand = pos.hands[p]

    def keep_value(c):
        """What c is worth kept in hand: the card it beats may still be led to it."""
        below = c + 1
        if t.rank[c] == t.suit_size - 1 or not unseen >> below & 1:
            return 0.0
        return NEIGHBOUR_GUARD * (1 + t.honour[below] + t.honour[c])

    if pos.lead < 0:
        # the opponent holds as many cards as the leader: this share of the unseen ones
        share = min(1.0, hand.bit_count() / (unseen.bit_count() or 1))

        def lead_value(c):
            w = neighbour_winner(t, c)
            if w < 0 or not unseen >> w & 1:
                return t.honour[c] + NEIGHBOUR_LEAD - keep_value(c)       # nothing can take it
            lost = t.honour[c] + t.honour[w]
            return ((1 - share) * (t.honour[c] + NEIGHBOUR_LEAD) - share * (lost + NEIGHBOUR_LEAD)
                    - keep_value(c))
        return t.names[max(bits(hand), key=lambda c: (lead_value(c), -c))]
    legal = bits(pos.answers(p))
    winners = [c for c in legal if pos.wins(c, pos.lead)]
    if winners:
        return t.names[winners[0]]        # the one winner: the trick, its honours and the lead

    def discard_cost(c):
        return t.honour[c] + keep_value(c)       # a discarded honour goes to the leader
    return t.names[min(legal, key=lambda c: (discard_cost(c), c))]


def unseen_for(pos, p):
    """In a determinized position: what player p cannot see (opponent hand + hidden stock)."""
    m = pos.hands[1 - p]
    for c in pos.stock:
        m |= 1 << c
    tc = pos.trump_card()
    if tc >= 0:
        m &= ~(1 << tc)
    return m
