"""Validation of an observation handed back to the API (`ai_action`, `hint`): the shape the
engine produces (observation.py, docs/API.md) and the public facts agreeing with each other,
so that the AI never meets a value it cannot use. ObservationError says which field is wrong.

The checks, in order: every field the AI reads has its type and range; the cards are the
profile's, each seen at most once (own hand, tricks, known opponent cards, the indicator) and
the hidden ones add up (own hand + opponent's hand + talon + played = the deck); each trick was
led by the winner of the one before (SN-5, SS-4), won by the card the rules say (SS-3, SN-7,
SN-11), played in the phase AC-6 gives, and took the points SS-1/SN-2 give; `actions` agrees
with the tricks (each trick's own actions, the card order), with the marriages and the close;
the talon shrinks by two per trick until it is closed or empty; points, tricks and marriages
add up (SS-9); the seat to move follows from the trick on the table; the offers (claim,
marriages) are of legal actions.

Why one unit of about 350 lines: the checks build on each other in that order (the card
counts need the cards' types, the tricks need the card counts, the score needs the tricks), so
they are the methods of one `_View` of the observation being checked.
"""

from .cards import SUITS, is_card_code
from .game import deal_class
from .match import schneider_target
from .messages import short
from .profiles import GAME_OF_PROFILE, PROFILE_OPTIONS, deck_of, normalise_options

KEYS = ("profile", "game", "options", "player", "forehand", "dealer", "to_move", "hand",
        "opponent_hand_size", "legal_actions", "illegal", "trump", "trump_card", "stock_size",
        "closed", "closed_by", "close", "phase", "trick", "pending_marriage", "history",
        "actions", "points", "card_points", "tricks_won", "marriages", "marriage_points",
        "marriage_claim_wins", "claim_wins", "known_opponent_cards", "result", "match")
WORDS = {"exchange", "close", "claim", "next"} | {f"marry:{s}" for s in SUITS}
MAX_POINTS = 250            # 120 card points and 100 of marriages at most


class ObservationError(ValueError):
    """An observation the engine could not have produced."""


def fail(field, what):
    raise ObservationError(f"malformed observation: {field} {what}")


def need(ok, field, what):
    if not ok:
        fail(field, what)


def is_seat(value):
    return type(value) is int and value in (0, 1)


def is_suit(value):
    return isinstance(value, str) and len(value) == 1 and value in SUITS


def is_int(value, low, high):
    return type(value) is int and low <= value <= high


def is_pair_of_ints(value, low, high):
    return isinstance(value, list) and len(value) == 2 and all(is_int(v, low, high) for v in value)


def check_observation(obs):
    """The observation, unchanged, when it is one the engine could have produced."""
    if not isinstance(obs, dict):
        raise ObservationError(f"an observation must be an object, not {type(obs).__name__}")
    missing = [k for k in KEYS if k not in obs]
    if missing:
        fail(missing[0], "is missing")
    view = _View(obs)
    view.header()
    view.cards()
    view.tricks()
    view.log()
    view.talon()
    view.scores()
    view.turn()
    view.offers()
    _check_match(obs["match"], view.profile, view.options)
    return obs


