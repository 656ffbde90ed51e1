"""One function per kind of mail. Each returns how many mails it sent.

Every mail is keyed by a Notification row, so a retried or duplicated task
never sends it twice. Mail never contains hidden information: only the game,
whose turn it is, clocks and results, and links. Templates:
``templates/emails/<kind>-subject.txt``, ``-body.txt`` and ``-body.html``,
rendered in the recipient's language, with a signed one-click unsubscribe
link and the List-Unsubscribe headers.
"""
from __future__ import annotations

import smtplib
from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation

from .models import Game, Move, Notification, Seat
from .signals import game_over_mail

# mail kind -> the profile flag that turns it off (Profile.email_<flag>)
PREFERENCE = {"turn": "your_turn", "reminder": "reminders", "started": "invitations",
              "invitation": "invitations", "over": "game_over", "vacation": "reminders",
              "digest": "digest", "dispute": "disputes"}
UNSUBSCRIBE_SALT = "hotline.unsubscribe"


def absolute(path: str) -> str:
    return settings.SITE_URL.rstrip("/") + path


def game_url(game: Game) -> str:
    return absolute(reverse("games:detail", args=[game.pk]))


def unsubscribe_token(user, flag: str) -> str:
    return signing.dumps({"u": user.pk, "f": flag}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> dict:
    return signing.loads(token, salt=UNSUBSCRIBE_SALT)


def wants(user, kind: str) -> bool:
    flag = PREFERENCE[kind]
    if flag == "digest":
        return user.profile.digest_hour is not None
    return bool(user.email) and user.profile.wants_email(flag)


def deliver(kind: str, user, key: str, context: dict, game: Game | None = None) -> int:
    """Send one keyed mail at most once. SMTP errors are recorded, then re-raised
    so the Celery task retries with backoff; a refused recipient counts as a bounce."""
    failure = None
    with transaction.atomic():
        note, _ = Notification.objects.get_or_create(key=key, defaults={"user": user, "kind": kind, "game": game})
        note = Notification.objects.select_for_update().get(pk=note.pk)
        if note.status in (Notification.Status.SENT, Notification.Status.SKIPPED):
            return 0
        if not user.email or not wants(user, kind):
            return _close(note, Notification.Status.SKIPPED)
        note.attempts += 1
        try:
            _message(kind, user, context).send()
        except smtplib.SMTPRecipientsRefused as error:
            _bounce(user)
            return _close(note, Notification.Status.FAILED, repr(error))
        except (smtplib.SMTPException, OSError) as error:
            failure = error
            _close(note, Notification.Status.FAILED, repr(error))
        else:
            return _close(note, Notification.Status.SENT)
    raise failure


def _close(note: Notification, status: str, error: str = "") -> int:
    note.status, note.error = status, error
    note.sent_at = timezone.now() if status == Notification.Status.SENT else None
    note.save(update_fields=["status", "error", "sent_at", "attempts"])
    return 1 if status == Notification.Status.SENT else 0


def _bounce(user) -> None:
    from django.db.models import F

    type(user.profile).objects.filter(pk=user.profile.pk).update(bounces=F("bounces") + 1)


def _message(kind: str, user, context: dict) -> EmailMultiAlternatives:
    flag = PREFERENCE[kind]
    unsubscribe = absolute(reverse("unsubscribe", args=[unsubscribe_token(user, flag)]))
    context = {**context, "user": user, "unsubscribe_url": unsubscribe,
               "preferences_url": absolute(reverse("accounts:profile"))}
    with translation.override(user.profile.language or settings.LANGUAGE_CODE):
        subject = " ".join(render_to_string(f"emails/{kind}-subject.txt", context).split())
        text = render_to_string(f"emails/{kind}-body.txt", context)
        html = render_to_string(f"emails/{kind}-body.html", context)
    message = EmailMultiAlternatives(subject, text, to=[user.email], headers={
        "List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated"})
    message.attach_alternative(html, "text/html")
    return message


# -- the kinds ---------------------------------------------------------------
def _game(game_id: int) -> Game | None:
    return Game.objects.filter(pk=game_id).first()


def _seats(game: Game, roles=None) -> list[Seat]:
    seats = game.seats.select_related("user__profile")
    return [s for s in seats if roles is None or s.role in roles]


def turn_notice(game_id: int, seq: int, roles: list[str]) -> int:
    """At most one mail per turn; none for digest readers or players still at the board."""
    game = _game(game_id)
    if game is None or game.status != Game.Status.ACTIVE:
        return 0
    sent = 0
    for seat in _seats(game, roles):
        if not seat.awaiting or seat.turn_started_at is None or seat.user.profile.digest_hour is not None:
            continue
        key = f"turn:{seat.pk}:{seat.turn_started_at.isoformat()}"
        if _recently_active(seat):
            Notification.objects.get_or_create(key=key, defaults={
                "user": seat.user, "kind": "turn", "game": game, "status": Notification.Status.SKIPPED})
            continue
        sent += deliver("turn", seat.user, key, {"game": game, "seat": seat, "url": game_url(game)}, game)
    return sent


def _recently_active(seat: Seat) -> bool:
    since = timezone.now() - timedelta(seconds=settings.HOTLINE_TURN_MAIL_QUIET_SECONDS)
    return Move.objects.filter(game_id=seat.game_id, user_id=seat.user_id, created_at__gte=since).exists()


def reminder(seat_id: int, turn_started: str, index: int) -> int:
    seat = Seat.objects.select_related("game", "user__profile").filter(pk=seat_id).first()
    if seat is None or not seat.awaiting or seat.deadline_at is None or \
            seat.turn_started_at is None or seat.turn_started_at.isoformat() != turn_started:
        return 0
    context = {"game": seat.game, "seat": seat, "url": game_url(seat.game), "deadline": seat.deadline_at,
               "left": seat.deadline_at - timezone.now()}
    return deliver("reminder", seat.user, f"reminder:{seat.pk}:{turn_started}:{index}", context, seat.game)


def game_started(game_id: int) -> int:
    game = _game(game_id)
    if game is None:
        return 0
    return sum(deliver("started", s.user, f"started:{game.pk}:{s.user_id}", {"game": game, "url": game_url(game)},
                       game) for s in _seats(game))


def game_over(game_id: int) -> int:
    game = _game(game_id)
    if game is None or game.status != Game.Status.FINISHED:
        return 0
    sent = 0
    for seat in _seats(game):
        context = {"game": game, "seat": seat, "url": game_url(game),
                   "won": seat.role in (game.result or {}).get("winners", []),
                   **_over_extras(game, seat.user)}
        sent += deliver("over", seat.user, f"over:{game.pk}:{seat.user_id}", context, game)
    return sent


def _over_extras(game: Game, user) -> dict:
    """What other apps add to a game-over mail (the ladder: the rating change)."""
    extras = {}
    for _receiver, response in game_over_mail.send(sender=Game, game=game, user=user):
        extras.update(response or {})
    return extras


def invitation(game_id: int) -> int:
    game = Game.objects.select_related("invited_user__profile", "created_by").filter(pk=game_id).first()
    if game is None or game.invited_user is None or game.status != Game.Status.OPEN:
        return 0
    context = {"game": game, "url": game_url(game), "inviter": game.created_by}
    return deliver("invitation", game.invited_user, f"invitation:{game.pk}", context, game)


def auto_vacation(user_id: int, vacation_id: int) -> int:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.select_related("profile").get(pk=user_id)
    context = {"days_left": user.profile.vacation_days, "url": absolute(reverse("vacation"))}
    return deliver("vacation", user, f"vacation:{vacation_id}", context)


def digest(user_id: int, local_date: str) -> int:
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.select_related("profile").get(pk=user_id)
    seats = list(Seat.objects.filter(user=user, awaiting=True, game__status=Game.Status.ACTIVE)
                 .select_related("game").order_by("deadline_at"))
    if not seats:
        return 0
    context = {"seats": seats, "urls": {s.pk: game_url(s.game) for s in seats}, "date": local_date}
    return deliver("digest", user, f"digest:{user.pk}:{local_date}", context)
