"""The nesting check that runs before any JSON from outside is parsed
(kaffeehaus.jsontext.nesting_depth_exceeds): the same answer as a plain per-character reading of
the text, and work linear in the text's length even for text built to make a string-matching
regex backtrack (tens of thousands of escaped quotes in a string that never closes)."""
import json
import re

import pytest
from hypothesis import given, settings, strategies as st

from kaffeehaus import jsontext, limits


def reference(text, limit):
    """Per character, as removing the strings with the regex '"[^"\\]*(?:\\.[^"\\]*)*"' (re.S)
    and then counting the brackets left did: at each quote outside a string, a string if a quote
    not escaped by a backslash follows; if none does, the quote is an ordinary character and the
    reading goes on from the next one."""
    kept = []
    i = 0
    while i < len(text):
        if text[i] == '"':
            j = i + 1
            while j < len(text) and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j < len(text):
                i = j + 1
                continue
        kept.append(text[i])
        i += 1
    depth = 0
    for char in kept:
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


_OLD_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)


def regex_reading(text, limit):
    """The check as it was before it became linear (quadratic on hostile text): kept to show the
    answer did not change."""
    depth = 0
    for char in re.sub(r"[^\[\]{}]+", "", _OLD_STRING.sub("", text)):
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


# Mostly the characters that matter, with a letter and a newline (re.S: a backslash escapes it
# too) between them.
texts = st.text(alphabet=st.sampled_from('[[]]{}""\\\\\\ab\n'), max_size=80)
limits_small = st.integers(min_value=-1, max_value=6)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
    | st.text(alphabet=st.sampled_from('[]{}"\\/ab\n\u00e9\u2603')),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(alphabet=st.sampled_from('[]{}"\\ab'), max_size=4), children,
                      max_size=4),
    max_leaves=30)


def depth_of(value):
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    return 0


@settings(max_examples=1000, deadline=None)
@given(texts, limits_small)
def test_random_text_reads_as_per_character(text, limit):
    expected = reference(text, limit)
    assert jsontext.nesting_depth_exceeds(text, limit) is expected
    assert regex_reading(text, limit) is expected


@settings(max_examples=300, deadline=None)
@given(json_values, st.booleans(), st.integers(min_value=0, max_value=8), st.data())
def test_json_text_reads_as_per_character(value, ascii_only, limit, data):
    text = json.dumps(value, ensure_ascii=ascii_only)
    assert jsontext.nesting_depth_exceeds(text, limit) is (depth_of(value) > limit)
    assert reference(text, limit) is (depth_of(value) > limit)
    # cut anywhere, often inside a string that then never closes
    cut = text[:data.draw(st.integers(min_value=0, max_value=len(text)), label="cut")]
    assert jsontext.nesting_depth_exceeds(cut, limit) is reference(cut, limit)


@pytest.mark.parametrize("text, exceeds", [
    ('[["]"]]', False),                 # a bracket in a string does not count
    ('[["\\"]"]]', False),              # nor after an escaped quote
    ('[["\\\\"]]', False),              # an escaped backslash does not escape the quote
    ('[["\\\\"[]]', True),              # ... so the string has closed before the bracket
    ('"\\[[[', True),                   # an unclosed string hides nothing
    ('"a" "[[[', True),
    ('\\"]"[[[', True),                 # a backslash outside a string escapes nothing
    (']][[[[', False),                  # not JSON, and closing brackets first leave room
])
def test_strings_and_escapes(text, exceeds):
    assert jsontext.nesting_depth_exceeds(text, 2) is exceeds
    assert reference(text, 2) is exceeds
    assert regex_reading(text, 2) is exceeds


class CountingPattern:
    """Stands in for the scanner's compiled pattern and counts the matches it hands out."""

    def __init__(self, pattern):
        self.pattern = pattern
        self.steps = 0

    def finditer(self, *args):
        for match in self.pattern.finditer(*args):
            self.steps += 1
            yield match


HOSTILE = {
    "one unclosed string of escaped quotes": lambda n: '"' + '\\"' * n,
    "escaped quotes only": lambda n: '\\"' * n,
    "unclosed strings after a closed one": lambda n: '["x",' + '"\\' * n,
    "escaped brackets in an unclosed string": lambda n: '"' + '\\[' * n,
}


@pytest.mark.parametrize("n", [10_000, 40_000, 160_000])
@pytest.mark.parametrize("kind", HOSTILE)
def test_hostile_text_costs_one_step_per_character_at_most(monkeypatch, kind, n):
    text = HOSTILE[kind](n)
    counting = CountingPattern(jsontext._SIGNIFICANT)
    monkeypatch.setattr(jsontext, "_SIGNIFICANT", counting)
    jsontext.nesting_depth_exceeds(text)
    assert 0 < counting.steps <= len(text)
    counting.steps = 0
    assert len(text) <= limits.MAX_JSON_LENGTH
    with pytest.raises(ValueError, match="not valid JSON|nested too deeply"):
        jsontext.parse(text)
    assert 0 < counting.steps <= len(text)
