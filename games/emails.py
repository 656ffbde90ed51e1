"""One function per kind of mail. Each returns how many mails it sent.

Mail never contains hidden information: only the game, the title, whose
turn it is and a link. Templates: templates/emails/<kind>-subject.txt and
-body.txt, rendered in the recipient's language.
"""
from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from .models import Game


def _game_url(game: Game) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("games:detail", args=[game.pk])


def _send(kind: str, user, context: dict) -> int:
    profile = getattr(user, "profile", None)
    pref = {"turn": "your_turn", "started": "invitations", "invitation": "invitations",
            "over": "game_over"}[kind]
    if not user.email or (profile and not profile.wants_email(pref)):
        return 0
    with translation.override((profile.language if profile else "") or settings.LANGUAGE_CODE):
        context = {**context, "user": user}
        subject = render_to_string(f"emails/{kind}-subject.txt", context).strip()
        body = render_to_string(f"emails/{kind}-body.txt", context)
    return EmailMessage(subject, body, to=[user.email]).send()


def _seat_users(game: Game, roles=None) -> list:
    seats = game.seats.select_related("user__profile")
    return [s.user for s in seats if roles is None or s.role in roles]


def turn_notice(game_id: int, seq: int, roles: list[str]) -> int:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.seq != seq or game.status != Game.Status.ACTIVE:
        return 0  # the game moved on before the mail went out
    context = {"game": game, "url": _game_url(game)}
    return sum(_send("turn", u, context) for u in _seat_users(game, roles))


def game_started(game_id: int) -> int:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return 0
    context = {"game": game, "url": _game_url(game)}
    return sum(_send("started", u, context) for u in _seat_users(game))


def game_over(game_id: int) -> int:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return 0
    context = {"game": game, "url": _game_url(game)}
    return sum(_send("over", u, context) for u in _seat_users(game))


def invitation(game_id: int) -> int:
    game = Game.objects.select_related("invited_user__profile", "created_by").filter(pk=game_id).first()
    if game is None or game.invited_user is None or game.status != Game.Status.OPEN:
        return 0
    context = {"game": game, "url": _game_url(game), "inviter": game.created_by}
    return _send("invitation", game.invited_user, context)
