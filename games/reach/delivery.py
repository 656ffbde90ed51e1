"""One notice told to one channel of a player (a webhook, a browser), shared by
hooks.py and push.py.

`queue` writes one delivery row per target that wants the event, keyed by the
notice (unique per target: the same notice is told once however often the mail
task runs) and queues its task through the outbox in the same transaction (a
broker outage loses none); the words are made only when some target wants them.
`deliver` sends one row: it is locked while it is sent (`skip_locked`: two
workers never send it twice), nothing goes out during the owner's night hours
("quiet": the task waits for the morning), a success marks it sent, a failure
leaves it pending until `BACKOFF` is spent. `retry_after` says when the task
comes back; `run` is the tasks' shared body.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Callable

from django.db import transaction
from django.utils import timezone

from games import clocks
from games.store import outbox

BACKOFF = (30, 120, 600, 1800)  # seconds before the 2nd, 3rd... attempt


def _nothing(*args) -> None:
    return None


@dataclass(frozen=True)
class Channel:
    model: type  # the delivery rows (games.models.Delivery)
    target: str  # their foreign key to what is told: "hook", "subscription"
    task: str  # the Celery task that delivers one row
    live: Callable  # target -> may it be told now
    send: Callable  # (target, row) -> ("sent" | "gone" | "failed", error)
    sent: Callable = _nothing  # target -> None, after a success
    failed: Callable = _nothing  # (target, error) -> None, after a failure


def queue(channel: Channel, targets, event: str, key: str, game_id: int, url: str, text) -> int:
    """One row per target wanting ``event``; ``text`` is the words or a callable making them."""
    wanting = [t for t in targets if event in t.events]
    if not wanting:
        return 0
    body = {"event": event, "text": text() if callable(text) else text, "game": game_id, "url": url}
    queued = 0
    with transaction.atomic():
        for target in wanting:
            row, created = channel.model.objects.get_or_create(
                **{channel.target: target, "key": key}, defaults={"event": event, "body": body})
            if created:
                outbox.enqueue(channel.task, row.pk)
                queued += 1
    return queued


def deliver(channel: Channel, delivery_id: int) -> str:
    """"sent", "gone", "failed", "quiet", "skipped" or "busy" (another worker sends it)."""
    rows = channel.model.objects
    with transaction.atomic():
        row = (rows.select_for_update(skip_locked=True, of=("self",))
               .select_related(f"{channel.target}__user__profile").filter(pk=delivery_id).first())
        if row is None:
            return "busy" if rows.filter(pk=delivery_id).exists() else "skipped"
        target = getattr(row, channel.target)
        if row.status == row.Status.SENT or not channel.live(target):
            return "skipped"
        if quiet_until(target.user) is not None:
            return "quiet"  # the owner's night hours: told when they end (the task waits)
        row.attempts += 1
        outcome, error = channel.send(target, row)
        if outcome == "gone":  # the target itself is gone, and its rows with it
            return outcome
        sent = outcome == "sent"
        row.status = row.Status.SENT if sent else (
            row.Status.FAILED if row.attempts > len(BACKOFF) else row.Status.PENDING)
        row.sent_at = timezone.now() if sent else None
        row.save(update_fields=["status", "sent_at", "attempts"])
        channel.sent(target) if sent else channel.failed(target, error)
        return outcome


def retry_after(channel: Channel, delivery_id: int) -> int | None:
    """Seconds before the next attempt of a row not sent yet (a failure's backoff,
    or the end of its owner's night), None when there is none to make."""
    row = channel.model.objects.select_related(f"{channel.target}__user__profile").filter(pk=delivery_id).first()
    if row is None or row.status != row.Status.PENDING or not channel.live(getattr(row, channel.target)):
        return None
    until = quiet_until(getattr(row, channel.target).user)
    if until is not None:
        return max(60, int((until - timezone.now()).total_seconds()) + 1)
    return BACKOFF[min(max(row.attempts, 1), len(BACKOFF)) - 1]


def quiet_until(user) -> datetime | None:
    """The end of the owner's night hours when it is night for them now (the
    night hours that hold deadlines back hold webhooks and pushes back too), else None."""
    profile = getattr(user, "profile", None)
    night = getattr(profile, "night", None)
    if not night or night[0] == night[1]:
        return None
    now = timezone.now()
    tz = getattr(profile, "timezone", "") or "UTC"
    return clocks.after_night(now, tz, night) if clocks.in_night(now, tz, night) else None


def run(task, channel: Channel, delivery_id: int) -> str:
    """A delivery task's body: deliver, and come back after a failure's backoff
    (while retries last) or after the owner's night (always)."""
    outcome = deliver(channel, delivery_id)
    wait = retry_after(channel, delivery_id) if outcome in ("failed", "quiet") else None
    if wait is not None and (outcome == "quiet" or task.request.retries < task.max_retries):
        raise task.retry(countdown=wait, max_retries=None if outcome == "quiet" else task.max_retries)
    return outcome
