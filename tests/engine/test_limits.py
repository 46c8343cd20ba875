"""Bounded input (kaffeehaus.limits): a duel code, a duel message or party, and JSON text from
outside are refused with a short ValueError when they pass a limit, before they are inflated,
parsed or walked any further, and the duel in progress is kept. Decoding is strict: canonical
base64url only, nothing after the zlib stream, the length checked before any normalisation.

(About 260 lines, one module: every limit of kaffeehaus.limits, which states them once, checked in
one place.)
"""
import base64
import json
import zlib

import pytest

from kaffeehaus import api, jsontext, limits
from kaffeehaus.duel import messages
from kaffeehaus.duel.errors import MalformedMessage


def code_of(data: bytes) -> str:
    return messages.CODE_PREFIX + base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def code_of_text(text: str) -> str:
    return code_of(zlib.compress(text.encode(), 9))


def deep(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.fixture
def joined():
    """Seat 0 after its invitation, seat 1 after joining: (party 0, codes for seat 0)."""
    out = api.duel_new("schnapsen", seat=0, match=False)
    joined = api.duel_join(out["codes"][0])
    return out["party"], joined["codes"]


# --- the limits themselves -------------------------------------------------------------------

def test_limits_fit_one_another():
    assert limits.MAX_PASTED_LENGTH >= 4 * limits.MAX_CODE_LENGTH
    # the worker sends a party and a code in one call's arguments
    assert limits.MAX_JSON_LENGTH >= limits.MAX_PARTY_LENGTH + limits.MAX_CODE_LENGTH + 1000
    assert set(limits.ALL) == {"MAX_CODE_LENGTH", "MAX_MESSAGE_BYTES", "MAX_PASTED_LENGTH",
                               "MAX_DEPTH", "MAX_PARTY_LENGTH", "MAX_JSON_LENGTH", "MAX_LINK_TOKEN_LENGTH"}
    assert all(type(v) is int and v > 0 for v in limits.ALL.values())


@pytest.mark.parametrize("profile, options", [("schneider", {"deck": 32}), ("bummerl", None),
                                              ("schnapsen", None)])
def test_honest_invitation_in_the_real_group_leaves_room_under_the_limits(profile, options):
    out = api.duel_new(profile, options=options, seat=0, match=True)
    code = out["codes"][0]
    assert len(code) <= limits.MAX_CODE_LENGTH // 2
    assert len(messages.canonical(out["messages"][0])) <= limits.MAX_MESSAGE_BYTES // 4
    assert len(json.dumps(out["party"])) <= limits.MAX_PARTY_LENGTH // 4


# --- nesting: the 307-character link ---------------------------------------------------------

def test_deeply_nested_code_is_refused_without_recursion():
    # about 190,000 levels: it fits the inflated budget, so only the depth guard stops it
    code = code_of_text(deep((limits.MAX_MESSAGE_BYTES - 100) // 2))
    assert len(code) < 1000
    with pytest.raises(MalformedMessage, match="nested too deeply"):
        messages.decode(code)


def test_deeply_nested_code_through_the_api_keeps_the_game(joined):
    party, codes = joined
    code = code_of_text(deep(200_000))
    before = json.dumps(party, sort_keys=True)
    for call in (lambda: api.duel_join(code), lambda: api.duel_receive(party, code)):
        with pytest.raises(ValueError, match="nested too deeply"):
            call()
    assert json.dumps(party, sort_keys=True) == before
    received = api.duel_observation(party)["status"]["messages_received"]
    out = api.duel_receive(party, codes[0])          # the game goes on with the honest code
    assert out["status"]["messages_received"] > received


def envelope(body):
    """A message of the right shape (not signed by anyone) around `body`."""
    return {"game": "0123456789abcdef", "seq": 0, "prev": "", "from": 0, "body": body,
            "sig": ["0" * 63 + "1", "0" * 63 + "2"]}


def test_nesting_just_inside_the_limit_reaches_the_message_checks():
    levels = limits.MAX_DEPTH - 2                        # inside the envelope and its body
    body = {"x": json.loads(deep(levels))}
    code = code_of_text(json.dumps(envelope(body)))
    assert messages.decode(code)["body"] == body
    too_deep = {"x": json.loads(deep(levels + 1))}
    code = code_of_text(json.dumps(envelope(too_deep)))
    with pytest.raises(MalformedMessage, match="nested too deeply"):
        messages.decode(code)


# --- sizes -----------------------------------------------------------------------------------

def test_code_longer_than_the_limit_is_refused_before_whitespace_is_removed():
    with pytest.raises(MalformedMessage, match="too long"):
        messages.decode(messages.CODE_PREFIX + " " * limits.MAX_CODE_LENGTH)
    with pytest.raises(MalformedMessage, match="too long"):
        messages.decode(messages.CODE_PREFIX + "A" * limits.MAX_CODE_LENGTH)


def test_wrapped_code_within_the_limit_still_reads(joined):
    party, codes = joined
    code = codes[0]
    wrapped = "\n".join(code[i:i + 60] for i in range(0, len(code), 60))
    assert messages.decode(wrapped) == messages.decode(code)


def test_code_that_inflates_past_the_budget_is_refused():
    bomb = code_of(zlib.compress(b" " * (limits.MAX_MESSAGE_BYTES + 1), 9))
    assert len(bomb) < 1000
    with pytest.raises(MalformedMessage, match="too much data"):
        messages.decode(bomb)
    # 64,000 characters of code would inflate to about 49 MB: refused after MAX_MESSAGE_BYTES
    big = code_of(zlib.compress(b"0" * 50_000_000, 9))
    with pytest.raises(MalformedMessage, match="too much data"):
        messages.decode(big)


def test_message_object_too_large_or_too_deep_is_refused(joined):
    party, codes = joined
    message = messages.decode(codes[0])
    message["body"]["padding"] = "x" * limits.MAX_MESSAGE_BYTES
    with pytest.raises(MalformedMessage, match="too large"):
        api.duel_receive(party, message)
    message["body"]["padding"] = json.loads(deep(limits.MAX_DEPTH))
    with pytest.raises(MalformedMessage, match="nested too deeply"):
        api.duel_receive(party, message)


def test_party_larger_than_the_limit_is_refused_before_it_is_read(joined):
    party, codes = joined
    huge = dict(party, finished=[{"deck": ["AH"] * 5_000_000, "dealer": 0, "actions": []}])
    for call in (lambda: api.duel_receive(huge, codes[0]), lambda: api.duel_observation(huge),
                 lambda: api.duel_act(huge, "AH")):
        with pytest.raises(MalformedMessage, match="saved duel is too large"):
            call()
    nested = dict(party, options=json.loads(deep(limits.MAX_DEPTH)))
    with pytest.raises(MalformedMessage, match="nested too deeply"):
        api.duel_observation(nested)


def test_cyclic_value_from_a_python_caller_is_refused():
    loop = []
    loop.append(loop)
    with pytest.raises(ValueError, match="nested too deeply"):
        jsontext.check_value(loop, "a value", 1000)


def test_value_size_counts_every_kind_of_json():
    value = {"a": [1, -2.5, True, False, None, "xyz", [], {}], "b": -10**40, "c": {"d": [0]}}
    text = json.dumps(value, separators=(",", ":"))
    assert jsontext.check_value(value, "v", len(text)) is value
    with pytest.raises(ValueError, match="too large"):
        jsontext.check_value(value, "v", len(text) - 1)


# --- strict decoding -------------------------------------------------------------------------

@pytest.mark.parametrize("damage", [
    lambda c: c + "=",                                  # padding
    lambda c: c + "==",
    lambda c: c[:20] + "+" + c[20:],                    # standard base64, not base64url
    lambda c: c[:20] + "/" + c[21:],
    lambda c: c[:20] + "." + c[20:],                    # a stray character
    lambda c: c[:20] + "\x00" + c[20:],
    lambda c: c + "A",                                  # a length no base64 has
])
def test_non_canonical_base64_is_refused(joined, damage):
    _, codes = joined
    with pytest.raises(MalformedMessage, match="damaged"):
        messages.decode(damage(codes[0]))


def test_stray_bits_in_the_last_character_are_refused():
    # a body whose code's last character has unused bits
    message, code = next((m, c) for m in (envelope({"pad": "x" * k}) for k in range(8))
                         for c in [code_of_text(messages.canonical(m))]
                         if len(c[len(messages.CODE_PREFIX):]) % 4)
    assert messages.decode(code) == message
    body = code[len(messages.CODE_PREFIX):]
    assert len(body) % 4, "the test needs a code whose last character has unused bits"
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(body[-1])
    other = alphabet[last ^ 1]                          # flips an unused low bit
    with pytest.raises(MalformedMessage, match="damaged"):
        messages.decode(code[:-1] + other)


def test_bytes_after_the_compressed_stream_are_refused(joined):
    _, codes = joined
    body = codes[0][len(messages.CODE_PREFIX):]
    packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    assert messages.decode(code_of(packed))             # the same bytes read
    for tail in (b"\x00", b"junk", zlib.compress(b"{}")):
        with pytest.raises(MalformedMessage, match="damaged"):
            messages.decode(code_of(packed + tail))


def test_cut_stream_is_refused(joined):
    _, codes = joined
    with pytest.raises(MalformedMessage, match="damaged"):
        messages.decode(codes[0][:-8])


def test_a_share_link_token_is_refused_just_past_its_limit():
    """The page refuses the same length before it calls the engine (web/links.js)."""
    from kaffeehaus.share import LinkError, decode
    with pytest.raises(LinkError, match="too long"):
        decode("A" * (limits.MAX_LINK_TOKEN_LENGTH + 1))
    with pytest.raises(LinkError) as refused:       # at the limit, the length is no reason
        decode("A" * limits.MAX_LINK_TOKEN_LENGTH)
    assert "too long" not in str(refused.value)


# --- long hex strings travel packed ----------------------------------------------------------

def strings_in(value):
    if isinstance(value, str):
        yield value
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        yield from strings_in(item)


def test_every_long_hex_string_travels_as_its_bytes(joined):
    """A code carries group elements, hashes and proof numbers as base64url of their bytes (an
    odd number of digits too), and reads back to exactly the signed message."""
    party, codes = joined
    text = zlib.decompress(base64.urlsafe_b64decode(
        codes[0][len(messages.CODE_PREFIX):] + "=" * (-len(codes[0]) % 4))).decode()
    strings = list(strings_in(json.loads(text)))
    assert any(s[:1] == messages.EVEN for s in strings)
    assert not any(len(s) >= messages.PACKED_MIN and set(s) <= messages.HEX for s in strings)
    message = messages.decode(codes[0])
    assert messages.decode(messages.encode(message)) == message
    assert api.duel_receive(party, codes[0])["codes"]          # it is still the friend's message
    for value in ("0" * 32, "abc" * 11, "f" * 33, "0ab" + "1" * 30, {"k": ["e" * 64, 3, "QH"]}):
        assert messages.unpack(messages.pack(value)) == value


@pytest.mark.parametrize("packed", ["~", "~@@@@", "^AA", "~AAAA", "^8" + "A" * 43])
def test_a_damaged_packed_string_is_refused(packed):
    """Not base64url, too short to be packed, or an odd-length mark without its leading 0."""
    message = envelope({"x": packed})
    with pytest.raises(MalformedMessage, match="damaged"):
        messages.decode(code_of_text(messages.canonical(message)))


def test_a_message_string_that_looks_packed_is_never_sent():
    with pytest.raises(ValueError):
        messages.pack({"body": ["~not hex"]})


def test_the_page_is_offered_every_game_once_and_only_the_engines_levels():
    """What the build generates for the page (web/engine-facts.js): every profile once in the
    display order, and playing levels the AI has, strongest first."""
    from kaffeehaus.ai.levels import LEVELS, OFFERED
    from kaffeehaus.profiles import DISPLAY_ORDER, PROFILE_OPTIONS
    assert sorted(DISPLAY_ORDER) == sorted(PROFILE_OPTIONS)
    assert set(OFFERED) <= set(LEVELS) and OFFERED[0] == "expert" and "random" not in OFFERED
