"""The duel's JSON functions, re-exported by kaffeehaus.api for the page (docs/API.md, "Duel").

Every call takes and returns plain JSON: a party is the object `Party.as_json` gives (the page
stores it and passes it back), a message is a JSON object or its text code ("kd1...."). A call
that refuses raises a DuelError (a ValueError) and changes nothing: the caller still holds the
party of its last verified position.
"""

from .. import jsontext as _jsontext
from ..limits import MAX_PARTY_LENGTH
from . import group as _group
from . import messages as _messages
from .errors import MalformedMessage
from .party import Party
from .state import FORMAT


def _load(party):
    """The saved party, bounded in size and nesting before anything reads it."""
    try:
        _jsontext.check_value(party, "a saved duel", MAX_PARTY_LENGTH)
    except ValueError as exc:
        raise MalformedMessage(str(exc)) from None
    return Party.from_json(party)


def _seen(party):
    """{"observation", "status"} and, in a later deal of a match until its first move,
    "last_deal": the deal before at its end (a friend's message can end a deal and deal the
    next one at once: the page shows the end first)."""
    view = {"observation": party.observation(), "status": party.status()}
    if party.in_play() and party.finished and not party.deal.actions:
        view["last_deal"] = party.last_deal_observation()
    return view


def _turn(party, sent):
    """What every call that changes a party returns: as `play` does, the observation and the
    steps of the call, with the party, the messages to send and their codes."""
    return dict(_seen(party), party=party.as_json(), messages=sent,
                codes=[_messages.encode(m) for m in sent], steps=party.steps())


def duel_new(profile, *, options=None, seat=0, match=True):
    """A new duel for `seat`: seat 0 invites (its first message is the invitation to send),
    seat 1 waits for one (or use `duel_join`). Returns {"party", "messages", "codes",
    "status", "observation", "steps"} (and "last_deal", see `duel_observation`), as every call
    that changes a party."""
    party, sent = Party.new(profile, options, seat, is_match=match)
    return _turn(party, sent)


def duel_join(invitation):
    """Seat 1's party for an invitation (message or code): its profile, options and match come
    from the invitation (shown in `status` before the player accepts). Same result as
    `duel_receive`."""
    message = _messages.check_shape(invitation)
    hello = message["body"].get("hello")
    if message["seq"] != 0 or not isinstance(hello, dict):
        raise MalformedMessage("this is not an invitation (the first message of a duel)")
    if hello.get("group") != _group.NAME or hello.get("format") != FORMAT:
        raise MalformedMessage("this invitation was made by an older version of the game "
                               "(another protocol or group): it cannot be joined here")
    party, _ = Party.new(hello.get("profile"), hello.get("options"), 1,
                         is_match=hello.get("match"))
    sent = party.receive(message)
    return _turn(party, sent)


def duel_receive(party, message):
    """The opponent's next message (object or code): checked, applied, and the reply to send
    (often none). Refused with a DuelError otherwise."""
    party = _load(party)
    sent = party.receive(message)
    return _turn(party, sent)


def duel_act(party, action):
    """This seat plays `action`; the messages to send (none while the seat keeps the move:
    a whole turn travels as one message)."""
    party = _load(party)
    sent = party.act(action)
    return _turn(party, sent)


def duel_stop(party, who="friend"):
    """Record that the game stopped: `who` "friend" (the friend stopped answering) or "me"
    (this player leaves). Free before the current deal's shuffle started; after that the
    deal counts as lost by whoever stopped (status `stopped`, `match_status`). Any later
    message from the friend, or a move, resumes the game. Returns {"party", "observation",
    "status"}: the observation's match score counts the deal the stop cost."""
    party = Party.from_json(party)
    party.stop(who)
    return {"party": party.as_json(), "observation": party.observation(), "status": party.status()}


def duel_observation(party):
    """{"observation": this seat's observation (docs/API.md) or None before the first deal is
    dealt, "status": where the duel stands}, and "last_deal": the observation of the deal before
    at its end, until the first move of the deal in play (a friend's message can end a deal and
    deal the next one at once: the page shows the end first)."""
    return _seen(_load(party))
