"""The learned value's inputs (bench/train/features.py): made from the seat's observation only,
every field they read one the observation has, and self-play labels each record with the
deal's outcome for the seat that chose."""

import sys

from kaffeehaus import api

from benchhelpers import schnapsen_decisions

sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parents[1] / "train"))
import features  # noqa: E402
import selfplay  # noqa: E402


class Watched(dict):
    """An observation that notes which of its fields are read."""

    def __init__(self, *args):
        super().__init__(*args)
        self.read = set()

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)


def positions(count):
    """Observations where the features apply, from whole deals of the rule-based player."""
    return schnapsen_decisions(features.applies, count, "features")


def test_the_features_read_only_fields_of_the_seats_observation():
    read = set()
    for obs in positions(40):
        watched = Watched(obs)
        features.observation_features(watched)
        for action in obs["legal_actions"]:
            features.action_features(watched, action)
        read |= watched.read
        assert set(features.FIELDS) <= set(obs)       # every field it may read is the observation's
    assert read <= set(features.FIELDS), read - set(features.FIELDS)


def test_what_the_seat_cannot_see_changes_nothing():
    """The same numbers when everything outside FIELDS is removed or replaced, the opponent's
    real hand put where an observation never has it included."""
    for obs in positions(30):
        kept = {k: obs[k] for k in features.FIELDS}
        poisoned = dict(obs, opponent_hand=["AC", "AD"], history=obs["history"],
                        result={"winner": 0}, known_opponent_cards=obs["known_opponent_cards"])
        want = features.observation_features(obs)
        assert features.observation_features(kept) == want
        assert features.observation_features(poisoned) == want


def test_numbers_are_bounded_and_of_one_length():
    lengths = set()
    for obs in positions(30):
        row = features.observation_features(obs)
        lengths.add(len(row))
        assert all(0.0 <= x <= 1.0 for x in row)
        # the hand is where the seat's cards are, one number each
        assert sum(row[:features.CARDS]) == len(obs["hand"])
        for action in obs["legal_actions"]:
            a = features.action_features(obs, action)
            assert sum(a[:len(features.ACTION_KINDS)]) == 1
    assert len(lengths) == 1


def test_trump_takes_the_first_place_whatever_suit_it_is():
    obs = positions(1)[0]
    ace_of_trumps = "A" + obs["trump"]
    row = features.observation_features(dict(obs, hand=[ace_of_trumps]))
    assert row[:features.CARDS].index(1.0) == 0


def test_self_play_labels_each_record_with_the_deals_outcome_for_the_chooser():
    for deal in range(4):
        records = selfplay.play(deal, ("easy", "medium"))
        assert records and all(features.applies(r["obs"]) for r in records)
        for r in records:
            assert r["obs"]["player"] == r["seat"] and r["action"] in r["obs"]["legal_actions"]
        outcome = {r["seat"]: r["y"] for r in records}
        assert all(abs(y) in (1, 2, 3) for y in outcome.values())
        if len(outcome) == 2:                       # one deal: what one seat wins the other loses
            assert outcome[0] == -outcome[1]
    assert selfplay.play(3, ("easy", "medium")) == records    # a function of its arguments
