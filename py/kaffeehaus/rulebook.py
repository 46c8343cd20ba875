"""The rules of a profile with its options, described by the engine for the page to translate.

`describe_rules(profile, options)` returns plain JSON:

    {"profile": "bummerl", "game": "schnapsen", "options": {normalised options},
     "sections": [{"id": "cards", "facts": [{"key": "cards.schnapsen", "values": {...},
                                            "rules": ["SS-1"]}, ...]}, ...],
     "short": [facts of the "Rules in short" summary]}

A fact's `key` is a stable id that the page translates (web/rules/<lang>.json); `values` are the
numbers and cards the engine plays with, read from the engine itself -- its rule table
(`ruletable.py`, through the deal objects it builds), its decks, its scoring and match
functions, asked about sample positions -- never typed again here; `rules` are the RULES.md
ids the fact states (for tests and tooling; players never see them). The keys a profile can
emit are listed by `fact_keys()`.

Why one unit of about 500 lines: it is the rule book of both families, fact by fact in the
order the page shows them; split, the facts of one profile would be spread over modules.
"""

from itertools import product

from . import cards as _cards
from . import match as _match
from .game import deal_class
from .profiles import GAME_OF_PROFILE, PROFILE_OPTIONS, check_profile, deck_of, normalise_options

__all__ = ["describe_rules", "fact_keys", "option_choices"]

SUIT = "S"          # the suit of the worked examples (spades, as in RULES.md)
OTHER_SUIT = "H"
TRUMP_SUIT = "C"    # the trump of the examples with the `trump` option


def _fact(key, rules=(), **values):
    return {"key": key, "values": values, "rules": list(rules)}


def _section(section_id, *facts):
    return {"id": section_id, "facts": [f for f in facts if f is not None]}


def _new_deal(profile, options, deck=None):
    """A deal as the engine builds it (dealer 0, so forehand is 1), from the unshuffled deck."""
    deck = list(deck_of(profile, options)) if deck is None else deck
    return deal_class(profile)(profile, options, deck, 0)


def _match_status(profile, options, results=()):
    return _match.status(profile, options, list(results), 0)


def _result(winner, game_points):
    return {"winner": winner, "game_points": game_points, "reason": "claim", "points": [0, 0]}


# --- what both families share ----------------------------------------------------------------

def _packets(deal):
    """Sizes of the deal's packets as the engine deals them (SN-3, SS-2): the first packet of
    forehand's cards, and the hand size."""
    first = 0
    while deal.deck[first] in deal.hands[deal.forehand]:
        first += 1
    return first, deal.hand_size


def _redeal_after_draw(profile):
    """SN-8 / SN-12: does the same dealer deal again after a drawn deal?"""
    return _match.next_dealer(profile, 0, [_result(None, 0)]) == 0


def _review_facts(deal):
    if deal.trick_review == "own":       # SV-6 / ST-1 (docs/DECISIONS.md for Schneider)
        return [_fact("review.own", ["SV-6"]), _fact("review.memory", ["OB-1"])]
    rules = ["ST-1"] if deal.game == "schnapsen" else []
    return [_fact("review.last", rules), _fact("review.memory", ["OB-1"])]


# --- Schnapsen ---------------------------------------------------------------------------------

def _marriage_points(profile, options):
    """SS-7: what a marriage in a plain suit and in trumps is worth, announced in a deal."""
    values = {}
    for suit in ("H", "C"):
        deck = list(deck_of(profile, options))
        # forehand (seat 1) gets K and Q of hearts among its first three cards; hearts is trump
        # when the indicator (deck[6]) is a heart, a plain suit otherwise
        wanted = ["KH", "QH", "AS"]
        indicator = next(c for c in deck if c[1] == suit and c not in wanted)
        rest = [c for c in deck if c not in wanted and c != indicator]
        deck = wanted + rest[:3] + [indicator] + rest[3:]
        deal = _new_deal(profile, options, deck)
        deal.apply("marry:H")
        values["trump" if suit == "H" else "plain"] = deal.marriages[-1]["points"]
    return values["plain"], values["trump"]


