"""The only source of randomness for rules code.

The generator is Mulberry32: a 32-bit counter-based generator whose whole
state is one integer, kept with a use counter in ``state["rng"]``::

    {"s": <uint32>, "n": <calls so far>}

``n`` lets undo notice that randomness was used (a checkpoint). Tests may add
a ``"forced"`` queue with ``core.testing.force_rolls``; forced values are
returned by ``roll``/``randint`` before the generator is consulted.

Never reorder calls within one rules ``version``: replay depends on it.
"""
from __future__ import annotations

M32 = 0xFFFFFFFF


def new(seed: int) -> dict:
    return {"s": seed & M32, "n": 0}


def _next(rng: dict) -> int:
    s = (rng["s"] + 0x6D2B79F5) & M32
    rng["s"] = s
    t = ((s ^ (s >> 15)) * (s | 1)) & M32
    t ^= (t + (((t ^ (t >> 7)) * (t | 61)) & M32)) & M32
    return (t ^ (t >> 14)) & M32


def randint(state: dict, lo: int, hi: int) -> int:
    """A uniform integer in [lo, hi] (rejection sampling, no modulo bias)."""
    rng = state["rng"]
    rng["n"] += 1
    forced = rng.get("forced")
    if forced:
        value = forced.pop(0)
        if not lo <= value <= hi:
            raise ValueError(f"forced value {value} outside {lo}..{hi}")
        return value
    span = hi - lo + 1
    limit = (M32 + 1) - ((M32 + 1) % span)
    while True:
        value = _next(rng)
        if value < limit:
            return lo + value % span


def roll(state: dict, sides: int = 6) -> int:
    return randint(state, 1, sides)


def shuffle(state: dict, items: list) -> list:
    """Fisher-Yates in place; returns the same list."""
    for i in range(len(items) - 1, 0, -1):
        j = randint(state, 0, i)
        items[i], items[j] = items[j], items[i]
    return items


def draw(state: dict, items: list):
    """Remove and return a uniformly random element of ``items``."""
    return items.pop(randint(state, 0, len(items) - 1))


def uses(state: dict) -> int:
    return state["rng"]["n"]
