"""gunicorn settings: ``gunicorn -c config/gunicorn.conf.py config.wsgi``.

Two processes per core with two threads each: a thread waiting on the
database or the broker lets the other compute, and few threads per process
keep them from queueing on the interpreter lock (on the 2-core CI machine,
4x2 gave a p95 of 28-38 ms at 32 clients where 3x4 gave 34-57 ms and 8x1
91 ms; ``bench/load.py --workers W --threads T`` compares).
"""
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
worker_class = "gthread"
workers = int(os.environ.get("GUNICORN_WORKERS", str(2 * (os.cpu_count() or 1))))
threads = int(os.environ.get("GUNICORN_THREADS", "2"))
backlog = 256
loglevel = os.environ.get("GUNICORN_LOG_LEVEL", "warning")


def post_worker_init(worker):
    from config.warmup import process_ready

    process_ready()
