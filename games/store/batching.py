"""Helpers for batch jobs that run inside long-lived worker processes."""
import contextlib
import gc


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
