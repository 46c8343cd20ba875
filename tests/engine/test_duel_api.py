"""The duel through kaffeehaus.api as the page will call it (docs/API.md "Duel"): plain JSON
parties, messages as text codes, observations; a refused message leaves the caller's party as
it was; a session saved as JSON text in the middle of a deal resumes and finishes."""
import json
from pathlib import Path
import random

import pytest

from kaffeehaus import api
from kaffeehaus.duel import Party, messages
from kaffeehaus.duel.proofs import sign
from kaffeehaus.duel.state import FORMAT


def choose(observation, rng):
    legal = observation["legal_actions"]
    if observation["claim_wins"]:
        return "claim"
    return rng.choice([a for a in legal if a != "claim"] or legal)


class Table:
    """Two pages: each keeps its party as JSON text and sends codes."""

    def __init__(self, profile, options=None, match=True, seed=0):
        self.rng = random.Random(seed)
        out = api.duel_new(profile, options=options, seat=0, match=match)
        self.saved = [json.dumps(out["party"]), None]
        self.inbox = [[], list(out["codes"])]
        joined = api.duel_join(self.inbox[1].pop(0))
        assert joined["status"]["profile"] == profile
        self.saved[1] = json.dumps(joined["party"])
        self.inbox[0] += joined["codes"]

    def party(self, seat):
        return json.loads(self.saved[seat])

    def step(self):
        for seat in (0, 1):
            if self.inbox[seat]:
                out = api.duel_receive(self.party(seat), self.inbox[seat].pop(0))
                self._keep(seat, out)
                return True
        for seat in (0, 1):
            view = api.duel_observation(self.party(seat))
            if view["status"]["phase"] == "your_turn":
                out = api.duel_act(self.party(seat), choose(view["observation"], self.rng))
                self._keep(seat, out)
                return True
        return False

    def _keep(self, seat, out):
        self.saved[seat] = json.dumps(out["party"])
        for code, message in zip(out["codes"], out["messages"]):
            assert messages.decode(code) == message
            self.inbox[1 - seat].append(code)

    def run(self):
        while self.step():
            pass
        return [api.duel_observation(self.party(s)) for s in (0, 1)]


@pytest.mark.parametrize("profile", ["bummerl", "schneider-neighbour"])
def test_a_whole_match_through_the_api(profile):
    views = Table(profile, seed=1).run()
    s0, s1 = (v["status"] for v in views)
    assert s0["phase"] == s1["phase"] == "over"
    assert s0["verified_state"] == s1["verified_state"]
    assert s0["match_status"] == api.match_status(s0["verified_state"])
    assert s0["match_status"]["over"]
    for seat, view in enumerate(views):       # the last verified deal, as the plain engine sees it
        assert view["observation"]["result"] == api.deal_result(s0["verified_state"])


def damaged(code):
    """The code with one character changed so that it no longer holds the same message. Not
    every change does that: a code is a compressed stream, and about one change in a hundred
    inflates to the very same message (which is then rightly accepted)."""
    same = messages.decode(code)
    for i in range(40, len(code)):
        bad = code[:i] + ("A" if code[i] != "A" else "B") + code[i + 1:]
        try:
            if messages.decode(bad) != same:
                return bad
        except ValueError:
            return bad
    raise AssertionError("no change of one character damaged the code")


def test_a_refused_code_leaves_the_party_as_it_was():
    table = Table("schnapsen", match=False, seed=2)
    while True:
        waiting = [s for s in (0, 1) if table.inbox[s]]
        if waiting and "actions" in messages.decode(table.inbox[waiting[0]][0])["body"]:
            seat, code = waiting[0], table.inbox[waiting[0]][0]      # a turn, not the shuffle
            break
        assert table.step()
    party = table.party(seat)
    text = json.dumps(party)
    for bad in [damaged(code), code[:-20], "kd1.!!!", "hello", 42, None]:
        with pytest.raises(ValueError) as info:
            api.duel_receive(party, bad)
        assert len(str(info.value)) <= 200
        assert json.dumps(party) == text
    api.duel_receive(party, code)             # the genuine code still goes through
    with pytest.raises(ValueError, match="already received"):
        out = api.duel_receive(party, code)
        api.duel_receive(out["party"], code)


