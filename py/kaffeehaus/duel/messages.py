"""Messages: plain JSON objects in one hash chain, and their compact text form (a code).

A message is {"game": id, "seq": n, "prev": hash of message n-1 ("" for n = 0), "from": seat,
"body": {...}, "sig": [e, s]}: a Schnorr signature (proofs.py) by the sender's signing key of
the game over the canonical JSON of everything else; the receiver checks it (party.py) before
anything else, so a message that the friend did not write changes nothing. Both parties keep the chain's length and the hash of its last message; a
message is accepted only if it names this game, the next sequence number and that hash, and
comes from the other seat. So a reordered, replayed or dropped message is refused, and a
message altered in transit is found by its sender one step later: the reply names the hash of
what was received, which is not the hash of what was sent.

The hash is SHA-256 of the canonical JSON (sorted keys, no spaces, ASCII). The code is
base64url (no padding) of the zlib-compressed canonical JSON, prefixed with "kd1.", where every
long hex string (a group element, a hash, a number of a proof) is written as the base64url of
its bytes (`pack`): zlib shrinks hex to about 1.17 bytes a byte, base64url text to about 1.0.
"""

import base64
import hashlib
import json
import re
import zlib

from .. import jsontext
from ..limits import MAX_CODE_LENGTH, MAX_MESSAGE_BYTES
from .errors import ChainError, MalformedMessage

CODE_PREFIX = "kd1."
HEX = frozenset("0123456789abcdef")
GAME_ID = re.compile(r"[0-9a-f]{16}")          # secrets.token_hex(8), made by the inviter
SIGNATURE_NUMBER = re.compile(r"[0-9a-f]{64}")  # one spelling per number: the chain hashes it
MESSAGE_KEYS = {"game", "seq", "prev", "from", "body", "sig"}


def canonical(obj):
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def digest(message):
    return hashlib.sha256(canonical(message).encode()).hexdigest()


def make(game_id, seq, prev, seat, body):
    return {"game": game_id, "seq": seq, "prev": prev, "from": seat, "body": body}


def signed_text(message):
    """What a signature covers: the message without its signature."""
    return canonical({k: v for k, v in message.items() if k != "sig"})


def check_shape(message):
    """A message's envelope, checked before anything else; returns it."""
    if isinstance(message, str):
        message = decode(message)
    else:                                         # an object from a caller: bounded too
        try:
            jsontext.check_value(message, "a message", MAX_MESSAGE_BYTES)
        except ValueError as exc:
            raise MalformedMessage(str(exc)) from None
    if not isinstance(message, dict) or set(message) != MESSAGE_KEYS:
        raise MalformedMessage("a message must be an object with game, seq, prev, from, body, "
                               "sig")
    if not isinstance(message["game"], str) or not GAME_ID.fullmatch(message["game"]):
        raise MalformedMessage("a message's game id must be 16 lowercase hex digits")
    if type(message["seq"]) is not int or message["seq"] < 0:
        raise MalformedMessage("a message's seq must be a non-negative integer")
    if not isinstance(message["prev"], str) or len(message["prev"]) not in (0, 64):
        raise MalformedMessage("a message's prev must be a SHA-256 hex digest")
    if message["from"] not in (0, 1) or type(message["from"]) is not int:
        raise MalformedMessage("a message's sender must be seat 0 or 1")
    if not isinstance(message["body"], dict):
        raise MalformedMessage("a message's body must be an object")
    sig = message["sig"]
    if (not isinstance(sig, list) or len(sig) != 2 or not all(
            isinstance(x, str) and SIGNATURE_NUMBER.fullmatch(x) for x in sig)):
        raise MalformedMessage("a message's signature must be two numbers of 64 hex digits")
    return message


class Chain:
    """One party's end of the chain: the game id, the next sequence number, the last hash."""

    __slots__ = ("game", "seq", "last")

    def __init__(self, game, seq=0, last=""):
        self.game = game
        self.seq = seq
        self.last = last

    def as_json(self):
        return {"game": self.game, "seq": self.seq, "last": self.last}

    def send(self, seat, body, signer):
        """The next message, signed by `signer` (text -> [e, s] in hex)."""
        message = make(self.game, self.seq, self.last, seat, body)
        message["sig"] = signer(signed_text(message))
        self._advance(message)
        return message

    def check(self, message, seat, sent):
        """Raise ChainError unless `message` is the next one, from the other seat. `sent`: my
        messages since the last one received (the one a reply must name is among them)."""
        if self.game is not None and message["game"] != self.game:
            raise ChainError("this message belongs to another game")
        if message["from"] != 1 - seat:
            raise ChainError(f"this message is from seat {message['from']}, not the opponent")
        seq = message["seq"]
        if seq < self.seq:
            raise ChainError(f"message {seq} was already received (a replay)")
        if seq > self.seq:
            missing = (f"code {self.seq}" if seq == self.seq + 1
                       else f"codes {self.seq} to {seq - 1}")
            raise ChainError(f"code {seq} arrived early; what is missing: {missing}")
        if message["prev"] != self.last:
            if sent:
                raise ChainError(f"the opponent received a different message {seq - 1}: "
                                 f"it was altered in transit")
            raise ChainError(f"message {seq} does not follow message {seq - 1}")

    def accept(self, message):
        if self.game is None:
            self.game = message["game"]
        self._advance(message)

    def _advance(self, message):
        self.seq = message["seq"] + 1
        self.last = digest(message)


