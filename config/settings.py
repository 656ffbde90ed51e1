"""Hotline settings, read from the environment (12-factor).

Embedded default (nothing set): SQLite in var/, a filesystem Celery broker in
var/celery/, mail written to files in var/mail/, demo users allowed.
Production-like services: DATABASE_URL (PostgreSQL), CELERY_BROKER_URL
(Redis), CACHE_URL (Redis), EMAIL_HOST (SMTP). HOTLINE_PRODUCTION=1 turns
off DEBUG and the demo users and requires DJANGO_SECRET_KEY.
"""
import os
from pathlib import Path

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("HOTLINE_VAR_DIR", BASE_DIR / "var"))


def env_flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.strip().lower() in {"1", "true", "yes", "on"}


PRODUCTION = env_flag("HOTLINE_PRODUCTION")
DEBUG = env_flag("DJANGO_DEBUG", not PRODUCTION)
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or (
    "" if PRODUCTION else "dev-only-insecure-key-change-me-0123456789abcdefghijklmnop")
if PRODUCTION and not SECRET_KEY:
    raise RuntimeError("DJANGO_SECRET_KEY must be set when HOTLINE_PRODUCTION=1")
ALLOWED_HOSTS = os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver").split(",")
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o]
SITE_URL = os.environ.get("HOTLINE_SITE_URL", "http://localhost:8000")
# Webhooks may reach plain http on 127.0.0.1 (tests with a receiver on loopback only;
# games/reach/safe_http.py). Never set in production.
HOTLINE_WEBHOOK_ALLOW_LOOPBACK = False
# Web push (games/reach/push.py): the VAPID key pair's private half (base64url, from
# `manage.py vapid_keys`) and a contact for the push services; no key, no push.
HOTLINE_VAPID_PRIVATE_KEY = os.environ.get("HOTLINE_VAPID_PRIVATE_KEY", "")
HOTLINE_VAPID_SUBJECT = os.environ.get("HOTLINE_VAPID_SUBJECT", "")

# Every title is one app under games/titles/ (rules/, presentation, templates/,
# static/, tests/, README). Adding a title is its folder plus one line here.
HOTLINE_TITLES = [
    "games.titles.twilight_struggle",
    "games.titles.dawn_of_freedom",
    "games.titles.dead_of_winter",
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "allauth",
    "allauth.account",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI and Redoc files served by us: /api/docs/ works offline
    "django_htmx",
    "accounts",
    "games",
    "games.ladder",
    "games.moderation",
    *HOTLINE_TITLES,
]

MIDDLEWARE = [
    "config.middleware.ServerTimingMiddleware",
    "config.middleware.NulInputMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.ProfileLanguageMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "games.moderation.middleware.SuspensionMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.limits.doors.DoorLimitMiddleware",
    "games.web.middleware.SeatNamesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
TEMPLATES = [{
    "BACKEND": "django.template.backends.django.DjangoTemplates",
    "DIRS": [BASE_DIR / "templates"],
    "APP_DIRS": True,
    "OPTIONS": {"context_processors": [
        "django.template.context_processors.request",
        "django.contrib.auth.context_processors.auth",
        "django.contrib.messages.context_processors.messages",
        "django.template.context_processors.i18n",
    ]},
}]

# --- Database -------------------------------------------------------------
DATABASES = {"default": dj_database_url.parse(
    os.environ.get("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
    conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
)}
# Behind PgBouncer in transaction mode (docs/deploy.md): a server-side cursor
# would outlive the transaction whose server connection it lives on.
DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_flag("DB_TRANSACTION_POOLING")
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"

# --- Cache (rate limits need one shared by all processes) -----------------
# Redis with short timeouts; while it fails each process counts in memory
# (config/cache.py): rate limits loosen a little, requests never answer 500.
CACHE_URL = os.environ.get("CACHE_URL", "")
CACHE_TIMEOUT = float(os.environ.get("CACHE_TIMEOUT", "0.5"))
CACHES = {"default": (
    {"BACKEND": "config.cache.FallbackRedisCache", "LOCATION": CACHE_URL,
     "OPTIONS": {"socket_timeout": CACHE_TIMEOUT, "socket_connect_timeout": CACHE_TIMEOUT}}
    if CACHE_URL.startswith("redis") else
    {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
     "LOCATION": str(VAR_DIR / "cache")}
)}

# --- Celery ---------------------------------------------------------------
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "filesystem://")
if CELERY_BROKER_URL.startswith("filesystem"):
    _queue_dir = VAR_DIR / "celery" / "queue"
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(_queue_dir), "data_folder_out": str(_queue_dir),
        "processed_folder": str(VAR_DIR / "celery" / "processed"), "store_processed": False,
        "control_folder": str(VAR_DIR / "celery" / "control"),
    }
