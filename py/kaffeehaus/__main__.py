"""Play in a terminal, for maintainers trying the rules:

    python3 -m kaffeehaus play bummerl [--seed N] [--level random|easy|...] [--deal]
    python3 -m kaffeehaus profiles

You are player 0; the computer plays seat 1 through `api.ai_action`, which sees only its observation.
"""

import argparse
import sys

from . import api

SUIT_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def show(card):
    if card is None:
        return "-"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SUIT_SYMBOLS[card[1]]


def describe(obs):
    lines = []
    if obs["match"]:
        m = obs["match"]
        lines.append(f"match: scores {m['scores']}  deals played {m['deals_played']}")
    trump = f"trump {SUIT_SYMBOLS[obs['trump']]}" if obs["trump"] else "no trump"
    talon = f"stock {obs['stock_size']}" + (" (closed)" if obs["closed"] else "")
    lines.append(f"{trump}  indicator {show(obs['trump_card'])}  {talon}  phase {obs['phase']}")
    lines.append(f"points: you {obs['points'][0]}  computer {obs['points'][1]}  "
                 f"tricks {obs['tricks_won'][0]}:{obs['tricks_won'][1]}")
    if obs["known_opponent_cards"]:
        lines.append("the computer holds: " + " ".join(map(show, obs["known_opponent_cards"])))
    if obs["trick"]:
        lines.append("on the table: " + "  ".join(f"{'you' if p == 0 else 'computer'} {show(c)}"
                                                   for p, c in obs["trick"]))
    lines.append("your hand: " + " ".join(show(c) for c in obs["hand"]))
    return "\n".join(lines)


def ask(legal, read=input):
    labels = [show(a) if len(a) == 2 else a for a in legal]
    print("  ".join(f"[{i + 1}] {label}" for i, label in enumerate(labels)))
    while True:
        answer = read("your move: ").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        if answer.upper() in legal:
            return answer.upper()
        if answer in legal:
            return answer
        print("not legal here; type a number or an action such as QH, marry:H, claim")


def play(profile, seed, level, single_deal, read=input, write=print):
    state = (api.new_deal(profile, seed=seed) if single_deal
             else api.new_match(profile, seed=seed))
    ai_seed = 0
    while True:
        legal = api.legal_actions(state)
        if not legal:
            break
        mover = api.to_move(state)
        if mover == 1:
            action = api.ai_action(state, 1, level=level, seed=ai_seed)
            ai_seed += 1
            write(f"computer: {show(action) if len(action) == 2 else action}")
        elif mover is None:                       # a finished deal of a running match
            result = api.deal_result(state)
            write(f"deal over: {result}")
            read("press Enter for the next deal ")
            action = "next"
        else:
            write("\n" + describe(api.observation(state, 0)))
            action = ask(legal, read)
        state = api.apply(state, action)
    write(f"deal over: {api.deal_result(state)}")
    if not single_deal:
        write(f"match over: {api.match_status(state)}")
    return state


def main(argv=None):
    parser = argparse.ArgumentParser(prog="kaffeehaus", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    play_parser = sub.add_parser("play", help="play against the computer")
    play_parser.add_argument("profile", choices=[p["id"] for p in api.profiles()])
    play_parser.add_argument("--seed", type=int, default=None)
    play_parser.add_argument("--level", default="expert")
    play_parser.add_argument("--deal", action="store_true", help="one deal instead of a match")
    sub.add_parser("profiles", help="list the profiles and their options")
    args = parser.parse_args(argv)
    if args.command == "profiles":
        for profile in api.profiles():
            print(profile["id"], profile["options"] and sorted(profile["options"]) or "")
        return 0
    try:
        play(args.profile, args.seed, args.level, args.deal)
    except (EOFError, KeyboardInterrupt):
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
