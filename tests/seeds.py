"""How many random games a many-seed test plays.

A many-seed test names the seeds it covers in full (``seeds(2000)``); the
default run (``scripts/test``, ``.ci/run``) plays a bounded share of them,
``BOUNDED_SHARE`` with a floor, so the whole suite stays inside CI's time
budget on a loaded two-core machine. ``HOTLINE_SEEDS=full`` plays every seed
(before a release, after a rules change, or nightly); ``HOTLINE_SEEDS=<n>``
plays at most n per test. The seeds are always the first ones of the range,
so a failure found in a bounded run reproduces in a full one.
"""
from __future__ import annotations

import os

BOUNDED_SHARE = 0.15
FLOOR = 10


def count(full: int, share: float = BOUNDED_SHARE) -> int:
    """How many of ``full`` seeds this run plays (``share`` of them by default:
    a test whose games are long asks for a smaller share)."""
    wanted = os.environ.get("HOTLINE_SEEDS", "")
    if wanted == "full":
        return full
    if wanted.isdigit():
        return min(full, int(wanted))
    return min(full, max(FLOOR, round(full * share)))


def seeds(full: int, start: int = 0, share: float = BOUNDED_SHARE) -> range:
    """The seeds ``start .. start + full - 1``, bounded as ``count`` says."""
    return range(start, start + count(full, share))


def is_full() -> bool:
    return count(10**9) == 10**9
