"""The five profiles of RULES.md and their options, as validated data.

A profile names a game family and a rule set; options are normalised into a complete dict
(every option present, with its default), so two states with the same rules compare equal.
"""

from dataclasses import dataclass

from . import cards
from .messages import short
from .ruletable import FACTS, rules_for


@dataclass(frozen=True)
class OptionSpec:
    default: object
    choices: tuple

    def as_json(self):
        return {"default": self.default, "choices": list(self.choices)}


_BOOL = (False, True)

PROFILE_OPTIONS = {
    # SN-10
    "schneider": {
        "deck": OptionSpec(32, (32, 24)),
        "follow_suit": OptionSpec(False, _BOOL),
        "trump": OptionSpec(False, _BOOL),
        "cumulative": OptionSpec(False, _BOOL),
        # None: 7, or 50 with `cumulative` (SN-10)
        "target": OptionSpec(None, (None,) + tuple(range(1, 101))),
    },
    "schneider-neighbour": {},  # SN-13: no options
    "schnapsen": {},
    "schnapsen-strict": {},
    # SB-7
    "bummerl": {
        "schneiderbummerl": OptionSpec(False, _BOOL),
        "rubber": OptionSpec(1, (1, 3)),
        "mit40": OptionSpec(False, _BOOL),
        "sevens": OptionSpec(False, _BOOL),
        "target": OptionSpec(7, tuple(range(1, 21))),
    },
}

GAME_OF_PROFILE = {profile: FACTS[profile]["game"] for profile in PROFILE_OPTIONS}

# Which finished tricks a player may look at during the deal: "own" = SV-6 (own tricks at any
# time, the last trick until the next lead), "last" = ST-1 (only the last trick, until the next
# lead). Bummerl and Schneider: docs/DECISIONS.md.
TRICK_REVIEW = {
    "schneider": "last",
    "schneider-neighbour": "last",
    "schnapsen": "own",
    "schnapsen-strict": "last",
    "bummerl": "own",
}

# Whether the table shows the running points by default: in schnapsen-strict the players keep
# the count in their heads (seed 002, section 06: "Mémorisez points et mariages"; ST-1 lets them
# look back at the last trick only). The page may let the player override it.
SHOWS_POINTS = {profile: profile != "schnapsen-strict" for profile in PROFILE_OPTIONS}

PROFILE_IDS = tuple(PROFILE_OPTIONS)


def check_profile(profile):
    if not isinstance(profile, str) or profile not in PROFILE_OPTIONS:
        raise ValueError(f"unknown profile {short(profile)}; expected one of {', '.join(PROFILE_IDS)}")
    return profile


def normalise_options(profile, options):
    """Validate `options` for `profile` and return the complete options dict."""
    check_profile(profile)
    specs = PROFILE_OPTIONS[profile]
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError(f"options must be an object, not {type(options).__name__}")
    unknown = [name for name in options if name not in specs]
    if unknown:
        names = ", ".join(short(name) for name in sorted(unknown, key=str)[:3])
        raise ValueError(f"unknown option(s) for {profile}: {names}"
                         + (f" and {len(unknown) - 3} more" if len(unknown) > 3 else ""))
    result = {}
    for name, spec in specs.items():
        value = options.get(name, spec.default)
        # bool is an int in Python: never let True stand for 1 or 1 for True.
        if not any(value == choice and type(value) is type(choice) for choice in spec.choices):
            raise ValueError(f"option {name}={short(value)} is not valid for {profile}")
        result[name] = value
    return result


def describe_profiles():
    return [
        {
            "id": profile,
            "game": GAME_OF_PROFILE[profile],
            "trick_review": TRICK_REVIEW[profile],
            "shows_points": SHOWS_POINTS[profile],
            "options": {name: spec.as_json() for name, spec in specs.items()},
        }
        for profile, specs in PROFILE_OPTIONS.items()
    ]


def deck_of(profile, options):
    """The cards of one deal under these rules (SN-1, SN-10, SS-1, SB-7)."""
    return cards.make_deck(rules_for(profile, options).ranks)
