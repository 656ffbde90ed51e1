"""The reach room's Celery tasks (re-exported by games/tasks.py under games.tasks.<name>)."""
from __future__ import annotations

from celery import shared_task

from games.reach import delivery, hooks, push


@shared_task(name="games.tasks.deliver_hook", bind=True, max_retries=len(delivery.BACKOFF), acks_late=True)
def deliver_hook(self, delivery_id: int) -> str:
    """One webhook delivery; a failure comes back after a backoff while the hook is on."""
    return delivery.run(self, hooks.CHANNEL, delivery_id)


@shared_task(name="games.tasks.send_hook_off", acks_late=True)
def send_hook_off(hook_id: int) -> int:
    return hooks.hook_off_mail(hook_id)


@shared_task(name="games.tasks.deliver_push", bind=True, max_retries=len(delivery.BACKOFF), acks_late=True)
def deliver_push(self, delivery_id: int) -> str:
    """One web push; a failure comes back after a backoff, night hours after the night."""
    return delivery.run(self, push.CHANNEL, delivery_id)
