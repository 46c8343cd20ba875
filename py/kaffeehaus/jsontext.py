"""JSON from outside (saved games, duel codes and parties, the worker's call arguments): size
and nesting limits (kaffeehaus.limits) checked BEFORE parsing or walking, so that hostile input
costs at most a linear scan up to the limit and gives a ValueError, never a RecursionError."""

import json
import re

from .limits import MAX_DEPTH, MAX_JSON_LENGTH

# The only characters that matter to nesting: one class, so finditer never backtracks and the
# scan takes one step per bracket, quote or backslash.
_SIGNIFICANT = re.compile(r'[\[\]{}"\\]')


def nesting_depth_exceeds(text, limit=MAX_DEPTH):
    """True when the brackets of `text` outside strings nest deeper than `limit`.

    One pass over the brackets, quotes and backslashes, so the cost is linear in len(text)
    whatever the text. A string runs from a quote to the next quote not escaped by a backslash
    (a backslash escapes exactly the next character); a backslash outside a string counts for
    nothing. A string that is never closed hides nothing: every bracket from its quote to the
    end of the text counts (such text is not JSON; the parser refuses it afterwards)."""
    depth = 0
    in_string = False
    escaped_at = -1         # index of the character the last backslash in a string escapes
    # An unclosed string turns out to be plain text only at the end, so while in a string its
    # brackets are also counted as if outside: `plain` levels above `depth`, and whether they
    # ever passed `limit`.
    plain = 0
    plain_exceeds = False
    for match in _SIGNIFICANT.finditer(text):
        char = match[0]
        if in_string:
            if char in "[{":
                plain += 1
                if depth + plain > limit:
                    plain_exceeds = True
            elif char in "]}":
                plain -= 1
            elif match.start() == escaped_at:
                pass                            # an escaped quote or backslash
            elif char == "\\":
                escaped_at = match.start() + 1
            else:
                in_string = False
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
        elif char == '"':
            in_string = True
            plain = 0
            plain_exceeds = False
    return in_string and plain_exceeds


def parse(text, what="saved state", max_length=MAX_JSON_LENGTH):
    if not isinstance(text, str):
        raise ValueError(f"{what} must be a JSON string, not {type(text).__name__}")
    if len(text) > max_length:
        raise ValueError(f"{what} is too large ({len(text)} characters; at most {max_length})")
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


_SCALAR_SIZE = {True: 4, False: 5, type(None): 4}


def check_value(value, what, max_length):
    """`value` (already parsed, e.g. from a Python caller) unless its JSON text would exceed
    `max_length` characters or nest deeper than MAX_DEPTH. The walk stops as soon as either
    limit is passed, so a huge value costs no more than one at the limit. The count is that of
    compact JSON (no spaces) with each string character counted once (escapes not included)."""
    size = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            size += len(item) + 2
        elif isinstance(item, (dict, list)):
            if depth > MAX_DEPTH:
                raise ValueError(f"{what} is nested too deeply (at most {MAX_DEPTH} levels)")
            commas = max(len(item) - 1, 0)
            size += 2 + commas + (len(item) if isinstance(item, dict) else 0)   # and colons
            if size > max_length:                   # before a long container is pushed
                break
            if isinstance(item, dict):
                stack.extend((key, depth + 1) for key in item.keys())
                stack.extend((child, depth + 1) for child in item.values())
            else:
                stack.extend((child, depth + 1) for child in item)
        elif type(item) is int:
            # str() refuses more than 4300 digits: a bound from the bits is enough there
            size += (len(str(item)) if item.bit_length() < 14_000
                     else item.bit_length() * 30103 // 100_000)
        elif type(item) is float:
            size += len(repr(item))
        else:
            size += _SCALAR_SIZE.get(item if type(item) is bool else type(item), 1)
        if size > max_length:
            break
    if size > max_length:
        raise ValueError(f"{what} is too large (at most {max_length} characters of JSON)")
    return value
