"""Thin Celery tasks: each calls one service or mail function.

Mail tasks retry SMTP and connection errors with exponential backoff; the
Notification key inside each mail function makes a retry or a duplicate
delivery of the same task send nothing twice. The longest backoff stays under
the broker's visibility timeout (config/settings.py), so a retry waiting in a
worker is never handed to a second one; 20 retries cover about 80 minutes
of SMTP outage.

Task names stay ``games.tasks.<name>`` (beat schedule, stored outbox rows).
"""
import smtplib

from celery import shared_task
from django.utils import timezone

from games.mail import emails, reminders

MAIL_RETRY = {"autoretry_for": (smtplib.SMTPException, OSError), "retry_backoff": 30,
              "retry_backoff_max": 240, "retry_jitter": True, "max_retries": 20}


@shared_task(name="games.tasks.send_turn_notice", **MAIL_RETRY)
def send_turn_notice(game_id: int, seq: int, roles: list[str]) -> int:
    return emails.turn_notice(game_id, seq, roles)


@shared_task(name="games.tasks.send_game_started", **MAIL_RETRY)
def send_game_started(game_id: int) -> int:
    return emails.game_started(game_id)


@shared_task(name="games.tasks.send_games_over", **MAIL_RETRY)
def send_games_over(game_ids: list[int]) -> int:
    """Each mail is keyed, so a retry after a partial failure sends only what is missing."""
    return sum(emails.game_over(game_id) for game_id in game_ids)


@shared_task(name="games.tasks.send_invitation", **MAIL_RETRY)
def send_invitation(game_id: int) -> int:
    return emails.invitation(game_id)


@shared_task(name="games.tasks.send_seat_invitation", **MAIL_RETRY)
def send_seat_invitation(invitation_id: int) -> int:
    return emails.seat_invitation(invitation_id)


@shared_task(name="games.tasks.send_substitute_invitation", **MAIL_RETRY)
def send_substitute_invitation(seat_id: int, substitute_id: int, inviter_id: int | None = None) -> int:
    return emails.substitute_invitation(seat_id, substitute_id, inviter_id)


@shared_task(name="games.tasks.send_table_pause_proposal", **MAIL_RETRY)
def send_table_pause_proposal(pause_id: int) -> int:
    return emails.table_pause_proposal(pause_id)


@shared_task(name="games.tasks.send_heads_up", **MAIL_RETRY)
def send_heads_up(game_id: int, roles: list[str], round_tag: str = "") -> int:
    return emails.heads_up(game_id, roles, round_tag)


@shared_task(name="games.tasks.send_timeout_notice", **MAIL_RETRY)
def send_timeout_notice(game_id: int, seq: int, role: str) -> int:
    return emails.timeout_notice(game_id, seq, role)


MAILS = {"turn": emails.turn_notice, "heads_up": emails.heads_up, "timeout": emails.timeout_notice}


@shared_task(name="games.tasks.send_notices", **MAIL_RETRY)
def send_notices(batch: list) -> int:
    """Many notices of one commit (a deadline sweep) as one task: ``[kind,
    *args]`` each. Every mail is keyed, so a retry sends only what is missing."""
    return sum(MAILS[kind](*args) for kind, *args in batch)


@shared_task(name="games.tasks.send_reminder", **MAIL_RETRY)
def send_reminder(seat_id: int, turn_started: str, index: int) -> int:
    return emails.reminder(seat_id, turn_started, index)


@shared_task(name="games.tasks.send_auto_vacation", **MAIL_RETRY)
def send_auto_vacation(user_id: int, vacation_id: int) -> int:
    return emails.auto_vacation(user_id, vacation_id)


@shared_task(name="games.tasks.send_digest", **MAIL_RETRY)
def send_digest(user_id: int, local_date: str) -> int:
    return emails.digest(user_id, local_date)


@shared_task(name="games.tasks.send_reminders")
def send_reminders() -> int:
    return reminders.reminders_due(timezone.now())


@shared_task(name="games.tasks.send_digests")
def send_digests() -> int:
    return reminders.digests_due(timezone.now())
