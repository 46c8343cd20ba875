"""One call per turn: the player's action and the computer's whole reply (docs/API.md `play`,
`computer_turn`).

The computer is always seat `1 - seat`. Each of its decisions is made by
`kaffeehaus.ai.choose_action` from ITS observation only, exactly as `api.ai_action` would be
called with it; the k-th decision of one call uses the seed `seed + k`.

`on_step`, when given, receives each step as soon as it is applied, before the computer
thinks about the next one: the page draws the trick while the computer chooses its lead.
"""

from .deal import IllegalAction
from .observation import observe


def play(game, action, seat, opponent, on_step=None):
    """`opponent`: None or validated {"level", "seed", "budget_ms"}."""
    turn = Turn(game, seat, on_step)
    turn.player_action(action)
    if opponent is None:
        return turn.finish(None)
    seed = turn.computer_moves(opponent["level"], opponent["seed"], opponent["budget_ms"])
    return turn.finish(seed)


def computer_turn(game, seat, level, seed, budget_ms, on_step=None):
    turn = Turn(game, seat, on_step)
    return turn.finish(turn.computer_moves(level, seed, budget_ms))


def _choose(observation, level, seed, budget_ms):
    from . import ai                         # looked up at call time (tests replace it)
    return ai.choose_action(observation, level=level, seed=seed, budget_ms=budget_ms)


class Turn:
    """The games and steps of one call; `game` is the current (latest) one."""

    def __init__(self, game, seat, on_step=None):
        self.game = game
        self.seat = seat
        self.steps = []
        self.on_step = on_step

    def player_action(self, action):
        game = self.game
        if action == "next" and game.legal_actions() == ["next"]:
            actor = self.seat                  # either seat may start the next deal
        else:
            actor = game.to_move()
            if actor is not None and actor != self.seat:
                raise IllegalAction(action, f"it is not seat {self.seat}'s turn", "not_your_turn")
        self._apply(actor, action)

    def computer_moves(self, level, seed, budget_ms):
        """The computer moves while it is to move; returns the next seed."""
        computer = 1 - self.seat
        while self.game.to_move() == computer:
            view = observe(self.game, computer)
            action = _choose(view, level, seed, budget_ms)
            seed += 1
            self._apply(computer, action)
        return seed

    def _apply(self, actor, action):
        before = self.game
        after = before.apply(action)             # IllegalAction when not legal (AC-4)
        trick_view = None
        if (len(after.deals) == len(before.deals)
                and len(after.current.history) == len(before.current.history) + 1):
            trick_view = self._trick_view(before, actor, action)
        self.game = after
        step = {"seat": actor, "action": action,
                "observation": observe(after, self.seat), "trick_view": trick_view}
        self.steps.append(step)
        if self.on_step is not None:
            self.on_step(step)

    def _trick_view(self, before, actor, card):
        """`seat`'s view with both cards of the trick on the table, before it is collected and
        before anyone draws."""
        paused = before.current.paused_before_collect(actor, card)
        return observe(before.with_current(paused), self.seat, paused=True)

    def finish(self, next_seed):
        return {"game": self.game, "observation": observe(self.game, self.seat),
                "steps": self.steps, "next_seed": next_seed}
