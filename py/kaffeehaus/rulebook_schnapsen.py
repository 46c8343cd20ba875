"""The rule book of the Schnapsen family (`schnapsen`, `schnapsen-strict`, `bummerl`): its
sections of facts in the order the page shows them, every number read from the engine."""

from . import cards as _cards
from .profiles import PROFILE_OPTIONS, deck_of
from .rulebook_facts import fact, match_status, new_deal, packets, review_facts, sample_result, section


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
        deal = new_deal(profile, options, deck)
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
    deal = new_deal(profile, options)
    first, hand = packets(deal)
    rules = deal.rules
    ranks = deal.ranks
    points = dict(rules.card_points)
    plain, trump = _marriage_points(profile, options)
    status = match_status(profile, options)
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


def schnapsen_sections(profile, options):
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
        section("game", fact(f"intro.{profile}", [], deck=n["deck"], goal=goal, start=n["start"],
                               one=one, two=two, three=three)),
        section("cards",
                 fact(cards_key, cards_rules, deck=n["deck"], total=n["total"], **_card_values(n)),
                 fact("cards.german")),
        section("deal",
                 fact("deal.schnapsen", ["SS-2"], first=n["first"], second=n["second"],
                       hand=n["hand"], talon=n["talon"], face_down=n["talon"] - 1),
                 fact("deal.forehand_leads", ["SS-2"]),
                 fact("dealer.alternate", ["SS-10"])),
        section("tricks",
                 fact("trick.schnapsen", ["SS-3"]),
                 fact("draw.schnapsen", ["SS-4"], hand=n["hand"])),
        section("phase1", fact("phase1.free", ["SS-5"])),
        section("phase2",
                 fact("phase2.follow" if bummerl else "phase2.beat", ["SB-1" if bummerl else "SV-1"]),
                 fact("phase2.start", ["AC-6"])),
        section("exchange", fact("exchange.trump_jack", ["SS-6"])),
        section("marriages",
                 fact(f"marriage.announce.{lead_word}", ["SS-7", "ST-3"] if king_only else ["SS-7"],
                       plain=n["plain"], trump=n["trump"]),
                 fact("marriage.credit", ["SS-7"]),
                 fact("marriage.mit40", ["SB-7"], plain=n["plain"], trump=n["trump"]) if options.get("mit40") else None,
                 fact("marriage.phase2", ["SS-7"]),
                 fact(f"marriage.after.{lead_word}", ["AC-1"], goal=goal)),
        section("closing",
                 fact("close.promise", ["SS-8"], goal=goal),
                 fact("close.when.not_last_two", ["ST-2"], cards=2) if strict_close
                 else fact("close.when.open", ["SB-2" if bummerl else "SV-2"], cards=2)),
        section("points",
                 fact("points.effective", ["SS-9"], half=half),
                 fact("points.scale", ["SS-9"], half=half, one=one, two=two, three=three)),
    ]
    example = {"have": 27, "marriage": n["trump"], "sum": 27 + n["trump"], "opponent": 21,
               "game_points": n["rules"].cascade(21, True), "start": n["start"],
               "after": n["start"] - n["rules"].cascade(21, True), "goal": goal}
    if bummerl:
        sections += [
            section("claim",
                     fact("claim.when.any", ["SB-3", "AC-5"], goal=goal),
                     fact("claim.correct.bummerl", ["SB-3"], half=half, below_goal=goal - 1,
                           goal=goal, one=one, two=two, three=three, false=n["fixed"]),
                     fact("claim.example.bummerl", ["SV-3"], **example)),
            section("closed",
                     fact("closed.fail.bummerl", ["SB-2"], goal=goal, two=n["fixed"]),
                     fact("closed.success.bummerl", ["SB-4"])),
            section("end",
                     fact("end.bummerl", ["SB-4"], goal=goal, one=one),
                     fact("end.sweep", ["SB-5"], three=three, goal=goal)),
        ]
    else:
        sections += [
            section("claim",
                     fact("claim.when.lead", ["SV-3"], goal=goal),
                     fact("claim.correct", ["SV-3"], half=half, goal=goal, one=one, two=two, three=three),
                     fact("claim.false", ["SV-3"], two=two, three=three),
                     fact("claim.example", ["SV-3", "SV-5"], close_game_points=three,
                           **example)),
            section("end", fact("end.last_trick", ["SV-4"], goal=goal, one=one)),
            section("closed",
                     fact("closed.success", ["SV-5"], half=half, one=one, two=two, three=three),
                     fact("closed.fail", ["SV-5"], goal=goal, two=two, three=three),
                     fact("closed.false_claim_opponent", ["SV-5"], two=two, three=three),
                     fact("closed.reached", ["SV-5"], goal=goal)),
        ]
    sections.append(section("review", *review_facts(deal)))
    sections.append(section("bummerl", *_bummerl_match_facts(profile, options, n)))
    if PROFILE_OPTIONS[profile]:
        sections.append(section("options", *_bummerl_option_facts(profile, options)))
    short = [
        fact("short.cards.schnapsen.sevens" if sevens else "short.cards.schnapsen", cards_rules,
              deck=n["deck"], hand=n["hand"], **_card_values(n)),
        fact("short.marriage", ["SS-7"], plain=n["plain"], trump=n["trump"]),
        fact("short.goal", ["SV-3", "SB-3"], goal=goal),
        fact("short.phase2.follow" if bummerl else "short.phase2.beat",
              ["SB-1"] if bummerl else ["SV-1"]),
        *[f for f in _bummerl_match_facts(profile, options, n, short=True)],
    ]
    return sections, short


