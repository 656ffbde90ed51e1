"""Thin Celery tasks for moderation mail (retried like the game mail tasks)."""
from celery import shared_task

from games.tasks import MAIL_RETRY

from . import mail


@shared_task(**MAIL_RETRY)
def send_dispute_mail(report_id: int) -> int:
    return mail.dispute_notice(report_id)
