import os

from celery import Celery, signals

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("hotline")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.worker_process_init.connect  # each prefork child
@signals.worker_ready.connect  # the solo pool's one process
def _process_ready(**kwargs):
    from config.warmup import process_ready

    process_ready()
