"""A friend who runs a modified page, and an onlooker who sees the codes (docs/PROTOCOL.md,
"Threat model"). The attacker is a modified Party in this process; the honest side uses only
the public API (kaffeehaus.api duel functions, JSON parties, text codes). Every attack is
refused at the first message where it appears: the honest call raises a ValueError, sends
nothing back (so the attacker learns no share) and its saved party stays as it was.

(About 280 lines, one module: the threat model's attacks in docs/PROTOCOL.md's order, mounted by
the one modified party defined here.)
"""
import json

import pytest

import kaffeehaus.duel.group as duel_group
from duel_driver import Duel
from kaffeehaus import api
from kaffeehaus.duel import KeyMismatch, Party, Unauthenticated, VerificationFailed
from kaffeehaus.duel import messages
from kaffeehaus.duel.proofs import sign


@pytest.fixture(autouse=True)
def small_group(monkeypatch):
    monkeypatch.setattr(duel_group, "DEFAULT_GROUP", "test256")


class MarkerAttacker(Party):
    """Finding 1 of the review: replace one card by a "marker", the square of another card
    (here the Ace of hearts) under the same key, to find that card again after the other
    seat's pass and deal it to itself."""

    def _shuffle(self, before, deal):
        out = super()._shuffle(before, deal)
        g = self.group
        target = g.power(g.encode_card("AH"), deal.mine) if not deal.stages else out[0]
        out[-1] = target * target % g.p
        return out


class Duplicator(Party):
    """One element twice (a card doubled, another dropped)."""

    def _shuffle(self, before, deal):
        out = super()._shuffle(before, deal)
        out[1] = out[0]
        return out


class NonCard(Party):
    """One element that is no card at all (a random group element)."""

    def _shuffle(self, before, deal):
        out = super()._shuffle(before, deal)
        g = self.group
        out[2] = g.power(g.g, g.random_key())
        return out


class Reorderer(Party):
    """The pass re-ordered after its proof was made."""

    def _send(self, body):
        if "proof" in body:
            body["stage"] = body["stage"][1:] + body["stage"][:1]
        return super()._send(body)


def attacker_at_seat_0(cls):
    """The attacker invites; the honest friend joins through the API."""
    attacker, sent = cls.new("schnapsen", seat=0, is_match=False, group="test256")
    joined = api.duel_join(messages.encode(sent[0]))
    attacker.receive(joined["codes"][0])          # seat 1's pass: the attacker shuffles
    return attacker, joined["party"]


def attacker_at_seat_1(cls):
    honest = api.duel_new("schnapsen", seat=0, match=False)
    attacker, _ = cls.new("schnapsen", seat=1, is_match=False, group="test256")
    return attacker, honest["party"], attacker.receive(honest["codes"][0])


def refused(party, message, error=VerificationFailed):
    before = json.dumps(party, sort_keys=True)
    with pytest.raises(error) as info:
        api.duel_receive(party, messages.encode(message))
    assert json.dumps(party, sort_keys=True) == before
    return str(info.value)


@pytest.mark.parametrize("cls", [MarkerAttacker, Duplicator, NonCard, Reorderer])
def test_seat_0_cannot_steer_its_shuffle(cls):
    attacker, honest = attacker_at_seat_0(cls)
    assert "shuffle proof" in refused(honest, attacker.sent[-1])


@pytest.mark.parametrize("cls", [MarkerAttacker, Duplicator, NonCard, Reorderer])
def test_seat_1_cannot_steer_its_shuffle(cls):
    attacker, honest, sent = attacker_at_seat_1(cls)
    assert "shuffle proof" in refused(honest, sent[0])


def test_the_honest_shuffles_pass():
    """The same set-up with an unmodified party goes through: the refusals above are the
    attacks', not the harness's."""
    attacker, honest = attacker_at_seat_0(Party)
    out = api.duel_receive(honest, messages.encode(attacker.sent[-1]))
    assert out["status"]["phase"] in ("your_turn", "their_turn")
    attacker, honest, sent = attacker_at_seat_1(Party)
    assert api.duel_receive(honest, messages.encode(sent[0]))["codes"]


