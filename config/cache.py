"""A Redis cache that degrades instead of failing a request.

The cache holds only rate-limit counters (chat, allauth's login and signup
limits). While Redis is down or hung (short socket timeouts in settings),
each process counts in its own memory: the limits still hold per gunicorn
process, a little looser across many, and nothing answers 500. After an error
the process leaves Redis alone for ``PAUSE_SECONDS``, so a hung Redis costs
one timeout per process and pause, not one per request.
"""
from __future__ import annotations

import logging
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

PAUSE_SECONDS = 15.0
METHODS = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many",
           "delete_many", "clear")
_paused_until = 0.0  # per process, shared by the per-thread cache objects


class FallbackRedisCache(RedisCache):
    def __init__(self, server, params):
        super().__init__(server, params)
        self.local = LocMemCache("hotline-cache-fallback", {"TIMEOUT": params.get("TIMEOUT", 300)})


def _with_fallback(name: str):
    redis_method = getattr(RedisCache, name)

    def method(self, *args, **kwargs):
        global _paused_until
        if time.monotonic() >= _paused_until:
            try:
                return redis_method(self, *args, **kwargs)
            except (RedisError, OSError) as error:
                _paused_until = time.monotonic() + PAUSE_SECONDS
                logger.warning("cache: Redis unavailable, using this process's memory for %ss: %r",
                               PAUSE_SECONDS, error)
        return getattr(self.local, name)(*args, **kwargs)

    method.__name__ = name
    return method


for _name in METHODS:
    setattr(FallbackRedisCache, _name, _with_fallback(_name))