def _marriage_leads(deal):
    probe = deal.copy()
    probe.pending_marriage = "H"
    probe.hands[probe.forehand] = ["KH", "QH"]
    return [c[0] for c in probe.marriage_leads(probe.forehand)]


def _close_needs_more_than_two(deal):
    """ST-2: closing is refused with two cards in the talon."""
    probe = deal.copy()
    probe.stock = probe.stock[-2:]
    return not probe.close_allowed()


def _schnapsen_numbers(profile, options):
    deal = _new_deal(profile, options)
    first, hand = _packets(deal)
    rules = deal.rules
    ranks = deal.ranks
    points = dict(rules.card_points)
    plain, trump = _marriage_points(profile, options)
    status = _match_status(profile, options)
    return {
        "deal": deal,
        "rules": rules,
        "deck": len(deal.deck),
        "ranks": ranks,
        "points": points,
        "total": sum(points[_cards.rank_of(c)] for c in deal.deck),
        "first": first,
        "second": hand - first,
        "hand": hand,
        "talon": len(deal.stock),
        "goal": rules.win_points,                        # SV-3, SB-3
        "half": rules.half_points,                       # SS-9
        "one": rules.cascade(rules.half_points, True),
        "two": rules.cascade(0, True),
        "three": rules.cascade(0, False),
        "fixed": rules.fixed_failed_points,              # SB-2, SB-3
        "plain": plain,
        "trump": trump,
        "start": status["target"],
        "needed": status["bummerls_needed"],
    }


def _card_values(n):
    names = {"A": "ace", "T": "ten", "K": "king", "Q": "queen", "J": "jack", "7": "seven"}
    return {names[r]: v for r, v in n["points"].items()}


