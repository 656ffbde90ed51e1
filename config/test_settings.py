"""Settings for the test suite: the same as production-like settings, made fast."""
import os

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
HOTLINE_EXTRA_TITLES = ["tests.example_game"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
