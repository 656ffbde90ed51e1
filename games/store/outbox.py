"""The transactional outbox: every after-commit Celery task goes through here.

``enqueue`` writes an OutboxTask row in the caller's transaction, so the
task exists exactly when the move (or join, report, ...) committed. After the
commit the row is handed to the broker at once; if the broker is down or
hung (short socket timeouts, config/settings.py) the request still answers,
this process stops trying for ``PAUSE_SECONDS`` and the relay
(``relay``, run by beat every few seconds through ``games.tasks.relay_outbox``)
hands the row over once the broker is back. A row handed over twice (a crash
between the publish and the mark) runs its task twice, which the tasks allow:
each mail is keyed by a Notification row.
"""
from __future__ import annotations

import contextlib
import logging
import time
from datetime import timedelta

from celery import current_app
from django.db import transaction
from django.utils import timezone
from kombu.exceptions import OperationalError
from redis.exceptions import RedisError

from games.models import OutboxTask

logger = logging.getLogger(__name__)

PAUSE_SECONDS = 15.0  # after a failed publish, leave this process's rows to the relay
RELAY_AFTER = timedelta(seconds=5)  # younger rows are still being published by their request
RELAY_BATCH = 500
KEEP_SENT = timedelta(days=2)
BROKER_ERRORS = (OperationalError, RedisError, OSError)
_paused_until = 0.0


def enqueue(task, *args) -> None:
    """Schedule ``task(*args)`` for after the current transaction commits;
    ``task`` is a Celery task or its name (a room below the task's own names it)."""
    enqueue_many([(task, args)])


def enqueue_many(calls: list[tuple]) -> None:
    """Schedule several ``(task, args)`` at once: one INSERT, one publish pass
    after the commit (a timeout sweep ends a thousand games in one batch)."""
    if not calls:
        return
    rows = OutboxTask.objects.bulk_create([OutboxTask(task=_name(task), args=list(args)) for task, args in calls])
    transaction.on_commit(lambda: publish_now(rows))


def _name(task) -> str:
    return task if isinstance(task, str) else task.name


def publish_now(rows: list[OutboxTask]) -> int:
    """The after-commit fast path: never raises a broker error, never waits
    long; what it cannot hand over stays for the relay. Returns how many it sent."""
    global _paused_until
    sent = []
    with _producer() as producer:
        for row in rows:
            if time.monotonic() < _paused_until:
                break
            try:
                _publish(row, retry=False, producer=producer)
            except BROKER_ERRORS as error:
                if current_app.conf.task_always_eager:
                    raise  # the task itself failed (tests, CELERY_TASK_ALWAYS_EAGER): not a broker outage
                _paused_until = time.monotonic() + PAUSE_SECONDS
                logger.warning("broker unavailable, outbox row %s left to the relay: %r", row.pk, error)
                break
            sent.append(row.pk)
    if sent:
        OutboxTask.objects.filter(pk__in=sent).update(sent_at=timezone.now(), attempts=1)
    return len(sent)


def relay(now=None, batch: int = RELAY_BATCH) -> int:
    """Hand the rows a broker outage left behind to the broker; returns how many.
    Rows are locked (skip locked), so several relays at once share the work."""
    now = now or timezone.now()
    sent = 0
    with transaction.atomic():
        rows = list(OutboxTask.objects.select_for_update(skip_locked=True)
                    .filter(sent_at=None, created_at__lte=now - RELAY_AFTER).order_by("created_at")[:batch])
        for row in rows:
            row.attempts += 1
            try:
                _publish(row, retry=True)
            except BROKER_ERRORS as error:
                logger.warning("relay: broker unavailable after %s of %s rows: %r", sent, len(rows), error)
                break
            row.sent_at = timezone.now()
            sent += 1
        OutboxTask.objects.bulk_update(rows, ["sent_at", "attempts"])
    return sent


def purge(now=None) -> int:
    """Delete rows sent more than ``KEEP_SENT`` ago (daily, from beat)."""
    return OutboxTask.objects.filter(sent_at__lt=(now or timezone.now()) - KEEP_SENT).delete()[0]


def _publish(row: OutboxTask, retry: bool, producer=None) -> None:
    current_app.tasks[row.task].apply_async(args=row.args, retry=retry, producer=producer)


def _producer():
    """One broker connection for a whole batch of rows (a sweep hands over
    thousands); none when tasks run eagerly."""
    if current_app.conf.task_always_eager:
        return contextlib.nullcontext()
    return current_app.producer_or_acquire()
