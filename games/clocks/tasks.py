"""Beat tasks of the clocks: end expired vacations and table pauses.

Task names stay ``games.tasks.<name>`` (beat schedule, stored outbox rows).
"""
from celery import shared_task
from django.utils import timezone

from games.clocks import pauses, vacations


@shared_task(name="games.tasks.end_expired_vacations")
def end_expired_vacations() -> int:
    return vacations.vacations_expire(timezone.now())


@shared_task(name="games.tasks.end_table_pauses")
def end_table_pauses() -> int:
    return pauses.table_pauses_due(timezone.now())
