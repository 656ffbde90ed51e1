"""Who may do what. Every view and service checks here, on the server."""
from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from games.errors import Forbidden
from games.models import Game, Seat

MODERATORS_GROUP = "moderators"


def is_moderator(user) -> bool:
    if not user or not user.is_authenticated or not user.is_active:
        return False
    return user.is_staff or user.groups.filter(name=MODERATORS_GROUP).exists()


def moderators():
    """Every active moderator (group members and staff)."""
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    return (get_user_model().objects.filter(is_active=True)
            .filter(Q(is_staff=True) | Q(groups__name=MODERATORS_GROUP)).distinct())


def seat_of(game: Game, user) -> Seat | None:
    return game.player_seat(user)


def require_moderator(user) -> None:
    if not is_moderator(user):
        raise Forbidden()


def require_uninvolved(game: Game, moderator) -> None:
    """No moderator acts on a game they play (or have a seat in): another one must."""
    if game is not None and Seat.objects.filter(game=game, user=moderator).exists():
        raise Forbidden(_("You play in this game: another moderator must handle it."))


def require_no_shared_game(user, moderator) -> None:
    """No moderator sanctions someone they are playing with or against, whatever
    game (or none) the sanction names: another one must."""
    theirs = Seat.objects.filter(user=user, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
    if Seat.objects.filter(user=moderator, game_id__in=theirs.values("game_id")).exists():
        raise Forbidden(_("You play a game with this player: another moderator must handle it."))


def require_player(game: Game, user) -> Seat:
    seat = seat_of(game, user)
    if seat is None:
        raise Forbidden()
    return seat


def can_read_game_chat(game: Game, user) -> bool:
    return seat_of(game, user) is not None or is_moderator(user)


def running_sanctions(kind: str):
    """Sanctions of ``kind`` in force now (not lifted, started, not yet ended)."""
    from .models import UserSanction

    now = timezone.now()
    return UserSanction.objects.filter(kind=kind, lifted_at=None, starts_at__lte=now, ends_at__gt=now)


def suspended_sql(user_column: str) -> str:
    """``running_sanctions("suspend")`` for one user as an SQL condition (two
    ``%s``: now, now), for the API's raw token lookup (``games/api/auth.py``)."""
    return ("EXISTS (SELECT 1 FROM moderation_usersanction s WHERE s.user_id = " + user_column +
            " AND s.kind = 'suspend' AND s.lifted_at IS NULL AND s.starts_at <= %s AND s.ends_at > %s)")


def active_sanction(user, kind: str):
    """The user's running sanction of ``kind`` ending last, or None."""
    if not user or not user.is_authenticated:
        return None
    return running_sanctions(kind).filter(user=user).order_by("-ends_at").first()


def is_suspended(user) -> bool:
    return active_sanction(user, "suspend") is not None


def is_muted(user) -> bool:
    return active_sanction(user, "mute") is not None
