"""Support points, control (2.1.7), VP (2.1.10, 10.1) and the structured log."""
from __future__ import annotations

from functools import lru_cache

from games.rules.core import Result
from games.rules.core.ending import finish

from .data import ADJ, COUNTRY_SPACES, OTHER, SIGN, SLOTS, STABILITY, VP_WIN


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


@lru_cache(maxsize=64)
def rewired(gone: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The map's adjacency once the ``gone`` spaces are off it (Systematization,
    reference ruling 24): the neighbours of an eliminated space become adjacent
    to each other. Neighbours are sets, so a space adjacent both directly and
    through the eliminated space counts once; an eliminated space has none.
    Each elimination links the neighbours it has at that moment (the order
    does not change the result: two spaces end up adjacent when a path of
    eliminated spaces joins them)."""
    links = [set(ADJ[s]) for s in range(SLOTS)]
    for g in gone:
        near = links[g]
        for a in near:
            links[a] |= near
            links[a] -= {a, g}
        links[g] = set()
    return tuple(tuple(sorted(n)) for n in links)


def neighbours(state: dict, space: int) -> tuple[int, ...]:
    """The spaces adjacent to ``space`` now: every rule that reads adjacency
    (6.1.2 placement reach, 6.2.4 check modifiers, events) asks here."""
    gone = state["gone"]
    return rewired(tuple(gone))[space] if gone else ADJ[space]


def added_links(state: dict) -> list[list[int]]:
    """The links Systematization made, as sorted [a, b] pairs (view, board)."""
    if not state["gone"]:
        return []
    table = rewired(tuple(state["gone"]))
    return [[a, b] for a in range(SLOTS) for b in table[a] if a < b and b not in ADJ[a]]


def adjacent_control(state: dict, role: str, space: int) -> int:
    """6.2.4: +1 per adjacent space the checker controls, -1 per opponent's
    (adjacency as it is now: ``neighbours``)."""
    other = OTHER[role]
    n = 0
    for a in neighbours(state, space):
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
