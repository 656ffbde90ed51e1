"""Players' names beside seat labels ("fay (Player 3)").

A title's seat labels say where a player sits ("Player 3"); in a table of many
seats the reader wants the name too. The site knows who sits where, the
rules and their sentences do not: while a page, an API answer or a mail about
one game is made, the site sets a loader of that game's names (`named`), and a
title that wants names asks `seat_name(role)`. The names are loaded once, on the
first question (a page that never asks costs nothing). Names are public: every
viewer of the game sees the same ones.

Part of the engine contract (foundation): imports nothing of the site.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar, Token

_NAMES: ContextVar["_Names | None"] = ContextVar("hotline_seat_names", default=None)


class _Names:
    def __init__(self, load):
        self._load, self._names = load, None

    def get(self, role) -> str:
        if self._names is None:
            self._names = dict(self._load())
        return str(self._names.get(role) or "")


def seat_name(role) -> str:
    """The name of the player in ``role`` of the game being shown; "" when none is set."""
    names = _NAMES.get()
    return names.get(role) if names is not None and role else ""


def begin(load) -> Token:
    """Names for what follows: ``load()`` -> {role: name}, called at most once."""
    return _NAMES.set(_Names(load))


def end(token: Token) -> None:
    _NAMES.reset(token)


@contextmanager
def named(load):
    token = begin(load)
    try:
        yield
    finally:
        end(token)
