"""The Chinese Civil War variant's effects on card events (12.4).

While ``state["ccw"]`` is "open" some events cannot happen (`CCW_BLOCKS`, read
by `registry.blocked`), the US counts as the China Card's holder for two event
texts and the Korean War roll is harder; the event modules ask here.
"""
from __future__ import annotations

# 12.4: until the Chinese Civil War is resolved these events cannot happen.
CCW_BLOCKS = {(31, "ussr"), (58, "ussr"), (35, "us")}


def holds_china(state: dict, role: str, card: int | None = None) -> bool:
    """Does ``role`` hold the China Card for an event's text? Under the Chinese
    Civil War variant the US counts as its holder for Nixon Plays the China Card
    (71) and Ussuri River Skirmish (76) until the war is resolved (12.4.1)."""
    if state["ccw"] == "open" and role == "us" and card in (71, 76):
        return True
    return state["china"]["holder"] == role


def korean_war_modifier(state: dict) -> int:
    """12.4.2: -1 more to the USSR roll of Korean War (11) before the CCW is resolved."""
    return -1 if state["ccw"] == "open" else 0
