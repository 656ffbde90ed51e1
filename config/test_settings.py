"""Settings for the test suite: the same as production-like settings, made fast."""
import os
import tempfile

from .settings import *  # noqa: F401,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
# Each test process (pytest-xdist worker, or another run on the same machine) has
# its own queue on the shared broker: a real worker started by one test never
# takes a task that another process's test sent.
CELERY_TASK_DEFAULT_QUEUE = f"celery-test-{os.getpid()}"
HOTLINE_ENABLE_PREVIEW_TITLES = True
# The HTML doors' rate limits (games/limits/doors.py) are off for tests that play
# whole games through the pages; tests/test_door_limits.py turns them on.
HOTLINE_DOOR_LIMITS = False
HOTLINE_EXTRA_TITLES = ["tests.example_game"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # A file per test process (pytest-xdist adds _gw0...) in memory-backed /dev/shm, in
    # WAL mode: a live-server thread reading while the test writes (force_login) waits
    # its turn instead of failing with "database table is locked", as the shared-cache
    # in-memory database did.
    _folder = "/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()
    DATABASES["default"]["TEST"] = {"NAME": os.path.join(_folder, f"hotline-test-{os.getpid()}.sqlite3")}  # noqa: F405
    DATABASES["default"]["OPTIONS"] = {**DATABASES["default"]["OPTIONS"],  # noqa: F405
                                       "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=OFF;"}
