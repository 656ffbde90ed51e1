"""Memoised prompts: a `Prompt` is immutable, so equal inputs share one.

Building tuples of `Choice` objects is the main cost of a decision (the
prompt is built for the player and again by `Flow.apply` unless passed in),
so prompts are cached by (text, table, keys). The cache is bounded.
"""
from __future__ import annotations

from games.rules.core import Prompt

_CACHE: dict = {}
LIMIT = 20_000


def make(text: str, table: dict, keys, waiting: str = "", extra: tuple = ()) -> Prompt:
    """``Prompt(text, (table[k] for k in keys) + extra, waiting)``, shared."""
    key = (text, id(table), tuple(keys), waiting, extra)
    prompt = _CACHE.get(key)
    if prompt is None:
        if len(_CACHE) >= LIMIT:
            _CACHE.clear()
        prompt = Prompt(text, tuple([table[k] for k in keys]) + extra, waiting)
        _CACHE[key] = prompt
    return prompt
