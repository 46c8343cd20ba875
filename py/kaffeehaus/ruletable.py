"""Every rule fact of the five profiles, stated once (rule ids of docs/RULES.md beside each).

The deal classes (`schnapsen.py`, `schneider.py`), the deck (`profiles.deck_of`), the rule
book (`rulebook.py`) and the AI's search positions (`ai/model.py`, `ai/solver.py`) read their
thresholds, card values, trick winners, honour rules, close conditions and game points from
here; none of them restates a number.

`FACTS` holds the facts per profile. `rules_for(profile, options)` resolves the table in force
(`TABLE`) for one profile and its options into a `Rules` object: plain values and tables
precomputed once (the trick winner as bitmasks over card indices, for the AI's inner loops,
and as sets of card codes, for the engine), cached per rule set.

`TABLE.changed(profile, **facts)` is a copy of the table with some facts changed; installed
as `TABLE`, every new deal and every AI position follows it (how the tests show that nothing
else states a rule).
"""

from .cards import SUITS

NO_TRUMP = 4          # the row of `Rules.beats` for a deal without a trump (Schneider, SN-7)

_SCHNAPSEN = {
    "game": "schnapsen",
    "ranks": "ATKQJ",                 # SS-1: strength order, high to low
    "ranks_sevens": "ATKQJ7",         # SB-7 `sevens`: the 7s rank below the jack
    "card_points": {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "7": 0},   # SS-1, SB-7 sevens: 0
    "hand_size": 5,                   # SS-2
    "hand_size_sevens": 6,            # SB-7 `sevens`: 3 each, the indicator, 3 each
    "win_points": 66,                 # SV-3, SV-4, SV-5, SB-3, SB-4: effective points that win
    "half_points": 33,                # SS-9: a loser with this many gives a single game point
    "cascade_points": (1, 2, 3),      # SS-9: loser with half_points, below them, without a trick
    "failed_points": (2, 3),          # SV-3 false claim, SV-5 failed close: with / without a trick
    "fixed_failed_points": 2,         # SB-2, SB-3: a false claim or failed close, always
    "sweep_points": 3,                # SB-5: every Phase-2 trick won
    "last_trick_points": 1,           # SV-4: the last trick without win_points; SB-4: a tie
    "marriage_points": (20, 40),      # SS-7: a plain suit, trumps
    "marriage_lead_ranks": "KQ",      # AC-1: an announced marriage is led with its K or Q
    "exchange_rank": "J",             # SS-6: the trump jack takes the indicator
    "close_min_stock": 1,             # SS-8, SV-2, SB-2: the talon may be closed while open
    "must_beat": True,                # SV-1: in Phase 2 the led card is beaten when possible
    "claim_on_answer": False,         # SV-3: a claim is made before leading
    "bummerl_scoring": False,         # SV-3..SV-5 scoring (SB-2..SB-5 when True)
}

_SCHNEIDER = {
    "game": "schneider",
    "ranks": "AKQJT987",              # SN-1: strength order, high to low
    "ranks_24": "AKQJT9",             # SN-10 `deck: 24`: the 7s and 8s removed
    "honour_ranks": "AKQJT",          # SN-2: each of these cards is one honour
    "honour_ranks_24": "AKQJ",        # SN-10 decision: with 24 cards the tens are not honours
    "hand_size": 6,                   # SN-3
    "schneider_at": 16,               # SN-6: a 2-point win from this many honours
    "schneider_at_24": 13,            # SN-10 `deck: 24`
    "honour_points": (1, 2, 3),       # SN-6: majority, Schneider, Schwarz (every honour)
    "neighbour": False,               # SN-7: the highest card of the led suit wins
}

FACTS = {
    "schnapsen": dict(_SCHNAPSEN),
    "schnapsen-strict": dict(_SCHNAPSEN,
                             close_min_stock=3,            # ST-2: more than two cards in the talon
                             marriage_lead_ranks="K"),     # ST-3: only the king leads a marriage
    "bummerl": dict(_SCHNAPSEN,
                    must_beat=False,                       # SB-1: follow suit, need not beat
                    claim_on_answer=True,                  # SB-3: a claim on any turn
                    bummerl_scoring=True),                 # SB-2..SB-5
    "schneider": dict(_SCHNEIDER),
    "schneider-neighbour": dict(_SCHNEIDER, neighbour=True),   # SN-11: only the next rank up wins
}


def trick_winner_is_answer(facts, ranks, trump, lead, answer):
    """Whether `answer` wins the trick led with `lead` (card codes; `trump` a suit or None).
    SS-3, SN-7: the higher card of the led suit, else a trump (SN-10 `trump`); SN-11: only the
    next rank up of the led suit."""
    same_suit = answer[1] == lead[1]
    higher_by = ranks.index(lead[0]) - ranks.index(answer[0]) if same_suit else 0
    if facts.get("neighbour"):
        return higher_by == 1
    if same_suit:
        return higher_by > 0
    return trump is not None and answer[1] == trump


