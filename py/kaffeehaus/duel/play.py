"""The messages of a deal in play: the friend's actions, its decryption shares (each checked
on arrival with its proof) and, at the end, its key, after which the deal is verified.

A turn message carries `actions` ([action, shown positions...]) and `keys`: the sender's
shares, [position, share, c, s], for every position the other seat is now entitled to open.
The message that ends the deal carries `reveal` (the sender's key of the deal); the reply
carries the other's, and, from seat 0 when the match goes on, `next` (the next deal's start).
"""

from ..states import decode
from .errors import ChainError, IllegalMove, KeyMismatch, MalformedMessage, VerificationFailed
from .proofs import check_share, make_share
from .shuffle import open_share
from .verify import open_deck, replay


class PlayMixin:
    """Receiving a turn, a share or a reveal; composing this seat's shares."""

    def _shares_for(self, positions):
        d = self.deal
        out = []
        for p in sorted(positions):
            share, c, s = make_share(self.group, self._context(d.index, self.seat, p),
                                     d.stages[1][p], d.mine, d.public)
            out.append([p] + [self.group.to_hex(x) for x in (share, c, s)])
        return out

    def _their_shares(self, body):
        deal = self.deal
        n = len(self.cards)
        g = self.group
        incoming = {}
        for item in body.get("keys", []):
            if (not isinstance(item, list) or len(item) != 4 or type(item[0]) is not int
                    or not 0 <= item[0] < n):
                raise MalformedMessage("a share must be [position, share, c, s]")
            position = item[0]
            if position in deal.their_shares or position in incoming:
                raise MalformedMessage(f"the share of position {position} was already sent")
            share = g.element(item[1])
            c, s = g.key(item[2]), g.key(item[3])
            where = self._context(deal.index, self.opponent, position)
            if not check_share(g, where, deal.stages[1][position], deal.theirs, share, c, s):
                raise KeyMismatch(f"seat {self.opponent}'s share of position {position} does "
                                  f"not check out")
            incoming[position] = share
        return incoming

    def _on_play(self, body):
        """Shares, actions and a reveal from the friend; then what this party owes back."""
        deal = self.deal
        incoming = self._their_shares(body)
        revealed = self._their_reveal(body) if "reveal" in body else None
        if revealed is not None:        # the deal's last message: every share from the key
            inverse = self.group.inverse(revealed)
            for p, z in enumerate(deal.stages[1]):
                if p not in deal.their_shares and p not in incoming and p not in deal.known:
                    incoming[p] = self.group.power(z, inverse)
        self._open_available(self.view(), incoming)     # my cards and the indicator first
        view = self.view()
        actions = body.get("actions", [])
        if not isinstance(actions, list) or ("actions" in body and not actions):
            raise MalformedMessage("actions must be a non-empty list")
        for item in actions:
            view = self._their_action(view, item, incoming)
        result = view.deal.result
        if result is None or revealed is None:
            unexpected = set(incoming) - view.entitled(self.seat)
            if unexpected:
                raise MalformedMessage(f"a share was sent for position {min(unexpected)}, "
                                       f"which is not mine to open")
            still = view.entitled(self.seat) - set(deal.their_shares) - set(incoming)
            if still and result is None:
                raise KeyMismatch(f"the opponent did not send the share of position "
                                  f"{min(still)}")
        deal.their_shares.update(incoming)
        self._open_available(view)
        if result is not None:
            if revealed is None:
                raise MalformedMessage("the deal is over: the message must reveal the key")
            return self._on_reveal(body, revealed)
        if "reveal" in body or "next" in body:
            raise MalformedMessage("keys are revealed only when the deal is over")
        view = self.view()
        if self._can_act(view):
            return []                               # owed shares travel with this seat's turn
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
            share = incoming.get(position, deal.their_shares.get(position))
            if share is None:
                raise KeyMismatch(f"{card} is shown without the share of its position")
            if open_share(self.group, share, deal.mine, self.table()) != card:
                raise IllegalMove(f"seat {other} claims {card}, but position {position} holds "
                                  f"another card: it was not dealt to them")
            self._learn(position, card)
        if expected:
            view = self.view()
        self._note_step(view, other, action)
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
        """Open every position this seat may open whose share has arrived (`incoming`: the
        shares of the message being read, already checked)."""
        deal = self.deal
        if not self.in_play():
            return
        for position in sorted(self._missing(view)):
            share = deal.their_shares.get(position)
            if share is None and incoming:
                share = incoming.get(position)
            if share is not None:
                self._learn(position, open_share(self.group, share, deal.mine, self.table()))

    # --- the end of a deal -----------------------------------------------------------------
    def _their_reveal(self, body):
        """The friend's key of the deal, checked against its public half."""
        deal = self.deal
        if deal.their_reveal is not None:
            raise ChainError("the opponent's key was already revealed")
        key = self.group.key(body["reveal"])
        if self.group.public(key) != deal.theirs:
            raise KeyMismatch(f"seat {self.opponent}'s revealed key does not match its public key")
        return key

    def _on_reveal(self, body, theirs):
        deal = self.deal
        g = self.group
        deal.their_reveal = theirs
        seen = self.view().deal.result
        keys = [deal.mine, theirs] if self.seat == 0 else [theirs, deal.mine]
        deck = open_deck(g, self.cards, deal.stages[1], keys, deal.known)
        self.finished.append({"deck": deck, "dealer": deal.dealer,
                              "actions": [a for _, a in deal.actions]})
        state = self.verified_state()
        if replay(state) != seen:
            raise VerificationFailed("the verified result differs from the one seen in play")
        reply = None
        if not deal.revealed:
            reply = {"deal": deal.index, "reveal": g.to_hex(deal.mine)}
            deal.revealed = True
        if not self.is_match or decode(state).match_over():
            self.over = True
            if "next" in body:
                raise MalformedMessage("the match is over: there is no next deal")
            self.deal = self.next_deal = None
            return [self._send(reply)] if reply else []
        if reply is None:                               # this seat ended the deal
            if "next" not in body:
                raise MalformedMessage("the reveal that answers the end of a deal must carry "
                                       "the next deal's shuffle")
            return self._on_next_pass(body["next"])
        if "next" not in body:
            raise MalformedMessage("the message that ends a deal must start the next one")
        reply["next"] = self._on_next_deal(body["next"])
        return [self._send(reply)]
