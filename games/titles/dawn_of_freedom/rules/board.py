"""Support points, control (2.1.7), VP (2.1.10, 10.1) and the structured log."""
from __future__ import annotations

from games.rules.core import Result
from games.rules.core.ending import finish

from .data import ADJ, COUNTRY_SPACES, OTHER, SIGN, STABILITY, VP_WIN


def log(state: dict, kind: str, **data) -> None:
    """A public log line: a small dict with a ``kind`` and ids (README lists kinds)."""
    data["kind"] = kind
    state["log"].append(data)


def controller(state: dict, space: int) -> str | None:
    """2.1.7: own SPs at least the opponent's plus the stability number."""
    com = state["sp"]["communist"][space]
    dem = state["sp"]["democrat"][space]
    need = STABILITY[space]
    if com and com - dem >= need:
        return "communist"
    if dem and dem - com >= need:
        return "democrat"
    return None


def controls(state: dict, role: str, space: int) -> bool:
    mine = state["sp"][role][space]
    return bool(mine) and mine - state["sp"][OTHER[role]][space] >= STABILITY[space]


def adjacent_control(state: dict, role: str, space: int) -> int:
    """6.2.4: +1 per adjacent space the checker controls, -1 per opponent's."""
    other = OTHER[role]
    n = 0
    for a in ADJ[space]:
        if controls(state, role, a):
            n += 1
        elif controls(state, other, a):
            n -= 1
    return n


def add_sp(state: dict, role: str, space: int, n: int) -> int:
    """Add (n > 0) or remove (n < 0, never below 0) SPs; returns the change."""
    sp = state["sp"][role]
    new = max(0, sp[space] + n)
    change = new - sp[space]
    sp[space] = new
    return change


def controlled_in(state: dict, role: str, country: str) -> list[int]:
    return [s for s in COUNTRY_SPACES[country] if controls(state, role, s)]


def add_vp(state: dict, n: int, why: str, role: str | None = None) -> None:
    """Move the VP marker ``n`` toward the Democrat (negative: the Communist)."""
    if not n:
        return
    state["vp"] += n
    log(state, "vp", change=n, vp=state["vp"], why=why)
    check_victory(state)


def gain_vp(state: dict, role: str, n: int, why: str) -> None:
    add_vp(state, SIGN[role] * n, why)


def check_victory(state: dict) -> None:
    """10.1: automatic victory at +-20, never inside a power struggle or final scoring."""
    if state["final"] or state["ps"] is not None or state["result"] is not None:
        return
    vp = state["vp"]
    if abs(vp) >= VP_WIN:
        winner = "democrat" if vp > 0 else "communist"
        log(state, "automatic_victory", role=winner, vp=vp)
        finish(state, Result([winner], "vp", {"vp": vp}))
