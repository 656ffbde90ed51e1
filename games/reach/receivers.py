"""The reach room's side of the mail room's signals (games/signals.py): a player
told of their turn or of a game's end by mail is told by their webhooks too.
Connected once in games/apps.py."""
from games import signals
from games.reach import hooks


def _turn_told(sender, seat, key, **kwargs) -> None:
    if hooks.wanted(seat.user_id, "turn"):
        hooks.told("turn", seat, key, hooks.turn_text(seat))


def _game_over_told(sender, seat, key, result="", **kwargs) -> None:
    if hooks.wanted(seat.user_id, "over"):
        hooks.told("over", seat, key, hooks.over_text(seat, str(result)))


def connect() -> None:
    signals.turn_told.connect(_turn_told, dispatch_uid="reach.turn_told")
    signals.game_over_told.connect(_game_over_told, dispatch_uid="reach.game_over_told")
