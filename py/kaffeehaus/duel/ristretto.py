"""ristretto255 (RFC 9496): a group of prime order L built on the Edwards curve -x^2 + y^2 =
1 + d x^2 y^2 over GF(2^255 - 19), with a canonical 32-byte encoding.

Why this group: every element that decodes is an element of the prime-order group (the curve's
small torsion is quotiented away by the encoding), and every element has exactly one encoding
(decoding refuses the others), so there is no "element outside the subgroup" and no second
spelling of an element for a message to carry. Elements are 32 bytes, scalars 32 bytes.

Points are tuples (X, Y, Z, T) of extended coordinates (x = X/Z, y = Y/Z, x*y = T/Z). The
arithmetic is plain Python integers and variable-time: a player's own device is outside the
duel's threat model (docs/PROTOCOL.md).
"""

import hashlib

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493       # the group's prime order
D = -121665 * pow(121666, -1, P) % P
D2 = 2 * D % P
SQRT_M1 = 19681161376707505956807079304988542015446066515923890162744021073123829784752
SQRT_AD_MINUS_ONE = 25063068953384623474111414158702152701244531502492656460079210482610430750235
INVSQRT_A_MINUS_D = 54469307008909316920995813868745141605393597292927456921205312896311721017578
ONE_MINUS_D_SQ = 1159843021668779879193775521855586647937357759715417654439879720876111806838
D_MINUS_ONE_SQ = 40440834346308536858101042469323190826248399146238708352240133220865137265952

IDENTITY = (0, 1, 1, 0)
WINDOW = 4                     # bits of a scalar per table lookup


def _negative(x):
    return x & 1               # RFC 9496: a field element is negative when its encoding is odd


def _abs(x):
    return P - x if x & 1 else x


