"""The reach room's side of the mail room's signals (games/signals.py): a player
told of their turn, a reminder, a game's end or an invitation by mail is told
by their webhooks and on their devices (web push) too. Connected once in
games/apps.py."""
from games import signals
from games.reach import hooks, push


def _tell(event: str, user_id: int, game_id: int, key: str, public, private=None) -> None:
    """``public()`` words for webhooks (a channel others may read), ``private()``
    (default: the same) for the player's own devices; each made only if some
    hook or device wants the event."""
    hooks.told(event, user_id, game_id, key, public)
    push.told(event, user_id, game_id, key, private or public)


def _turn_told(sender, seat, key, **kwargs) -> None:
    _tell("turn", seat.user_id, seat.game_id, key, lambda: hooks.turn_text(seat), lambda: push.turn_text(seat))


def _reminder_told(sender, seat, key, **kwargs) -> None:
    _tell("reminder", seat.user_id, seat.game_id, key, lambda: hooks.reminder_text(seat))


def _game_over_told(sender, seat, key, result="", **kwargs) -> None:
    _tell("over", seat.user_id, seat.game_id, key, lambda: hooks.over_text(seat))


def _invitation_told(sender, user, game, key, inviter, **kwargs) -> None:
    _tell("invitation", user.pk, game.pk, key, lambda: hooks.invitation_text(user, game, inviter))


def connect() -> None:
    signals.turn_told.connect(_turn_told, dispatch_uid="reach.turn_told")
    signals.game_over_told.connect(_game_over_told, dispatch_uid="reach.game_over_told")
    signals.reminder_told.connect(_reminder_told, dispatch_uid="reach.reminder_told")
    signals.invitation_told.connect(_invitation_told, dispatch_uid="reach.invitation_told")