# --- the text code ---------------------------------------------------------------------

# A hex string of at least PACKED_MIN digits travels as "~" + base64url of its bytes (an even
# number of digits) or "^" + the same of "0" + its digits (an odd number: to_hex drops leading
# zeros). The game's id (16 digits, read by the page from the envelope) stays as it is.
PACKED_MIN = 32
EVEN, ODD = "~", "^"


def _strings_changed(value, change):
    """`value` (JSON) with `change` applied to every string in it."""
    if isinstance(value, str):
        return change(value)
    if isinstance(value, dict):
        return {k: _strings_changed(v, change) for k, v in value.items()}
    if isinstance(value, list):
        return [_strings_changed(v, change) for v in value]
    return value


def _pack_string(text):
    if len(text) >= PACKED_MIN and set(text) <= HEX:
        odd = len(text) % 2
        raw = bytes.fromhex("0" * odd + text)
        return (ODD if odd else EVEN) + base64.urlsafe_b64encode(raw).rstrip(b"=").decode()
    if text[:1] in (EVEN, ODD):
        raise ValueError("a message string cannot start with ~ or ^")
    return text


def _unpack_string(text):
    if text[:1] not in (EVEN, ODD):
        return text
    digits = _base64url_bytes(text[1:]).hex()
    if text[0] == ODD:
        if not digits.startswith("0"):
            raise MalformedMessage("this code is damaged or incomplete")
        digits = digits[1:]
    if len(digits) < PACKED_MIN:
        raise MalformedMessage("this code is damaged or incomplete")
    return digits


def pack(value):
    """`value` with every long hex string packed (no string of a message starts with ~ or ^)."""
    return _strings_changed(value, _pack_string)


def unpack(value):
    """The inverse of `pack`; MalformedMessage for a packed string that is not canonical."""
    return _strings_changed(value, _unpack_string)


def encode(message):
    """The message as a short URL-safe text: "kd1." + base64url(zlib(canonical JSON, packed))."""
    packed = zlib.compress(canonical(pack(message)).encode(), 9)
    return CODE_PREFIX + base64.urlsafe_b64encode(packed).rstrip(b"=").decode()


def decode(code):
    """The message a code holds. Strict: the length is checked before anything else, then the
    text must be the prefix and canonical base64url (line breaks from a messenger aside), one
    whole zlib stream with nothing after it, inflating to at most MAX_MESSAGE_BYTES of JSON
    nested at most MAX_DEPTH deep (kaffeehaus.limits)."""
    if not isinstance(code, str):
        raise MalformedMessage("a code must be text")
    if len(code) > MAX_CODE_LENGTH:
        raise MalformedMessage(f"this code is too long (at most {MAX_CODE_LENGTH} characters)")
    code = "".join(code.split())                  # messengers wrap long lines
    if not code.startswith(CODE_PREFIX):
        raise MalformedMessage("this is not a Kaffeehaus duel code")
    packed = _base64url_bytes(code[len(CODE_PREFIX):])
    inflater = zlib.decompressobj()
    try:
        data = inflater.decompress(packed, MAX_MESSAGE_BYTES)
    except zlib.error:
        raise MalformedMessage("this code is damaged or incomplete") from None
    if inflater.unconsumed_tail:
        raise MalformedMessage(f"this code holds too much data (at most {MAX_MESSAGE_BYTES} "
                               f"bytes)")
    if not inflater.eof or inflater.unused_data:
        raise MalformedMessage("this code is damaged or incomplete")
    try:
        message = jsontext.parse(data.decode(), "this code", MAX_MESSAGE_BYTES)
    except UnicodeDecodeError:
        raise MalformedMessage("this code is damaged or incomplete") from None
    except ValueError as exc:
        raise MalformedMessage(str(exc)) from None
    return check_shape(unpack(message))


_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


def _base64url_bytes(text):
    """The bytes of canonical unpadded base64url: its own alphabet only, no padding, and no
    stray bits in the last character (so each byte string has exactly one code)."""
    if not _BASE64URL.fullmatch(text) or len(text) % 4 == 1:
        raise MalformedMessage("this code is damaged or incomplete")
    packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if base64.urlsafe_b64encode(packed).rstrip(b"=").decode() != text:
        raise MalformedMessage("this code is damaged or incomplete")
    return packed
