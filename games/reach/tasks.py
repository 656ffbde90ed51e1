"""The reach room's Celery tasks (re-exported by games/tasks.py under games.tasks.<name>)."""
from __future__ import annotations

from celery import shared_task

from games.reach import hooks, push


@shared_task(name="games.tasks.deliver_hook", bind=True, max_retries=len(hooks.BACKOFF), acks_late=True)
def deliver_hook(self, delivery_id: int) -> str:
    """One webhook delivery; a failure comes back after a backoff while the hook is on."""
    outcome = hooks.deliver(delivery_id)
    wait = hooks.retry_after(delivery_id) if outcome in ("failed", "quiet") else None
    if wait is not None and (outcome == "quiet" or self.request.retries < self.max_retries):
        raise self.retry(countdown=wait, max_retries=None if outcome == "quiet" else self.max_retries)
    return outcome


@shared_task(name="games.tasks.send_hook_off", acks_late=True)
def send_hook_off(hook_id: int) -> int:
    return hooks.hook_off_mail(hook_id)


@shared_task(name="games.tasks.deliver_push", bind=True, max_retries=len(hooks.BACKOFF), acks_late=True)
def deliver_push(self, delivery_id: int) -> str:
    """One web push; a failure comes back after a backoff, night hours after the night."""
    outcome = push.deliver(delivery_id)
    wait = push.retry_after(delivery_id) if outcome in ("failed", "quiet") else None
    if wait is not None and (outcome == "quiet" or self.request.retries < self.max_retries):
        raise self.retry(countdown=wait, max_retries=None if outcome == "quiet" else self.max_retries)
    return outcome
