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
