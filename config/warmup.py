"""Prepare a long-running process (gunicorn worker, Celery worker) before its first job.

Load what the first request or task would load lazily (every title's rules,
the URL patterns), then freeze the garbage collector's view of that heap:
full collections no longer walk the hundreds of thousands of objects every
process keeps for its whole life, which cut the longest collection pause of
a web worker from about 110 ms to under 40 ms (see ``bench/load.py``).
"""
import contextlib
import gc


def process_ready() -> None:
    from django.urls import get_resolver

    from games import registry

    registry.titles()
    get_resolver().url_patterns  # noqa: B018 (imports every view module)
    gc.collect()
    gc.freeze()


@contextlib.contextmanager
def collection_held():
    """No cyclic garbage collection inside the block: a batch job (the deadline
    sweep) allocates tens of thousands of short-lived objects, and collections
    triggered midway scan them all to free almost nothing (a fifth of the
    sweep's CPU, bench/deadlines.py). Reference counting still frees them; the
    first collection after the block takes any cycles."""
    held = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if held:
            gc.enable()
