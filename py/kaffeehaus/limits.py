"""The limits on input from outside the engine, stated once.

Every check in Python reads these names, and the page gets the same numbers: the build writes
them into web/limits.js (tools/limits.py), so the page refuses oversized input before it
inflates or sends anything. Each limit leaves room above the largest honest value (measured in
bench/codes.py and tests/engine/test_limits.py): an honest game never meets one.
"""

# Characters of one duel code ("kd1." + base64url), checked before anything else is done with
# it. The largest honest code today is the invitation of a 32-card Schneider deal (about 28,000).
MAX_CODE_LENGTH = 100_000

# Bytes of a code's message once inflated (its JSON text): inflating stops here, so a small
# code that inflates to megabytes costs no more than this.
MAX_MESSAGE_BYTES = 400_000

# Characters of text pasted into the duel's code box or of a link's #duel= part: the few codes
# a player has to send at once (the page keeps at most 4), with room for words around them.
MAX_PASTED_LENGTH = 4 * MAX_CODE_LENGTH + 10_000

# Levels of nesting of any JSON from outside (a saved state nests 4 deep, an observation 5, a
# duel message or party 6): checked before parsing, so depth never reaches the parser's stack.
MAX_DEPTH = 32

# Characters of a saved duel (the party the page keeps and passes back); a finished
# 32-card Schneider session is about 22,000.
MAX_PARTY_LENGTH = 400_000

# Characters of JSON text the API parses: a saved game (`from_json`) or the arguments of one
# call from the page's worker (a party and a code fit with room to spare).
MAX_JSON_LENGTH = 1_000_000

# Characters of a share link's token (a deal or a replay: version, profile, options, deck and
# moves packed in bytes, base64url); the longest honest one, a whole 32-card Schneider deal
# replayed to its end, is about 100.
MAX_LINK_TOKEN_LENGTH = 600

# Every limit above, for tools/limits.py (the page's copy) and the tests.
ALL = {name: value for name, value in dict(globals()).items() if name.startswith("MAX_")}
