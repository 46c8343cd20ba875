"""Whole matches through the duel protocol (kaffeehaus.duel, docs/PROTOCOL.md): two independent
in-process parties, each knowing only its own cards and the public ones, play every profile to
the end; both verify every deal, and the plain engine replaying the revealed decks and the
same actions gives identical results and match scores. Every observation a party decided on
equals the plain engine's observation of that seat in that position."""
import pytest

from duel_driver import OPTIONS, PROFILES, Duel, check_against_plain_engine, plain_state
from kaffeehaus import api
from kaffeehaus.states import decode
from kaffeehaus.turns import Turn


@pytest.mark.parametrize("profile", PROFILES)
# the second seed's whole matches are a second sample of the same property: the full run
@pytest.mark.parametrize("seed", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_whole_match_matches_the_plain_engine(profile, seed):
    duel = Duel(profile, seed=seed).run()
    verified = check_against_plain_engine(duel)
    assert len(verified["deals"]) >= 1
    assert len(duel.decisions) > 10


@pytest.mark.parametrize("profile", sorted(OPTIONS))
def test_whole_match_with_options(profile):
    duel = Duel(profile, OPTIONS[profile], seed=3).run()
    check_against_plain_engine(duel)


@pytest.mark.parametrize("profile", PROFILES)
def test_single_deal(profile):
    duel = Duel(profile, seed=4, is_match=False).run()
    verified = check_against_plain_engine(duel)
    assert len(verified["deals"]) == 1 and verified["match"] is False


def test_saved_and_loaded_at_every_step_with_codes():
    """A page stores the party as JSON and sends codes: the same game, every step through
    JSON and the text code."""
    duel = Duel("bummerl", seed=5, roundtrip=True).run()
    check_against_plain_engine(duel)


@pytest.mark.parametrize("profile", ["bummerl", "schneider"])
def test_a_new_deal_of_a_match_costs_at_most_one_message_of_its_own(profile):
    """The message that ends a deal carries its sender's key and the next deal's first pass;
    the answer carries the other key, the second pass and the shares of the first seat's hand.
    Before the new deal's first move at most one message more travels: the first seat's shares,
    sent alone only when the answering seat leads."""
    duel = Duel(profile, seed=7).run()
    check_against_plain_engine(duel)
    bodies = [m["body"] for m in duel.log]
    ends = [i for i, b in enumerate(bodies) if "reveal" in b and "next" in b]
    assert len(ends) == 2 * (len(duel.parties[0].finished) - 1) >= 2
    for end, answer in zip(ends[::2], ends[1::2]):
        assert answer == end + 1
        assert "stage" in bodies[end]["next"] and "actions" in bodies[end]
        assert {"stage", "keys"} <= set(bodies[answer]["next"])
        before_first_move = bodies[answer + 1:]
        extra = next(i for i, b in enumerate(before_first_move) if "actions" in b)
        assert extra <= 1 and all(set(b) == {"deal", "keys"} for b in before_first_move[:extra])
    assert not any("key" in b for b in bodies[3:] if b["deal"] == 0) and \
        not any("key" in b for b in bodies if b["deal"] > 0)


def test_the_seat_a_message_takes_into_the_next_deal_still_sees_the_deal_it_ended():
    """The message that ends a deal also opens the next one for its receiver, so the page cannot
    show that deal's end from the observation: duel_observation gives it as "last_deal" (the
    plain engine's final observation of that deal, for that seat) until the next deal's first
    move, and not after."""
    duel = Duel("bummerl", seed=7)
    seen = []

    def check(d):
        for party in d.parties:
            view = api.duel_observation(party.as_json())
            if party.in_play() and party.finished and not party.deal.actions:
                last = view["last_deal"]
                state = plain_state(party.status()["verified_state"], len(party.finished))
                # nothing is legal in a deal shown only to be read
                assert last == {**api.observation(state, party.seat), "legal_actions": []}
                assert last["result"] is not None and view["observation"]["result"] is None
                seen.append((party.seat, len(party.finished)))
            else:
                assert "last_deal" not in view
        return False

    for _ in range(100_000):
        check(duel)
        if not duel.step():
            break
    check_against_plain_engine(duel)
    deals = len(duel.parties[0].finished)
    # both seats, at every deal after the first
    assert {n for _, n in seen} == set(range(1, deals)) and {s for s, _ in seen} == {0, 1}


def test_neither_party_ever_holds_the_others_hidden_cards():
    """During play, a party's opened positions are its own cards and the public ones only."""
    duel = Duel("schnapsen", seed=6, is_match=False)

    def check(d):
        for party in d.parties:
            if party.in_play():
                view = party.view()
                assert set(party.deal.known) <= view.entitled(party.seat)
                hidden = view.hand_positions(1 - party.seat) - view.public
                assert not hidden & set(party.deal.known)
        return False

    for _ in range(10_000):
        check(duel)
        if not duel.step():
            break
    check_against_plain_engine(duel)


def test_first_dealer_comes_from_both_coins():
    """Both seats know the same dealer once the cards are dealt (a deal's end verifies it:
    test_whole_match_matches_the_plain_engine), and it is not always the same seat."""
    dealers = set()
    for seed in range(20):                  # all alike: a chance of 2 in 2**20
        duel = Duel("schnapsen", seed=seed, is_match=False)
        duel.run_until(lambda d: all(p.observation() for p in d.parties))
        seen = {p.observation()["dealer"] for p in duel.parties}
        assert len(seen) == 1
        dealers |= seen
    assert dealers == {0, 1}


def test_an_observation_with_a_card_pending_offers_nothing():
    """A card dealt or drawn whose share has not come is left out of the hand
    (`cards_pending` says so) and nothing is legal until it comes; complete observations are
    the plain engine's (test_whole_match_matches_the_plain_engine)."""
    pending = checked = 0
    # the keys are random (secrets), so a deal may end early: play deals until enough were seen
    for seed in range(8, 16):
        duel = Duel("bummerl", seed=seed, is_match=False)
        while duel.step():
            for party in duel.parties:
                obs = party.observation()
                if obs is None:
                    continue
                status = party.status()
                if status["cards_pending"]:
                    pending += 1
                    assert obs["legal_actions"] == []
                    continue
                checked += 1
        if checked > 20 and pending > 0:
            break
    assert checked > 20 and pending > 0


@pytest.mark.parametrize("profile", ["schnapsen", "bummerl", "schneider"])
def test_each_call_reports_its_steps_as_play_does(profile):
    """Every act and receive reports the actions it applied, in order, as kaffeehaus.api.play
    does: each seat sees every action of the match exactly once, and the card that completes
    a trick carries the trick as it lay on the table, the plain engine's paused view."""
    duel = Duel(profile, seed=3).run()
    verified = check_against_plain_engine(duel)
    log = [(seat_of(verified, d, i), action) for d, deal in enumerate(verified["deals"])
           for i, action in enumerate(deal["actions"])]
    for seat in (0, 1):
        steps = duel.steps[seat]
        assert [(s["seat"], s["action"]) for s in steps] == log
        game = decode(verified)
        for step, (deal, index) in zip(steps, positions(verified)):
            before = plain_game(verified, deal, index)
            if step["trick_view"] is None:
                continue
            expected = Turn(before, seat)._trick_view(before, step["seat"], step["action"])
            assert step["trick_view"]["trick"] == expected["trick"]
            assert set(step["trick_view"]["hand"]) <= set(expected["hand"])
            assert step["trick_view"]["to_move"] is None and not step["trick_view"]["legal_actions"]
        assert game.match_over() or not verified["match"]


def positions(verified):
    """(deal, action index) of every action of the verified match, in order."""
    return [(d, i) for d, deal in enumerate(verified["deals"]) for i in range(len(deal["actions"]))]


def plain_game(verified, deal, index):
    """The plain engine's game just before action `index` of deal `deal`."""
    return decode(plain_state(verified, deal + 1, index))


def seat_of(verified, deal, index):
    return plain_game(verified, deal, index).to_move()
