"""Memoised prompts, keyed on content only.

A `Prompt` is immutable, so equal inputs can share one. Building the tuple of
`Choice` objects is a large part of a decision (the prompt is built for the
player and again by `Flow.apply` to check the action), so a title may build
its prompts through `make`, which caches them.

The key is the *content* of the prompt, never an object's identity: a `Table`
has a name unique in the process and its choices never change, so
``(text, table name, keys, waiting, extra)`` determines the prompt. (An
``id()`` key can be served a stale prompt: once the keyed object is freed,
another object may be given the same id.) A plain dict has no such name, and
its only content key would be the choices themselves, which cost as much to
hash as to build; so a prompt over a plain dict is built every time, never
cached. The caches are bounded; pass ``cache=None`` to build without them
(a title's switch for its differential tests).
"""
from __future__ import annotations

from .protocol import Choice, Prompt

LIMIT = 20_000


def counted(n: int, one: str, many: str) -> str:
    """"1 op", "3 ops": a count in a prompt in correct English (the titles' prompt
    words match both forms and say them again by gettext's plural rules)."""
    return f"{n} {one if n == 1 else many}"
_CACHE: dict = {}
_NAMES: set = set()


class Table(dict):
    """Key -> `Choice`, fixed once built, under a name unique in the process
    (prefix it with the title: two tables may never share a name)."""

    __slots__ = ("name",)

    def __init__(self, name: str, choices: dict):
        if name in _NAMES:
            raise ValueError(f"prompt table {name!r} is defined twice")
        _NAMES.add(name)
        super().__init__(choices)
        self.name = name


def make(text: str, table: dict, keys, waiting: str = "",
         extra: tuple[Choice, ...] = (), cache: dict | None = _CACHE) -> Prompt:
    """``Prompt(text, (table[k] for k in keys) + extra, waiting)``, shared
    when ``table`` is a `Table` and ``cache`` is not None."""
    keys = tuple(keys)
    if cache is None or type(table) is not Table:
        return Prompt(text, tuple([table[k] for k in keys]) + extra, waiting)
    key = (text, table.name, keys, waiting, extra)  # extra: Choices compare by value
    prompt = cache.get(key)
    if prompt is None:
        if len(cache) >= LIMIT:
            cache.clear()
        prompt = cache[key] = Prompt(text, tuple([table[k] for k in keys]) + extra, waiting)
    return prompt


def remember(memo: dict | None, key, build):
    """``memo[key]``, built by ``build()`` on a miss (every time when ``memo``
    is None); ``key`` must be made of values only, never ``id()``."""
    if memo is None:
        return build()
    found = memo.get(key)
    if found is None:
        if len(memo) >= LIMIT:
            memo.clear()
        found = memo[key] = build()
    return found
