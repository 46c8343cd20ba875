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

Each family's facts are in a module of their own, in the order the page shows them:
`rulebook_schnapsen`, `rulebook_schneider`; what both share is in `rulebook_facts`.
"""

from itertools import product

from .profiles import GAME_OF_PROFILE, PROFILE_OPTIONS, check_profile, normalise_options
from .rulebook_schnapsen import schnapsen_sections
from .rulebook_schneider import schneider_sections

__all__ = ["describe_rules", "fact_keys", "option_choices"]


def describe_rules(profile, options=None):
    """The rules of `profile` with `options` (validated and completed), as sections of facts."""
    check_profile(profile)
    options = normalise_options(profile, options)
    if GAME_OF_PROFILE[profile] == "schnapsen":
        sections, short = schnapsen_sections(profile, options)
    else:
        sections, short = schneider_sections(profile, options)
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
