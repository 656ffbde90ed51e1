"""Memoised prompts: a `Prompt` is immutable, so equal inputs can share one.

Building tuples of `Choice` objects is the main cost of a decision (the
prompt is built once for the player and again by `Flow.apply` to check the
action), so prompts are cached. The key is the *content* of the prompt, never
an object's identity: a `Table` is named once and its choices never change, so
``(text, table name, keys, waiting, extra choices)`` determines the prompt
(an ``id()`` of a temporary tuple can be reused by another tuple once the
first is freed, and then served a stale prompt: issue 15). The cache is
bounded; ``CACHING = False`` turns every memo of the engine off (the
differential test compares both).
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt

_CACHE: dict = {}
LIMIT = 20_000
CACHING = True
_NAMES: set = set()


class Table(dict):
    """Key -> `Choice`, fixed once built, under a name unique in the engine."""

    __slots__ = ("name",)

    def __init__(self, name: str, choices: dict):
        if name in _NAMES:
            raise ValueError(f"prompt table {name!r} is defined twice")
        _NAMES.add(name)
        super().__init__(choices)
        self.name = name


def make(text: str, table: Table, keys, waiting: str = "",
         extra: tuple[Choice, ...] = ()) -> Prompt:
    """``Prompt(text, (table[k] for k in keys) + extra, waiting)``, shared."""
    keys = tuple(keys)
    if not CACHING:
        return Prompt(text, tuple([table[k] for k in keys]) + extra, waiting)
    key = (text, table.name, keys, waiting, extra)  # extra: Choices compare by value
    prompt = _CACHE.get(key)
    if prompt is None:
        if len(_CACHE) >= LIMIT:
            _CACHE.clear()
        prompt = Prompt(text, tuple([table[k] for k in keys]) + extra, waiting)
        _CACHE[key] = prompt
    return prompt


def remember(memo: dict, key, build):
    """``memo[key]``, built by ``build()`` on a miss (or always when caching
    is off); ``key`` must be made of values only, never ``id()``."""
    if not CACHING:
        return build()
    found = memo.get(key)
    if found is None:
        if len(memo) >= LIMIT:
            memo.clear()
        found = memo[key] = build()
    return found
