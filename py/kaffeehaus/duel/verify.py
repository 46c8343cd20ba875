"""The end-of-deal verification: with both seats' keys revealed, check both shuffles, open the
whole deck and replay the deal through the plain engine (kaffeehaus.game, the same rules the API runs).

Each party checks the other seat's two passes (its own it made itself): the first pass must be a
permutation of the previous deck raised to the revealed deck key, the second must be exactly
each position re-keyed from the deck key to its committed per-position key. Then every position
opens to a card, the opened deck is a permutation of the profile's cards and agrees with every
card opened during play, and the plain engine replays the deal's log on that deck: an illegal
move (a suit not followed in phase 2, say) fails here. Both parties reach the same deck, hence
the same engine state and the same result.
"""

from .. import game
from ..observation import result_json
from .errors import VerificationFailed
from .shuffle import check_encrypt_and_shuffle, check_rekey, open_position, plaintexts


def open_deck(group, cards, stages, keys, known, opponent):
    """The verified deck, top first. `stages`: [X, Y, Z, W]; `keys`: the two seats' KeySets
    (index = seat); `known`: {position: card} opened during play; `opponent`: the seat whose
    passes are checked."""
    table = plaintexts(group, cards)
    X, Y, Z, W = stages
    other = keys[opponent]
    if opponent == 0:
        check_encrypt_and_shuffle(group, list(table), X, other.deck, 0)
        check_rekey(group, Y, Z, other.deck, other.cards, 0)
    else:
        check_encrypt_and_shuffle(group, X, Y, other.deck, 1)
        check_rekey(group, Z, W, other.deck, other.cards, 1)
    deck = []
    for i, w in enumerate(W):
        card = known.get(i)
        if card is None:
            card = open_position(group, w, keys[0].cards[i], keys[1].cards[i], table)
        deck.append(card)
    if sorted(deck) != sorted(cards):
        raise VerificationFailed("the opened deck is not the profile's deck")
    return deck


def replay(state):
    """Replay a plain engine state (validated as kaffeehaus.api validates one); VerificationFailed
    naming the first illegal action."""
    try:
        return result_json(game.decode(state).current.result)
    except ValueError as exc:
        raise VerificationFailed(f"the opened deck shows an illegal move: {exc}") from None
