"""The one notification hook the move pipeline calls.

Everything here runs inside the game's transaction and writes the Celery
tasks to the outbox (games/outbox.py): they commit with the move and reach the
broker after it, so mail can never block, break or undo a move, and a broker
outage loses none.
"""
from __future__ import annotations

from . import outbox
from .models import Game


def _after_commit(task, *args) -> None:
    outbox.enqueue(task, *args)


def moved(entries: list) -> None:
    """After ``journal.commit``: a turn notice where roles became active, and
    one task for every game that ended in this batch (a timeout sweep ends many)."""
    from . import tasks

    calls = []
    for entry in entries:
        game = entry.game
        newly_active = [r for r in game.active_roles if r not in entry.before_active]
        if newly_active:
            calls.append((tasks.send_turn_notice, (game.pk, game.seq, newly_active)))
    over = [e.game.pk for e in entries if e.game.status == Game.Status.FINISHED]
    if over:
        calls.append((tasks.send_games_over, (over,)))
    outbox.enqueue_many(calls)


def game_started(game: Game) -> None:
    from . import tasks

    _after_commit(tasks.send_game_started, game.pk)


def invitation_sent(game: Game) -> None:
    from . import tasks

    _after_commit(tasks.send_invitation, game.pk)
