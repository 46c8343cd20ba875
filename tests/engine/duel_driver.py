"""Two in-process parties of kaffeehaus.duel playing each other, for the duel tests.

`Duel` delivers messages in order through a queue (tests may intercept them) and lets the
seat to move choose from its OWN observation (seeded random play; a correct claim is always
made). Every decision records the observation the party saw, so a test can compare it with the
plain engine's observation of the same position once the decks are revealed.
"""
from __future__ import annotations

import json
import random
from collections import deque

from kaffeehaus import api
from kaffeehaus.duel import Party
from kaffeehaus.duel import messages as duel_messages

PROFILES = ["schnapsen", "schnapsen-strict", "bummerl", "schneider", "schneider-neighbour"]
OPTIONS = {  # one non-default option set per family, besides the defaults
    "bummerl": {"sevens": True, "mit40": True, "target": 3},
    "schneider": {"trump": True, "follow_suit": True, "deck": 24, "target": 3},
}


def choose(observation, rng):
    legal = observation["legal_actions"]
    if observation["claim_wins"]:
        return "claim"
    if "claim" in legal and rng.random() < 0.01:
        return "claim"                                  # now and then a false claim
    plays = [a for a in legal if a != "claim"]
    specials = [a for a in plays if len(a) > 2]
    if specials and rng.random() < 0.3:
        return rng.choice(specials)                     # exchange, close, marry: often
    return rng.choice(plays or legal)


class Duel:
    def __init__(self, profile, options=None, *, seed=0, is_match=True,
                 roundtrip=False):
        self.profile, self.options = profile, options
        self.rng = random.Random(f"duel:{profile}:{seed}")
        self.roundtrip = roundtrip
        a, out = Party.new(profile, options, 0, is_match=is_match)
        b, _ = Party.new(profile, options, 1, is_match=is_match)
        self.parties = [a, b]
        self.queue = deque((1, m) for m in out)
        self.log = list(out)                  # every message sent, in order
        self.decisions = []                   # (seat, deal index, actions so far, observation)
        self.steps = [[], []]                 # per seat: the steps its calls reported, in order

    def party(self, seat):
        if self.roundtrip:                    # as a page would: saved and loaded every time
            text = json.dumps(self.parties[seat].as_json())
            self.parties[seat] = Party.from_json(json.loads(text))
        return self.parties[seat]

    def _post(self, sender, messages):
        for m in messages:
            if self.roundtrip:
                m = duel_messages.decode(duel_messages.encode(m))
            self.log.append(m)
            self.queue.append((1 - sender, m))

    def deliver(self):
        to, message = self.queue.popleft()
        party = self.party(to)
        self._post(to, party.receive(message))
        self.steps[to] += party.steps()

    def mover(self):
        movers = [p for p in self.parties if p.status()["phase"] == "your_turn"]
        assert len(movers) <= 1
        return movers[0].seat if movers else None

    def decide(self, action=None):
        seat = self.mover()
        party = self.party(seat)
        obs = party.observation()
        action = action or choose(obs, self.rng)
        self.decisions.append((seat, party.deal.index, len(party.deal.actions), obs))
        self._post(seat, party.act(action))
        self.steps[seat] += party.steps()
        return action

    def step(self):
        if self.queue:
            self.deliver()
            return True
        if self.mover() is not None:
            self.decide()
            return True
        return False

    def run(self, limit=100_000):
        for _ in range(limit):
            if not self.step():
                return self
        raise AssertionError("the duel did not finish")

    def run_until(self, predicate, limit=100_000):
        for _ in range(limit):
            if predicate(self):
                return self
            if not self.step():
                break
        assert predicate(self), "the condition was never reached"
        return self


def plain_state(party_state, deals, actions_in_last=None):
    """The plain engine state of the first `deals` verified deals (the last one cut to
    `actions_in_last` actions)."""
    state = json.loads(json.dumps(party_state))
    state["deals"] = state["deals"][:deals]
    if actions_in_last is not None:
        state["deals"][-1]["actions"] = state["deals"][-1]["actions"][:actions_in_last]
    return state


def check_against_plain_engine(duel):
    """Both parties verified the same match; the plain engine, replaying the revealed decks and
    the actions, gives the same results, and every observation a party decided on was the
    plain engine's observation of that position."""
    a, b = (p.status() for p in duel.parties)
    assert a["phase"] == b["phase"] == "over"
    verified = a["verified_state"]
    assert verified == b["verified_state"]
    profile, options = duel.profile, duel.options
    sheet = []
    for record in verified["deals"]:
        state = api.new_deal(profile, options=options, deck=record["deck"],
                             dealer=record["dealer"])
        for action in record["actions"]:
            state = api.apply(state, action)
        sheet.append(api.deal_result(state))
        assert api.deal_result(state) is not None
    if verified["match"]:
        status = api.match_status(verified)
        assert status["over"]
        assert [s["winner"] for s in status["sheet"]] == [r["winner"] for r in sheet]
        assert [s["game_points"] for s in status["sheet"]] == [r["game_points"] for r in sheet]
        assert a["match_status"] == b["match_status"] == status
    assert a["last_result"] == b["last_result"] == sheet[-1]
    for seat, deal, actions, obs in duel.decisions:
        state = plain_state(verified, deal + 1, actions)
        assert obs == api.observation(state, seat), (seat, deal, actions)
    return verified


def resign(duel, message):
    """`message` (changed by a test) signed again with its sender's key, as a friend running a
    modified page would send it."""
    from kaffeehaus.duel.proofs import sign
    sender = duel.parties[message["from"]]
    g = sender.group
    text = duel_messages.signed_text(message)
    message["sig"] = [g.to_hex(x) for x in sign(g, sender.sign_key, sender.sign_public(), text)]
    return message


def deal_in_play(profile="schnapsen", match=True):
    """An honest inviter (through kaffeehaus.api) and a friend (a Party) past deal 0's set-up:
    (the inviter's party with the deal in play, the friend, the friend's next message not
    delivered yet: its first turn, or its shares of the inviter's hand)."""
    honest = api.duel_new(profile, seat=0, match=match)
    friend, _ = Party.new(profile, seat=1, is_match=match)
    out = api.duel_receive(honest["party"],
                           duel_messages.encode(friend.receive(honest["codes"][0])[0]))
    out = api.duel_receive(out["party"], duel_messages.encode(friend.receive(out["codes"][0])[0]))
    while not out["codes"]:                          # the inviter is forehand: its first turn
        action = api.duel_observation(out["party"])["observation"]["legal_actions"][0]
        out = api.duel_act(out["party"], action)
    replies = friend.receive(out["codes"][0])
    while not replies:                               # the friend's turn: it plays
        replies = friend.act(friend.observation()["legal_actions"][0])
    return out["party"], friend, replies[0]
