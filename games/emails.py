"""One function per kind of mail. Each returns how many mails it sent.

Every mail is keyed by a Notification row, so a retried or duplicated task
never sends it twice. Mail never contains hidden information: only the game,
whose turn it is, clocks and results, the opponent's last move as the public
log tells it, and links. A game mail names the title, the reader's side, the
opponents, what is asked of the reader and the opponent's last move
(`game_facts`). Templates: ``templates/emails/<kind>-subject.txt``,
``-body.txt`` and ``-body.html``, rendered in the recipient's language (the
.txt ones without HTML autoescaping: they are plain text), with a signed
one-click unsubscribe link and the List-Unsubscribe headers.
"""
from __future__ import annotations

import smtplib
from datetime import timedelta
from functools import lru_cache

from django.conf import settings
from django.core import signing
from django.core.mail import EmailMultiAlternatives
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.text import get_text_list
from django.utils.translation import gettext

from . import registry
from .models import Game, Move, Notification, Seat
from .rules.core.pseudo import MARKERS
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
    # the reader's language, and dates in the reader's timezone (named, localized formats)
    with translation.override(reader_language(user)), timezone.override(user.profile.timezone or "UTC"):
        subject = " ".join(plain_text(f"emails/{kind}-subject.txt", context).split())
        text = plain_text(f"emails/{kind}-body.txt", context)
        html = render_to_string(f"emails/{kind}-body.html", context)
    message = EmailMultiAlternatives(subject, text, to=[user.email], headers={
        "List-Unsubscribe": f"<{unsubscribe}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "Auto-Submitted": "auto-generated"})
    message.attach_alternative(html, "text/html")
    return message


@lru_cache(maxsize=1)
def _text_engine():
    """The site's templates with autoescaping off: a plain-text mail shows
    "O'Neil", never "O&#x27;Neil" (the HTML part stays escaped)."""
    from django.template.backends.django import DjangoTemplates

    site = settings.TEMPLATES[0]
    return DjangoTemplates({"NAME": "mail-text", "DIRS": site.get("DIRS", []), "APP_DIRS": True,
                            "OPTIONS": {"autoescape": False}})


def reader_language(user) -> str:
    profile = getattr(user, "profile", None)
    return getattr(profile, "language", "") or settings.LANGUAGE_CODE


def plain_text(template: str, context: dict) -> str:
    return _text_engine().get_template(template).render(context)


# -- what every game mail says ------------------------------------------------
def game_facts(game: Game, user, asked: str = "") -> dict:
    """The title, the reader's side, the opponents, what is asked and the
    opponents' last move in words (secret arguments hidden while the game runs),
    in the reader's language (``asked`` may be lazy: `prompt_text`)."""
    with translation.override(reader_language(user)):
        return _game_facts(game, user, asked)


def _game_facts(game: Game, user, asked) -> dict:
    show = registry.presentation(game.title_id)
    seats = list(game.seats.select_related("user__profile"))
    role = next((s.role for s in seats if s.user_id == user.pk and s.role), None)
    others = [s.user.display for s in seats if s.user_id != user.pk]
    if game.status == Game.Status.OPEN and game.invited_user_id == user.pk:
        role = next((r for r in _roles(game) if r != game.creator_role), None) if game.creator_role else None
    return {"title": show.title_name, "side": show.role_label(role) if role else "",
            "opponents": _joined(others), "asked": str(asked), "last_move": last_move_text(game, role)}


def _roles(game: Game) -> list:
    rules = registry.get(game.title_id)
    return list(rules.roles(game.scenario, game.options))


def _joined(names: list) -> str:
    return str(get_text_list(names, gettext("and"))) if names else ""


def last_move_text(game: Game, role) -> str:
    """The latest move that counts by anyone but ``role``, described."""
    moves = game.moves.filter(rolled_back=False, undone=False).exclude(verb__in=MARKERS).exclude(verb="undo")
    if role:
        moves = moves.exclude(role=role)
    move = moves.order_by("-seq").first()
    if move is None:
        return ""
    hidden = not game.is_over and not move.verb.startswith(".")
    return registry.presentation(game.title_id).describe(move, hide_arg=hidden)


def prompt_text(game: Game, role):
    """What the rules ask ``role`` now ("" when nothing is asked), in the words of
    the language active when it is read (lazy: `game_facts` reads it in the reader's)."""
    if game.status != Game.Status.ACTIVE or role not in (game.active_roles or []) or game.state is None:
        return ""
    prompt = registry.get(game.title_id).prompt(game.state, role)
    return lazy(registry.presentation(game.title_id).prompt_text, str)(prompt) if prompt else ""


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
        context = {"game": game, "seat": seat, "url": game_url(game),
                   **game_facts(game, seat.user, prompt_text(game, seat.role))}
        sent += deliver("turn", seat.user, key, context, game)
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
               "left": seat.deadline_at - timezone.now(),
               **game_facts(seat.game, seat.user, prompt_text(seat.game, seat.role))}
    return deliver("reminder", seat.user, f"reminder:{seat.pk}:{turn_started}:{index}", context, seat.game)


def game_started(game_id: int) -> int:
    game = _game(game_id)
    if game is None:
        return 0
    return sum(deliver("started", s.user, f"started:{game.pk}:{s.user_id}",
                       {"game": game, "url": game_url(game), **game_facts(game, s.user, prompt_text(game, s.role))},
                       game) for s in _seats(game))


def game_over(game_id: int) -> int:
    game = _game(game_id)
    if game is None or game.status != Game.Status.FINISHED:
        return 0
    sent = 0
    for seat in _seats(game):
        context = {"game": game, "seat": seat, "url": game_url(game),
                   "won": seat.role in (game.result or {}).get("winners", []),
                   "result": registry.presentation(game.title_id).result_text(game.result),
                   **game_facts(game, seat.user), **_over_extras(game, seat.user)}
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
    context = {"game": game, "url": game_url(game), "inviter": game.created_by,
               **game_facts(game, game.invited_user)}
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
    context = {"seats": seats, "urls": {s.pk: game_url(s.game) for s in seats}, "date": local_date,
               "facts": {s.pk: game_facts(s.game, user, prompt_text(s.game, s.role)) for s in seats}}
    return deliver("digest", user, f"digest:{user.pk}:{local_date}", context)
