"""The six scoring cards (8.0): each starts a power struggle in its country."""
from __future__ import annotations

from ..data import SCORED_COUNTRY
from ..struggle import start_struggle
from ..registry import event


def _scoring(number: int, country: str):
    def score(state: dict, ctx: dict) -> None:
        start_struggle(state, country, ctx["player"], card=number)
    score.__name__ = f"{country}_scoring"
    score.__doc__ = f"Card {number}: a power struggle in {country.replace('_', ' ')} (8.0)."
    return event(number)(score)


SCORING_EVENTS = {n: _scoring(n, c) for n, c in sorted(SCORED_COUNTRY.items())}
