"""The end-of-deal verification: with both seats' keys revealed, open the whole deck and replay
the deal through the plain engine (kaffeehaus.game, the same rules the API runs).

The shuffles were proven when they arrived and every share when it arrived, so what is left is
the deal itself: every position opens to a card (a position opened in play keeps its card:
the proven shares make it the same one), the opened deck is a permutation of the profile's
cards, and the plain engine replays
the deal's log on that deck: an illegal move (a suit not followed in phase 2, say) fails here.
Both parties reach the same deck, hence the same engine state and the same result.
"""

from .. import states
from ..observation import result_json
from .errors import VerificationFailed
from .shuffle import open_share, plaintexts


def open_deck(group, cards, final, keys, known):
    """The verified deck, top first. `final`: the deck Z; `keys`: both seats' keys (index =
    seat, already checked against their public halves); `known`: {position: card} opened
    during play."""
    table = plaintexts(group, cards)
    both = keys[0] * keys[1] % group.q
    deck = [known.get(i) or open_share(group, z, both, table) for i, z in enumerate(final)]
    if sorted(deck) != sorted(cards):
        raise VerificationFailed("the opened deck is not the profile's deck")
    return deck


def replay(state):
    """Replay a plain engine state (validated as kaffeehaus.api validates one); VerificationFailed
    naming the first illegal action."""
    try:
        return result_json(states.decode(state).current.result)
    except ValueError as exc:
        raise VerificationFailed(f"the opened deck shows an illegal move: {exc}") from None
