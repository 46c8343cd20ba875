"""A friend who runs a modified page, and an onlooker who sees the codes (docs/PROTOCOL.md,
"Threat model"). The attacker is a modified Party in this process; the honest side uses only
the public API (kaffeehaus.api duel functions, JSON parties, text codes). Every attack is
refused at the first message where it appears: the honest call raises a ValueError, sends
nothing back (so the attacker learns no share) and its saved party stays as it was.

(About 450 lines, one module: the threat model's attacks in docs/PROTOCOL.md's order, mounted by
the modified parties defined here.)
"""
import base64
import json
import zlib

import pytest

from duel_driver import Duel, deal_in_play
from kaffeehaus import api, jsontext
from kaffeehaus.duel import KeyMismatch, MalformedMessage, Party, Unauthenticated, VerificationFailed
from kaffeehaus.duel import messages, ristretto
from kaffeehaus.duel.group import group as duel_group
from kaffeehaus.duel.proofs import sign
from forgery import forged_deck, ground_proof
from test_jsontext import CountingPattern
from torsion import eight_torsion, four_torsion


class MarkerAttacker(Party):
    """Replace one card by a "marker", twice another card (here the Ace of hearts) under the
    same key, to find that card again after the other seat's pass and deal it to itself."""

    def _pass(self, before, deal):
        out, proof = super()._pass(before, deal)
        g = self.group
        target = g.power(g.encode_card("AH"), deal.mine) if not deal.stages else out[0]
        out[-1] = g.power(target, 2)
        return out, proof


class Duplicator(Party):
    """One element twice (a card doubled, another dropped)."""

    def _pass(self, before, deal):
        out, proof = super()._pass(before, deal)
        out[1] = out[0]
        return out, proof


class NonCard(Party):
    """One element that is no card at all (a random group element)."""

    def _pass(self, before, deal):
        out, proof = super()._pass(before, deal)
        out[2] = self.group.public(self.group.random_key())
        return out, proof


class TorsionMarker(Party):
    """The small-subgroup marks of the old group, tried on the curve under ristretto255: the
    pass it sends has card i's point plus i times a torsion point of order 8, encoded by the
    attacker's own arithmetic, so that it could read the marks back after the other seat's
    pass."""

    def _send(self, body):
        nested = body.get("next")
        if isinstance(nested, dict) and "proof" in nested:
            mark = eight_torsion()
            marked = []
            for i, text in enumerate(nested["stage"]):
                point = self.group.point(bytes.fromhex(text))
                for _ in range(i):
                    point = ristretto.add(point, mark)
                marked.append(ristretto.encode(point).hex())
            nested["stage"] = marked
        return super()._send(body)


class Grinder(Party):
    """A pass that is no shuffle, with a proof ground until a verifier with 5-bit challenges
    accepts it (forgery.py): the production verifier's full-length challenges refuse it."""

    def _pass(self, before, deal):
        after, order = forged_deck(self.group, before, deal.mine)
        where = self._context(deal.index, self.seat, "shuffle")
        proof, _ = ground_proof(self.group, where, before, after, order, deal.mine,
                                deal.public, bits=5)
        return after, proof


class Reorderer(Party):
    """The pass re-ordered after its proof was made."""

    def _send(self, body):
        nested = body.get("next")
        if isinstance(nested, dict) and "proof" in nested:
            nested["stage"] = nested["stage"][1:] + nested["stage"][:1]
        return super()._send(body)


ATTACKERS = [MarkerAttacker, Duplicator, NonCard, TorsionMarker, Grinder, Reorderer]


def refused_pass(party, message, cls):
    """The refusal of a cheating pass: its proof fails, or (marks of order 8) one of its values
    does not even decode to an element of the group."""
    if cls is TorsionMarker:
        assert "not an element of the group" in refused(party, message, MalformedMessage)
    else:
        assert "shuffle proof" in refused(party, message)


def attacker_at_seat_0(cls):
    """The attacker invites; the honest friend joins through the API; the attacker's answer
    to the join is deal 0's first pass."""
    attacker, sent = cls.new("schnapsen", seat=0, is_match=False)
    joined = api.duel_join(messages.encode(sent[0]))
    attacker.receive(joined["codes"][0])
    return attacker, joined["party"]