# Publishing waits at most CELERY_BROKER_TIMEOUT on a dead or hung broker (the
# outbox, games/store/outbox.py, keeps the task); a task whose worker was killed is
# handed to another after the visibility timeout (10 min, not Redis's 1 h).
CELERY_BROKER_TIMEOUT = float(os.environ.get("CELERY_BROKER_TIMEOUT", "2"))
CELERY_BROKER_CONNECTION_TIMEOUT = CELERY_BROKER_TIMEOUT
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None  # workers wait out any broker outage
if CELERY_BROKER_URL.startswith(("redis", "rediss")):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "600")),
        "socket_timeout": CELERY_BROKER_TIMEOUT, "socket_connect_timeout": CELERY_BROKER_TIMEOUT,
        "unacked_restore_interval": 10, "unacked_restore_throttle": 1,
        "max_retries": 0,  # a publish does not sleep and reconnect; workers reconnect on their own
    }
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ALWAYS_EAGER = env_flag("CELERY_TASK_ALWAYS_EAGER")
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True  # tasks are idempotent: a killed child's task runs again
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# One beat fires at a time however many run (a lease row, config/celery.py).
CELERY_BEAT_SCHEDULER = "config.celery:LeasedScheduler"
CELERY_BEAT_MAX_LOOP_INTERVAL = 5
CELERY_BEAT_SCHEDULE_FILENAME = os.environ.get("CELERY_BEAT_SCHEDULE_FILENAME",
                                               str(VAR_DIR / "celerybeat-schedule"))
CELERY_BEAT_SCHEDULE = {}
CELERY_TIMEZONE = "UTC"

# --- Email ----------------------------------------------------------------
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Hotline <noreply@hotline.localhost>")
if os.environ.get("EMAIL_HOST"):
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_flag("EMAIL_USE_TLS")
elif os.environ.get("ANYMAIL_ESP"):
    # A mail provider's HTTP API through django-anymail: ANYMAIL_ESP=postmark (mailgun,
    # amazon_ses, sendgrid, ...) and its settings as ANYMAIL_<NAME>, e.g. ANYMAIL_POSTMARK_SERVER_TOKEN.
    EMAIL_BACKEND = f"anymail.backends.{os.environ['ANYMAIL_ESP']}.EmailBackend"
    ANYMAIL = {name[len("ANYMAIL_"):]: value for name, value in os.environ.items()
               if name.startswith("ANYMAIL_") and name != "ANYMAIL_ESP"}
elif os.environ.get("HOTLINE_EMAIL_CONSOLE"):
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
else:
    EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
    EMAIL_FILE_PATH = str(VAR_DIR / "mail")

# --- Accounts (django-allauth) --------------------------------------------
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_FORMS = {"login": "accounts.forms.SiteLoginForm"}  # the site's words on allauth's form
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_PRESERVE_USERNAME_CASING = True
ACCOUNT_USERNAME_MIN_LENGTH = 3
ACCOUNT_RATE_LIMITS = {
    "login": "30/m/ip",
    "login_failed": "10/m/ip,5/5m/key",  # key: account and address (accounts/adapter.py)
    "signup": "10/h/ip",
    "confirm_email": "1/3m/key",
    "reset_password": "20/m/ip,3/h/key",  # key: the address the mail goes to
}  # allauth adds its defaults for the rest (change_password, manage_email, reauthenticate, ...)
# Behind N proxies the client's address is N from the right in X-Forwarded-For (also for DRF).
ALLAUTH_TRUSTED_PROXY_COUNT = int(os.environ.get("HOTLINE_NUM_PROXIES", "0"))
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
LOGIN_REDIRECT_URL = "games:my_games"
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[Hotline] "
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https" if PRODUCTION else "http"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- API ------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.auth.CachedTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Suspended users may read only: decided on the user DRF authenticated.
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated",
                                   "games.moderation.permissions.NotSuspendedForWrites"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # JSON only, size- and depth-limited (games/api/parsers.py).
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.JSONParser"],
    # Per user (per address when signed out) and scope; see games/limits/throttles.py.
    "DEFAULT_THROTTLE_CLASSES": ["games.limits.throttles.ReadThrottle", "games.limits.throttles.WriteThrottle"],
    "DEFAULT_THROTTLE_RATES": {scope: os.environ.get(f"HOTLINE_RATE_{scope.upper()}", rate) for scope, rate in {
        "read": "600/min", "write": "120/min", "actions": "90/min", "create": "30/hour",
        "invitations": "10/hour", "pages": "300/min", "pages_address": "1200/min"}.items()},
    # Addresses of signed-out clients: REMOTE_ADDR, or X-Forwarded-For behind N proxies.
    "NUM_PROXIES": int(os.environ.get("HOTLINE_NUM_PROXIES", "0")),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Hotline API",
    "DESCRIPTION": "Correspondence play of card-driven strategy games.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR", "SWAGGER_UI_FAVICON_HREF": "SIDECAR", "REDOC_DIST": "SIDECAR",
}

