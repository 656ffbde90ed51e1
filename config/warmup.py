"""Prepare a long-running process (gunicorn worker, Celery worker) before its first job.

Load what the first request or task would load lazily (every title's rules,
the URL patterns), then freeze the garbage collector's view of that heap:
full collections no longer walk the hundreds of thousands of objects every
process keeps for its whole life, which cut the longest collection pause of
a web worker from about 110 ms to under 40 ms (see ``bench/load.py``).
"""
import gc


def process_ready() -> None:
    from django.urls import get_resolver

    from games.engine import registry

    registry.titles()
    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    gc.collect()
    gc.freeze()

