"""The Ceausescus' refuge (7.6.5): capturing them once the Democrat controls it.

The Tyrant is Gone (``events.romania``) puts the helicopter marker on a
Romanian space, ``state["romania"]["refuge"]``; the check runs when the marker
is placed, after the Romanian power struggle and at the end of every action
round (``play.Rounds``), so it lives here where both can reach it.
"""
from __future__ import annotations

from .board import controls, gain_vp, log


def check_capture(state: dict) -> None:
    """7.6.5: Democratic control of the refuge captures them: +2 VP."""
    refuge = state["romania"]["refuge"]
    if refuge is not None and controls(state, "democrat", refuge):
        state["romania"]["refuge"] = None
        log(state, "tyrant_captured", space=refuge)
        gain_vp(state, "democrat", 2, "tyrant_captured")
