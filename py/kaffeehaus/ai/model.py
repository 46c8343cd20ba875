"""Compact perfect-information positions for search (one determinized layout of a deal).

`SchnapsenPos` and `SchneiderPos` play the rules of `schnapsen.py` / `schneider.py` over
card indices and hand bitmasks so that the solver and the rollouts can copy and play
positions quickly. Every rule fact (thresholds, card values, trick winners, honours, close
conditions, game points) comes from the engine's rule table (`ruletable.py`) through `Table`;
only the bookkeeping is written here. They mirror the engine exactly: same action strings,
same legal sets, same results (winner, game points, reason). `tests/ai/test_model.py` replays
random deals through the engine and through these classes side by side and asserts that they
never differ.

A position is built by `from_layout(...)`: `determinize.Info.position` passes the public
facts of one seat's observation plus one sampled layout of the hidden cards. Nothing here
ever sees the real game.

Cards are indices 0..n-1, suit by suit (`SUITS` order), strongest rank first within a suit;
a set of cards is a bitmask. Per-seat values are lists indexed by seat. A result is
`(winner or None, game points, reason)` as in `deal_result`.

This module is where the rest of the AI finds them; each lives in a module of its own:
`card_table` (`Table`, `table_for`, `bits`), `position` (what both classes share: `copy`,
`to_move`), `schnapsen_pos`, `schneider_pos` (with `neighbour_winner`).
"""

from .card_table import Table, bits, table_for
from .schnapsen_pos import SchnapsenPos
from .schneider_pos import SchneiderPos, neighbour_winner

__all__ = ["SchnapsenPos", "SchneiderPos", "Table", "bits", "neighbour_winner", "table_for"]
