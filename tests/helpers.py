"""Helpers for rule-scenario tests: explicit decks, scripted deals, driving the public API.

Everything here talks to the engine through ``kaffeehaus.api`` only. The deck builders follow
the deal order of RULES.md SN-3 (Schneider) and SS-2 (Schnapsen). ``script`` turns a list of
tricks (and actions such as ``close``/``marry:H``/``claim``) into the exact deck that makes that
play possible, together with the action list to replay it; a small, test-side trick-winner
function (SS-3, SN-7, SN-11, SN-10 `trump`) decides who draws first. The engine is then asked
to replay the actions, each asserted legal on the way, so any disagreement shows up at once.
The scripted Schnapsen deals several test modules share are in scenarios.py.

Why one unit of about 340 lines: the deck builders, the test-side trick rules and `script`
are one oracle, built on the same deal-order layout; the small API drivers sit with them so
that a rule test imports from one place.
"""
from __future__ import annotations

import random

from kaffeehaus import api

SUITS = "CDHS"
SCHNEIDER_RANKS = "AKQJT987"  # SN-1, high to low
SCHNAPSEN_RANKS = "ATKQJ7"  # SS-1 (+ the 7 of `sevens`, SB-7), high to low
CARD_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "7": 0}

DEALER = 0  # every scripted deal uses dealer=0 ...
FH = 1      # ... so forehand (non-dealer, leads first) is seat 1
DL = 0

# Reason keywords of deal_result (API: "a stable keyword such as ...").
R_CLAIM = "claim"
R_FALSE_CLAIM = "false_claim"
R_LAST_TRICK = "last_trick"
R_CLOSED_FAILED = "closed_failed"
R_CLOSED = "closed"        # a closer who won at the end without an explicit claim
R_POINTS = "points"        # SB-4: the higher effective score
R_SWEEP = "sweep"          # SB-5
R_HONOURS = "honours"
R_DRAW = "draw"


# --------------------------------------------------------------------------- decks

def is_schneider(profile):
    return profile.startswith("schneider")


def full_deck(profile, options=None):
    options = options or {}
    if is_schneider(profile):
        ranks = "AKQJT9" if options.get("deck") == 24 else SCHNEIDER_RANKS
    else:
        ranks = SCHNAPSEN_RANKS if options.get("sevens") else SCHNAPSEN_RANKS[:-1]
    return [r + s for s in SUITS for r in ranks]


def layout(profile, options=None):
    """(forehand positions, dealer positions, indicator position or None, first talon position)."""
    options = options or {}
    if is_schneider(profile):  # SN-3
        return [0, 1, 2, 6, 7, 8], [3, 4, 5, 9, 10, 11], None, 12
    if options.get("sevens"):  # SB-7 sevens: deal 3, indicator, 3
        return [0, 1, 2, 7, 8, 9], [3, 4, 5, 10, 11, 12], 6, 13
    return [0, 1, 2, 7, 8], [3, 4, 5, 9, 10], 6, 11  # SS-2


def make_deck(profile, fh=(), dl=(), talon=(), trump=None, options=None, bottom=None):
    """A full deck with the given cards in forehand's hand, the dealer's hand, the talon/stock
    (top first, face-down cards only for Schnapsen) and the indicator (Schnapsen `trump`, or
    Schneider's `bottom` card). Unnamed places are filled with the remaining cards in a fixed
    order."""
    deck_cards = full_deck(profile, options)
    fh_pos, dl_pos, ind_pos, talon_start = layout(profile, options)
    n = len(deck_cards)
    deck = [None] * n
    named = list(fh) + list(dl) + list(talon) + [c for c in (trump, bottom) if c]
    assert len(named) == len(set(named)), f"duplicate cards {named}"
    for c in named:
        assert c in deck_cards, f"{c} is not in the {profile} deck"
    assert len(fh) <= len(fh_pos) and len(dl) <= len(dl_pos)
    for pos, c in zip(fh_pos, fh):
        deck[pos] = c
    for pos, c in zip(dl_pos, dl):
        deck[pos] = c
    if trump:
        deck[ind_pos] = trump
    if bottom:
        deck[n - 1] = bottom
    for i, c in enumerate(talon):
        assert deck[talon_start + i] is None, "talon too long"
        deck[talon_start + i] = c
    pool = [c for c in deck_cards if c not in named]
    for i in range(n):
        if deck[i] is None:
            deck[i] = pool.pop(0)
    assert sorted(deck) == sorted(deck_cards)
    return deck


# --------------------------------------------------------------------------- trick rules (test side)

def rank_index(card, profile):
    ranks = SCHNEIDER_RANKS if is_schneider(profile) else SCHNAPSEN_RANKS
    return ranks.index(card[0])  # 0 = highest


