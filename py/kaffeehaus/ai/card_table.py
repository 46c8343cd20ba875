"""One rule set's facts over card indices, for the AI's positions and search: `Table`, built
once per rule set by `table_for`, and `bits`, the cards of a bitmask.

Cards are indices 0..n-1, suit by suit (`SUITS` order), strongest rank first within a suit;
a set of cards is a bitmask. Every rule fact comes from the engine's rule table
(`ruletable.py`); only the indexing is done here.
"""

from ..ruletable import rules_for


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