def test_a_replayed_pass_is_refused():
    """Seat 1 answers with the pass, key and proof it made for an earlier game, which went
    through there, signed anew with this game's key."""
    honest = api.duel_new("schnapsen", seat=0, match=True)
    friend, _ = Party.new("schnapsen", seat=1, group="test256")
    old = friend.receive(honest["codes"][0])[0]
    assert api.duel_receive(honest["party"], messages.encode(old))["codes"]
    honest = api.duel_new("schnapsen", seat=0, match=True)
    friend, _ = Party.new("schnapsen", seat=1, group="test256")
    first = friend.receive(honest["codes"][0])[0]
    replay = json.loads(json.dumps(first))
    replay["body"]["stage"], replay["body"]["proof"] = old["body"]["stage"], old["body"]["proof"]
    replay["body"]["key"] = old["body"]["key"]
    replay["sig"] = [friend.group.to_hex(x) for x in sign(
        friend.group, friend.sign_key, friend.sign_public(), messages.signed_text(replay))]
    assert "shuffle proof" in refused(honest["party"], replay)


class NextReorderer(Party):
    """The pass of a later deal (carried in `next`) re-ordered after its proof was made."""

    def _send(self, body):
        nested = body.get("next")
        if isinstance(nested, dict) and "proof" in nested:
            nested["stage"] = nested["stage"][1:] + nested["stage"][:1]
        return super()._send(body)


def from_deal_1(cls):
    """`cls`'s cheat in the shuffles of deal 1 on, an honest deal 0: the attack reaches the
    passes that ride on the messages ending a deal (setup.py)."""
    if cls is Reorderer:
        return NextReorderer

    class Later(cls):
        def _shuffle(self, before, deal):
            if deal.index == 0:
                return Party._shuffle(self, before, deal)
            return super()._shuffle(before, deal)
    return Later


def carries_next(duel):
    return bool(duel.queue) and "next" in duel.queue[-1][1]["body"]


@pytest.mark.parametrize("cls", [MarkerAttacker, Duplicator, NonCard, Reorderer])
def test_the_seat_that_ends_a_deal_cannot_steer_the_next_shuffle(cls):
    """The seat whose last action ends deal 0 sends the first pass of deal 1 with it."""
    duel = Duel("bummerl", seed=6)
    for party in duel.parties:
        party.__class__ = from_deal_1(cls)
    duel.run_until(carries_next)
    to, message = duel.queue[-1]
    assert "shuffle proof" in refused(duel.parties[to].as_json(), message)


@pytest.mark.parametrize("cls", [MarkerAttacker, Duplicator, NonCard, Reorderer])
def test_the_seat_that_answers_cannot_steer_the_next_shuffle(cls):
    """The other seat answers the end of deal 0 with its key and the second pass of deal 1."""
    duel = Duel("bummerl", seed=6).run_until(carries_next)
    to, message = duel.queue.pop()
    attacker = duel.parties[to]
    attacker.__class__ = from_deal_1(cls)
    answer = attacker.receive(message)[0]
    assert "next" in answer["body"] and "proof" in answer["body"]["next"]
    assert "shuffle proof" in refused(duel.parties[1 - to].as_json(), answer)


def test_the_next_shuffles_of_honest_seats_pass():
    """The harness of the two tests above, unmodified: deal 1 is dealt."""
    duel = Duel("bummerl", seed=6).run_until(carries_next)
    duel.deliver()
    duel.deliver()
    assert all(p.deal.index == 1 and len(p.deal.stages) == 2 for p in duel.parties)


class WrongRevealAnswer(Party):
    """Answers the end of a deal with a key of the deal that is not its own, and the next deal's
    pass and shares with it."""

    def _send(self, body):
        if "reveal" in body and "next" in body and "stage" in body["next"]:
            body["reveal"] = self.group.to_hex(self.group.random_key())
        return super()._send(body)


