"""JSON text from outside (saved games): size and nesting limits checked BEFORE parsing, so
that hostile text costs a linear scan and gives a ValueError, never a RecursionError."""

import json
import re

MAX_JSON_LENGTH = 1_000_000
MAX_DEPTH = 32              # a state nests 4 deep; an observation 5

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def nesting_depth_exceeds(text, limit=MAX_DEPTH):
    """True when the brackets of `text` (outside strings) nest deeper than `limit`."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depth = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def parse(text, what="saved state"):
    if not isinstance(text, str):
        raise ValueError(f"{what} must be a JSON string, not {type(text).__name__}")
    if len(text) > MAX_JSON_LENGTH:
        raise ValueError(f"{what} is too large ({len(text)} characters; at most {MAX_JSON_LENGTH})")
    if nesting_depth_exceeds(text):
        raise ValueError(f"{what} is nested too deeply (at most {MAX_DEPTH} levels)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"{what} is not valid JSON: {exc.msg} at character {exc.pos}") from None
    except ValueError:                  # Python's limit of 4300 digits for an integer
        raise ValueError(f"{what} holds a number with too many digits") from None
    except RecursionError:              # cannot happen below MAX_DEPTH; kept as a last guard
        raise ValueError(f"{what} is nested too deeply") from None