class Rules:
    """One profile's rules under one set of options: plain values and precomputed tables.

    Cards are indexed suit by suit (`SUITS` order), strongest rank first (`cards[i]`);
    `beats[trump][lead]` is the bitmask of the answers that win a trick led with card index
    `lead` when `trump` (a suit index, or NO_TRUMP) is trumps; `beats_code[trump][lead]` the
    same as a set of card codes, keyed by suit letter (or None) and card code."""

    def __init__(self, profile, options, facts):
        f = self.facts = facts
        self.profile = profile
        self.game = f["game"]
        schnapsen = self.game == "schnapsen"
        if schnapsen:
            sevens = bool(options.get("sevens"))
            self.ranks = f["ranks_sevens"] if sevens else f["ranks"]
            self.hand_size = f["hand_size_sevens"] if sevens else f["hand_size"]
            self.card_points = {r: f["card_points"][r] for r in self.ranks}
            self.card_value = self.card_points                     # what a captured card counts
            for name in ("win_points", "half_points", "cascade_points", "failed_points",
                         "fixed_failed_points", "sweep_points", "last_trick_points",
                         "marriage_points", "marriage_lead_ranks", "exchange_rank",
                         "close_min_stock", "must_beat", "claim_on_answer", "bummerl_scoring"):
                setattr(self, name, f[name])
            self.mit40 = bool(options.get("mit40"))                # SB-7 `mit40`
        else:
            small = options.get("deck") == 24
            self.ranks = f["ranks_24"] if small else f["ranks"]
            self.hand_size = f["hand_size"]
            self.honour_ranks = f["honour_ranks_24"] if small else f["honour_ranks"]
            self.card_value = {r: 1 if r in self.honour_ranks else 0 for r in self.ranks}
            self.total_honours = 4 * len(self.honour_ranks)
            self.schneider_at = f["schneider_at_24"] if small else f["schneider_at"]
            self.honour_points = f["honour_points"]
            self.neighbour = f["neighbour"]
            self.follow_suit = bool(options.get("follow_suit"))     # SN-10 `follow_suit`
            self.cumulative = bool(options.get("cumulative"))       # SN-10 `cumulative`
            self.has_trump = bool(options.get("trump"))             # SN-10 `trump`
        self.cards = tuple(r + s for s in SUITS for r in self.ranks)
        self.beats = []
        self.beats_code = {}
        for trump in range(4) if schnapsen else range(5):
            suit = SUITS[trump] if trump < 4 else None
            masks = []
            codes = {}
            for lead in self.cards:
                winners = [i for i, answer in enumerate(self.cards)
                           if trick_winner_is_answer(f, self.ranks, suit, lead, answer)]
                masks.append(sum(1 << i for i in winners))
                codes[lead] = frozenset(self.cards[i] for i in winners)
            self.beats.append(masks)
            self.beats_code[suit] = codes

    # --- Schnapsen ---------------------------------------------------------------------------
    def marriage_value(self, suit, trump):
        """SS-7: what a marriage in `suit` is worth when `trump` is trumps (suit letters or
        indices alike)."""
        return self.marriage_points[1 if suit == trump else 0]

    def loser_standing(self, points, had_trick):
        """SS-9: 0 when the loser has half_points, 1 below them with a trick, 2 without one."""
        if points >= self.half_points:
            return 0
        return 1 if had_trick else 2

    def cascade(self, points, had_trick):
        """SS-9: the game points a loser with these effective points and trick status gives."""
        return self.cascade_points[self.loser_standing(points, had_trick)]

    def failed(self, had_trick):
        """SV-3, SV-5: game points of a false claim or a failed close, by the status that
        counts (the winner's tricks, or the closer's opponent's at the close)."""
        return self.failed_points[0 if had_trick else 1]

    def close_allowed(self, stock_size):
        """SS-8 with ST-2: closing the talon needs this many cards in it."""
        return stock_size >= self.close_min_stock

    # --- Schneider ---------------------------------------------------------------------------
    def honour_result(self, won, lost):
        """SN-6, SN-10 `cumulative`: (game points, why) of a deal won with `won` honours."""
        if self.cumulative:
            return won - lost, "difference"
        if won == self.total_honours:
            return self.honour_points[2], "schwarz"
        if won >= self.schneider_at:
            return self.honour_points[1], "schneider"
        return self.honour_points[0], "majority"


class RuleTable:
    """The facts of every profile and the `Rules` resolved from them (cached)."""

    def __init__(self, facts):
        self.facts = facts
        self._cache = {}

    def rules(self, profile, options):
        o = options or {}
        key = (profile, bool(o.get("sevens")), o.get("deck") == 24, bool(o.get("mit40")),
               bool(o.get("follow_suit")), bool(o.get("cumulative")), bool(o.get("trump")))
        rules = self._cache.get(key)
        if rules is None:
            rules = self._cache[key] = Rules(profile, o, self.facts[profile])
        return rules

    def changed(self, profile, **facts):
        """A copy of this table with `facts` of `profile` replaced."""
        unknown = set(facts) - set(self.facts[profile])
        if unknown:
            raise ValueError(f"no such rule fact: {', '.join(sorted(unknown))}")
        return RuleTable(dict(self.facts, **{profile: dict(self.facts[profile], **facts)}))


TABLE = RuleTable(FACTS)


def rules_for(profile, options):
    """The rules in force for `profile` under `options` (from `TABLE`, read at each call)."""
    return TABLE.rules(profile, options)