def attacker_at_seat_1(cls):
    """The honest side invites and makes deal 0's first pass; the attacker joins and answers
    with the second pass."""
    honest = api.duel_new("schnapsen", seat=0, match=False)
    attacker, _ = cls.new("schnapsen", seat=1, is_match=False)
    out = api.duel_receive(honest["party"], messages.encode(attacker.receive(honest["codes"][0])[0]))
    return attacker, out["party"], attacker.receive(out["codes"][0])


def refused(party, message, error=VerificationFailed):
    before = json.dumps(party, sort_keys=True)
    with pytest.raises(error) as info:
        api.duel_receive(party, messages.encode(message))
    assert json.dumps(party, sort_keys=True) == before
    return str(info.value)


@pytest.mark.parametrize("cls", ATTACKERS)
def test_seat_0_cannot_steer_its_shuffle(cls):
    attacker, honest = attacker_at_seat_0(cls)
    refused_pass(honest, attacker.sent[-1], cls)


@pytest.mark.parametrize("cls", ATTACKERS)
def test_seat_1_cannot_steer_its_shuffle(cls):
    attacker, honest, sent = attacker_at_seat_1(cls)
    refused_pass(honest, sent[0], cls)


def test_the_honest_shuffles_pass():
    """The same set-up with an unmodified party goes through: the refusals above are the
    attacks', not the harness's."""
    attacker, honest = attacker_at_seat_0(Party)
    out = api.duel_receive(honest, messages.encode(attacker.sent[-1]))
    assert out["codes"] and out["status"]["phase"] in ("your_turn", "their_turn")
    attacker, honest, sent = attacker_at_seat_1(Party)
    assert api.duel_receive(honest, messages.encode(sent[0]))["status"]["phase"] in (
        "your_turn", "their_turn")


def test_marks_of_order_four_vanish_in_the_encoding():
    """Every element travels as its ristretto255 encoding, which is the same for a point and
    that point plus any torsion point of order 1, 2 or 4: such a mark cannot even be sent."""
    g = duel_group()
    card = g.point(g.encode_card("AH"))
    for mark in four_torsion():
        assert ristretto.encode(ristretto.add(card, mark)) == g.encode_card("AH")


def test_an_element_from_a_message_is_always_of_prime_order():
    """Whatever a modified page encodes (a point with a torsion part of order 8 included), what
    the honest side decodes is an element of the prime-order group, or refused."""
    g = duel_group()
    mark = eight_torsion()
    point = g.point(g.public(12345))
    for i in range(8):
        encoded = ristretto.encode(point).hex()
        try:
            value = g.element(encoded)
        except MalformedMessage:
            continue
        decoded = g.point(value)
        assert ristretto.equal(ristretto.multiply(ristretto.L, decoded), ristretto.IDENTITY)
        point = ristretto.add(point, mark)


class CoinBricker(Party):
    """An inviter whose coin commitment is no hex digest: a joiner that saved it could not
    load its own duel again."""

    def _invitation(self):
        return dict(super()._invitation(), coin="z" * 64)


class CoinFlipper(Party):
    """Opens its coin with a bit that is no int (true, or the text "1")."""

    bit = True

    def _send(self, body):
        if "coin_open" in body:
            body["coin_open"]["bit"] = self.bit
        return super()._send(body)


def test_an_invitation_whose_coin_is_no_digest_is_refused_at_once():
    attacker, sent = CoinBricker.new("schnapsen", seat=0, is_match=False)
    with pytest.raises(MalformedMessage, match="coin"):
        api.duel_join(messages.encode(sent[0]))


@pytest.mark.parametrize("bit", [True, "1", 1.0])
def test_a_coin_opened_with_a_bit_of_another_type_is_refused(bit):
    attacker, sent = type("Flipper", (CoinFlipper,), {"bit": bit}).new(
        "schnapsen", seat=0, is_match=False)
    joined = api.duel_join(messages.encode(sent[0]))
    opened = attacker.receive(joined["codes"][0])[0]
    assert "coin" in refused(joined["party"], opened, MalformedMessage)