def _schnapsen_sections(profile, options):
    n = _schnapsen_numbers(profile, options)
    deal = n["deal"]
    bummerl = profile == "bummerl"
    sevens = "7" in n["ranks"]
    one, two, three, half, goal = n["one"], n["two"], n["three"], n["half"], n["goal"]
    king_only = _marriage_leads(deal) == ["K"]
    strict_close = _close_needs_more_than_two(deal)
    lead_word = "king" if king_only else "either"

    cards_key = "cards.schnapsen.sevens" if sevens else "cards.schnapsen"
    cards_rules = ["SS-1", "SB-7"] if sevens else ["SS-1"]
    sections = [
        _section("game", _fact(f"intro.{profile}", [], deck=n["deck"], goal=goal, start=n["start"],
                               one=one, two=two, three=three)),
        _section("cards",
                 _fact(cards_key, cards_rules, deck=n["deck"], total=n["total"], **_card_values(n)),
                 _fact("cards.german")),
        _section("deal",
                 _fact("deal.schnapsen", ["SS-2"], first=n["first"], second=n["second"],
                       hand=n["hand"], talon=n["talon"], face_down=n["talon"] - 1),
                 _fact("deal.forehand_leads", ["SS-2"]),
                 _fact("dealer.alternate", ["SS-10"])),
        _section("tricks",
                 _fact("trick.schnapsen", ["SS-3"]),
                 _fact("draw.schnapsen", ["SS-4"], hand=n["hand"])),
        _section("phase1", _fact("phase1.free", ["SS-5"])),
        _section("phase2",
                 _fact("phase2.follow" if bummerl else "phase2.beat", ["SB-1" if bummerl else "SV-1"]),
                 _fact("phase2.start", ["AC-6"])),
        _section("exchange", _fact("exchange.trump_jack", ["SS-6"])),
        _section("marriages",
                 _fact(f"marriage.announce.{lead_word}", ["SS-7", "ST-3"] if king_only else ["SS-7"],
                       plain=n["plain"], trump=n["trump"]),
                 _fact("marriage.credit", ["SS-7"]),
                 _fact("marriage.mit40", ["SB-7"], plain=n["plain"], trump=n["trump"]) if options.get("mit40") else None,
                 _fact("marriage.phase2", ["SS-7"]),
                 _fact(f"marriage.after.{lead_word}", ["AC-1"], goal=goal)),
        _section("closing",
                 _fact("close.promise", ["SS-8"], goal=goal),
                 _fact("close.when.not_last_two", ["ST-2"], cards=2) if strict_close
                 else _fact("close.when.open", ["SB-2" if bummerl else "SV-2"], cards=2)),
        _section("points",
                 _fact("points.effective", ["SS-9"], half=half),
                 _fact("points.scale", ["SS-9"], half=half, one=one, two=two, three=three)),
    ]
    example = {"have": 27, "marriage": n["trump"], "sum": 27 + n["trump"], "opponent": 21,
               "game_points": n["rules"].cascade(21, True), "start": n["start"],
               "after": n["start"] - n["rules"].cascade(21, True), "goal": goal}
    if bummerl:
        sections += [
            _section("claim",
                     _fact("claim.when.any", ["SB-3", "AC-5"], goal=goal),
                     _fact("claim.correct.bummerl", ["SB-3"], half=half, below_goal=goal - 1,
                           goal=goal, one=one, two=two, three=three, false=n["fixed"]),
                     _fact("claim.example.bummerl", ["SV-3"], **example)),
            _section("closed",
                     _fact("closed.fail.bummerl", ["SB-2"], goal=goal, two=n["fixed"]),
                     _fact("closed.success.bummerl", ["SB-4"])),
            _section("end",
                     _fact("end.bummerl", ["SB-4"], goal=goal, one=one),
                     _fact("end.sweep", ["SB-5"], three=three, goal=goal)),
        ]
    else:
        sections += [
            _section("claim",
                     _fact("claim.when.lead", ["SV-3"], goal=goal),
                     _fact("claim.correct", ["SV-3"], half=half, goal=goal, one=one, two=two, three=three),
                     _fact("claim.false", ["SV-3"], two=two, three=three),
                     _fact("claim.example", ["SV-3", "SV-5"], close_game_points=three,
                           **example)),
            _section("end", _fact("end.last_trick", ["SV-4"], goal=goal, one=one)),
            _section("closed",
                     _fact("closed.success", ["SV-5"], half=half, one=one, two=two, three=three),
                     _fact("closed.fail", ["SV-5"], goal=goal, two=two, three=three),
                     _fact("closed.false_claim_opponent", ["SV-5"], two=two, three=three),
                     _fact("closed.reached", ["SV-5"], goal=goal)),
        ]
    sections.append(_section("review", *_review_facts(deal)))
    sections.append(_section("bummerl", *_bummerl_match_facts(profile, options, n)))
    if PROFILE_OPTIONS[profile]:
        sections.append(_section("options", *_bummerl_option_facts(profile, options)))
    short = [
        _fact("short.cards.schnapsen.sevens" if sevens else "short.cards.schnapsen", cards_rules,
              deck=n["deck"], hand=n["hand"], **_card_values(n)),
        _fact("short.marriage", ["SS-7"], plain=n["plain"], trump=n["trump"]),
        _fact("short.goal", ["SV-3", "SB-3"], goal=goal),
        _fact("short.phase2.follow" if bummerl else "short.phase2.beat",
              ["SB-1"] if bummerl else ["SV-1"]),
        *[f for f in _bummerl_match_facts(profile, options, n, short=True)],
    ]
    return sections, short


def _bummerl_match_facts(profile, options, n, short=False):
    prefix = "short." if short else ""
    facts = [_fact(prefix + "match.bummerl", ["SS-10"], start=n["start"],
                   **({"one": n["one"], "three": n["three"]} if short else {}))]
    needed = n["needed"]
    if needed > 1:
        facts.append(_fact(prefix + "match.rubber", ["SB-7"], bummerls=2 * needed - 1, needed=needed))
    if options.get("schneiderbummerl"):
        # SB-7: ask the match what a Bummerl won against a player with no game point counts
        status = _match_status(profile, options, [_result(0, n["start"])])
        value = status["sheet"][0]["bummerl_value"]
        key = prefix + ("match.schneiderbummerl.rubber" if needed > 1 else "match.schneiderbummerl")
        facts.append(_fact(key, ["SB-7"], value=value, needed=needed, ends=status["over"]))
    return facts


