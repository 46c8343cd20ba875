"""The rule book of Bohemian Schneider (`schneider`, `schneider-neighbour`): its sections of
facts in the order the page shows them, every number read from the engine."""

from . import cards as _cards
from . import match as _match
from .profiles import PROFILE_OPTIONS
from .rulebook_facts import fact, match_status, new_deal, packets, review_facts, sample_result, section

SUIT = "S"          # the suit of the worked examples (spades, as in RULES.md)
OTHER_SUIT = "H"
TRUMP_SUIT = "C"    # the trump of the examples with the `trump` option


def _redeal_after_draw(profile):
    """SN-8 / SN-12: does the same dealer deal again after a drawn deal?"""
    return _match.next_dealer(profile, 0, [sample_result(None, 0)]) == 0


def _score(profile, options, won, lost):
    """The game points the engine gives for a deal won `won` honours to `lost`."""
    deal = new_deal(profile, options)
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
    deal = new_deal(profile, options)
    first, hand = packets(deal)
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


def schneider_sections(profile, options):
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
        trick = fact("trick.neighbour", ["SN-11"], ladder=ladder)
        examples = [_trick_example(deal, "9" + SUIT, "J" + SUIT), _trick_example(deal, "T" + SUIT, "J" + SUIT)]
    else:
        trick = fact("trick.higher.trump" if trump else "trick.higher", [win_rule] + (["SN-10"] if trump else []))
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
    status = match_status(profile, options)
    redeal = _redeal_after_draw(profile)
    sections = [
        # the introduction names the trump when the option brings one (SN-10)
        section("game", fact(f"intro.{profile}", [], deck=n["deck"],
                               **({"deals": status["session_deals"]} if neighbour else {"trump": trump}))),
        section("cards_honours",
                 fact(f"cards.schneider.{size}", ["SN-1"] + (["SN-10"] if small else []),
                       deck=n["deck"], per_suit=n["per_suit"]),
                 fact("trump.bottom", ["SN-10"]) if trump else fact("trump.none", ["SN-1"]),
                 fact(f"honours.{size}", ["SN-2"] + (["SN-10"] if small else []),
                       per_suit=n["per_suit_honours"], total=n["total"]),
                 fact("cards.german")),
        section("deal",
                 fact("deal.schneider", ["SN-3"], first=n["first"], hand=n["hand"], stock=n["stock"]),
                 fact("dealer.redeal_after_draw", ["SN-8"], draw=n["draw"]) if redeal
                 else fact("dealer.alternate_always", ["SN-12"])),
        section("play",
                 fact("play.follow_suit", ["SN-10"]) if follow else fact("play.any", ["SN-4"]),
                 trick,
                 *[fact("example.trick", [win_rule], **e) for e in examples]),
        section("draw",
                 fact("draw.schneider", ["SN-5"], hand=n["hand"]),
                 fact("draw.stock", ["SN-5"], stock=n["stock"], refills=n["refills"], last=n["hand"],
                       tricks=n["tricks"])),
        section("review", *review_facts(deal)),
    ]
    if cumulative:
        scoring = [fact("score.cumulative", ["SN-10"], draw=n["draw"]),
                   fact("score.not_all_tricks", ["SN-6"]),
                   fact("score.example.cumulative", ["SN-10"], **score_example)]
    else:
        scoring = [fact("score.honours", ["SN-6"] + (["SN-10"] if small else []),
                         win=n["win"], schneider=n["schneider"], schneider_max=n["schwarz"] - 1,
                         one_max=n["schneider"] - 1, schwarz=n["schwarz"], draw=n["draw"],
                         one=n["one"], two=n["two"], three=n["three"]),
                   fact("score.not_all_tricks", ["SN-6"]),
                   fact("score.example", ["SN-6", "SN-13"], **score_example)]
    sections.append(section("scoring", *scoring))
    if neighbour:
        match_fact = fact("match.session", ["SN-13"], deals=status["session_deals"])
    else:
        match_fact = fact("match.target", ["SN-9"], target=status["target"])
    sections.append(section("session" if neighbour else "match", match_fact,
                             fact("dealer.first_random", ["SN-8", "SN-12"])))
    sections.append(section("options", *_schneider_option_facts(profile, options)))
    short = [
        fact(f"short.cards.schneider", ["SN-3"], deck=n["deck"], hand=n["hand"], stock=n["stock"]),
        fact("short.follow_suit" if follow else "short.any", ["SN-10" if follow else "SN-4"]),
        fact("short." + trick["key"], trick["rules"], **trick["values"]),
        fact("short.cumulative", ["SN-10"], deck=n["deck"], draw=n["draw"]) if cumulative else
        fact(f"short.honours.{size}", ["SN-6"], win=n["win"], one_max=n["schneider"] - 1,
              schneider=n["schneider"], schneider_max=n["schwarz"] - 1, schwarz=n["schwarz"],
              one=n["one"], two=n["two"], three=n["three"]),
        fact("short.match.session", ["SN-13"], deals=status["session_deals"]) if neighbour else
        fact("short.match.target", ["SN-9"], target=status["target"]),
    ]
    return sections, short


def _schneider_option_facts(profile, options):
    specs = PROFILE_OPTIONS[profile]
    if not specs:
        return [fact("options.none", ["SN-13"])]
    facts = [fact("options.combine", ["SN-10"])]
    small_opts = dict(options, deck=24, cumulative=False, target=None)
    small = _schneider_numbers(profile, small_opts)
    facts.append(fact("option.deck", ["SN-10"], chosen=options["deck"] == 24, deck=small["deck"],
                       hand=small["hand"], stock=small["stock"], tricks=small["tricks"],
                       total=small["total"], win=small["win"], one_max=small["schneider"] - 1,
                       schneider=small["schneider"], schneider_max=small["schwarz"] - 1,
                       schwarz=small["schwarz"], draw=small["draw"], one=small["one"],
                       two=small["two"], three=small["three"],
                       cumulative=bool(options["cumulative"])))
    facts.append(fact("option.follow_suit", ["SN-10"], chosen=bool(options["follow_suit"])))
    facts.append(fact("option.trump", ["SN-10"], chosen=bool(options["trump"])))
    cumul = dict(options, cumulative=True, target=None)
    won = _schneider_numbers(profile, cumul)
    ex_won, ex_lost = won["schneider"], won["total"] - won["schneider"]
    facts.append(fact("option.cumulative", ["SN-10"], chosen=bool(options["cumulative"]),
                       won=ex_won, lost=ex_lost, game_points=_score(profile, cumul, ex_won, ex_lost),
                       target=_match.schneider_target(cumul)))
    choices = [c for c in specs["target"].choices if c is not None]
    plain = dict(options, cumulative=False, target=None)
    facts.append(fact("option.target", ["SN-10"], value=_match.schneider_target(options),
                       min=min(choices), max=max(choices), default=_match.schneider_target(plain),
                       cumulative_default=_match.schneider_target(cumul)))
    return facts
