"""The one order in which rules may walk a state's object keys.

``Game.state`` is jsonb: PostgreSQL hands object keys back in its own order
(shorter keys first, then by code point), not in the order live play inserted
them, so iterating a state dict as it comes gives one order in live play and
another after a reload (or a replay). Rules walk a state dict with `ordered`
(the order jsonb keeps, so games stored before this rule read the same); state
whose order means something (a queue, a turn order) is a list.
"""
from __future__ import annotations


def key_order(key: str) -> tuple[int, str]:
    """jsonb's order of object keys: by length, then by code point."""
    return len(key), key


def ordered(mapping: dict) -> list:
    """The keys of a state dict in a fixed order, whatever order it was built in."""
    return sorted(mapping, key=key_order)


def ordered_items(mapping: dict) -> list[tuple]:
    """``(key, value)`` pairs of a state dict in the `ordered` order."""
    return [(key, mapping[key]) for key in ordered(mapping)]