def test_a_replayed_pass_is_refused():
    """Seat 1 answers with the pass, key and proof it made for an earlier game, which went
    through there, signed anew with this game's key."""
    def second_pass():
        honest = api.duel_new("schnapsen", seat=0, match=True)
        friend, _ = Party.new("schnapsen", seat=1)
        out = api.duel_receive(honest["party"],
                               messages.encode(friend.receive(honest["codes"][0])[0]))
        return out["party"], friend, friend.receive(out["codes"][0])[0]

    party, _, old = second_pass()
    assert api.duel_receive(party, messages.encode(old))["status"]["phase"] != "shuffling"
    party, friend, first = second_pass()
    replay = json.loads(json.dumps(first))
    for field in ("stage", "proof", "key"):
        replay["body"]["next"][field] = old["body"]["next"][field]
    replay["sig"] = [friend.group.to_hex(x) for x in sign(
        friend.group, friend.sign_key, friend.sign_public(), messages.signed_text(replay))]
    assert "shuffle proof" in refused(party, replay)


def from_deal_1(cls):
    """`cls`'s cheat in the shuffles of deal 1 on, an honest deal 0: the attack reaches the
    passes that ride on the messages ending a deal (setup.py)."""
    if cls in (Reorderer, TorsionMarker):
        class LaterReorderer(cls):
            def _send(self, body):
                if body.get("deal") == 0 and "coin_open" in body or "reveal" not in body:
                    return Party._send(self, body)
                return super()._send(body)
        return LaterReorderer

    class Later(cls):
        def _pass(self, before, deal):
            if deal.index == 0:
                return Party._pass(self, before, deal)
            return super()._pass(before, deal)
    return Later


def carries_next(duel):
    return (bool(duel.queue) and "next" in duel.queue[-1][1]["body"]
            and "reveal" in duel.queue[-1][1]["body"])


@pytest.mark.parametrize("cls", ATTACKERS)
def test_the_seat_that_ends_a_deal_cannot_steer_the_next_shuffle(cls):
    """The seat whose last action ends deal 0 sends the first pass of deal 1 with it."""
    duel = Duel("bummerl", seed=6)
    for party in duel.parties:
        party.__class__ = from_deal_1(cls)
    duel.run_until(carries_next)
    to, message = duel.queue[-1]
    refused_pass(duel.parties[to].as_json(), message, cls)


@pytest.mark.parametrize("cls", ATTACKERS)
def test_the_seat_that_answers_cannot_steer_the_next_shuffle(cls):
    """The other seat answers the end of deal 0 with its key and the second pass of deal 1."""
    duel = Duel("bummerl", seed=6).run_until(carries_next)
    to, message = duel.queue.pop()
    attacker = duel.parties[to]
    attacker.__class__ = from_deal_1(cls)
    answer = attacker.receive(message)[0]
    assert "next" in answer["body"] and "proof" in answer["body"]["next"]
    refused_pass(duel.parties[1 - to].as_json(), answer, cls)


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
    g = duel_group()
    key = g.random_key()
    forged["sig"] = [g.to_hex(x) for x in sign(g, key, g.public(key), messages.signed_text(forged))]
    return forged


def a_deal_in_play():
    """The honest inviter's party with deal 0 in play, the friend's Party, and the friend's
    next message, not delivered yet."""
    return deal_in_play(match=False)


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
    unsigned = dict(genuine, sig=["0" * 64, "0" * 64])
    refused(party, unsigned, Unauthenticated)
    status = api.duel_receive(party, messages.encode(genuine))["status"]
    assert status["phase"] in ("your_turn", "their_turn", "verifying")


def test_both_sides_show_the_same_fingerprint():
    party, friend, genuine = a_deal_in_play()
    mine = api.duel_observation(party)["status"]["fingerprint"]
    assert mine == friend.status()["fingerprint"]
    digits = mine.replace(" ", "")
    assert len(digits) == 25 and digits.isdigit() and len(mine.split()) == 5
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


# --- review findings: a signature spelled another way, a relayed game, a re-rolled dealer ------

