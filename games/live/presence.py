"""Who has a game's page open: a timestamp per (game, user) in the cache.

The page's status poll calls `seen` (every few seconds while the page is
open); the cache write is skipped while the stored time is fresh, so an open
page costs one cache read per poll and one write every WRITE_EVERY seconds.
No database writes: presence is a hint ("bob is here", "bob was here 3 hours
ago"), and losing it with the cache is harmless.
"""
from __future__ import annotations

import time

from django.core.cache import cache

HERE_SECONDS = 45  # a page polls at least every ~20 s, even in a background tab
WRITE_EVERY = 15
KEEP_SECONDS = 30 * 86_400


def _key(game_id: int, user_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def look(game_id: int, user_ids, viewer_id: int | None = None, now: float | None = None) -> dict:
    """user id -> seconds since last seen (None: never), and mark ``viewer_id`` seen."""
    now = time.time() if now is None else now
    keys = {_key(game_id, uid): uid for uid in set(user_ids) | ({viewer_id} if viewer_id else set())}
    stored = cache.get_many(list(keys))
    if viewer_id:
        mine = stored.get(_key(game_id, viewer_id))
        if mine is None or now - mine >= WRITE_EVERY:
            cache.set(_key(game_id, viewer_id), now, KEEP_SECONDS)
        stored[_key(game_id, viewer_id)] = now
    return {uid: (max(0.0, now - stored[k]) if k in stored else None) for k, uid in keys.items()}