def _bummerl_option_facts(profile, options):
    specs = PROFILE_OPTIONS[profile]
    facts = []
    on = dict(options, schneiderbummerl=True, rubber=3, sevens=True)
    status = _match_status(profile, on, [_result(0, on["target"])])
    needed = status["bummerls_needed"]
    facts.append(_fact("option.schneiderbummerl", ["SB-7"], chosen=bool(options["schneiderbummerl"]),
                       value=status["sheet"][0]["bummerl_value"]))
    facts.append(_fact("option.rubber", ["SB-7"], chosen=options["rubber"] != specs["rubber"].default,
                       bummerls=2 * needed - 1, needed=needed))
    trump = _marriage_points(profile, on)[1]
    facts.append(_fact("option.mit40", ["SB-7"], chosen=bool(options["mit40"]), trump=trump))
    seven = _new_deal(profile, on)
    first, hand = _packets(seven)
    facts.append(_fact("option.sevens", ["SB-7"], chosen=bool(options["sevens"]),
                       deck=len(seven.deck), hand=hand, first=first, second=hand - first,
                       talon=len(seven.stock), seven=seven.rules.card_points["7"]))
    choices = specs["target"].choices
    facts.append(_fact("option.target.bummerl", ["SB-7"], value=options["target"], min=min(choices),
                       max=max(choices), default=specs["target"].default))
    facts.append(_fact("options.single_deal", ["SB-7"]))
    return facts


# --- Schneider ---------------------------------------------------------------------------------

def _score(profile, options, won, lost):
    """The game points the engine gives for a deal won `won` honours to `lost`."""
    deal = _new_deal(profile, options)
    honours = [c for c in deal.deck if _cards.rank_of(c) in deal.honour_ranks]
    blanks = [c for c in deal.deck if _cards.rank_of(c) not in deal.honour_ranks]
    deal.piles = [honours[:won] + blanks[:1], honours[won:won + lost] + blanks[1:2]]
    return deal.score_end()["game_points"]


def _trick_example(deal, lead, answer):
    """A worked example of who takes a trick, decided by the engine's own `beats` (SN-7, SN-11)."""
    responder = deal.beats(answer, lead)
    same = lead[1] == answer[1]
    higher = same and deal.strength(answer) > deal.strength(lead)
    if responder:
        reason = "next" if getattr(deal, "neighbour", False) else ("higher" if same else "trump")
    else:
        reason = "other_suit" if not same else ("not_next" if higher else "lower")
    nxt = next((r + lead[1] for r in deal.ranks if deal.beats(r + lead[1], lead)), None)
    honours = sum(1 for c in (lead, answer) if _cards.rank_of(c) in deal.honour_ranks)
    return {"lead": lead, "answer": answer, "winner": "responder" if responder else "leader",
            "honours": honours, "reason": reason, "next": nxt}


