import logging
import os
import socket
import uuid
from datetime import timedelta

from celery import Celery, signals
from celery.beat import PersistentScheduler

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("hotline")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
logger = logging.getLogger(__name__)


@signals.worker_process_init.connect  # each prefork child
@signals.worker_ready.connect  # the solo pool's one process
def _process_ready(**kwargs):
    from config.warmup import process_ready

    process_ready()


def lease_hold(name: str, holder: str, seconds: float) -> bool:
    """Take or renew the lease ``name`` for ``holder``; False while another
    holder's lease runs or the database cannot be reached. One UPDATE, so it
    works through PgBouncer in transaction mode and across database restarts."""
    from django.db import DatabaseError, connection
    from django.db.models import Q
    from django.utils import timezone

    from games.models import BeatLease

    now = timezone.now()
    try:
        BeatLease.objects.get_or_create(name=name, defaults={"expires_at": now})
        taken = (BeatLease.objects.filter(Q(holder=holder) | Q(expires_at__lte=now), name=name)
                 .update(holder=holder, expires_at=now + timedelta(seconds=seconds)))
    except DatabaseError as error:
        logger.warning("beat lease: database unavailable: %r", error)
        connection.close()
        return False
    return taken == 1


def lease_release(name: str, holder: str) -> None:
    """Give the lease up at once (a clean stop), so a standby need not wait for it to expire."""
    from django.db import DatabaseError
    from django.utils import timezone

    from games.models import BeatLease

    try:
        BeatLease.objects.filter(name=name, holder=holder).update(expires_at=timezone.now())
    except DatabaseError:
        pass  # it expires by itself


class LeasedScheduler(PersistentScheduler):
    """Celery beat that fires only while it holds the database lease, so any
    number of beat processes (one per machine, or two started at once) fire
    each entry once: the others wait as standbys and take over when the
    leader has not renewed for ``lease_seconds``. The lease is renewed every
    tick (beat_max_loop_interval, 5 s), well within its 30 s."""

    lease_name = "celery-beat"
    lease_seconds = float(os.environ.get("HOTLINE_BEAT_LEASE_SECONDS", "30"))

    def __init__(self, *args, **kwargs):
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.leading = False
        super().__init__(*args, **kwargs)

    def tick(self, *args, **kwargs):
        from django.db import close_old_connections

        close_old_connections()  # as a request would: drop a connection a database restart broke
        leading = lease_hold(self.lease_name, self.holder, self.lease_seconds)
        if leading != self.leading:
            logger.warning("beat %s %s", self.holder, "leads: firing the schedule" if leading else "stands by")
            self.leading = leading
        if not leading:
            return min(self.max_interval, self.lease_seconds / 3)
        return min(super().tick(*args, **kwargs), self.lease_seconds / 3)

    def close(self):
        if self.leading:
            lease_release(self.lease_name, self.holder)
        super().close()
