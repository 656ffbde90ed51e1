"""The deadline sweep as a task: beat runs it every minute, and the journal
asks for it at once when a commit leaves a seat already due.

Task name stays ``games.tasks.time_out_overdue`` (beat schedule, stored outbox rows).
"""
from celery import shared_task
from django.utils import timezone

from games.play import services


@shared_task(name="games.tasks.time_out_overdue")
def time_out_overdue() -> int:
    return services.games_time_out_overdue(timezone.now())
