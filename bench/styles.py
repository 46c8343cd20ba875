"""The rule-based player with other constants: the benches' styles (never the app's).

The shipped player (py/kaffeehaus/ai/heuristic.py) has one set of module constants and plays
`heuristic.choose(pos, p, unseen)`. A `Style` plays that same function with some constants
changed for the length of one call, so that a bench can pit styles against each other
(bench/style.py) or give each seat of the expert's rollouts its own (`BenchConfig` of
bench/ai_variants.py) in one process. Two of its knobs are not constants of the shipped player:

* `trump_led`: a led side card worth this many card points or more is taken with the cheapest
  winner where the shipped player would throw a card (a trump, or a higher card of the suit);
* `neighbour=False`: under the neighbour rule (SN-11) the plain Schneider play, the player
  before the neighbour rule had its own play.

`playing(style)` (or one style per seat) makes every call of `heuristic.choose` inside its
`with` block play the style: `levels.heuristic_action`, the rollouts of `pimc.evaluate`, and
anything else that asks the rule-based player.
"""

import contextlib

from kaffeehaus.ai import heuristic
from kaffeehaus.ai.model import bits

# a `Style` keyword -> the shipped player's module constant it replaces
CONSTANTS = {
    "trump_bonus": "TRUMP_BONUS", "keep_half": "KEEP_HALF", "keep_high": "KEEP_HIGH",
    "take_led": "TAKE_LED", "throw_half": "THROW_HALF",
    "lead": "NEIGHBOUR_LEAD", "guard": "NEIGHBOUR_GUARD",      # schneider-neighbour
}


class Style:
    """The shipped player's constants, some replaced (`Style()` plays exactly as shipped)."""

    def __init__(self, *, trump_led=None, neighbour=True, **constants):
        unknown = sorted(set(constants) - set(CONSTANTS))
        if unknown:
            raise TypeError(f"not a constant of the rule-based player: {', '.join(unknown)}; "
                            f"known: {', '.join(CONSTANTS)}, trump_led, neighbour")
        self.params = dict(constants, **({} if trump_led is None else {"trump_led": trump_led}),
                           **({} if neighbour else {"neighbour": False}))
        self.constants = {CONSTANTS[k]: v for k, v in constants.items()}
        self.trump_led = trump_led
        self.neighbour = neighbour

    def __repr__(self):
        return f"Style({', '.join(f'{k}={v!r}' for k, v in sorted(self.params.items()))})"

    def shipped(self):
        return not self.params

    def choose(self, pos, p, unseen, inner):
        """The style's action: `inner` (the rule-based player's `choose`) with the constants
        replaced for this call only, then the style's own rules."""
        if not self.neighbour and pos.game != "schnapsen" and pos.neighbour:
            return heuristic._schneider(pos, p, unseen)
        saved = {name: getattr(heuristic, name) for name in self.constants}
        try:
            for name, value in self.constants.items():
                setattr(heuristic, name, value)
            action = inner(pos, p, unseen)
            if self.trump_led is not None:
                action = self._take_led(pos, p, action)
            return action
        finally:
            for name, value in saved.items():
                setattr(heuristic, name, value)

    def _take_led(self, pos, p, action):
        """Where the player answered a led side card worth `trump_led` or more with a card
        that loses (with a winner in hand), its cheapest winner instead. Its answer reaches
        a loser only through its last rule (the throw): every earlier rule takes."""
        if pos.game != "schnapsen" or pos.lead < 0:
            return action
        t, trump, lead = pos.t, pos.trump, pos.lead
        card = t.index.get(action)
        if card is None or t.suit[lead] == trump or t.points[lead] < self.trump_led:
            return action
        winning = t.beats[trump][lead]                 # SS-3
        winners = [c for c in bits(pos.answers(p)) if winning >> c & 1]
        if not winners or winning >> card & 1:
            return action
        return t.names[min(winners, key=lambda c: heuristic._cost(t, trump, c))]


BASE = Style()          # the shipped player


@contextlib.contextmanager
def playing(style):
    """Inside the block, `heuristic.choose` plays `style` for both seats, or `style[p]` for
    seat p (a pair). The shipped styles leave it alone."""
    by_seat = (style, style) if isinstance(style, Style) else tuple(style)
    if all(s.shipped() for s in by_seat):
        yield
        return
    inner = heuristic.choose

    def choose(pos, p, unseen):
        return by_seat[p].choose(pos, p, unseen, inner)
    heuristic.choose = choose
    try:
        yield
    finally:
        heuristic.choose = inner


def action(obs, style):
    """`levels.heuristic_action(obs)` played by `style`."""
    from kaffeehaus.ai import levels
    with playing(style):
        return levels.heuristic_action(obs)
