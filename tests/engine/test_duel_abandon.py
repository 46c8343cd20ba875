"""Leaving a duel (docs/PROTOCOL.md, "Leaving a game"): free before the deal's shuffle
starts; afterwards recorded on the side that records it, counted as a deal lost by whoever
stopped, and resumed as soon as the game goes on."""
import pytest

from duel_driver import deal_in_play
from kaffeehaus import api
from kaffeehaus.duel import Party
from kaffeehaus.duel import messages


def a_deal_in_play(match=True):
    return deal_in_play(match=match)


def test_leaving_before_the_shuffle_is_free():
    invited = api.duel_new("schnapsen", seat=0)
    stopped = api.duel_stop(invited["party"], "me")["status"]
    assert stopped["stopped"]["free"] and stopped["stopped"]["counts_as"] is None
    assert "does not count" in stopped["stopped"]["message"]
    assert stopped["match_status"] is None


def test_a_friend_who_stops_after_the_shuffle_loses_the_deal():
    party, friend, genuine = a_deal_in_play()
    status = api.duel_stop(party, "friend")["status"]
    record = status["stopped"]
    assert record["by"] == 1 and not record["free"]
    assert record["message"] == "your friend stopped before the deal could be checked"
    assert record["counts_as"] == {"winner": 0, "reason": "abandoned", "game_points": 3}
    last = status["match_status"]["sheet"][-1]
    assert last["winner"] == 0 and last["game_points"] == 3


def test_the_table_score_sheet_counts_the_stopped_deal_as_the_status_does():
    """The observation the table draws its score sheet from (SS-10) holds the abandoned deal,
    on both sides, and loses it again when the game goes on."""
    party, friend, genuine = a_deal_in_play()
    out = api.duel_stop(party, "friend")
    shown = api.duel_observation(out["party"])["observation"]["match"]
    assert shown == out["status"]["match_status"]
    assert shown["sheet"][-1]["reason"] == "abandoned" and shown["scores"] == [4, 7]
    friend.stop("me")
    assert friend.observation()["match"]["sheet"][-1] == shown["sheet"][-1]
    resumed = api.duel_receive(out["party"], messages.encode(genuine))
    assert api.duel_observation(resumed["party"])["observation"]["match"]["sheet"] == []


def test_the_one_who_leaves_records_it_too():
    party, friend, genuine = a_deal_in_play()
    friend.stop("me")
    record = friend.status()["stopped"]
    assert record["by"] == 1 and record["message"].startswith("you stopped")
    assert friend.status()["match_status"]["sheet"][-1]["winner"] == 0


def test_a_stopped_game_resumes_when_the_friend_comes_back():
    party, friend, genuine = a_deal_in_play()
    stopped = api.duel_stop(party, "friend")["party"]
    out = api.duel_receive(stopped, messages.encode(genuine))
    assert out["status"]["stopped"] is None
    assert out["status"]["phase"] in ("your_turn", "their_turn", "verifying")


def test_who_must_be_me_or_the_friend():
    party, friend, genuine = a_deal_in_play()
    with pytest.raises(ValueError):
        api.duel_stop(party, "nobody")
