"""Two-player play with no trusted dealer: a mental-poker deal (SRA-style commutative
encryption) driven by the engine's own rules. docs/PROTOCOL.md describes the protocol.

    group.py     the group and the card encoding
    keys.py      a seat's keys and their commitments
    messages.py  canonical JSON, sequence numbers, the hash chain, the text code
    shuffle.py   the four encryption passes and opening a position
    view.py      a party's engine deal built from what it knows
    party.py     one seat: its secrets, what it knows, its messages
    verify.py    the end-of-deal verification
"""

from .errors import (ChainError, DuelError, IllegalMove, KeyMismatch, MalformedMessage,
                     VerificationFailed)
from .party import Party

__all__ = ["Party", "DuelError", "ChainError", "IllegalMove", "KeyMismatch",
           "MalformedMessage", "VerificationFailed"]