def test_the_seat_that_ended_a_deal_opens_nothing_of_the_next_until_it_verified_the_last():
    """The answer carries the next deal's pass and the shares of the ender's hand; with a wrong
    key of the deal before, the whole answer is refused and the ender's saved party (its
    pending next deal, no card of it opened) stays as it was."""
    duel = Duel("bummerl", seed=6).run_until(carries_next)
    to, message = duel.queue.pop()
    answering = duel.parties[to]
    answering.__class__ = WrongRevealAnswer
    answer = answering.receive(message)[0]
    ender = duel.parties[1 - to].as_json()
    assert ender["next_deal"]["known"] == {} and ender["next_deal"]["dealer"] is None
    refused(ender, answer, KeyMismatch)


# --- an onlooker who saw the codes -----------------------------------------------------------

def onlooker_writes(message, body):
    """The friend's next message, written by someone who saw every code but holds no key of
    the game: signed with a key of its own."""
    forged = messages.make(message["game"], message["seq"], message["prev"], message["from"],
                           body)
    g = duel_group.group("test256")
    key = g.random_key()
    forged["sig"] = [g.to_hex(x) for x in sign(g, key, g.public(key), messages.signed_text(forged))]
    return forged


def a_deal_in_play():
    honest = api.duel_new("schnapsen", seat=0, match=False)
    friend, _ = Party.new("schnapsen", seat=1, is_match=False, group="test256")
    out = api.duel_receive(honest["party"], messages.encode(friend.receive(honest["codes"][0])[0]))
    replies = friend.receive(out["codes"][0])
    if not replies:                                # the friend is forehand: it plays first
        replies = friend.act(friend.observation()["legal_actions"][0])
    return out["party"], friend, replies[0]


def test_an_onlooker_cannot_write_the_friends_move():
    party, friend, genuine = a_deal_in_play()
    forged = onlooker_writes(genuine, {"deal": 0, "actions": [["QH", 3]]})
    text = refused(party, forged, Unauthenticated)
    assert "not signed by your friend" in text
    assert api.duel_receive(party, messages.encode(genuine))       # the real one still applies


def test_a_bad_key_from_an_onlooker_never_accuses_the_friend():
    party, friend, genuine = a_deal_in_play()
    body = json.loads(json.dumps(genuine["body"]))
    body["reveal"] = "1234"
    refused(party, onlooker_writes(genuine, body), Unauthenticated)
    unsigned = dict(genuine, sig=["0", "0"])
    refused(party, unsigned, Unauthenticated)
    status = api.duel_receive(party, messages.encode(genuine))["status"]
    assert status["phase"] in ("your_turn", "their_turn", "verifying")


def test_both_sides_show_the_same_fingerprint():
    party, friend, genuine = a_deal_in_play()
    mine = api.duel_observation(party)["status"]["fingerprint"]
    assert mine == friend.status()["fingerprint"]
    assert len(mine.replace(" ", "")) == 12 and mine.replace(" ", "").isdigit()
    other, _, _ = a_deal_in_play()
    assert api.duel_observation(other)["status"]["fingerprint"] != mine


def test_a_code_from_the_future_says_which_codes_are_missing():
    party, friend, genuine = a_deal_in_play()
    future = onlooker_writes(genuine, {"deal": 0})
    future["seq"] += 4
    g = friend.group
    future["sig"] = [g.to_hex(x) for x in sign(g, friend.sign_key, friend.sign_public(),
                                                messages.signed_text(future))]
    seq = genuine["seq"]
    assert f"what is missing: codes {seq} to {seq + 3}" in refused(party, future, ValueError)


def test_a_saved_duel_with_one_digit_changed_is_refused_on_load():
    party, friend, genuine = a_deal_in_play()
    text = json.dumps(party)
    stage = party["deal"]["stages"][1][0]
    digit = "1" if stage[5] != "1" else "2"
    damaged = json.loads(text.replace(stage, stage[:5] + digit + stage[6:]))
    with pytest.raises(ValueError, match="damaged"):
        api.duel_observation(damaged)
    key = party["deal"]["mine"]
    damaged = json.loads(text.replace(key, key[:-1] + ("1" if key[-1] != "1" else "2")))
    with pytest.raises(ValueError):
        api.duel_observation(damaged)
