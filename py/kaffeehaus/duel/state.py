"""One party's protocol state and its saved form: what a seat holds of the game and of the
deal in play, as plain JSON, checked on load (a digest over the whole saved state, and every
secret key against the public half the friend holds) so a damaged save is refused whole.

The handlers that change this state are in setup.py (the shuffle), play.py (moves, shares,
the reveal) and party.py (receiving, acting, what the page shows).
"""

import hashlib

from ..game import FORMAT as STATE_FORMAT, Game
from ..states import decode
from ..profiles import check_profile, deck_of, normalise_options
from . import messages
from .errors import DuelError, MalformedMessage
from .group import group as make_group
from .saved import check_party
from .shuffle import context, plaintexts
from .verify import replay
from .view import View

FORMAT = "kaffeehaus-duel/4"      # /3 and before: the RFC 5114 group (docs/DECISIONS.md)
PARTY_KEYS = {"format", "group", "profile", "options", "match", "seat", "chain", "sent", "coin",
              "first_dealer", "finished", "deal", "next_deal", "over", "sign", "their_sign", "stopped",
              "check"}


def state_digest(data):
    """SHA-256 over a saved party without its own digest."""
    return hashlib.sha256(messages.canonical(
        {k: v for k, v in data.items() if k != "check"}).encode()).hexdigest()


class DealState:
    """The current deal as one party knows it."""

    def __init__(self, index, dealer, mine, public):
        self.index = index
        self.dealer = dealer          # None until the coin of deal 0 is opened
        self.mine = mine              # this seat's key of the deal (secret)
        self.public = public          # g^mine, sent to the friend
        self.theirs = None            # the friend's public half of its key
        self.stages = []              # [Y, Z] as they arrive or are made; Z is the deck
        self.their_shares = {}        # position -> the friend's decryption share, checked
        self.disclosed = set()        # positions whose share I have sent
        self.known = {}               # position -> card, opened by me
        self.actions = []             # [[player, action]] of the deal, sent or received
        self.draft = []               # my actions not sent yet: [action, shown positions...]
        self.their_reveal = None      # the friend's key, at the end
        self.revealed = False         # my key sent

    def as_json(self, group):
        hexa = group.to_hex
        return {"index": self.index, "dealer": self.dealer, "mine": hexa(self.mine),
                "public": hexa(self.public),
                "theirs": None if self.theirs is None else hexa(self.theirs),
                "stages": [[hexa(x) for x in s] for s in self.stages],
                "their_shares": {str(p): hexa(d) for p, d in sorted(self.their_shares.items())},
                "disclosed": sorted(self.disclosed),
                "known": {str(p): c for p, c in sorted(self.known.items())},
                "actions": [list(a) for a in self.actions],
                "draft": [list(a) for a in self.draft],
                "their_reveal": None if self.their_reveal is None else hexa(self.their_reveal),
                "revealed": self.revealed}

    @classmethod
    def from_json(cls, group, data):
        element = lambda x: group.element(x, check=False)      # noqa: E731
        deal = cls(data["index"], data["dealer"], group.key(data["mine"]),
                   element(data["public"]))
        if group.public(deal.mine) != deal.public:
            raise MalformedMessage("malformed duel state: the deal's key does not match")
        deal.theirs = None if data["theirs"] is None else element(data["theirs"])
        deal.stages = [[element(x) for x in s] for s in data["stages"]]
        deal.their_shares = {int(p): element(d) for p, d in data["their_shares"].items()}
        deal.disclosed = set(data["disclosed"])
        deal.known = {int(p): c for p, c in data["known"].items()}
        deal.actions = [[p, a] for p, a in data["actions"]]
        deal.draft = [list(a) for a in data["draft"]]
        deal.their_reveal = (None if data["their_reveal"] is None
                             else group.key(data["their_reveal"]))
        deal.revealed = data["revealed"]
        return deal