def _schneider_numbers(profile, options):
    deal = _new_deal(profile, options)
    first, hand = _packets(deal)
    total = deal.total_honours
    return {
        "deal": deal,
        "deck": len(deal.deck),
        "per_suit": len(deal.ranks),
        "hand": hand,
        "first": first,
        "stock": len(deal.stock),
        "refills": len(deal.stock) // 2,
        "tricks": len(deal.deck) // 2,
        "honour_ranks": deal.honour_ranks,
        "per_suit_honours": len(deal.honour_ranks),
        "total": total,
        "draw": total // 2,
        "win": total // 2 + 1,
        "schneider": deal.schneider_at,
        "schwarz": total,
        "one": _score(profile, options, total // 2 + 1, total // 2 - 1),
        "two": _score(profile, options, deal.schneider_at, total - deal.schneider_at),
        "three": _score(profile, options, total, 0),
    }


def _schneider_sections(profile, options):
    n = _schneider_numbers(profile, options)
    deal = n["deal"]
    neighbour = deal.neighbour
    trump = bool(options.get("trump"))
    follow = bool(options.get("follow_suit"))
    cumulative = bool(options.get("cumulative"))
    small = n["deck"] == 24
    size = "24" if small else "32"
    ladder = []
    low_to_high = deal.ranks[::-1]
    for low, high in zip(low_to_high, low_to_high[1:]):
        if deal.beats(high + SUIT, low + SUIT):
            ladder.append([low, high])
    win_rule = "SN-11" if neighbour else "SN-7"
    if neighbour:
        trick = _fact("trick.neighbour", ["SN-11"], ladder=ladder)
        examples = [_trick_example(deal, "9" + SUIT, "J" + SUIT), _trick_example(deal, "T" + SUIT, "J" + SUIT)]
    else:
        trick = _fact("trick.higher.trump" if trump else "trick.higher", [win_rule] + (["SN-10"] if trump else []))
        if trump:
            # SN-10 trump: the examples' trump is a third suit, so the off-suit answer is a trump
            probe = deal.copy()
            probe.trump = TRUMP_SUIT
            examples = [_trick_example(probe, "9" + SUIT, "J" + SUIT),
                        _trick_example(probe, "9" + SUIT, probe.ranks[-1] + TRUMP_SUIT)]
        else:
            examples = [_trick_example(deal, "9" + SUIT, "J" + SUIT),
                        _trick_example(deal, "9" + SUIT, "A" + OTHER_SUIT)]
    ex_won, ex_lost = n["schneider"], n["total"] - n["schneider"]
    score_example = {"won": ex_won, "lost": ex_lost, "game_points": _score(profile, options, ex_won, ex_lost)}
    status = _match_status(profile, options)
    redeal = _redeal_after_draw(profile)
    sections = [
        # the introduction names the trump when the option brings one (SN-10)
        _section("game", _fact(f"intro.{profile}", [], deck=n["deck"],
                               **({"deals": status["session_deals"]} if neighbour else {"trump": trump}))),
        _section("cards_honours",
                 _fact(f"cards.schneider.{size}", ["SN-1"] + (["SN-10"] if small else []),
                       deck=n["deck"], per_suit=n["per_suit"]),
                 _fact("trump.bottom", ["SN-10"]) if trump else _fact("trump.none", ["SN-1"]),
                 _fact(f"honours.{size}", ["SN-2"] + (["SN-10"] if small else []),
                       per_suit=n["per_suit_honours"], total=n["total"]),
                 _fact("cards.german")),
        _section("deal",
                 _fact("deal.schneider", ["SN-3"], first=n["first"], hand=n["hand"], stock=n["stock"]),
                 _fact("dealer.redeal_after_draw", ["SN-8"], draw=n["draw"]) if redeal
                 else _fact("dealer.alternate_always", ["SN-12"])),
        _section("play",
                 _fact("play.follow_suit", ["SN-10"]) if follow else _fact("play.any", ["SN-4"]),
                 trick,
                 *[_fact("example.trick", [win_rule], **e) for e in examples]),
        _section("draw",
                 _fact("draw.schneider", ["SN-5"], hand=n["hand"]),
                 _fact("draw.stock", ["SN-5"], stock=n["stock"], refills=n["refills"], last=n["hand"],
                       tricks=n["tricks"])),
        _section("review", *_review_facts(deal)),
    ]
    if cumulative:
        scoring = [_fact("score.cumulative", ["SN-10"], draw=n["draw"]),
                   _fact("score.not_all_tricks", ["SN-6"]),
                   _fact("score.example.cumulative", ["SN-10"], **score_example)]
    else:
        scoring = [_fact("score.honours", ["SN-6"] + (["SN-10"] if small else []),
                         win=n["win"], schneider=n["schneider"], schneider_max=n["schwarz"] - 1,
                         one_max=n["schneider"] - 1, schwarz=n["schwarz"], draw=n["draw"],
                         one=n["one"], two=n["two"], three=n["three"]),
                   _fact("score.not_all_tricks", ["SN-6"]),
                   _fact("score.example", ["SN-6", "SN-13"], **score_example)]
    sections.append(_section("scoring", *scoring))
    if neighbour:
        match_fact = _fact("match.session", ["SN-13"], deals=status["session_deals"])
    else:
        match_fact = _fact("match.target", ["SN-9"], target=status["target"])
    sections.append(_section("session" if neighbour else "match", match_fact,
                             _fact("dealer.first_random", ["SN-8", "SN-12"])))
    sections.append(_section("options", *_schneider_option_facts(profile, options)))
    short = [
        _fact(f"short.cards.schneider", ["SN-3"], deck=n["deck"], hand=n["hand"], stock=n["stock"]),
        _fact("short.follow_suit" if follow else "short.any", ["SN-10" if follow else "SN-4"]),
        _fact("short." + trick["key"], trick["rules"], **trick["values"]),
        _fact("short.cumulative", ["SN-10"], deck=n["deck"], draw=n["draw"]) if cumulative else
        _fact(f"short.honours.{size}", ["SN-6"], win=n["win"], one_max=n["schneider"] - 1,
              schneider=n["schneider"], schneider_max=n["schwarz"] - 1, schwarz=n["schwarz"],
              one=n["one"], two=n["two"], three=n["three"]),
        _fact("short.match.session", ["SN-13"], deals=status["session_deals"]) if neighbour else
        _fact("short.match.target", ["SN-9"], target=status["target"]),
    ]
    return sections, short


def _schneider_option_facts(profile, options):
    specs = PROFILE_OPTIONS[profile]
    if not specs:
        return [_fact("options.none", ["SN-13"])]
    facts = [_fact("options.combine", ["SN-10"])]
    small_opts = dict(options, deck=24, cumulative=False, target=None)
    small = _schneider_numbers(profile, small_opts)
    facts.append(_fact("option.deck", ["SN-10"], chosen=options["deck"] == 24, deck=small["deck"],
                       hand=small["hand"], stock=small["stock"], tricks=small["tricks"],
                       total=small["total"], win=small["win"], one_max=small["schneider"] - 1,
                       schneider=small["schneider"], schneider_max=small["schwarz"] - 1,
                       schwarz=small["schwarz"], draw=small["draw"], one=small["one"],
                       two=small["two"], three=small["three"],
                       cumulative=bool(options["cumulative"])))
    facts.append(_fact("option.follow_suit", ["SN-10"], chosen=bool(options["follow_suit"])))
    facts.append(_fact("option.trump", ["SN-10"], chosen=bool(options["trump"])))
    cumul = dict(options, cumulative=True, target=None)
    won = _schneider_numbers(profile, cumul)
    ex_won, ex_lost = won["schneider"], won["total"] - won["schneider"]
    facts.append(_fact("option.cumulative", ["SN-10"], chosen=bool(options["cumulative"]),
                       won=ex_won, lost=ex_lost, game_points=_score(profile, cumul, ex_won, ex_lost),
                       target=_match.schneider_target(cumul)))
    choices = [c for c in specs["target"].choices if c is not None]
    plain = dict(options, cumulative=False, target=None)
    facts.append(_fact("option.target", ["SN-10"], value=_match.schneider_target(options),
                       min=min(choices), max=max(choices), default=_match.schneider_target(plain),
                       cumulative_default=_match.schneider_target(cumul)))
    return facts


# --- the API -------------------------------------------------------------------------------------

def describe_rules(profile, options=None):
    """The rules of `profile` with `options` (validated and completed), as sections of facts."""
    check_profile(profile)
    options = normalise_options(profile, options)
    if GAME_OF_PROFILE[profile] == "schnapsen":
        sections, short = _schnapsen_sections(profile, options)
    else:
        sections, short = _schneider_sections(profile, options)
    return {"profile": profile, "game": GAME_OF_PROFILE[profile], "options": dict(options),
            "sections": sections, "short": short}


def option_choices(profile):
    """Every combination of the profile's options that changes a rule (the target is tried at
    its default and one other value)."""
    specs = PROFILE_OPTIONS[profile]
    names = list(specs)
    ranges = []
    for name in names:
        choices = list(specs[name].choices)
        if len(choices) > 3:
            choices = [specs[name].default, next(c for c in choices if c not in (None, specs[name].default))]
        ranges.append(choices)
    for combo in product(*ranges):
        yield dict(zip(names, combo))


def fact_keys():
    """Every fact key and section id the engine can emit, over all profiles and options."""
    keys, sections = set(), set()
    for profile in PROFILE_OPTIONS:
        for options in option_choices(profile):
            description = describe_rules(profile, options)
            for section in description["sections"]:
                sections.add(section["id"])
                keys.update(f["key"] for f in section["facts"])
            keys.update(f["key"] for f in description["short"])
    return keys, sections
