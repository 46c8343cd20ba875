"""Share links: a deal (profile, options, deck, dealer) and optionally its actions, as a short,
versioned, URL-safe token. Decoding validates everything by replaying through the rules, so a
broken or hostile link can only produce a clear ValueError, never a bad state.

Token (base64url, no padding) of the bytes:
    version, profile, option flags, target, dealer, deck length, deck..., actions...
cards are indexes into the profile's canonical deck; other actions are single codes.
"""

import base64
import binascii

from . import game as _game
from .cards import SUITS
from .limits import MAX_LINK_TOKEN_LENGTH
from .messages import CodedError
from .profiles import PROFILE_IDS, deck_of, normalise_options

VERSION = 1

# option name -> bit, per profile (only boolean-like options; `target` has its own byte)
FLAGS = {
    "schneider": {"deck": (0, 24), "follow_suit": (1, True), "trump": (2, True), "cumulative": (3, True)},
    "bummerl": {"schneiderbummerl": (0, True), "rubber": (1, 3), "mit40": (2, True), "sevens": (3, True)},
}
FLAG_DEFAULTS = {"deck": 32, "rubber": 1}      # the value when the bit is clear (else False)
CODES = {"exchange": 0xFA, "close": 0xFB, "claim": 0xFC}
CODES.update({f"marry:{suit}": 0xF0 + i for i, suit in enumerate(SUITS)})
ACTIONS_OF_CODE = {code: action for action, code in CODES.items()}


class LinkError(CodedError):
    """A share link that cannot be opened; the message is safe to show as plain text, the
    code (link_*) and params are what the page translates."""


def encode(game, with_actions=True):
    deal = game.current
    profile = game.profile
    flags = 0
    for name, (bit, value) in FLAGS.get(profile, {}).items():
        if game.options.get(name) == value:
            flags |= 1 << bit
    target = game.options.get("target") or 0
    canonical = deck_of(profile, game.options)
    index = {card: i for i, card in enumerate(canonical)}
    body = [VERSION, PROFILE_IDS.index(profile), flags, target, deal.dealer, len(deal.deck)]
    body += [index[c] for c in deal.deck]
    if with_actions:
        body += [index[a] if a in index else CODES[a] for _, a in deal.actions]
    return base64.urlsafe_b64encode(bytes(body)).decode("ascii").rstrip("=")


def decode(token):
    """The single-deal Game a token describes, replayed; LinkError otherwise."""
    if not isinstance(token, str) or not token:
        raise LinkError("the link holds no deal", "link_empty")
    if len(token) > MAX_LINK_TOKEN_LENGTH:
        raise LinkError("the link is too long to be a deal", "link_too_long")
    try:
        # validate=True: refuse stray characters instead of silently skipping them
        data = base64.b64decode(token + "=" * (-len(token) % 4), altchars=b"-_", validate=True)
    except (binascii.Error, ValueError):
        raise LinkError("the link is damaged (not valid base64)", "link_damaged") from None
    if len(data) < 6:
        raise LinkError("the link is truncated", "link_truncated")
    version, profile_index, flags, target, dealer, size = data[:6]
    if version != VERSION:
        raise LinkError(f"the link is of version {version}; this version opens version {VERSION}",
                        "link_version", {"version": version, "expected": VERSION})
    if profile_index >= len(PROFILE_IDS):
        raise LinkError("the link names an unknown game", "link_unknown_game")
    profile = PROFILE_IDS[profile_index]
    options = {}
    known_bits = 0
    for name, (bit, value) in FLAGS.get(profile, {}).items():
        known_bits |= 1 << bit
        options[name] = value if flags & (1 << bit) else FLAG_DEFAULTS.get(name, False)
    if flags & ~known_bits:
        raise LinkError("the link carries unknown options", "link_unknown_options")
    if target:
        options["target"] = target
    try:
        options = normalise_options(profile, options)
    except ValueError as exc:
        raise LinkError(f"the link's options are not valid: {exc}", "link_bad_options") from None
    canonical = deck_of(profile, options)
    if size != len(canonical) or len(data) < 6 + size:
        raise LinkError("the link's deck is truncated or of the wrong size", "link_truncated")
    if dealer not in (0, 1):
        raise LinkError("the link names no valid dealer", "link_damaged")
    codes = data[6:6 + size]
    if max(codes) >= size or len(set(codes)) != size:
        raise LinkError("the link's deck is damaged (a card is missing or twice)", "link_damaged")
    deck = [canonical[i] for i in codes]
    game = _game.new_game(profile, options, is_match=False, seed=None, deck=deck, dealer=dealer)
    for number, code in enumerate(data[6 + size:]):
        action = canonical[code] if code < size else ACTIONS_OF_CODE.get(code)
        if action is None:
            raise LinkError(f"the link's move {number + 1} is not a move", "link_not_a_move",
                            {"move": number + 1})
        try:
            game = game.apply(action)
        except ValueError as exc:
            raise LinkError(f"the link's move {number + 1} is not legal: {exc}", "link_illegal_move",
                            {"move": number + 1, "reason": getattr(exc, "code", None)}) from None
    return game