def test_a_session_saved_mid_deal_resumes():
    table = Table("schneider", options={"trump": True}, match=False, seed=3)
    for _ in range(25):
        table.step()
    saved = json.dumps({"parties": table.saved, "inbox": table.inbox})
    del table
    data = json.loads(saved)                  # a new page load, later
    table = Table.__new__(Table)
    table.rng = random.Random(4)
    table.saved, table.inbox = data["parties"], data["inbox"]
    views = table.run()
    assert views[0]["status"]["phase"] == "over"
    state = views[0]["status"]["verified_state"]
    assert state == views[1]["status"]["verified_state"]
    assert views[0]["status"]["last_result"] == api.deal_result(state)


def test_the_observation_before_the_cards_are_dealt():
    out = api.duel_new("schnapsen", seat=0)
    view = api.duel_observation(out["party"])
    assert view["observation"] is None and view["status"]["phase"] == "shuffling"
    waiting = api.duel_new("schnapsen", seat=1)
    assert api.duel_observation(waiting["party"])["status"]["phase"] == "waiting"
    with pytest.raises(ValueError):
        api.duel_act(out["party"], "QH")


def test_an_invitation_in_another_group_is_refused():
    """An invitation names its group; one in any group but ristretto255 (a duel begun by the
    page's earlier protocol in RFC 5114's group, say) is refused with words, not joined."""
    inviter, sent = Party.new("schnapsen", seat=0)
    message = json.loads(json.dumps(sent[0]))
    message["body"]["hello"]["group"] = "rfc5114-2048-256"
    message["sig"] = [inviter.group.to_hex(x) for x in sign(
        inviter.group, inviter.sign_key, inviter.sign_public(), messages.signed_text(message))]
    with pytest.raises(ValueError, match="older version"):
        api.duel_join(messages.encode(message))


def test_the_page_knows_the_engines_party_format():
    """A saved duel in another format is set aside by the page before the engine sees it
    (web/duel/store.js); both must name the same current format."""
    store = (Path(__file__).parents[2] / "web" / "duel" / "store.js").read_text()
    assert f'export const PARTY_FORMAT = "{FORMAT}";' in store


def test_the_page_uses_ristretto255():
    out = api.duel_new("bummerl", seat=0)
    assert out["party"]["group"] == out["status"]["group"] == "ristretto255"
    joined = api.duel_join(out["codes"][0])
    assert joined["party"]["group"] == "ristretto255" and len(joined["codes"]) == 1


@pytest.mark.parametrize("profile", ["schnapsen", "schneider"])
def test_an_observation_never_shows_a_filler_card(profile):
    """Before its keys arrive a seat's view fills the unopened positions with stand-in cards:
    none of them may reach the page (the hand leaves them out, and so does the trump indicator:
    a stand-in there could be one of the opponent's cards)."""
    options = {"trump": True} if profile == "schneider" else None
    table = Table(profile, options=options, match=False, seed=5)
    checked = 0
    while table.step():
        views = [api.duel_observation(table.party(s)) for s in (0, 1)]
        obs = [v["observation"] for v in views]
        if None in obs or any(o["result"] for o in obs) or obs[0]["actions"] != obs[1]["actions"]:
            continue          # (one seat ahead of the other: a card drawn since is no leak)
        for seat in (0, 1):
            mine, theirs = obs[seat], obs[1 - seat]
            assert not set(mine["hand"]) & set(theirs["hand"])
            if mine["trump_card"] is not None:
                assert mine["trump_card"] not in theirs["hand"]
                if theirs["trump_card"] is not None:
                    assert mine["trump_card"] == theirs["trump_card"]
            if views[seat]["status"]["cards_pending"]:
                checked += 1
    assert checked       # the moment before the keys arrive was seen