def responder_wins(profile, lead, answer, trump=None, options=None):
    """The test's own reading of SS-3 / SN-7 / SN-11 / SN-10 `trump`."""
    options = options or {}
    if answer[1] == lead[1]:
        if profile == "schneider-neighbour":
            return rank_index(answer, profile) == rank_index(lead, profile) - 1
        return rank_index(answer, profile) < rank_index(lead, profile)
    return trump is not None and answer[1] == trump and lead[1] != trump


# --------------------------------------------------------------------------- scripts

def script(profile, steps, *, options=None, trump=None, hold=None, talon_rest=()):
    """Build (deck, actions, winners) for a scripted deal with dealer=0 (forehand = seat 1).

    steps: tuples (lead, answer) for tricks, or action strings 'close', 'claim', 'marry:X'
    (taken by the player on lead). For Schnapsen `trump` is the indicator card; for Schneider
    with option `trump` it is the bottom card of the stock. hold: {'fh': [...], 'dl': [...]}
    cards a player must be dealt/draw (after their played cards, in that order) but that are not
    played in the script ('fh_first'/'dl_first': before the played ones). Cards are received in the order they are needed. The function replays
    the deal itself and asserts every played card is in the player's hand at that moment.
    """
    options = options or {}
    hold = hold or {}
    schneider = is_schneider(profile)
    trump_suit = trump[1] if trump and (not schneider or options.get("trump")) else None
    fh_pos, dl_pos, ind_pos, talon_start = layout(profile, options)
    n = len(full_deck(profile, options))
    if schneider:
        stock_len = n - talon_start
        refills = stock_len // 2
    else:
        stock_len = n - talon_start  # face-down cards
        refills = (stock_len + 1) // 2

    # 1. who leads / wins each trick, what each role plays, when refills happen.
    leader = "fh"
    seq = {"fh": [], "dl": []}
    events = []  # ('trick', leader, lead, answer, winner) / ('action', role, action)
    actions = []
    winners = []
    closed = False
    n_tricks = 0
    draws = []  # (winner, loser) per refill
    for st in steps:
        if isinstance(st, str):
            events.append(("action", leader, st))
            actions.append(st)
            if st == "close":
                closed = True
            continue
        lead, answer = st
        other = "dl" if leader == "fh" else "fh"
        winner = other if responder_wins(profile, lead, answer, trump_suit, options) else leader
        seq[leader].append(lead)
        seq[other].append(answer)
        events.append(("trick", leader, lead, answer, winner))
        actions += [lead, answer]
        winners.append(winner)
        n_tricks += 1
        if not closed and len(draws) < refills:
            draws.append((winner, "dl" if winner == "fh" else "fh"))
        leader = winner

    # the indicator's receiver (loser of the last refill) gets it from the table, not the talon
    last_loser = draws[-1][1] if len(draws) == refills else None
    for role in ("fh", "dl"):
        seq[role] = list(hold.get(role + "_first", ())) + seq[role] + list(hold.get(role, ()))
        if trump and role != last_loser:
            assert trump not in seq[role], f"{role} cannot get the indicator {trump}"
    queue = {r: [c for c in seq[r] if c != trump] for r in seq}

    deck = [None] * n
    for role, pos in (("fh", fh_pos), ("dl", dl_pos)):
        for p in pos:
            if queue[role]:
                deck[p] = queue[role].pop(0)
    if trump:
        deck[ind_pos if not schneider else n - 1] = trump
    tpos = talon_start
    for i, (w, l) in enumerate(draws):
        for role in (w, l):
            if i == refills - 1 and role == l and trump:
                continue  # the loser of the last refill receives the indicator / bottom card
            if queue[role]:
                deck[tpos] = queue[role].pop(0)
            tpos += 1
    for role in queue:
        assert not queue[role], f"{role} never receives {queue[role]}"
    used = [c for c in deck if c]
    assert len(used) == len(set(used)), f"duplicates in {used}"
    pool = [c for c in list(talon_rest) + full_deck(profile, options) if c not in used]
    pool = list(dict.fromkeys(pool))
    for i in range(n):
        if deck[i] is None:
            deck[i] = pool.pop(0)

    # 2. replay on the test side: every played card must be in hand.
    hands = {"fh": [deck[p] for p in fh_pos], "dl": [deck[p] for p in dl_pos]}
    stock = deck[talon_start:] + ([trump] if trump and not schneider else [])
    if schneider and trump:
        assert stock[-1] == trump
    closed = False
    captured = {"fh": 0, "dl": 0}
    for ev in events:
        if ev[0] == "action":
            _, role, act = ev
            if act == "close":
                closed = True
            if act.startswith("marry:"):
                s = act[-1]
                assert "K" + s in hands[role] and "Q" + s in hands[role], (role, act, hands[role])
            continue
        _, ld, lead, answer, winner = ev
        other = "dl" if ld == "fh" else "fh"
        assert lead in hands[ld], (ld, lead, hands[ld])
        assert answer in hands[other], (other, answer, hands[other])
        phase2 = not schneider and (closed or not stock)
        check_answer(profile, options, lead, answer, hands[other], trump_suit, phase2)
        hands[ld].remove(lead)
        hands[other].remove(answer)
        value = (honour_value if schneider else card_value)
        captured[winner] += value(lead, options) + value(answer, options)
        if not closed and stock:
            loser = "dl" if winner == "fh" else "fh"
            hands[winner].append(stock.pop(0))
            hands[loser].append(stock.pop(0))
    return deck, actions, winners, {seat(r): v for r, v in captured.items()}