def _bummerl_match_facts(profile, options, n, short=False):
    prefix = "short." if short else ""
    facts = [fact(prefix + "match.bummerl", ["SS-10"], start=n["start"],
                   **({"one": n["one"], "three": n["three"]} if short else {}))]
    needed = n["needed"]
    if needed > 1:
        facts.append(fact(prefix + "match.rubber", ["SB-7"], bummerls=2 * needed - 1, needed=needed))
    if options.get("schneiderbummerl"):
        # SB-7: ask the match what a Bummerl won against a player with no game point counts
        status = match_status(profile, options, [sample_result(0, n["start"])])
        value = status["sheet"][0]["bummerl_value"]
        key = prefix + ("match.schneiderbummerl.rubber" if needed > 1 else "match.schneiderbummerl")
        facts.append(fact(key, ["SB-7"], value=value, needed=needed, ends=status["over"]))
    return facts


def _bummerl_option_facts(profile, options):
    specs = PROFILE_OPTIONS[profile]
    facts = []
    on = dict(options, schneiderbummerl=True, rubber=3, sevens=True)
    status = match_status(profile, on, [sample_result(0, on["target"])])
    needed = status["bummerls_needed"]
    facts.append(fact("option.schneiderbummerl", ["SB-7"], chosen=bool(options["schneiderbummerl"]),
                       value=status["sheet"][0]["bummerl_value"]))
    facts.append(fact("option.rubber", ["SB-7"], chosen=options["rubber"] != specs["rubber"].default,
                       bummerls=2 * needed - 1, needed=needed))
    trump = _marriage_points(profile, on)[1]
    facts.append(fact("option.mit40", ["SB-7"], chosen=bool(options["mit40"]), trump=trump))
    seven = new_deal(profile, on)
    first, hand = packets(seven)
    facts.append(fact("option.sevens", ["SB-7"], chosen=bool(options["sevens"]),
                       deck=len(seven.deck), hand=hand, first=first, second=hand - first,
                       talon=len(seven.stock), seven=seven.rules.card_points["7"]))
    choices = specs["target"].choices
    facts.append(fact("option.target.bummerl", ["SB-7"], value=options["target"], min=min(choices),
                       max=max(choices), default=specs["target"].default))
    facts.append(fact("options.single_deal", ["SB-7"]))
    return facts
