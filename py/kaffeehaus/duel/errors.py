"""The errors of the duel protocol: every one is a ValueError with a short message (at most
200 characters), so the API's callers handle them like any other bad input."""


class DuelError(ValueError):
    """A message or an action the protocol refuses; the party keeps its last verified state."""

    def __init__(self, message):
        message = str(message)
        super().__init__(message if len(message) <= 200 else message[:199] + "…")


class MalformedMessage(DuelError):
    """Not a message of this protocol (bad JSON, bad code, missing or wrong fields)."""


class ChainError(DuelError):
    """A message of another game, out of order, replayed, dropped, or altered in transit."""


class Unauthenticated(DuelError):
    """A message not signed by the friend's key of this game: someone else wrote it. Never an
    accusation of the friend."""


class KeyMismatch(DuelError):
    """A key, a decryption share or a proof from the friend that does not check out."""


class IllegalMove(DuelError):
    """An action the rules (or the protocol) do not allow now."""


class VerificationFailed(DuelError):
    """A shuffle that is not a shuffle, or a move the full deck shows illegal."""
