"""The terminal front end plays a whole deal through the API with scripted answers."""

from kaffeehaus import api
from kaffeehaus.__main__ import play, show


def test_terminal_play_runs_a_deal_to_its_result():
    answers = iter(["nonsense", "99"] + ["1"] * 200)
    out = []
    state = play("schneider", 4, "random", True, read=lambda prompt: next(answers), write=out.append)
    result = api.deal_result(state)
    assert result is not None and result["reason"] in ("honours", "draw")
    assert out[-1] == f"deal over: {result}"


def test_cards_are_shown_with_suit_symbols():
    assert show("TH") == "10\u2665" and show("QS") == "Q\u2660" and show(None) == "-"
