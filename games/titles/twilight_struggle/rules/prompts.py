"""Twilight Struggle's memoised prompts: the core's (`games.rules.core.prompts`,
keyed on content, never on an object's identity: issue 15), with this title's
own cache and switch. ``CACHING = False`` turns every memo of the engine off
(the differential test compares both).
"""
from __future__ import annotations

from games.rules.core import Choice, Prompt
from games.rules.core import prompts as core
from games.rules.core.prompts import Table

_CACHE: dict = {}
CACHING = True


def make(text: str, table: Table, keys, waiting: str = "",
         extra: tuple[Choice, ...] = ()) -> Prompt:
    """``Prompt(text, (table[k] for k in keys) + extra, waiting)``, shared."""
    return core.make(text, table, keys, waiting, extra, _CACHE if CACHING else None)


def remember(memo: dict, key, build):
    """``memo[key]``, built by ``build()`` on a miss (or always when caching is off)."""
    return core.remember(memo if CACHING else None, key, build)
