"""One player's side of a duel: its secrets, what it knows, its view of the game.

A Party is a small state machine over the messages of docs/PROTOCOL.md. Its whole state is
plain JSON (`as_json` / `from_json`), so a session can stop and resume at any point. Every
call that changes it (`receive`, `act`) either succeeds completely or raises a DuelError
(a ValueError) and leaves the party exactly as it was: its last verified position.

Per deal (seat 0 = "A", the first shuffler; seat 1 = "B"):
    A: commit(a, a_i), X            (deal 0: + the game's hello and a coin commitment)
    B: commit(b, b_i), Y            (deal 0: + B's coin bit)
    A: Z                                                          (deal 0: + the coin opened)
    B: W, B's keys for A's hand and the indicator
    A: A's keys for B's hand and the indicator [+ A's first turn when A is forehand]
    No key is disclosed before W is fixed: with A's key for a position, B could otherwise
    choose W so that the position opens to any card it likes.
    then turns: each message carries the sender's actions (with the positions they show) and
    every key it owes (positions the opponent is now entitled to open: its draws, the cards
    just shown); the last action of the deal comes with the sender's full key reveal, the
    reply with the other's reveal. Both verify, and the next deal starts.
"""

import hashlib
import secrets

from .. import match as _match
from ..messages import short
from ..game import FORMAT as STATE_FORMAT, Game, decode
from ..observation import observe
from ..profiles import check_profile, deck_of, normalise_options
from . import messages
from .errors import ChainError, DuelError, IllegalMove, KeyMismatch, MalformedMessage, \
    VerificationFailed
from . import group as _group
from .group import group as make_group
from .saved import check_party
from .keys import KeySet, check_commitments, check_key
from .shuffle import encrypt_and_shuffle, open_position, plaintexts, rekey
from .verify import open_deck, replay
from .view import View

FORMAT = "kaffeehaus-duel/1"
PARTY_KEYS = {"format", "group", "profile", "options", "match", "seat", "chain", "sent", "coin",
              "first_dealer", "finished", "deal", "over"}


def coin_commitment(game_id, salt, bit):
    return hashlib.sha256(f"kaffeehaus/duel/coin/{game_id}/{salt}/{bit}".encode()).hexdigest()


class DealState:
    """The current deal as one party knows it."""

    def __init__(self, index, dealer, mine):
        self.index = index
        self.dealer = dealer          # None until the coin of deal 0 is opened
        self.mine = mine              # KeySet
        self.commit = None            # the opponent's commitments
        self.stages = []              # [X, Y, Z, W] as they arrive or are made
        self.unsent_stage = False     # B holds W until its first turn when it is forehand
        self.their_keys = {}          # position -> the opponent's key, disclosed to me
        self.disclosed = set()        # positions whose key I have sent
        self.known = {}               # position -> card, opened by me
        self.actions = []             # [[player, action]] of the deal, sent or received
        self.draft = []               # my actions not sent yet: [action, shown positions...]
        self.their_reveal = None      # the opponent's KeySet, at the end
        self.revealed = False         # my reveal sent

    def as_json(self, group):
        return {"index": self.index, "dealer": self.dealer, "mine": self.mine.as_json(group),
                "commit": self.commit,
                "stages": [[group.to_hex(x) for x in s] for s in self.stages],
                "unsent_stage": self.unsent_stage,
                "their_keys": {str(p): group.to_hex(k) for p, k in sorted(self.their_keys.items())},
                "disclosed": sorted(self.disclosed),
                "known": {str(p): c for p, c in sorted(self.known.items())},
                "actions": [list(a) for a in self.actions],
                "draft": [list(a) for a in self.draft],
                "their_reveal": self.their_reveal.as_json(group) if self.their_reveal else None,
                "revealed": self.revealed}

    @classmethod
    def from_json(cls, group, data, n):
        try:
            deal = cls(data["index"], data["dealer"], KeySet.from_json(group, data["mine"], n))
            deal.commit = None if data["commit"] is None else check_commitments(data["commit"], n)
            deal.stages = [[group.element(x, check=False) for x in s] for s in data["stages"]]
            deal.unsent_stage = bool(data["unsent_stage"])
            deal.their_keys = {int(p): group.key(k) for p, k in data["their_keys"].items()}
            deal.disclosed = set(data["disclosed"])
            deal.known = {int(p): c for p, c in data["known"].items()}
            deal.actions = [[p, a] for p, a in data["actions"]]
            deal.draft = [list(a) for a in data["draft"]]
            deal.their_reveal = (None if data["their_reveal"] is None
                                 else KeySet.from_json(group, data["their_reveal"], n))
            deal.revealed = bool(data["revealed"])
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            if isinstance(exc, DuelError):
                raise
            raise MalformedMessage(f"malformed duel state: {type(exc).__name__} in the deal")
        return deal