# --- Languages ------------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ko", _("Korean")), ("ja", _("Japanese")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "UTC"
USE_TZ = True

# --- Static files ---------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": (
        "whitenoise.storage.CompressedManifestStaticFilesStorage" if not DEBUG
        else "django.contrib.staticfiles.storage.StaticFilesStorage")},
}

# --- Hotline --------------------------------------------------------------
# Titles still being built are hidden from the create-game page unless enabled.
HOTLINE_ENABLE_PREVIEW_TITLES = env_flag("HOTLINE_ENABLE_PREVIEW_TITLES", DEBUG)
# Extra rules modules (exposing RULES) to register, e.g. the benchmark's example game.
HOTLINE_EXTRA_TITLES = [m for m in os.environ.get("HOTLINE_EXTRA_TITLES", "").split(",") if m]
HOTLINE_ALLOW_DEMO_USERS = not PRODUCTION
HOTLINE_STATUS_POLL_SECONDS = int(os.environ.get("HOTLINE_STATUS_POLL_SECONDS", "5"))

# --- Security headers -----------------------------------------------------
if PRODUCTION:
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = True
    # TLS ends at the proxy in front of gunicorn, which must set X-Forwarded-Proto
    # (and drop any the client sent): requests it marks "https" are secure.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_flag("HOTLINE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("HOTLINE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_flag("HOTLINE_HSTS_SUBDOMAINS")
# Content-Security-Policy on every response, in development too (so the tests
# exercise it): scripts only from our origin or inline with this response's nonce
# (templates write nonce="{{ request.csp_nonce }}"; no on*= attributes), styles
# only from static files (no <style> blocks, no style="" attributes). The API
# docs add what Swagger UI and Redoc need (config/urls.py). HOTLINE_CSP_REPORT_ONLY=1
# sends it as Content-Security-Policy-Report-Only instead (to try a change).
from csp.constants import NONCE, NONE, SELF  # noqa: E402
_CSP = {"DIRECTIVES": {
    "default-src": [SELF], "script-src": [SELF, NONCE], "style-src": [SELF],
    "img-src": [SELF, "data:"], "connect-src": [SELF], "font-src": [SELF],
    "frame-ancestors": [NONE], "base-uri": [SELF], "form-action": [SELF], "object-src": [NONE],
}}
if env_flag("HOTLINE_CSP_REPORT_ONLY"):
    CONTENT_SECURITY_POLICY_REPORT_ONLY = _CSP
else:
    CONTENT_SECURITY_POLICY = _CSP
# Server-Timing (time in Django and in SQL) for everyone, or for staff only.
HOTLINE_SERVER_TIMING = env_flag("HOTLINE_SERVER_TIMING", not PRODUCTION)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# --- Correspondence -------------------------------------------------------
HOTLINE_VACATION_DAYS_PER_DAY = float(os.environ.get("HOTLINE_VACATION_DAYS_PER_DAY", "0.1"))
HOTLINE_VACATION_CAP_DAYS = float(os.environ.get("HOTLINE_VACATION_CAP_DAYS", "30"))
HOTLINE_VACATION_YEARLY_DAYS = float(os.environ.get("HOTLINE_VACATION_YEARLY_DAYS", "14"))
# No "your turn" mail if the player acted in that game this recently (seconds).
HOTLINE_CHAT_PER_MINUTE = int(os.environ.get("HOTLINE_CHAT_PER_MINUTE", "6"))
HOTLINE_TURN_MAIL_QUIET_SECONDS = int(os.environ.get("HOTLINE_TURN_MAIL_QUIET_SECONDS", "300"))
CELERY_BEAT_SCHEDULE = {
    "relay-outbox": {"task": "games.tasks.relay_outbox", "schedule": 5.0},
    "purge-outbox": {"task": "games.tasks.purge_outbox", "schedule": 86400.0},
    "time-out-overdue-seats": {"task": "games.tasks.time_out_overdue", "schedule": 60.0},
    "send-deadline-reminders": {"task": "games.tasks.send_reminders", "schedule": 60.0},
    "end-expired-vacations": {"task": "games.tasks.end_expired_vacations", "schedule": 300.0},
    "end-table-pauses": {"task": "games.tasks.end_table_pauses", "schedule": 60.0},
    "send-daily-digests": {"task": "games.tasks.send_digests", "schedule": 300.0},
    "remove-inactive-ladder-players": {"task": "games.ladder.tasks.remove_inactive_ladder_players",
                                       "schedule": 86400.0},
}
