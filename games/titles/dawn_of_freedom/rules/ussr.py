"""The U.S.S.R. stability track (12.x): four events in a fixed order move the
marker one step each; each step scores its VP, steps 3 and 4 end an event
(12.4: Gorbachev Charms the West, 12.5: Malta Summit; see `registry.blocked`).
The four card events themselves come with their issue and call `advance`."""
from __future__ import annotations

from .board import gain_vp, log
from .data import USSR_CARDS, USSR_TRACK


def next_card(state: dict) -> int | None:
    """The card whose event moves the marker next (12.1 order), None at the end."""
    step = state["ussr"]
    return USSR_CARDS[step] if step < len(USSR_CARDS) else None


def advance(state: dict, card: int) -> bool:
    """Move the marker for ``card``'s event if it is next in order (12.2-12.5)."""
    if next_card(state) != card:
        log(state, "ussr_out_of_order", card=card, step=state["ussr"])
        return False
    state["ussr"] += 1
    step = USSR_TRACK[state["ussr"]]
    log(state, "ussr_stability", step=state["ussr"], card=card)
    gain_vp(state, step["vp_to"], step["vp"], "ussr_stability")
    return True