def card_value(card, options=None):
    return CARD_POINTS[card[0]]


def honour_value(card, options=None):
    options = options or {}
    honours = "AKQJ" if options.get("deck") == 24 else "AKQJT"  # SN-2, SN-10 deck: 24
    return 1 if card[0] in honours else 0


def allowed_answers(profile, options, lead, hand, trump_suit, phase2):
    """The test's reading of SN-4/SN-10 follow_suit, SS-5, SV-1, SB-1."""
    options = options or {}
    same = [c for c in hand if c[1] == lead[1]]
    if is_schneider(profile):
        return same if (options.get("follow_suit") and same) else list(hand)
    if not phase2:
        return list(hand)
    if same:
        if profile == "bummerl":
            return same
        higher = [c for c in same if rank_index(c, profile) < rank_index(lead, profile)]
        return higher or same
    trumps = [c for c in hand if c[1] == trump_suit]
    return trumps or list(hand)


def check_answer(profile, options, lead, answer, hand, trump_suit, phase2):
    ok = allowed_answers(profile, options, lead, hand, trump_suit, phase2)
    assert answer in ok, f"script: {answer} on {lead} not allowed, hand {hand}, allowed {ok}"


def seat(role, dealer=DEALER):
    return dealer if role == "dl" else 1 - dealer


# --------------------------------------------------------------------------- driving the API

def deal(profile, deck, options=None, dealer=DEALER):
    return api.new_deal(profile, options=options, deck=list(deck), dealer=dealer)


def play(state, actions):
    """Apply actions one by one, asserting each is legal for the player to move."""
    for a in actions:
        legal = api.legal_actions(state)
        assert a in legal, f"{a!r} not legal; legal: {legal}; to_move {api.to_move(state)}"
        state = api.apply(state, a)
    return state


def run(profile, steps, *, options=None, trump=None, hold=None, talon_rest=()):
    """Script a deal (see ``script``), replay it through the API, check the trick winners."""
    deck, actions, winners, _ = script(profile, steps, options=options, trump=trump, hold=hold,
                                       talon_rest=talon_rest)
    state = play(deal(profile, deck, options), actions)
    hist = api.observation(state, 0)["history"]
    assert [h["winner"] for h in hist] == [seat(w) for w in winners], (
        "trick winners differ", [h["winner"] for h in hist], [seat(w) for w in winners])
    return state


def obs(state, player):
    return api.observation(state, player)


def result(state):
    return api.deal_result(state)


def assert_result(state, winner, game_points, reason, points=None):
    res = api.deal_result(state)
    assert res is not None, "deal not over"
    got = (res["winner"], res["game_points"], res["reason"])
    assert got == (winner, game_points, reason), f"result {res}"
    if points is not None:
        assert list(res["points"]) == list(points), f"result {res}"
    assert api.to_move(state) is None
    assert api.legal_actions(state) == []
    return res


def hand(state, player):
    return sorted(api.observation(state, player)["hand"])


def first_legal_policy(state):
    return api.legal_actions(state)[0]


def random_policy(rng, *, claims=False):
    def pick(state):
        legal = api.legal_actions(state)
        if not claims and len(legal) > 1:
            legal = [a for a in legal if a != "claim"] or legal
        return rng.choice(legal)
    return pick


def play_out(state, policy, limit=400):
    """Play the current deal to its end with policy(state) -> action."""
    for _ in range(limit):
        if api.deal_result(state) is not None:
            return state
        a = policy(state)
        assert a in api.legal_actions(state)
        state = api.apply(state, a)
    raise AssertionError("deal did not end")


def seeded_random_policy(seed, claims=False):
    return random_policy(random.Random(seed), claims=claims)
