"""Board helpers: influence, control, VP, DEFCON, military ops and the log.

All functions work on the JSON state in place. Anything that can end the game
(`add_vp`, `set_defcon`) calls `finish`; callers check `over(state)` before
doing more.
"""
from __future__ import annotations

from games.rules.core import Result
from games.rules.core.ending import finish

from .data import (ADJ, BATTLEGROUND, DEFCON_BANS, MILOPS_MAX, OTHER, REGION, STABILITY,
                   SUPERPOWER, VP_WIN)


def over(state: dict) -> bool:
    return state["result"] is not None


def original(state: dict) -> bool:
    """The original (2005) edition rules (option ``edition``; games created
    before the option existed have none and are Deluxe)."""
    return state["options"].get("edition") == "original"


def edition(state: dict) -> str:
    return "original" if original(state) else "deluxe"


def log(state: dict, kind: str, **fields) -> None:
    """Append a structured, language-free log line."""
    fields["kind"] = kind
    state["log"].append(fields)


def log_place(state: dict, role: str, country: int) -> None:
    """One line per placed point: rules never read the log back (the site
    moves each move's lines out of the state, see core.flow.take_log)."""
    state["log"].append({"kind": "place", "role": role, "countries": [country]})


# -- influence and control (2.1.7) -----------------------------------------
def controls(state: dict, role: str, country: int) -> bool:
    own = state["inf"][role][country]
    stab = STABILITY[country]
    return own >= stab and own - state["inf"][OTHER[role]][country] >= stab


def controller(state: dict, country: int) -> str | None:
    for role in ("us", "ussr"):
        if controls(state, role, country):
            return role
    return None


def add_influence(state: dict, role: str, country: int, n: int) -> int:
    """Add (n > 0) or remove (n < 0) influence; never below 0. Returns the change."""
    if role not in state["snap"]:  # first change this round: keep the start (6.1.1)
        snapshot(state, role)
    inf = state["inf"][role]
    new = max(0, inf[country] + n)
    change = new - inf[country]
    inf[country] = new
    return change


def snapshot(state: dict, role: str) -> None:
    """Countries holding ``role``'s influence at the start of the round (6.1.1)."""
    state["snap"][role] = [c for c, n in enumerate(state["inf"][role]) if n]


def influence_at_round_start(state: dict, role: str) -> list[int]:
    """A side's entry in ``snap`` is only made when its influence first changes."""
    snap = state["snap"].get(role)
    if snap is None:
        return [c for c, n in enumerate(state["inf"][role]) if n]
    return snap


def new_round(state: dict) -> None:
    state["snap"] = {}


def adjacent_controlled(state: dict, role: str, country: int) -> int:
    """Countries adjacent to ``country`` that ``role`` controls (6.2.2)."""
    return sum(1 for c in ADJ[country] if controls(state, role, c))


def touches_own_superpower(role: str, country: int) -> bool:
    return SUPERPOWER[country] == role


# -- DEFCON (8.1) ----------------------------------------------------------
def defcon_bans(state: dict, region: str) -> bool:
    """True when DEFCON forbids coups and realignments in ``region`` (8.1.5)."""
    bans = DEFCON_BANS.get(state["defcon"])
    return bool(bans) and region in bans


def country_banned(state: dict, country: int) -> bool:
    return defcon_bans(state, REGION[country])


def set_defcon(state: dict, value: int, why: str = "") -> None:
    """Move DEFCON, capped at 5 (8.1.2); at 1 the phasing player loses (8.1.3)."""
    value = min(5, value)
    if value == state["defcon"]:
        return
    log(state, "defcon", before=state["defcon"], after=max(1, value), why=why)
    state["defcon"] = max(1, value)
    if state["defcon"] == 2 and "106" in state["effects"]:
        state["effects"]["106"]["reached_2"] = True  # NORAD: DEFCON moved to 2 this round
    if value <= 1:
        loser = state["phasing"]
        finish(state, Result([OTHER[loser]], "defcon", {"vp": state["vp"], "loser": loser}))


def degrade_defcon(state: dict, n: int = 1, why: str = "") -> None:
    set_defcon(state, state["defcon"] - n, why)


def improve_defcon(state: dict, n: int = 1, why: str = "") -> None:
    set_defcon(state, state["defcon"] + n, why)


# -- victory points (10.2) -------------------------------------------------
def add_vp(state: dict, us_gain: int, why: str = "", check: bool = True) -> None:
    """Move the VP marker; positive favours the US. Net amounts only (10.2.3)."""
    if us_gain == 0:
        return
    state["vp"] += us_gain
    log(state, "vp", delta=us_gain, total=state["vp"], why=why)
    if check and not state.get("final"):
        check_vp_win(state)


def gain_vp(state: dict, role: str, n: int, why: str = "") -> None:
    add_vp(state, n if role == "us" else -n, why)


def check_vp_win(state: dict) -> None:
    """Automatic victory at 20 VP (10.3.1), checked after a whole scoring."""
    vp = state["vp"]
    if vp >= VP_WIN or vp <= -VP_WIN:
        finish(state, Result(["us" if vp > 0 else "ussr"], "vp", {"vp": vp}))


# -- military operations (8.2) ---------------------------------------------
def add_milops(state: dict, role: str, n: int) -> None:
    state["milops"][role] = min(MILOPS_MAX, state["milops"][role] + n)


def is_battleground(country: int) -> bool:
    return BATTLEGROUND[country]
