"""Error messages: short, plain, never a copy of the input (docs/API.md: at most 200
characters; a value is shown by its first 40)."""

MAX_MESSAGE = 200
MAX_SHOWN = 40


def short(value):
    """repr(value) cut to 40 characters; safe for any value (a huge, nested or hostile one)."""
    if isinstance(value, str) and len(value) > MAX_SHOWN:
        value = value[:MAX_SHOWN + 1]          # repr of a 10 MB string is not computed
    try:
        text = repr(value)
    except Exception:                          # RecursionError, a hostile __repr__
        text = f"<{type(value).__name__}>"
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN - 1] + "…"


def cut(message):
    """A message of at most 200 characters."""
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 1] + "…"


# --- keywords for the page ----------------------------------------------------------------------
# Every error that leaves the API carries, besides its English message (for developers), a stable
# keyword `code` and its `params` (short JSON values) that the page translates (docs/API.md
# "Errors"). The codes are listed in ERROR_CODES; tests/engine/test_error_codes.py checks that each
# one can be produced and web/i18n has a text for each.

ERROR_CODES = frozenset({
    # IllegalAction: an action the rules refuse now (AC-4); the card refusals are also the
    # observation's `illegal` reasons
    "not_an_action", "card_not_held", "not_legal_now", "not_your_turn", "deal_over",
    "deal_not_over", "no_next_deal", "match_over", "marriage_card", "marriage_king",
    "must_follow_suit", "must_beat", "must_trump", "claim_on_lead", "lead_only", "talon_closed",
    "exchange_needs_jack", "close_too_late", "marriage_needs_pair",
    # a saved game, an observation or another argument that is not valid
    "bad_state", "bad_input",
    # share links (share.LinkError)
    "link_empty", "link_too_long", "link_damaged", "link_truncated", "link_version",
    "link_unknown_game", "link_unknown_options", "link_bad_options", "link_not_a_move",
    "link_illegal_move",
})


class CodedError(ValueError):
    """A ValueError with a keyword and parameters the page translates."""

    def __init__(self, message, code, params=None):
        super().__init__(cut(message))
        self.code = code
        self.params = dict(params or {})


def coded(message, code, params=None):
    """A plain ValueError (its type is what the page sees) with a keyword and parameters."""
    return tag(ValueError(cut(message)), code, params)


def tag(exc, code, params=None):
    """Give `exc` (a ValueError) a keyword unless it has one; returns it."""
    if getattr(exc, "code", None) is None:
        exc.code = code
        exc.params = dict(params or {})
    return exc


def public_params(params):
    """`params` as the page receives them: string keys; strings of at most 40 characters,
    integers, booleans or null."""
    out = {}
    for key, value in list((params or {}).items())[:8]:
        if value is None or isinstance(value, bool) or (type(value) is int and abs(value) < 2**53):
            out[str(key)[:40]] = value
        else:
            text = value if isinstance(value, str) else short(value)
            out[str(key)[:40]] = text[:MAX_SHOWN]
    return out
