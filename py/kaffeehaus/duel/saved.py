"""Checks of a saved party (Party.as_json) before it is loaded: every field has its type and
range, so a damaged save is refused with MalformedMessage and never half-loads. (What the
values mean is checked afterwards by replaying: the verified deals through the plain engine,
the current deal through the party's view.)"""

from .errors import MalformedMessage

HEX = frozenset("0123456789abcdef")
DEAL_KEYS = {"index", "dealer", "mine", "public", "theirs", "stages", "their_shares",
             "disclosed", "known", "actions", "draft", "their_reveal", "revealed"}


def fail(what):
    raise MalformedMessage(f"malformed duel state: {what}")


def is_int(value, low, high):
    return type(value) is int and low <= value < high


def is_seat_or_none(value):
    return value is None or is_int(value, 0, 2)


def is_hex(value, length=None):
    return (isinstance(value, str) and 0 < len(value) <= 1024 and set(value) <= HEX
            and (length is None or len(value) == length))


def check_list(value, what, limit=1000):
    if not isinstance(value, list) or len(value) > limit:
        fail(what)
    return value


def check_party(data, n, cards):
    """`data`: the whole saved party (its top-level keys already checked)."""
    seat = data["seat"]
    if seat not in (0, 1) or type(seat) is not int:
        fail("seat")
    if type(data["match"]) is not bool or type(data["over"]) is not bool:
        fail("match or over")
    chain = data["chain"]
    if (not isinstance(chain, dict) or set(chain) != {"game", "seq", "last"}
            or not (chain["game"] is None or (isinstance(chain["game"], str)
                                              and 0 < len(chain["game"]) <= 64))
            or not is_int(chain["seq"], 0, 10**6)
            or not (chain["last"] == "" or is_hex(chain["last"], 64))):
        fail("chain")
    check_list(data["sent"], "sent", 4)
    coin = data["coin"]
    if coin is not None:
        ok = isinstance(coin, dict) and coin.get("bit") in (0, 1) and type(coin["bit"]) is int
        if seat == 0:
            ok = ok and set(coin) == {"bit", "salt", "their_bit"} and is_hex(coin["salt"], 32) \
                and coin["their_bit"] in (None, 0, 1)
        else:
            ok = ok and set(coin) == {"bit", "commit"} and is_hex(coin["commit"], 64)
        if not ok:
            fail("coin")
    if not is_hex(data["sign"]) or not (data["their_sign"] is None or is_hex(data["their_sign"])):
        fail("signing keys")
    stopped = data["stopped"]
    if stopped is not None and (
            not isinstance(stopped, dict) or set(stopped) != {"deal", "by", "free"}
            or not is_int(stopped["deal"], 0, 400) or not is_int(stopped["by"], 0, 2)
            or type(stopped["free"]) is not bool):
        fail("stopped")
    if not is_seat_or_none(data["first_dealer"]):
        fail("first dealer")
    for record in check_list(data["finished"], "finished deals", 400):
        if (not isinstance(record, dict) or set(record) != {"deck", "dealer", "actions"}
                or not isinstance(record["deck"], list)
                or not isinstance(record["actions"], list)):
            fail("a finished deal")
    for name in ("deal", "next_deal"):
        if data[name] is not None:
            check_deal(data[name], n, cards)


def check_deal(deal, n, cards):
    if not isinstance(deal, dict) or set(deal) != DEAL_KEYS:
        fail("the deal's fields")
    if not is_int(deal["index"], 0, 400) or not is_seat_or_none(deal["dealer"]):
        fail("the deal's number or dealer")
    stages = check_list(deal["stages"], "stages", 2)
    if any(not isinstance(s, list) or len(s) != n or not all(is_hex(x) for x in s)
           for s in stages):
        fail("stages")
    if type(deal["revealed"]) is not bool:
        fail("revealed")
    for name in ("mine", "public"):
        if not is_hex(deal[name]):
            fail(name)
    for name in ("theirs", "their_reveal"):
        if deal[name] is not None and not is_hex(deal[name]):
            fail(name)
    keys = deal["their_shares"]
    if not isinstance(keys, dict) or not all(
            k.isdigit() and int(k) < n and is_hex(v) for k, v in keys.items()):
        fail("their shares")
    if not all(is_int(p, 0, n) for p in check_list(deal["disclosed"], "disclosed")):
        fail("disclosed")
    known = deal["known"]
    if not isinstance(known, dict) or not all(
            k.isdigit() and int(k) < n and v in cards for k, v in known.items()):
        fail("known cards")
    for item in check_list(deal["actions"], "actions", 300):
        if (not isinstance(item, list) or len(item) != 2 or item[0] not in (0, 1)
                or type(item[0]) is not int or not isinstance(item[1], str)):
            fail("actions")
    for item in check_list(deal["draft"], "draft", 10):
        if (not isinstance(item, list) or not item or not isinstance(item[0], str)
                or not all(is_int(p, 0, n) for p in item[1:])):
            fail("draft")
