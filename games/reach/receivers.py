"""The reach room's side of the mail room's signals (games/signals.py): a player
told of their turn, a reminder, a game's end or an invitation by mail is told by
their webhooks too.
Connected once in games/apps.py."""
from games import signals
from games.reach import hooks


def _turn_told(sender, seat, key, **kwargs) -> None:
    if hooks.wanted(seat.user_id, "turn"):
        hooks.told("turn", seat.user_id, seat.game_id, key, hooks.turn_text(seat))


def _game_over_told(sender, seat, key, result="", **kwargs) -> None:
    if hooks.wanted(seat.user_id, "over"):
        hooks.told("over", seat.user_id, seat.game_id, key, hooks.over_text(seat, str(result)))


def _reminder_told(sender, seat, key, **kwargs) -> None:
    if hooks.wanted(seat.user_id, "reminder"):
        hooks.told("reminder", seat.user_id, seat.game_id, key, hooks.reminder_text(seat))


def _invitation_told(sender, user, game, key, inviter, **kwargs) -> None:
    if hooks.wanted(user.pk, "invitation"):
        hooks.told("invitation", user.pk, game.pk, key, hooks.invitation_text(user, game, inviter))


def connect() -> None:
    signals.turn_told.connect(_turn_told, dispatch_uid="reach.turn_told")
    signals.game_over_told.connect(_game_over_told, dispatch_uid="reach.game_over_told")
    signals.reminder_told.connect(_reminder_told, dispatch_uid="reach.reminder_told")
    signals.invitation_told.connect(_invitation_told, dispatch_uid="reach.invitation_told")
