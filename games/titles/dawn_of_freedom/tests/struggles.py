"""Power-struggle positions for tests."""
from __future__ import annotations

from games.titles.dawn_of_freedom.rules.data import PS_IDS, PS_KIND, PS_LEADER, PS_RANK, PS_SUIT

from .helpers import COM, DEM, action_round, after_setup, clear_board, do, put

POLAND_SCORING = 22


def ps_cards(kind: str, sub: str | None = None, rank: int | None = None) -> list[int]:
    """Power-struggle card ids: ("suited", suit, rank), ("leader", type), ("wild",)."""
    out = []
    for c in PS_IDS:
        if PS_KIND[c] != kind:
            continue
        if kind == "suited" and sub and PS_SUIT[c] != sub:
            continue
        if kind == "leader" and sub and PS_LEADER[c] != sub:
            continue
        if rank is not None and PS_RANK[c] != rank:
            continue
        out.append(c)
    return out


def poland_example() -> dict:
    """8.1.2 / 9.3: the Democrat controls the Polish Catholic Church, Polish
    Writers, Wroclaw and Krakow (Gdansk with 1 SP is not controlled); the
    Communist controls Bydgoszcz and Warszawa."""
    state = clear_board(after_setup())
    return put(state, catholic_church_poland=(0, 5), polish_writers=(0, 2), wroclaw=(0, 3),
               krakow=(0, 3), gdansk=(0, 1), bydgoszcz=(4, 0), warszawa=(3, 0))


def struggle(state: dict, player: str, card: int, hands: dict | None = None) -> dict:
    """``player`` plays scoring ``card``; optionally the dealt hands are replaced
    by ``hands`` (same sizes; the other cards go back to the deck)."""
    action_round(state, player, [card])
    do(state, player, "event", card)
    if hands:
        ps = state["ps"]
        for role in (COM, DEM):
            assert len(hands[role]) == len(ps["hands"][role])
        taken = set(hands[COM]) | set(hands[DEM])
        pool = ps["hands"][COM] + ps["hands"][DEM] + ps["deck"]
        ps["hands"] = {COM: sorted(hands[COM]), DEM: sorted(hands[DEM])}
        ps["deck"] = [c for c in pool if c not in taken]
    return state