class Party:
    """One seat of a duel. Build with `Party.new` or `Party.from_json`."""

    # --- creation and JSON ---------------------------------------------------------------
    @classmethod
    def new(cls, profile, options=None, seat=0, *, is_match=True, group=None):
        """(party, messages to send): seat 0 starts the game (its first message is the
        invitation); seat 1 waits for that invitation."""
        profile = check_profile(profile)
        options = normalise_options(profile, options)
        if type(seat) is not int or seat not in (0, 1):
            raise ValueError(f"seat must be 0 or 1, not {short(seat)}")
        if type(is_match) is not bool:
            raise ValueError("match must be true or false")
        party = cls()
        party.group = make_group(group or _group.DEFAULT_GROUP)
        party.profile, party.options, party.is_match, party.seat = profile, options, is_match, seat
        party.chain = messages.Chain(secrets.token_hex(8) if seat == 0 else None)
        party.sent = []
        party.coin = None
        party.first_dealer = None
        party.finished = []
        party.deal = None
        party.over = False
        if seat == 1:
            return party, []
        party.coin = {"bit": secrets.randbelow(2), "salt": secrets.token_hex(16), "their_bit": None}
        body = party._start_deal(0)
        body["hello"] = party._hello()
        return party, [party._send(body)]

    def _hello(self):
        return {"format": FORMAT, "profile": self.profile, "options": dict(self.options),
                "match": self.is_match, "group": self.group.name}

    def as_json(self):
        g = self.group
        return {"format": FORMAT, "group": g.name, "profile": self.profile,
                "options": dict(self.options), "match": self.is_match, "seat": self.seat,
                "chain": self.chain.as_json(), "sent": [dict(m) for m in self.sent],
                "coin": None if self.coin is None else dict(self.coin),
                "first_dealer": self.first_dealer,
                "finished": [dict(d, deck=list(d["deck"]), actions=list(d["actions"]))
                             for d in self.finished],
                "deal": None if self.deal is None else self.deal.as_json(g),
                "over": self.over}

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
            raise MalformedMessage("this is not a saved duel (kaffeehaus-duel/1)")
        party = cls()
        party.group = make_group(data["group"])
        party.profile = check_profile(data["profile"])
        party.options = normalise_options(party.profile, data["options"])
        check_party(data, len(party.cards), party.cards)
        party.is_match = data["match"]
        party.seat = data["seat"]
        chain = data["chain"]
        try:
            party.chain = messages.Chain(chain["game"], chain["seq"], chain["last"])
            party.sent = [messages.check_shape(m) for m in data["sent"]]
            party.coin = data["coin"]
            party.first_dealer = data["first_dealer"]
            party.finished = [{"deck": list(d["deck"]), "dealer": d["dealer"],
                               "actions": list(d["actions"])} for d in data["finished"]]
        except (KeyError, TypeError) as exc:
            raise MalformedMessage(f"malformed duel state: {type(exc).__name__}") from None
        if party.finished:
            replay(party.verified_state())            # a saved match must replay
        n = len(party.cards)
        party.deal = None if data["deal"] is None else DealState.from_json(party.group, data["deal"], n)
        party.over = data["over"]
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

    def verified_state(self):
        """The plain engine state (kaffeehaus/1) of the verified deals, or None."""
        if not self.finished:
            return None
        return {"format": STATE_FORMAT, "profile": self.profile, "options": dict(self.options),
                "seed": None, "match": self.is_match, "first_dealer": self.first_dealer,
                "deals": [{"deck": list(d["deck"]), "dealer": d["dealer"],
                           "actions": list(d["actions"])} for d in self.finished]}

    def view(self):
        d = self.deal
        return View(self.profile, self.options, d.dealer, self.seat, d.known,
                    [(p, a) for p, a in d.actions])

    def in_play(self):
        d = self.deal
        return d is not None and len(d.stages) == 4 and d.dealer is not None

    def _missing(self, view):
        """Positions this seat may open but has not opened yet."""
        return view.entitled(self.seat) - set(self.deal.known)

    def _owed(self, view):
        if len(self.deal.stages) < 4 or self.deal.dealer is None:
            return set()            # no key leaves before the deck W is fixed (PROTOCOL.md)
        return view.entitled(self.opponent) - self.deal.disclosed

    # --- messages out ----------------------------------------------------------------------
    def _send(self, body):
        message = self.chain.send(self.seat, body)
        self.sent.append(message)
        return message

    def _compose(self, view=None):
        """A message with everything this party owes now (held stage, actions, keys, reveal);
        None when it owes nothing."""
        d = self.deal
        view = view or self.view()
        body = {"deal": d.index}
        if d.unsent_stage:
            body["stage"] = [self.group.to_hex(x) for x in d.stages[3]]
            d.unsent_stage = False
        if d.draft:
            body["actions"] = [list(a) for a in d.draft]
            d.draft = []
        if view.deal.result is not None and not d.revealed:
            body["reveal"] = d.mine.as_json(self.group)
            d.revealed = True
            d.disclosed = set(range(len(self.cards)))
        else:
            owed = self._owed(view)
            if owed:
                body["keys"] = [[p, self.group.to_hex(d.mine.cards[p])] for p in sorted(owed)]
                d.disclosed |= owed
        return body if len(body) > 1 else None

    def _flush(self, view=None):
        body = self._compose(view)
        return [] if body is None else [self._send(body)]

    def _can_act(self, view):
        return (self.in_play() and view.deal.result is None
                and view.deal.to_move() == self.seat and not self._missing(view))

    # --- deal set-up -----------------------------------------------------------------------
    def _dealer_of(self, index):
        if index == 0:
            return None                                 # decided by the coin
        return _match.next_dealer(self.profile, self.first_dealer, self._results())

    def _results(self):
        state = self.verified_state()
        if state is None:
            return []
        return decode(state).results()

    def _start_deal(self, index):
        """A (seat 0): commit to fresh keys, encrypt and shuffle the deck: stage X."""
        g = self.group
        deal = DealState(index, self._dealer_of(index), KeySet.fresh(g, len(self.cards)))
        self.deal = deal
        X = encrypt_and_shuffle(g, list(self.table()), deal.mine.deck)
        deal.stages = [X]
        body = {"deal": index, "commit": deal.mine.commitments(g, self.chain.game, index, 0),
                "stage": [g.to_hex(x) for x in X]}
        if index == 0:
            body["coin"] = coin_commitment(self.chain.game, self.coin["salt"], self.coin["bit"])
        return body

    def _stage(self, body):
        n = len(self.cards)
        stage = body.get("stage")
        if not isinstance(stage, list) or len(stage) != n:
            raise MalformedMessage(f"the message must carry the deck: {n} ciphertexts")
        return [self.group.element(x) for x in stage]

    def _on_stage1(self, body):
        """B: the opponent's X; commit, encrypt and shuffle: stage Y."""
        index = body["deal"]
        g = self.group
        deal = DealState(index, self._dealer_of(index), KeySet.fresh(g, len(self.cards)))
        deal.commit = check_commitments(body.get("commit"), len(self.cards))
        X = self._stage(body)
        if len(set(X)) != len(X):
            raise MalformedMessage("the deck repeats a ciphertext")
        reply = {"deal": index, "commit": deal.mine.commitments(g, self.chain.game, index, 1)}
        if index == 0:
            if not isinstance(body.get("coin"), str) or len(body["coin"]) != 64:
                raise MalformedMessage("the first deal needs the coin's commitment")
            self.coin = {"commit": body["coin"], "bit": secrets.randbelow(2)}
            reply["coin"] = self.coin["bit"]
        Y = encrypt_and_shuffle(g, X, deal.mine.deck)
        deal.stages = [X, Y]
        reply["stage"] = [g.to_hex(y) for y in Y]
        self.deal = deal
        return [self._send(reply)]

    def _on_stage2(self, body):
        """A: B's Y; re-key every position: stage Z (A's keys wait for W, stage 4)."""
        deal = self.deal
        deal.commit = check_commitments(body.get("commit"), len(self.cards))
        Y = self._stage(body)
        reply = {"deal": deal.index}
        if deal.index == 0:
            bit = body.get("coin")
            if bit not in (0, 1) or type(bit) is not int:
                raise MalformedMessage("the first deal needs the opponent's coin bit (0 or 1)")
            self.coin["their_bit"] = bit
            self.first_dealer = deal.dealer = self.coin["bit"] ^ bit
            reply["coin_open"] = {"bit": self.coin["bit"], "salt": self.coin["salt"]}
        Z = rekey(self.group, Y, deal.mine.deck, deal.mine.cards)
        deal.stages += [Y, Z]
        reply["stage"] = [self.group.to_hex(z) for z in Z]
        body = self._compose()
        reply.update(body or {})
        return [self._send(reply)]

    def _on_stage3(self, body):
        """B: A's Z; re-key every position: stage W, sent with B's keys for A's hand and the
        indicator. A's keys for B's hand come back with A's next message."""
        deal = self.deal
        Z = self._stage(body)
        if deal.index == 0:
            opened = body.get("coin_open")
            if (not isinstance(opened, dict) or opened.get("bit") not in (0, 1)
                    or not isinstance(opened.get("salt"), str)
                    or coin_commitment(self.chain.game, opened["salt"], opened["bit"])
                    != self.coin["commit"]):
                raise KeyMismatch("the coin for the first dealer does not match its commitment")
            self.first_dealer = deal.dealer = opened["bit"] ^ self.coin["bit"]
        W = rekey(self.group, Z, deal.mine.deck, deal.mine.cards)
        deal.stages += [Z, W]
        deal.unsent_stage = True
        return self._on_play(body, owed=False)      # A could not disclose before W existed

    def _on_stage4(self, body):
        self.deal.stages.append(self._stage(body))
        return self._on_play(body)

    # --- receiving -------------------------------------------------------------------------
    def receive(self, message):
        """Accept the opponent's next message; returns the messages to send back (0 or 1).
        On any error the party is unchanged."""
        return self._atomically(self._receive, message)

    def act(self, action):
        """Play `action` for this seat; returns the messages to send (none while this seat
        still has the move: a whole turn travels in one message)."""
        return self._atomically(self._act, action)

    def _atomically(self, step, argument):
        saved = self.as_json()
        try:
            return step(argument)
        except DuelError:
            self._restore(saved)
            raise
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            self._restore(saved)
            raise MalformedMessage(f"refused: {type(exc).__name__}: {exc}") from None

    def _restore(self, saved):
        self.__dict__.clear()
        self.__dict__.update(Party.from_json(saved).__dict__)

    def _receive(self, message):
        message = messages.check_shape(message)
        self.chain.check(message, self.seat, self.sent)
        body = dict(message["body"])
        if message["seq"] == 0:
            self._check_hello(body.pop("hello", None), message)
        elif "hello" in body:
            raise MalformedMessage("only the first message says hello")
        index = body.get("deal")
        if type(index) is not int:
            raise MalformedMessage("a message must name its deal")
        self.chain.accept(message)
        self.sent = []
        return self._dispatch(index, body)

    def _check_hello(self, hello, message):
        if self.seat != 1:
            raise ChainError("seat 0 starts the game and never receives message 0")
        if hello != self._hello():
            raise MalformedMessage("the invitation is for another game: profile, options, "
                                   "match or group differ")

    def _dispatch(self, index, body):
        if self.over:
            raise ChainError("the match is over: no more messages are expected")
        deal = self.deal
        expected_new = len(self.finished)
        if deal is None:
            if self.seat != 1 or index != expected_new:
                raise ChainError(f"a message about deal {index} arrived, deal {expected_new} "
                                 f"has not started")
            self._allow(body, {"deal", "commit", "stage", "coin"})
            return self._on_stage1(body)
        if index != deal.index:
            raise ChainError(f"a message about deal {index} arrived during deal {deal.index}")
        stages = len(deal.stages)
        if self.seat == 0 and stages == 1:
            self._allow(body, {"deal", "commit", "stage", "coin"})
            return self._on_stage2(body)
        if self.seat == 1 and stages == 2:
            self._allow(body, {"deal", "stage", "coin_open"})
            return self._on_stage3(body)
        if self.seat == 0 and stages == 3:
            self._allow(body, {"deal", "stage", "keys", "actions", "reveal"})
            return self._on_stage4(body)
        if stages == 4:
            self._allow(body, {"deal", "keys", "actions", "reveal", "next"})
            return self._on_play(body)
        raise ChainError("a message arrived while the opponent was expected to wait")

    @staticmethod
    def _allow(body, fields):
        extra = set(body) - fields
        if extra:
            raise MalformedMessage(f"unexpected field {sorted(extra)[0][:30]!r} in this message")

    def _on_play(self, body, owed=True):
        """Keys, actions and a reveal from the opponent; then what this party owes back."""
        deal = self.deal
        n = len(self.cards)
        other = self.opponent
        incoming = {}
        for item in body.get("keys", []):
            if (not isinstance(item, list) or len(item) != 2 or type(item[0]) is not int
                    or not 0 <= item[0] < n):
                raise MalformedMessage("a disclosed key must be [position, hex key]")
            position = item[0]
            if position in deal.their_keys or position in incoming:
                raise MalformedMessage(f"the key of position {position} was already disclosed")
            key = self.group.key(item[1])
            check_key(self.group, deal.commit["cards"][position], self.chain.game, deal.index,
                      other, position, key)
            incoming[position] = key
        revealed = self._their_reveal(body) if "reveal" in body else None
        if revealed is not None:        # the deal's last message: every key is in the reveal
            incoming = dict(enumerate(revealed.cards))
        self._open_available(self.view(), incoming)     # my cards and the indicator first
        view = self.view()
        actions = body.get("actions", [])
        if not isinstance(actions, list) or ("actions" in body and not actions):
            raise MalformedMessage("actions must be a non-empty list")
        for item in actions:
            view = self._their_action(view, item, incoming)
        result = view.deal.result
        if result is None or "reveal" not in body:
            unexpected = set(incoming) - view.entitled(self.seat)
            if unexpected:
                raise MalformedMessage(f"a key was disclosed for position {min(unexpected)}, "
                                       f"which is not mine to open")
            if owed:
                still = view.entitled(self.seat) - set(deal.their_keys) - set(incoming)
                if still and result is None:
                    raise KeyMismatch(f"the opponent did not disclose the key of position "
                                      f"{min(still)}")
        deal.their_keys.update(incoming)
        self._open_available(view)
        if result is not None:
            if "reveal" not in body:
                raise MalformedMessage("the deal is over: the message must reveal the keys")
            return self._on_reveal(body, revealed)
        if "reveal" in body or "next" in body:
            raise MalformedMessage("keys are revealed only when the deal is over")
        view = self.view()
        if self._can_act(view):
            return []                               # owed keys travel with this seat's turn
        return self._flush(view)

    def _their_action(self, view, item, incoming):
        """Check and apply one opponent action [action, shown positions...]."""
        deal = self.deal
        other = self.opponent
        if not isinstance(item, list) or not item or not isinstance(item[0], str):
            raise MalformedMessage("an action must be [action, positions...]")
        action, positions = item[0], item[1:]
        if view.deal.result is not None:
            raise IllegalMove(f"action {action[:20]!r} after the end of the deal")
        if view.deal.to_move() != other:
            raise IllegalMove(f"action {action[:20]!r}: it is not seat {other}'s turn")
        expected = self._shown_cards(view, action)
        if len(positions) != len(expected):
            raise MalformedMessage(f"action {action[:20]!r} must show {len(expected)} position(s)")
        hand = view.hand_positions(other)
        for position, card in zip(positions, expected):
            if type(position) is not int or position not in hand:
                raise IllegalMove(f"seat {other} plays {card} from position {position}, "
                                  f"which is not in its hand")
            key = incoming.get(position, deal.their_keys.get(position))
            if key is None:
                raise KeyMismatch(f"{card} is shown without the key of its position")
            opened = open_position(self.group, deal.stages[3][position],
                                   deal.mine.cards[position], key, self.table())
            if opened != card:
                raise IllegalMove(f"seat {other} claims {card}, but position {position} holds "
                                  f"another card: it was not dealt to them")
            self._learn(position, card)
        if expected:
            view = self.view()
        view.apply(other, action, len(deal.actions))
        deal.actions.append([other, action])
        return view

    @staticmethod
    def _shown_cards(view, action):
        """The cards an action shows (the positions must open to them)."""
        trump = view.deal.trump
        if action == "exchange" and trump is not None:
            return ["J" + trump]
        if action.startswith("marry:") and len(action) == 7:
            return ["K" + action[-1], "Q" + action[-1]]
        if len(action) == 2 and action in view.position:
            return [action]
        return []

    def _learn(self, position, card):
        known = self.deal.known
        if known.get(position) == card:
            return
        if card in known.values() or position in known:
            raise VerificationFailed(f"{card} opened twice: the deck was not shuffled honestly")
        known[position] = card

    def _open_available(self, view, incoming=None):
        """Open every position this seat may open whose key has arrived (`incoming`: keys of
        the message being read, already checked against their commitments)."""
        deal = self.deal
        if len(deal.stages) < 4:
            return
        for position in sorted(self._missing(view)):
            key = deal.their_keys.get(position)
            if key is None and incoming:
                key = incoming.get(position)
            if key is not None:
                card = open_position(self.group, deal.stages[3][position],
                                     deal.mine.cards[position], key, self.table())
                self._learn(position, card)

    # --- the end of a deal -----------------------------------------------------------------
    def _their_reveal(self, body):
        """The opponent's revealed keys, each checked against its commitment."""
        deal = self.deal
        g = self.group
        if deal.their_reveal is not None:
            raise ChainError("the opponent's keys were already revealed")
        theirs = KeySet.from_json(g, body["reveal"], len(self.cards))
        other = self.opponent
        check_key(g, deal.commit["deck"], self.chain.game, deal.index, other, "deck", theirs.deck)
        for position, key in enumerate(theirs.cards):
            check_key(g, deal.commit["cards"][position], self.chain.game, deal.index, other,
                      position, key)
        return theirs

    def _on_reveal(self, body, theirs):
        deal = self.deal
        g = self.group
        other = self.opponent
        deal.their_reveal = theirs
        seen = self.view().deal.result
        keys = [deal.mine, theirs] if self.seat == 0 else [theirs, deal.mine]
        deck = open_deck(g, self.cards, deal.stages, keys, deal.known, other)
        record = {"deck": deck, "dealer": deal.dealer, "actions": [a for _, a in deal.actions]}
        self.finished.append(record)
        state = self.verified_state()
        result = replay(state)
        if result != seen:
            raise VerificationFailed("the verified result differs from the one seen in play")
        reply = None
        if not deal.revealed:
            reply = {"deal": deal.index, "reveal": deal.mine.as_json(g)}
            deal.revealed = True
        if not self.is_match or decode(state).match_over():
            self.over = True
            if "next" in body:
                raise MalformedMessage("the match is over: there is no next deal")
            self.deal = None
            return [self._send(reply)] if reply else []
        if "next" in body:
            if self.seat != 1 or not isinstance(body["next"], dict):
                raise MalformedMessage("only seat 0 starts the next deal")
            nxt = body["next"]
            if nxt.get("deal") != len(self.finished):
                raise ChainError("the next deal has the wrong number")
            self._allow(nxt, {"deal", "commit", "stage"})
            if reply is not None:
                raise ChainError("the next deal started before both revealed their keys")
            return self._on_stage1(nxt)
        if self.seat == 0:
            start = self._start_deal(len(self.finished))
            if reply is None:
                return [self._send(start)]
            reply["next"] = start
            return [self._send(reply)]
        if reply is None:
            raise MalformedMessage("seat 0's reveal must start the next deal")
        self.deal = None                                # seat 0 starts the next deal
        return [self._send(reply)]

    # --- acting ----------------------------------------------------------------------------
    def _act(self, action):
        if self.over:
            raise IllegalMove("the match is over")
        if not isinstance(action, str):
            raise IllegalMove("an action is a string")
        if action == "next":
            raise IllegalMove("the next deal starts by itself once both have verified this one")
        if not self.in_play():
            raise IllegalMove("the cards are not dealt yet: waiting for the opponent")
        view = self.view()
        if view.deal.result is not None:
            raise IllegalMove("the deal is over: waiting for the verification")
        if view.deal.to_move() != self.seat:
            raise IllegalMove(f"it is not seat {self.seat}'s turn")
        if self._missing(view):
            raise IllegalMove("waiting for the opponent's key to a card of this hand")
        view.apply(self.seat, action)                  # IllegalMove unless legal
        shown = view.shown_positions(action)
        deal = self.deal
        deal.actions.append([self.seat, action])
        deal.draft.append([action] + shown)
        view = self.view()
        if self._can_act(view):
            return []
        return self._flush(view)

    # --- what the page shows ---------------------------------------------------------------
    def observation(self):
        """This seat's observation (docs/API.md) of the deal in play, or of the last verified
        deal while the next one is being shuffled; None before the first deal is dealt.
        Cards of this hand whose keys have not arrived yet are left out (status
        `cards_pending`; such an observation is for display, not for hint or ai_action), and
        nothing is legal while this seat cannot act."""
        previous = decode(self.verified_state()).deals if self.finished else []
        if not self.in_play():
            if not previous:
                return None
            obs = observe(decode(self.verified_state()), self.seat)
            obs["legal_actions"] = []
            return obs
        view = self.view()
        dealer = view.deal.dealer
        first_dealer = self.first_dealer if self.first_dealer is not None else dealer
        game = Game(self.profile, self.options, None, self.is_match, first_dealer,
                    previous + [view.deal])
        obs = observe(game, self.seat)
        hidden = {view.completion[p] for p in self._missing(view)}
        if hidden:        # dealt or drawn, but the opponent's key for it has not come yet
            obs["hand"] = [c for c in obs["hand"] if c not in hidden]
            obs["illegal"] = {c: r for c, r in obs["illegal"].items() if c not in hidden}
            if obs["trump_card"] in hidden:     # the indicator is not open yet: its card in the
                obs["trump_card"] = None         # view is a filler (possibly a card of the
                obs["trump"] = None              # opponent's hand), never to be shown
        if not self._can_act(view):
            obs["legal_actions"] = []
            obs["marriage_points"] = {}
            obs["marriage_claim_wins"] = {}
            obs["claim_wins"] = False
        return obs

    def status(self):
        """Where the duel stands, for the page: whose move, what was verified, what to resend."""
        state = self.verified_state()
        deferred = []
        pending = 0
        if self.over:
            phase = "over"
        elif not self.in_play():
            phase = "waiting" if self.deal is None and not self.finished else "shuffling"
        else:
            view = self.view()
            deferred = list(view.deferred)
            pending = len(self._missing(view))
            if view.deal.result is not None:
                phase = "verifying"
            elif self._can_act(view):
                phase = "your_turn"
            else:
                phase = "their_turn"
        status_of_match = None
        if state is not None and self.is_match:
            status_of_match = decode(state).match_status()
        return {"game": self.chain.game, "seat": self.seat, "profile": self.profile,
                "options": dict(self.options), "match": self.is_match, "group": self.group.name,
                "phase": phase, "deal": self.deal.index if self.deal else len(self.finished),
                "deals_verified": len(self.finished),
                "last_result": replay(state) if state else None,
                "match_status": status_of_match,
                "verified_state": state,
                "deferred_checks": deferred,
                "cards_pending": pending,
                "messages_received": self.chain.seq,
                "resend": [dict(m) for m in self.sent]}
