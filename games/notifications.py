"""The one notification hook the move pipeline calls.

Everything here runs inside the game's transaction and only *schedules*
Celery tasks for after the commit, so mail can never block or undo a move.
"""
from __future__ import annotations

from django.db import transaction

from .models import Game, Move


def _after_commit(task, *args) -> None:
    transaction.on_commit(lambda: task.delay(*args))


def moved(game: Game, before_active: list[str], move: Move) -> None:
    from . import tasks

    newly_active = [r for r in game.active_roles if r not in before_active]
    if newly_active:
        _after_commit(tasks.send_turn_notice, game.pk, game.seq, newly_active)


def games_over(game_ids: list[int]) -> None:
    """One task for every game that ended in this transaction (a timeout sweep ends many)."""
    from . import tasks

    if game_ids:
        _after_commit(tasks.send_games_over, list(game_ids))


def game_started(game: Game) -> None:
    from . import tasks

    _after_commit(tasks.send_game_started, game.pk)


def invitation_sent(game: Game) -> None:
    from . import tasks

    _after_commit(tasks.send_invitation, game.pk)
