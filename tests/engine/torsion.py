"""Torsion points of the Edwards curve under ristretto255, for the attack tests: what a
modified page could add to a point to mark it (the old group's small-subgroup attack)."""
from kaffeehaus.duel import ristretto
from kaffeehaus.duel.ristretto import L, P


def _order(point):
    """The order of a torsion point (1, 2, 4 or 8), by doubling."""
    order, current = 1, point
    while not (current[0] % P == 0 and (current[1] - current[2]) % P == 0):
        current = ristretto.add(current, point)
        order += 1
    return order


def _curve_point(y):
    """A point of the curve with this y (x^2 = (y^2 - 1) / (d*y^2 + 1)), or None."""
    ok, x = ristretto.sqrt_ratio_m1((y * y - 1) % P, (ristretto.D * y * y + 1) % P)
    return (x, y, 1, x * y % P) if ok else None


def four_torsion():
    """The points of order 1, 2 and 4: (0, 1), (0, -1), (+-sqrt(-1), 0)."""
    i = ristretto.SQRT_M1
    return [(0, 1, 1, 0), (0, P - 1, 1, 0), (i, 0, 1, 0), (P - i, 0, 1, 0)]


def eight_torsion():
    """A point of order 8: L times a curve point outside the even subgroup."""
    for y in range(2, 1000):
        point = _curve_point(y)
        if point is None:
            continue
        torsion = times_l(point)
        if _order(torsion) == 8:
            return torsion
    raise AssertionError("no point of order 8 found")


def times_l(point):
    """L * point without reducing L modulo L (multiply() reduces scalars modulo L)."""
    result, addend, k = ristretto.IDENTITY, point, L
    while k:
        if k & 1:
            result = ristretto.add(result, addend)
        addend = ristretto.double(addend)
        k >>= 1
    return result