def sqrt_ratio_m1(u, v):
    """(was_square, r): r = sqrt(u/v) when u/v is a square, else sqrt(SQRT_M1 * u/v); r is
    non-negative (RFC 9496, 4.2)."""
    v3 = v * v % P * v % P
    v7 = v3 * v3 % P * v % P
    r = u * v3 % P * pow(u * v7 % P, (P - 5) // 8, P) % P
    check = v * r % P * r % P
    correct = check == u % P
    flipped = check == -u % P
    flipped_i = check == -u * SQRT_M1 % P
    if flipped or flipped_i:
        r = r * SQRT_M1 % P
    return correct or flipped, _abs(r)


def decode(data):
    """The point of a canonical 32-byte encoding, or None (RFC 9496, 4.3.1)."""
    if not isinstance(data, (bytes, bytearray)) or len(data) != 32:
        return None
    s = int.from_bytes(data, "little")
    if s >= P or _negative(s):
        return None
    ss = s * s % P
    u1 = (1 - ss) % P
    u2 = (1 + ss) % P
    u2_sqr = u2 * u2 % P
    v = (-(D * u1 % P * u1) - u2_sqr) % P
    was_square, invsqrt = sqrt_ratio_m1(1, v * u2_sqr % P)
    den_x = invsqrt * u2 % P
    den_y = invsqrt * den_x % P * v % P
    x = _abs(2 * s * den_x % P)
    y = u1 * den_y % P
    t = x * y % P
    if not was_square or _negative(t) or y == 0:
        return None
    return (x, y, 1, t)


def encode(point):
    """The canonical 32 bytes of a point (RFC 9496, 4.3.2): equal for equivalent points."""
    x0, y0, z0, t0 = point
    u1 = (z0 + y0) * (z0 - y0) % P
    u2 = x0 * y0 % P
    _, invsqrt = sqrt_ratio_m1(1, u1 * u2 % P * u2 % P)
    den1 = invsqrt * u1 % P
    den2 = invsqrt * u2 % P
    z_inv = den1 * den2 % P * t0 % P
    if _negative(t0 * z_inv % P):
        x, y = y0 * SQRT_M1 % P, x0 * SQRT_M1 % P
        den_inv = den1 * INVSQRT_A_MINUS_D % P
    else:
        x, y, den_inv = x0, y0, den2
    if _negative(x * z_inv % P):
        y = -y % P
    s = _abs(den_inv * (z0 - y) % P)
    return s.to_bytes(32, "little")


def equal(p1, p2):
    """Whether two points are the same group element (RFC 9496, 4.3.3)."""
    x1, y1, _, _ = p1
    x2, y2, _, _ = p2
    return (x1 * y2 - y1 * x2) % P == 0 or (y1 * y2 - x1 * x2) % P == 0


def _map(t):
    """The Elligator map of one field element to a point (RFC 9496, 4.3.4)."""
    r = SQRT_M1 * t % P * t % P
    u = (r + 1) * ONE_MINUS_D_SQ % P
    v = (-1 - r * D) * (r + D) % P
    was_square, s = sqrt_ratio_m1(u, v)
    if not was_square:
        s = -_abs(s * t % P) % P
    c = P - 1 if was_square else r
    n = (c * (r - 1) % P * D_MINUS_ONE_SQ - v) % P
    w0 = 2 * s * v % P
    w1 = n * SQRT_AD_MINUS_ONE % P
    ss = s * s % P
    w2 = (1 - ss) % P
    w3 = (1 + ss) % P
    return (w0 * w3 % P, w2 * w1 % P, w1 * w3 % P, w0 * w2 % P)


def from_uniform_bytes(data):
    """The element of 64 uniform bytes (RFC 9496, 4.3.4): nobody knows its discrete logarithm."""
    mask = (1 << 255) - 1
    r0 = (int.from_bytes(data[:32], "little") & mask) % P
    r1 = (int.from_bytes(data[32:64], "little") & mask) % P
    return add(_map(r0), _map(r1))


def hash_to_point(label):
    """The element of a text label: SHA-512 of it through from_uniform_bytes."""
    return from_uniform_bytes(hashlib.sha512(label.encode()).digest())


# --- the curve's arithmetic ------------------------------------------------------------------

def add(p1, p2):
    """p1 + p2 (extended coordinates, a = -1: "add-2008-hwcd-3")."""
    x1, y1, z1, t1 = p1
    x2, y2, z2, t2 = p2
    a = (y1 - x1) * (y2 - x2) % P
    b = (y1 + x1) * (y2 + x2) % P
    c = t1 * D2 % P * t2 % P
    d = 2 * z1 * z2 % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def double(point):
    """2 * point ("dbl-2008-hwcd" with a = -1)."""
    x1, y1, z1, _ = point
    a = x1 * x1 % P
    b = y1 * y1 % P
    c = 2 * z1 * z1 % P
    h = a + b
    e = h - (x1 + y1) * (x1 + y1) % P
    g = a - b
    f = c + g
    return (e * f % P, g * h % P, f * g % P, e * h % P)


def negate(point):
    x, y, z, t = point
    return (-x % P, y, z, -t % P)


def _multiples(point):
    """[0, point, 2*point, ..., 15*point]."""
    row = [IDENTITY, point]
    for _ in range(2, 1 << WINDOW):
        row.append(add(row[-1], point))
    return row


def multiply(scalar, point):
    """scalar * point for 0 <= scalar (reduced modulo L)."""
    return multi_multiply([(scalar, point)])


def multi_multiply(pairs):
    """The sum of scalar_i * point_i (Straus: one chain of doublings for all the points)."""
    mask = (1 << WINDOW) - 1
    pairs = [(s % L, p) for s, p in pairs]
    tables = [(s, _multiples(p)) for s, p in pairs if s]
    if not tables:
        return IDENTITY
    top = max(s.bit_length() for s, _ in tables)
    acc = IDENTITY
    for shift in range((top - 1) // WINDOW * WINDOW, -1, -WINDOW):
        if acc is not IDENTITY:
            for _ in range(WINDOW):
                acc = double(acc)
        for s, table in tables:
            digit = s >> shift & mask
            if digit:
                acc = table[digit] if acc is IDENTITY else add(acc, table[digit])
    return acc


class FixedBase:
    """Multiples of one point, kept for a base raised to many scalars (the generator): each
    product then costs one addition per WINDOW bits of the scalar and no doubling."""

    __slots__ = ("rows",)

    def __init__(self, point):
        rows = []
        base = point
        for _ in range((L.bit_length() + WINDOW - 1) // WINDOW):
            row = _multiples(base)
            rows.append(row)
            base = add(row[-1], base)          # 16 times this row's base
        self.rows = tuple(rows)

    def multiply(self, scalar):
        scalar %= L
        mask = (1 << WINDOW) - 1
        acc = IDENTITY
        for row in self.rows:
            digit = scalar & mask
            if digit:
                acc = row[digit] if acc is IDENTITY else add(acc, row[digit])
            scalar >>= WINDOW
            if not scalar:
                break
        return acc


BASE = decode(bytes.fromhex("e2f2ae0a6abc4e71a884a961c500515f58e30b6aa582dd8db6a65945e08d2d76"))
