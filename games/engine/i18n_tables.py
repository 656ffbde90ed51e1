"""Per-language name tables a title builds for its presentation (title-agnostic).

A page looks up hundreds of names: each language's tables are built on first
use and cached per process, so a lookup is one dict access.
"""
from __future__ import annotations

from django.utils.translation import get_language, gettext


def translate(s):
    """``gettext`` that leaves an empty string empty (gettext("") is the catalog header)."""
    return gettext(s) if s else s


class PerLanguage:
    """Calling it returns the current language's tables, built by ``build()`` once per language."""

    def __init__(self, build):
        self._build = build
        self._tables = {}

    def __call__(self):
        lang = get_language() or "en"
        found = self._tables.get(lang)
        if found is None:
            found = self._tables[lang] = self._build()
        return found


def card(cards: dict, number):
    """The facts of a card number in ``cards``, or None for anything else."""
    try:
        return cards[int(number)]
    except (KeyError, TypeError, ValueError):
        return None


def card_name(cards: dict, number) -> str:
    info = card(cards, number)
    return info["name"] if info else str(number)


def indexed_name(names: list, index) -> str:
    """``names[index]`` (the index may be a string), or the index itself where there is no name."""
    try:
        return names[int(index)] or str(index)
    except (IndexError, TypeError, ValueError):
        return str(index)


def label(labels: dict, key) -> str:
    return labels.get(key, str(key or ""))
