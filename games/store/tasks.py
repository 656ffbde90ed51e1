"""Beat tasks of the outbox: relay what a broker outage left behind, purge sent rows.

Task names stay ``games.tasks.<name>`` (beat schedule, stored outbox rows).
"""
from celery import shared_task

from games.store import outbox


@shared_task(name="games.tasks.relay_outbox")
def relay_outbox() -> int:
    return outbox.relay()


@shared_task(name="games.tasks.purge_outbox")
def purge_outbox() -> int:
    return outbox.purge()
