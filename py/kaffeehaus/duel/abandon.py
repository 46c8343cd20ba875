"""A duel left before its deal could be checked (docs/PROTOCOL.md, "Leaving a game").

Nothing forces a player to answer, so stopping is recorded by the side that sees it: the
player who leaves records that it stopped, the one left behind records that its friend
stopped (after waiting as long as it likes). Leaving is free before the shuffle of the
current deal has started (no pass of that deal exists yet: nobody has seen anything of it);
after that the deal counts as lost by the player who stopped, with the most game points one
deal can give in the profile, when the match is scored on the recording side. The inviter who
stops after the joiner's coin bit was sent is not free either: it knew the first dealer. The
record is
cleared as soon as the game goes on (a message from the friend applied, or a move made), so
a stopped game can be resumed.
"""

from .. import match as _match
from .errors import IllegalMove

WHO = ("me", "friend")


def most_game_points(profile, options):
    """The most one deal can give: 3 (Schwarz, SS-5, SN-6), or the whole honour difference
    in cumulative Schneider (SN-10 `cumulative`)."""
    return 20 if profile.startswith("schneider") and options.get("cumulative") else 3


def record(party, who):
    """The record of `who` ("me" or "friend") stopping now."""
    if who not in WHO:
        raise IllegalMove("who stopped must be 'me' or 'friend'")
    if party.over:
        raise IllegalMove("the game is over: there is nothing to leave")
    deal = party.deal if party.deal is not None else party.next_deal
    started = deal is not None and len(deal.stages) >= 1
    index = deal.index if deal is not None else len(party.finished)
    by = party.seat if who == "me" else party.opponent
    return {"deal": index, "by": by, "free": not started and not _knew_the_dealer(party, by)}


def _knew_the_dealer(party, by):
    """Whether seat `by` knew who deals first when it stopped: the inviter does as soon as the
    joiner's coin bit is sent, before any card exists. Leaving then is not free, or an inviter
    could leave and invite again until the coin falls its way."""
    if by != 0 or party.coin is None or party.finished:
        return False
    if party.seat == 0:
        return party.coin.get("their_bit") is not None
    return True                 # seat 1 holds a coin only once it has sent its bit


def describe(party):
    """The record for the page, with what it counts as; None when nobody stopped."""
    stopped = party.stopped
    if stopped is None:
        return None
    mine = stopped["by"] == party.seat
    if stopped["free"]:
        text = (f"{'you' if mine else 'your friend'} left before the shuffle of deal "
                f"{stopped['deal'] + 1} started: it does not count")
        counts = None
    else:
        text = (f"{'you' if mine else 'your friend'} stopped before the deal could be "
                f"checked")
        counts = {"winner": 1 - stopped["by"], "reason": "abandoned",
                  "game_points": most_game_points(party.profile, party.options)}
    return dict(stopped, message=text, counts_as=counts)


def match_status(party, results):
    """The match score with an abandoned deal counted as lost by whoever stopped; None for
    a single deal."""
    if not party.is_match:
        return None
    described = describe(party)
    dealer = _match.next_dealer(party.profile, party.first_dealer, results) \
        if party.first_dealer is not None else None
    if described is None or described["counts_as"] is None:
        return None if not results else _match.status(party.profile, party.options, results,
                                                      dealer)
    return _match.status(party.profile, party.options, results + [described["counts_as"]],
                         dealer)