class PartyState:
    """A seat's state, its JSON form and the facts derived from it."""

    def as_json(self):
        g = self.group
        data = {"format": FORMAT, "group": g.name, "profile": self.profile,
                "options": dict(self.options), "match": self.is_match, "seat": self.seat,
                "chain": self.chain.as_json(), "sent": [dict(m) for m in self.sent],
                "coin": None if self.coin is None else dict(self.coin),
                "first_dealer": self.first_dealer,
                "finished": [dict(d, deck=list(d["deck"]), actions=list(d["actions"]))
                             for d in self.finished],
                "deal": None if self.deal is None else self.deal.as_json(g),
                "next_deal": None if self.next_deal is None else self.next_deal.as_json(g),
                "over": self.over, "sign": g.to_hex(self.sign_key),
                "their_sign": None if self.their_sign is None else g.to_hex(self.their_sign),
                "stopped": None if self.stopped is None else dict(self.stopped)}
        data["check"] = state_digest(data)
        return data

    @classmethod
    def from_json(cls, data):
        try:
            return cls._from_json(data)
        except DuelError:
            raise
        except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
            raise MalformedMessage(f"malformed duel state: {type(exc).__name__}") from None

    @classmethod
    def _from_json(cls, data):
        if not isinstance(data, dict) or set(data) != PARTY_KEYS or data["format"] != FORMAT:
            raise MalformedMessage(f"this is not a saved duel ({FORMAT})")
        if data["check"] != state_digest(data):
            raise MalformedMessage("malformed duel state: the saved duel is damaged (its digest does not match)")
        party = cls()
        party.group = g = make_group(data["group"])
        party.profile = check_profile(data["profile"])
        party.options = normalise_options(party.profile, data["options"])
        check_party(data, len(party.cards), party.cards)
        party.is_match, party.seat = data["match"], data["seat"]
        chain = data["chain"]
        party.chain = messages.Chain(chain["game"], chain["seq"], chain["last"])
        party.sent = [messages.check_shape(m) for m in data["sent"]]
        party.coin = None if data["coin"] is None else dict(data["coin"])   # never the caller's
        party.first_dealer = data["first_dealer"]
        party.finished = [{"deck": list(d["deck"]), "dealer": d["dealer"],
                           "actions": list(d["actions"])} for d in data["finished"]]
        party.sign_key = g.key(data["sign"])
        party.their_sign = None if data["their_sign"] is None else g.element(data["their_sign"])
        if party.finished:
            replay(party.verified_state())            # a saved match must replay
        party.deal = None if data["deal"] is None else DealState.from_json(g, data["deal"])
        party.next_deal = (None if data["next_deal"] is None
                           else DealState.from_json(g, data["next_deal"]))
        party.over = data["over"]
        party.stopped = data["stopped"]
        if party.in_play():
            party.view()                              # the deal's log must replay
        return party

    # --- derived facts ---------------------------------------------------------------------
    @property
    def cards(self):
        return deck_of(self.profile, self.options)

    @property
    def opponent(self):
        return 1 - self.seat

    def table(self):
        table = getattr(self, "_table", None)
        if table is None:
            table = self._table = plaintexts(self.group, self.cards)
        return table

    def _context(self, deal, seat, what):
        """The context of a proof of this game (shuffle.context), bound to both signing keys."""
        mine, theirs = self.group.to_hex(self.sign_public()), self.group.to_hex(self.their_sign)
        keys = (mine, theirs) if self.seat == 0 else (theirs, mine)
        signers = hashlib.sha256("/".join(keys).encode()).hexdigest()
        return context(self.chain.game, signers, deal, seat, what)

    def sign_public(self):
        public = getattr(self, "_sign_public", None)
        if public is None:
            public = self._sign_public = self.group.public(self.sign_key)
        return public

    def verified_state(self):
        """The plain engine state (kaffeehaus/1) of the verified deals, or None."""
        if not self.finished:
            return None
        return {"format": STATE_FORMAT, "profile": self.profile, "options": dict(self.options),
                "seed": None, "match": self.is_match, "first_dealer": self.first_dealer,
                "deals": [{"deck": list(d["deck"]), "dealer": d["dealer"],
                           "actions": list(d["actions"])} for d in self.finished]}

    def game_with(self, view):
        """The plain engine's game of the verified deals and the deal in play as `view` has it
        (a display and a forecast: the deal in play is verified only at its end)."""
        previous = decode(self.verified_state()).deals if self.finished else []
        dealer = view.deal.dealer
        first_dealer = self.first_dealer if self.first_dealer is not None else dealer
        return Game(self.profile, self.options, None, self.is_match, first_dealer,
                    previous + [view.deal])

    def _match_goes_on(self, view):
        """Whether a match goes on after the deal that `view` shows ended: the seat that ends
        it opens the next one at once (setup.py)."""
        return self.is_match and not self.game_with(view).match_over()

    def _results(self):
        state = self.verified_state()
        return [] if state is None else decode(state).results()

    def view(self):
        d = self.deal
        return View(self.profile, self.options, d.dealer, self.seat, d.known,
                    [(p, a) for p, a in d.actions])

    def in_play(self):
        d = self.deal
        return d is not None and len(d.stages) == 2 and d.dealer is not None

    def _missing(self, view):
        """Positions this seat may open but has not opened yet."""
        return view.entitled(self.seat) - set(self.deal.known)

    def _owed(self, view):
        if not self.in_play():
            return set()            # no share leaves before the deck Z is fixed
        return view.entitled(self.opponent) - self.deal.disclosed
