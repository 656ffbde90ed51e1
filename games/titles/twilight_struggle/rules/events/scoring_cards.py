"""The seven scoring cards (10.1) and The China Card (9.x)."""
from __future__ import annotations

from ..scoring import score_region, score_southeast_asia
from ..registry import event


def _region_card(number: int, region: str):
    def score(state: dict, ctx: dict) -> None:
        score_region(state, region)
    score.__name__ = f"{region}_scoring"
    score.__doc__ = f"Card {number}: score {region.replace('_', ' ')} (10.1)."
    return event(number)(score)


asia_scoring = _region_card(1, "asia")
europe_scoring = _region_card(2, "europe")
middle_east_scoring = _region_card(3, "middle_east")
central_america_scoring = _region_card(37, "central_america")
africa_scoring = _region_card(79, "africa")
south_america_scoring = _region_card(81, "south_america")


@event(38)
def southeast_asia_scoring(state: dict, ctx: dict) -> None:
    """Card 38: fixed VP per country, removed after play (7.2)."""
    score_southeast_asia(state)


@event(6, requires=lambda state, role: False, headline=False)
def the_china_card(state: dict, ctx: dict) -> None:
    """Card 6 has no event: its rules (9.1-9.8) live in the action round,
    `ops.py` (+1 in Asia), `cards.dispose` (passes face down) and final scoring."""