def test_a_signature_spelled_another_way_is_refused_and_the_game_goes_on():
    """An onlooker who re-spells a signature number (a leading zero dropped or added: the same
    number) would make the receiver accept a message whose hash its sender never sent, and the
    chain would break for good. Every number of a signature is exactly 64 hex digits below L."""
    party, friend, genuine = a_deal_in_play()
    for index in (0, 1):
        number = genuine["sig"][index]
        for spelled in ("0" + number, number[1:] if number.startswith("0") else number[:-1],
                        number.upper(), format(int(number, 16) + friend.group.q, "x")):
            changed = dict(genuine, sig=list(genuine["sig"]))
            changed["sig"][index] = spelled
            refused(party, changed, ValueError)
    assert api.duel_receive(party, messages.encode(genuine))["status"]["phase"] in (
        "your_turn", "their_turn", "verifying")


def relay(message, game, key, seat, prev):
    """`message` as someone in the middle passes it on: its body, signed with its own key."""
    g = duel_group()
    body = json.loads(json.dumps(message["body"]))
    if "hello" in body:
        body["hello"]["sign"] = g.to_hex(g.public(key))
    if "sign" in body:
        body["sign"] = g.to_hex(g.public(key))
    forged = messages.make(game, message["seq"], prev, seat, body)
    forged["sig"] = [g.to_hex(x) for x in sign(g, key, g.public(key), messages.signed_text(forged))]
    return forged


def test_a_game_relayed_by_someone_in_the_middle_fails_at_its_first_pass():
    """Mallory joins Bob's game and invites Carol to one of the same id, passing every message
    on signed with her own keys. The coin and the passes are bound to both players' signing
    keys, so the first message that carries them is refused on the honest side."""
    g = duel_group()
    m0, m1 = g.random_key(), g.random_key()
    bob = api.duel_new("schnapsen", seat=0, match=False)
    game = bob["messages"][0]["game"]
    invitation = relay(bob["messages"][0], game, m0, 0, "")
    carol = api.duel_join(messages.encode(invitation))                  # Carol joins "Mallory"
    reply = relay(carol["messages"][0], game, m1, 1, messages.digest(bob["messages"][0]))
    bob = api.duel_receive(bob["party"], messages.encode(reply))        # Bob hears "Mallory"
    first_pass = relay(bob["messages"][0], game, m0, 0, messages.digest(carol["messages"][0]))
    text = refused(carol["party"], first_pass, KeyMismatch)
    assert "coin" in text


def test_the_inviter_who_leaves_after_the_coin_loses_the_deal():
    """The inviter knows the first dealer as soon as the joiner's bit arrives, before any card
    exists: leaving then counts, or it could re-roll the dealer by inviting again."""
    invited = api.duel_new("schnapsen", seat=0)
    joined = api.duel_join(invited["codes"][0])
    assert api.duel_stop(joined["party"], "me")["status"]["stopped"]["free"]    # B knows nothing
    left = api.duel_stop(joined["party"], "friend")["status"]["stopped"]
    assert not left["free"] and left["counts_as"]["winner"] == 1
    knows = api.duel_receive(invited["party"], joined["codes"][0])["party"]
    assert not api.duel_stop(knows, "me")["status"]["stopped"]["free"]
    assert api.duel_stop(invited["party"], "me")["status"]["stopped"]["free"]   # before the bit


def test_a_code_built_to_cost_time_is_refused_in_linear_work(monkeypatch):
    """A friend's code whose JSON holds 40,000 escaped quotes in a string that never closes
    (the shape that made the nesting guard's regex quadratic): duel_receive refuses it, the
    party is kept, and the guard took at most one step per character of the text."""
    party, friend, genuine = a_deal_in_play()
    text = '{"game":"' + '\\"' * 40_000
    code = messages.CODE_PREFIX + base64.urlsafe_b64encode(
        zlib.compress(text.encode(), 9)).rstrip(b"=").decode()
    counting = CountingPattern(jsontext._SIGNIFICANT)
    monkeypatch.setattr(jsontext, "_SIGNIFICANT", counting)
    before = json.dumps(party, sort_keys=True)
    with pytest.raises(MalformedMessage):
        api.duel_receive(party, code)
    assert json.dumps(party, sort_keys=True) == before
    assert 0 < counting.steps <= len(text)
