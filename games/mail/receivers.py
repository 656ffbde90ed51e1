"""The mail room's side of the pipeline's signals (games/signals.py): each
receiver turns an event of play, clocks or the lobby into the notices to send.

Owns: nothing but the wiring; connected once in games/apps.py.
May import: the mail room, the foundation.
"""
from games import signals
from games.mail import notifications
from games.store import outbox


def _moves_logged(sender, entries, new_steps=None, **kwargs) -> None:
    notifications.moved(entries, new_steps)


def _game_started(sender, game, **kwargs) -> None:
    notifications.game_started(game)


def _invitation_sent(sender, game, **kwargs) -> None:
    notifications.invitation_sent(game)


def _auto_vacation_started(sender, user_id, vacation_id, **kwargs) -> None:
    outbox.enqueue("games.tasks.send_auto_vacation", user_id, vacation_id)


def _table_pause_proposed(sender, pause, **kwargs) -> None:
    notifications.table_pause_proposed(pause)


def connect() -> None:
    signals.moves_logged.connect(_moves_logged, dispatch_uid="mail.moves_logged")
    signals.game_started.connect(_game_started, dispatch_uid="mail.game_started")
    signals.invitation_sent.connect(_invitation_sent, dispatch_uid="mail.invitation_sent")
    signals.auto_vacation_started.connect(_auto_vacation_started, dispatch_uid="mail.auto_vacation_started")
    signals.table_pause_proposed.connect(_table_pause_proposed, dispatch_uid="mail.table_pause_proposed")
