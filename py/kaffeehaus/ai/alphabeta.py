"""The solver's transposition table and its alpha-beta step over `model` positions.

The table (`Solver.tt`) maps a position's key to `(lo, hi, best_move)`: the value lies in
[lo, hi] (lo == hi once it is exact), and `best_move` is tried first when the position comes
again. `narrow` reads an entry and `bound` writes one, for both searches: `tt_search` here,
and the integer search of `last_tricks`, whose keys are tuples of another length, so the two
never meet. That search writes the loop over the moves out in place rather than call
`tt_search`: a call per move costs it half again as much time.
"""

INF = 10 ** 9


def narrow(entry, alpha, beta):
    """What a table entry says of a search in the window (alpha, beta): `(value, alpha, beta)`
    when it settles the search, else `(None, alpha, beta)` with the window narrowed to it."""
    lo, hi, _ = entry
    if lo >= beta:
        return lo, alpha, beta
    if hi <= alpha:
        return hi, alpha, beta
    if lo == hi:
        return lo, alpha, beta
    if lo > alpha:
        alpha = lo
    if hi < beta:
        beta = hi
    return None, alpha, beta


def bound(best, chosen, a0, b0):
    """The entry of a fail-soft search that found `best` (by move `chosen`) in the window
    (a0, b0): an upper bound if it failed low, a lower bound if it failed high, else exact."""
    if best <= a0:
        return (-INF, best, chosen)
    if best >= b0:
        return (best, INF, chosen)
    return (best, best, chosen)


def tt_search(solver, pos, p, key, moves_of, play, recurse, alpha, beta):
    """Fail-soft alpha-beta over the moves of seat `p` in `pos` (table key `key`) for
    `solver`'s player: `moves_of(pos, p)` in search order, each played on a copy by
    `play(child, p, move)` and valued by `recurse(child, alpha, beta)`."""
    tt = solver.tt
    entry = tt.get(key)
    best_move = None
    if entry is not None:
        cut, alpha, beta = narrow(entry, alpha, beta)
        if cut is not None:
            return cut
        best_move = entry[2]
    a0, b0 = alpha, beta
    moves = moves_of(pos, p)      # only now: a table hit needs no move list
    if best_move is not None and best_move in moves:
        moves.remove(best_move)
        moves.insert(0, best_move)
    maximizing = p == solver.me
    best = -INF if maximizing else INF
    chosen = None
    for move in moves:
        child = pos.copy()
        play(child, p, move)
        v = recurse(child, alpha, beta)
        if maximizing:
            if v > best:
                best, chosen = v, move
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best, chosen = v, move
                if v < beta:
                    beta = v
        if alpha >= beta:
            break
    tt[key] = bound(best, chosen, a0, b0)
    return best
