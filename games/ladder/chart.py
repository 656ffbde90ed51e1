"""Rating-history chart geometry for a server-side SVG (pure: no Django).

The template draws the SVG; this module only turns (when, rating) points into
coordinates and axis labels, so it is easy to test.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

WIDTH, HEIGHT = 600, 220
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 10, 24


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # "x,y x,y ..." for <polyline points>
    dots: list  # [(x, y, rating)]
    y_ticks: list  # [(y, label)]
    x_ticks: list  # [(x, label)]
    low: float
    high: float


def _nice_range(low: float, high: float) -> tuple[float, float, float]:
    """Rounded bounds and a tick step covering [low, high] with about 4 ticks."""
    if high - low < 20:  # a flat or single-game history still gets a visible band
        middle = (high + low) / 2
        low, high = middle - 10, middle + 10
    raw = (high - low) / 4
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    return math.floor(low / step) * step, math.ceil(high / step) * step, step


def history_chart(points: list[tuple], width: int = WIDTH, height: int = HEIGHT) -> Chart | None:
    """``points`` are (datetime, rating) in time order; None when there is nothing to draw."""
    if not points:
        return None
    ratings = [r for _, r in points]
    low, high, step = _nice_range(min(ratings), max(ratings))
    inner_w, inner_h = width - LEFT - RIGHT, height - TOP - BOTTOM
    count = len(points)

    def x_at(i: int) -> float:
        return LEFT + (inner_w * i / (count - 1) if count > 1 else inner_w / 2)

    def y_at(rating: float) -> float:
        return TOP + inner_h * (high - rating) / (high - low)

    dots = [(round(x_at(i), 1), round(y_at(r), 1), round(r)) for i, (_, r) in enumerate(points)]
    y_ticks = []
    value = low
    while value <= high + 1e-9:
        y_ticks.append((round(y_at(value), 1), f"{value:g}"))
        value += step
    firsts = [0, count - 1] if count > 1 else [0]
    x_ticks = [(round(x_at(i), 1), points[i][0].strftime("%Y-%m-%d")) for i in firsts]
    line = " ".join(f"{x},{y}" for x, y, _ in dots)
    return Chart(width, height, line, dots, y_ticks, x_ticks, low, high)
