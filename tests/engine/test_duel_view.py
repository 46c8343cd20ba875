"""A duel party knows only its own cards and the public ones, yet computes its legal actions
and its observation with the engine itself (kaffeehaus.duel.view): the deck is filled with the
unseen cards in ANY order and the public log replayed. This checks, against the plain engine on
the true deck, that the legal actions and the whole observation of that seat depend only on
its hand and the public facts (RULES.md Part 4), for every profile and random positions."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from duel_driver import OPTIONS, PROFILES
from kaffeehaus import api
from kaffeehaus.game import Game
from kaffeehaus.observation import observe
from kaffeehaus.duel.view import View


def seen_by(state, seat):
    """{deck position: card} of what `seat` has seen: its hand, the cards played, the
    indicator, the opponent's cards shown (OB-2)."""
    obs = api.observation(state, seat)
    deck = state["deals"][-1]["deck"]
    cards = set(obs["hand"]) | set(obs["known_opponent_cards"])
    cards |= {c for t in obs["history"] for _, c in t["cards"]} | {c for _, c in obs["trick"]}
    if obs["trump_card"]:
        cards.add(obs["trump_card"])
    if obs["game"] == "schnapsen":
        cards.add(deck[6])                              # SS-2: the first indicator
        cards |= {a.replace("exchange", "J" + obs["trump"]) for _, a in obs["actions"]
                  if a == "exchange"}
    return {deck.index(c): c for c in cards}


def view_observation(state, seat, fill):
    deal = state["deals"][-1]
    view = View(state["profile"], state["options"], deal["dealer"], seat, seen_by(state, seat),
                [(p, a) for p, a in api.observation(state, seat)["actions"]], fill=fill)
    game = Game(state["profile"], state["options"], None, False, deal["dealer"], [view.deal])
    return observe(game, seat)


@pytest.mark.slow  # hypothesis: 150 positions
@settings(max_examples=150, deadline=None)
@given(profile=st.sampled_from(PROFILES + ["bummerl+", "schneider+"]),
       seed=st.integers(0, 10**6), steps=st.integers(0, 40), fill_seed=st.integers(0, 10**6))
def test_own_legal_actions_and_observation_need_only_own_cards_and_public_facts(
        profile, seed, steps, fill_seed):
    options = None
    if profile.endswith("+"):
        profile = profile[:-1]
        options = OPTIONS[profile]
    rng = random.Random(seed)
    deck = api.new_deal(profile, options=options, seed=seed)["deals"][0]["deck"]
    state = api.new_deal(profile, options=options, deck=deck, dealer=rng.randrange(2))
    for _ in range(steps):
        legal = api.legal_actions(state)
        if not legal:
            break
        state = api.apply(state, rng.choice([a for a in legal if a != "claim"] or legal))
    fill = list(deck)
    random.Random(fill_seed).shuffle(fill)
    for seat in (0, 1):
        assert view_observation(state, seat, fill) == api.observation(state, seat)
