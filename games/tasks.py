"""Thin Celery tasks: each loads what it needs and calls one function."""
from celery import shared_task

from . import emails


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_turn_notice(game_id: int, seq: int, roles: list[str]) -> int:
    return emails.turn_notice(game_id, seq, roles)


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_game_started(game_id: int) -> int:
    return emails.game_started(game_id)


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_game_over(game_id: int) -> int:
    return emails.game_over(game_id)


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def send_invitation(game_id: int) -> int:
    return emails.invitation(game_id)