class _View:
    """One observation under check; later checks use what earlier ones established."""

    def __init__(self, obs):
        self.obs = obs

    def header(self):
        obs = self.obs
        profile = obs["profile"]
        need(isinstance(profile, str) and profile in PROFILE_OPTIONS, "profile",
             f"is not a known profile: {short(profile)}")
        options = obs["options"]
        need(isinstance(options, dict), "options", "must be an object")
        try:
            complete = normalise_options(profile, options)
        except ValueError as exc:
            fail("options", f"are not valid: {exc}")
        need(complete == options, "options", "must list every option of the profile")
        need(obs["game"] == GAME_OF_PROFILE[profile], "game", "does not match the profile")
        for name in ("player", "forehand", "dealer"):
            need(is_seat(obs[name]), name, "must be 0 or 1")
        need(obs["forehand"] == 1 - obs["dealer"], "forehand", "must be the dealer's opponent")
        need(obs["to_move"] is None or is_seat(obs["to_move"]), "to_move", "must be 0, 1 or null")
        self.profile, self.options = profile, options
        self.schnapsen = GAME_OF_PROFILE[profile] == "schnapsen"
        self.deck = deck_of(profile, options)
        self.rules = deal_class(profile)(profile, options, self.deck, obs["dealer"])
        self.talon0 = len(self.deck) - 2 * self.rules.hand_size    # SN-3, SS-2
        self.card_set = set(self.deck)

    def card_list(self, field, value, limit):
        need(isinstance(value, list) and len(value) <= limit, field,
             f"must be a list of at most {limit} cards")
        need(all(is_card_code(c) and c in self.card_set for c in value), field,
             "holds something that is not a card of this deck")
        need(len(set(value)) == len(value), field, "holds a card twice")
        return value

    def cards(self):
        obs = self.obs
        hand_size = self.rules.hand_size
        self.hand = self.card_list("hand", obs["hand"], hand_size)
        size = obs["opponent_hand_size"]
        need(is_int(size, 0, hand_size), "opponent_hand_size",
             f"must be an integer from 0 to {hand_size}")
        self.known = self.card_list("known_opponent_cards", obs["known_opponent_cards"], size)
        trump = obs["trump"]
        need(trump is None or is_suit(trump), "trump", "must be a suit letter or null")
        need((trump is not None) == (self.schnapsen or bool(self.options.get("trump"))), "trump",
             "is missing" if trump is None else "must be null in this game")
        stock = obs["stock_size"]
        need(is_int(stock, 0, self.talon0), "stock_size", "is out of range")
        indicator = obs["trump_card"]
        if indicator is not None:
            need(is_card_code(indicator) and indicator in self.card_set and indicator[1] == trump,
                 "trump_card", "must be a card of the trump suit")
        need((indicator is not None) == (stock > 0 and trump is not None), "trump_card",
             "must be the indicator while the talon holds cards, else null")
        if trump is not None:
            self.rules.trump = trump
        self.trump, self.indicator, self.stock = trump, indicator, stock
        need(isinstance(obs["closed"], bool), "closed", "must be true or false")
        need(obs["closed_by"] is None or is_seat(obs["closed_by"]), "closed_by",
             "must be 0, 1 or null")
        need(obs["closed"] == (obs["closed_by"] is not None), "closed", "disagrees with closed_by")
        need(self.schnapsen or not obs["closed"], "closed", "must be false in this game")
        need(is_int(obs["phase"], 1, 2), "phase", "must be 1 or 2")
        pending = obs["pending_marriage"]
        need(pending is None or (self.schnapsen and is_suit(pending)), "pending_marriage",
             "must be a suit letter or null")
        close = obs["close"]
        if close is None:
            need(not obs["closed"], "close", "is missing for a closed talon")
        else:
            need(isinstance(close, dict) and close.get("by") == obs["closed_by"]
                 and is_int(close.get("trick"), 0, self.talon0 // 2)
                 and is_int(close.get("stock_size"), 1, self.talon0)
                 and is_pair_of_ints(close.get("points"), 0, MAX_POINTS)
                 and is_pair_of_ints(close.get("tricks_won"), 0, len(self.deck) // 2),
                 "close", "must be {by, trick, stock_size, points, tricks_won} of the closer")
        self.close = close

    def tricks(self):
        obs = self.obs
        history = obs["history"]
        need(isinstance(history, list) and len(history) <= len(self.deck) // 2, "history",
             "must be a list of tricks")
        self.played = []
        leader = obs["forehand"]
        taken = [0, 0]
        won = [0, 0]
        for k, trick in enumerate(history):
            where = f"history[{k}]"
            need(isinstance(trick, dict), where, "must be an object")
            pair = trick.get("cards")
            need(isinstance(pair, list) and len(pair) == 2
                 and all(isinstance(pc, list) and len(pc) == 2 for pc in pair), where,
                 "must hold two [player, card] pairs")
            (p0, c0), (p1, c1) = pair
            need(p0 == leader and p1 == 1 - leader and is_seat(p0) and is_seat(p1), where,
                 "is not led by the winner of the trick before")
            need(is_card_code(c0) and c0 in self.card_set and is_card_code(c1)
                 and c1 in self.card_set, where, "holds something that is not a card of this deck")
            need(trick.get("leader") == leader, where, "names the wrong leader")
            winner = 1 - leader if self.rules.beats(c1, c0) else leader
            need(is_seat(trick.get("winner")) and trick["winner"] == winner, where,
                 "names a winner the rules do not give")
            need(is_int(trick.get("phase"), 1, 2) and trick["phase"] == self.phase_of(k), where,
                 "names a phase AC-6 does not give")
            value = self.rules.card_value(c0) + self.rules.card_value(c1)
            need(is_int(trick.get("points"), 0, 30) and trick["points"] == value, where,
                 "names points the cards do not give")
            taken[winner] += value
            won[winner] += 1
            self.played += [[p0, c0], [p1, c1]]
            leader = winner
        table = obs["trick"]
        need(isinstance(table, list) and len(table) <= 1, "trick", "must hold at most one card")
        for pc in table:
            need(isinstance(pc, list) and len(pc) == 2 and is_seat(pc[0]) and pc[0] == leader
                 and is_card_code(pc[1]) and pc[1] in self.card_set, "trick",
                 "must be [leader, card] of the player on lead")
            self.played.append(list(pc))
        played_cards = [c for _, c in self.played]
        seen = self.hand + self.known + played_cards + ([self.indicator] if self.indicator else [])
        need(len(set(seen)) == len(seen), "hand",
             "shares a card with the tricks, the known cards or the indicator")
        need(len(self.hand) + obs["opponent_hand_size"] + self.stock + len(played_cards)
             == len(self.deck), "stock_size",
             "does not add up: hand, opponent's hand, talon and played cards must make the deck")
        self.leader, self.table, self.taken, self.won = leader, table, taken, won

    def phase_of(self, k):
        """AC-6: the phase of trick k (Phase 2 once the talon is closed or exhausted)."""
        if not self.schnapsen:
            return 1
        closed_at = self.close["trick"] if self.close else None
        if closed_at is not None and k >= closed_at:
            return 2
        return 2 if self.talon0 - 2 * k <= 0 else 1

    def log(self):
        obs = self.obs
        actions = obs["actions"]
        need(isinstance(actions, list) and len(actions) <= 200, "actions", "must be a list")
        for pa in actions:
            need(isinstance(pa, list) and len(pa) == 2 and is_seat(pa[0]) and isinstance(pa[1], str)
                 and (pa[1] in WORDS or (is_card_code(pa[1]) and pa[1] in self.card_set)),
                 "actions", "must hold [player, action] pairs")
        need([pa for pa in actions if pa[1] in self.card_set] == self.played, "actions",
             "disagree with the cards of history and trick")
        start = 0
        for k, trick in enumerate(obs["history"]):
            own = trick.get("actions")
            need(isinstance(own, list) and 2 <= len(own) <= len(actions) - start
                 and own == actions[start:start + len(own)] and own[-2:] == trick["cards"]
                 and all(pa[1] not in self.card_set for pa in own[:-2]), f"history[{k}]",
                 "must list the actions of its turn, in the order of `actions`")
            start += len(own)
        if not self.schnapsen:                          # SN-4: Schneider only plays cards
            need(all(pa[1] in self.card_set or pa[1] == "next" for pa in actions), "actions",
                 "hold an action Schneider does not have")
            need(obs["marriages"] == [], "marriages", "must be empty in Schneider")
        marriages = obs["marriages"]
        need(isinstance(marriages, list) and len(marriages) <= 8, "marriages", "must be a list")
        for m in marriages:
            need(isinstance(m, dict) and is_seat(m.get("player")) and is_suit(m.get("suit"))
                 and is_int(m.get("points"), 20, 40)
                 and m["points"] == self.rules.marriage_value(m["suit"], self.trump)
                 and isinstance(m.get("effective"), bool) and isinstance(m.get("immediate"), bool),
                 "marriages", "must hold {player, suit, points, immediate, effective}")
        announced = [[p, a[6:]] for p, a in actions if a.startswith("marry:")]
        need(announced == [[m["player"], m["suit"]] for m in marriages], "marriages",
             "disagree with the marry: actions")
        closes = [p for p, a in actions if a == "close"]
        need(closes == ([obs["closed_by"]] if obs["closed"] else []), "closed",
             "disagrees with the close actions")

    def talon(self):
        """SN-5, SS-4: two cards drawn per trick while the talon is open."""
        drawn_tricks = len(self.obs["history"])
        if self.close is not None:
            drawn_tricks = min(drawn_tricks, self.close["trick"])
            need(self.close["stock_size"] == max(0, self.talon0 - 2 * self.close["trick"]),
                 "close", "names a talon size the tricks before it do not give")
        need(self.stock == max(0, self.talon0 - 2 * drawn_tricks), "stock_size",
             "does not match the tricks played")
        need(self.obs["phase"] == self.phase_of(len(self.obs["history"])), "phase",
             "is not the phase AC-6 gives")

    def scores(self):
        obs = self.obs
        for name in ("points", "card_points", "tricks_won"):
            need(is_pair_of_ints(obs[name], 0, MAX_POINTS), name,
                 "must be two small non-negative integers")
        need(obs["tricks_won"] == self.won, "tricks_won", "disagrees with the tricks")
        need(obs["card_points"] == self.taken, "card_points", "disagrees with the tricks")
        if self.schnapsen:
            for p in (0, 1):
                counted = sum(m["points"] for m in obs["marriages"] if m["player"] == p
                              and (m["immediate"] or self.won[p] > 0))
                need(obs["points"][p] == self.taken[p] + counted, "points",
                     "are not card points and counted marriages (SS-9)")
        else:
            need(obs["points"] == self.taken, "points", "disagree with the honours taken")
        if self.close is not None:
            need(all(a <= b for a, b in zip(self.close["tricks_won"], self.won))
                 and all(a <= b for a, b in zip(self.close["points"], obs["points"])),
                 "close", "counts more than the deal has now")

    def turn(self):
        obs = self.obs
        result = obs["result"]
        if result is None:
            expected = 1 - self.leader if self.table else self.leader
            need(obs["to_move"] in (None, expected), "to_move", "is not the player the rules say")
        else:
            need(isinstance(result, dict)
                 and (result.get("winner") is None or is_seat(result.get("winner")))
                 and is_int(result.get("game_points"), 0, 100)
                 and isinstance(result.get("reason"), str), "result", "is malformed")
            need(obs["to_move"] is None, "to_move", "must be null when the deal is over")

    def offers(self):
        obs = self.obs
        legal = obs["legal_actions"]
        need(isinstance(legal, list) and len(legal) <= 20, "legal_actions", "must be a list")
        for action in legal:
            need(isinstance(action, str) and (action in WORDS or action in self.hand),
                 "legal_actions", f"holds {short(action)}, which is neither a card in hand nor an action")
        need(len(set(legal)) == len(legal), "legal_actions", "holds an action twice")
        need(self.schnapsen or all(a in self.hand or a == "next" for a in legal), "legal_actions",
             "hold an action Schneider does not have")
        need(not legal or legal == ["next"] or obs["to_move"] == obs["player"], "legal_actions",
             "must be empty when it is not this seat's turn")
        need(isinstance(obs["illegal"], dict), "illegal", "must be an object")
        need(isinstance(obs["claim_wins"], bool) and (not obs["claim_wins"] or "claim" in legal),
             "claim_wins", "must be true or false, and true only when claim is legal")
        marry = sorted(a for a in legal if a.startswith("marry:"))
        values = obs["marriage_points"]
        need(isinstance(values, dict) and sorted(values) == marry
             and all(values[a] == self.rules.marriage_value(a[-1], self.trump) for a in marry),
             "marriage_points", "must give 40 or 20 for each marry: action offered (SS-7)")
        wins = obs["marriage_claim_wins"]
        need(isinstance(wins, dict) and sorted(wins) == marry
             and all(isinstance(wins[a], bool) for a in marry), "marriage_claim_wins",
             "must say true or false for each marry: action offered")


def _check_match(m, profile, options):
    if m is None:
        return
    need(isinstance(m, dict), "match", "must be an object or null")
    need(isinstance(m.get("over"), bool), "match.over", "must be true or false")
    need(is_int(m.get("deals_played"), 0, 400), "match.deals_played", "is out of range")
    if GAME_OF_PROFILE[profile] == "schnapsen":
        target = options.get("target", 7)
        low, high = -3, target
        need(m.get("target") == target, "match.target", "does not match the options")
        need(is_int(m.get("bummerls_needed", 1), 1, 2), "match.bummerls_needed", "must be 1 or 2")
    elif profile == "schneider-neighbour":
        need(is_int(m.get("session_deals"), 1, 20), "match.session_deals", "is out of range")
        low, high = 0, 3 * m["session_deals"]
    else:
        target = schneider_target(options)
        low, high = 0, target + 20
        need(m.get("target") in (None, target), "match.target", "does not match the options")
    need(is_pair_of_ints(m.get("scores"), low, high), "match.scores",
         f"must be two integers from {low} to {high}")
