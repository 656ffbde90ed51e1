"""Beat-driven mail: deadline reminders and daily digests (selection only;
the mail functions themselves are idempotent)."""
from __future__ import annotations

from datetime import datetime

from django.db import transaction

from accounts.models import Profile

from games import clocks
from games.clocks import deadlines
from games.store import outbox
from games.models import Seat


def reminders_due(now: datetime) -> int:
    """Queue the reminders whose time has come and move each seat to its next one."""
    with transaction.atomic():
        seats = list(Seat.objects.select_for_update(skip_locked=True, of=("self",)).filter(next_reminder_at__lte=now)
                     .select_related("user__profile")[:2000])
        calls = []
        for seat in seats:
            marks = clocks.reminder_times(seat.turn_started_at, seat.deadline_at, paced=bool(seat.step)) \
                if seat.deadline_at else []
            index = sum(1 for m in marks if m <= now)
            calls.append(("games.tasks.send_reminder", (seat.pk, seat.turn_started_at.isoformat(), index)))
            seat.next_reminder_at = deadlines.next_reminder(seat, now)
        Seat.objects.bulk_update(seats, ["next_reminder_at"])
        outbox.enqueue_many(calls)
    return len(seats)


def digests_due(now: datetime) -> int:
    """Queue today's digest for players whose chosen local hour has come."""
    queued = 0
    for profile in Profile.objects.filter(digest_hour__isnull=False).select_related("user"):
        local = clocks.local_time(now, profile.timezone)
        if local.hour < profile.digest_hour or profile.digest_sent_on == local.date():
            continue
        with transaction.atomic():
            Profile.objects.filter(pk=profile.pk).update(digest_sent_on=local.date())
            outbox.enqueue("games.tasks.send_digest", profile.user_id, local.date().isoformat())
        queued += 1
    return queued
