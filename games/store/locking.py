"""The lock every change of a game takes first (its row, FOR NO KEY UPDATE:
see `GameQuerySet.locked`). A module of its own so that services, tables and
pauses share it without importing each other."""
from __future__ import annotations

from games.errors import NotFound
from games.models import Game


def lock_game(game_id) -> Game:
    """The game, locked until the transaction ends; NotFound for a bad id."""
    try:
        return Game.objects.locked().get(pk=game_id)
    except (Game.DoesNotExist, ValueError, TypeError):
        raise NotFound()
