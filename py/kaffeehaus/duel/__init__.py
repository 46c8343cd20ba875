"""Two-player play with no trusted dealer: a mental-poker deal (SRA-style commutative
encryption with proven shuffles) driven by the engine's own rules. docs/PROTOCOL.md describes the protocol.

    group.py     the group and the card encoding
    proofs.py    the shuffle proof, decryption shares, signatures, the fingerprint
    messages.py  canonical JSON, sequence numbers, the hash chain, the text code
    shuffle.py   the two encryption passes and opening a position
    view.py      a party's engine deal built from what it knows
    state.py     one seat's state, saved and loaded (checked by saved.py)
    setup.py     the shuffle's messages;  play.py: moves, shares, the reveal
    show.py      what the page shows;     party.py: one seat receiving and acting
    verify.py    the end-of-deal verification
"""

from .errors import (ChainError, DuelError, IllegalMove, KeyMismatch, MalformedMessage,
                     Unauthenticated, VerificationFailed)
from .party import Party

__all__ = ["Party", "DuelError", "ChainError", "IllegalMove", "KeyMismatch",
           "MalformedMessage", "Unauthenticated", "VerificationFailed"]
