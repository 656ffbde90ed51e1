"""Shared fixtures, service detection and the CI no-skip rule.

Tests marked ``postgres``, ``redis`` or ``browser`` need that real service;
without it they are skipped with the reason printed (``-rs``). With
HOTLINE_CI=1 (set by .ci/run) any skipped test fails the run.
"""
from __future__ import annotations

import os
import re
import shutil
import socket
from urllib.parse import urlparse

import pytest

CI = os.environ.get("HOTLINE_CI") == "1"
_skipped: list[str] = []


def _redis_reachable() -> bool:
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis"):
        return False
    parsed = urlparse(url)
    try:
        with socket.create_connection((parsed.hostname or "127.0.0.1", parsed.port or 6379), timeout=1):
            return True
    except OSError:
        return False


def _chromium() -> str | None:
    return os.environ.get("CHROMIUM_PATH") or shutil.which("chromium") or shutil.which("chromium-browser")


def pytest_collection_modifyitems(config, items):
    from django.db import connection

    reasons = {
        "postgres": None if connection.vendor == "postgresql" else
        "needs PostgreSQL: set DATABASE_URL=postgres://... (see README)",
        "redis": None if _redis_reachable() else
        "needs a reachable Redis broker: set CELERY_BROKER_URL=redis://127.0.0.1:6379/0",
        "browser": None if _chromium() else "needs Chromium (apt install chromium)",
    }
    for item in items:
        for marker, reason in reasons.items():
            if reason and marker in item.keywords:
                item.add_marker(pytest.mark.skip(reason=reason))
    items.sort(key=_long_first)


# Unmarked tests of several seconds each (a quiet run's --durations): they start right
# after the slow ones. Only the order of the run depends on this list.
HEAVY = ("tests/test_security_input.py", "tests/test_rebuild_titles.py", "tests/test_conformance.py",
         "tests/test_key_order.py", "tests/test_briefing_property.py", "conformance.py", "canaries.py",
         "test_dof_i18n.py", "test_dof_languages.py", "test_ts_languages.py", "test_dow_exchanges.py",
         "test_prompt_cache.py", "test_ts_site.py")


def _long_first(item) -> int:
    """The long tests (browsers, many games, outages, then the heavy unmarked ones)
    start first, so the workers end together on short ones instead of one worker
    finishing a long test alone while the others idle (xdist hands out tests in
    this order). The sort is stable: the rest keep their order."""
    if "slow" in item.keywords or "browser" in item.keywords:
        return 0
    return 1 if item.nodeid.split("::")[0].endswith(HEAVY) else 2


def pytest_runtest_logreport(report):
    if report.skipped:
        _skipped.append(report.nodeid)


def pytest_collectreport(report):
    if report.skipped:
        _skipped.append(report.nodeid)


def retry_on_deadlock(call, attempts: int = 5):
    """``call()``, tried again when PostgreSQL picked it as a deadlock victim
    (it rolled back whole, so another try is safe)."""
    import time

    from django.db.utils import OperationalError

    for attempt in range(attempts):
        try:
            return call()
        except OperationalError as error:
            if "deadlock" not in str(error) or attempt == attempts - 1:
                raise
            time.sleep(0.2 * (attempt + 1))


def _flush_retried_on_deadlock() -> None:
    """A transactional test ends by emptying its tables (Django's flush). On
    PostgreSQL that TRUNCATE can meet a connection that is still closing (a
    test's thread or live server, a real worker) and be chosen as a deadlock
    victim. Without a retry the next test of the process starts on the last
    one's rows."""
    from django.test import TransactionTestCase

    original = TransactionTestCase._fixture_teardown
    TransactionTestCase._fixture_teardown = lambda self: retry_on_deadlock(lambda: original(self))


_flush_retried_on_deadlock()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def clean_broker() -> int:
    """Remove this test process's queue from the shared Redis broker (its
    bindings and any message still in it), and the queues of test processes
    that no longer run (a run that was killed); returns how many keys went."""
    url = os.environ.get("CELERY_BROKER_URL", "")
    if not url.startswith("redis") or not _redis_reachable():
        return 0
    import redis

    client = redis.Redis.from_url(url)
    stale = []
    for key in client.scan_iter(match="*celery-test-*"):
        match = re.search(rb"celery-test-(\d+)", key)
        if match and (int(match.group(1)) == os.getpid() or _gone(int(match.group(1)))):
            stale.append(key)
    if stale:
        client.delete(*stale)
    return len(stale)


def remove_sqlite_leftovers() -> None:
    """The WAL and shared-memory files of this process's SQLite test database
    (config/test_settings.py): Django removes the database file itself."""
    import glob

    from django.conf import settings

    name = settings.DATABASES["default"].get("TEST", {}).get("NAME") or ""
    if name.startswith(("/dev/shm/", "/tmp/")) and "hotline-test-" in name:
        for leftover in glob.glob(f"{name}*"):
            os.remove(leftover)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    clean_broker()
    remove_sqlite_leftovers()
    if CI and _skipped:
        print(f"\nHOTLINE_CI=1: {len(_skipped)} test(s) were skipped; in CI nothing may be skipped:")
        for nodeid in _skipped[:20]:
            print("  ", nodeid)
        session.exitstatus = 1


@pytest.fixture
def make_user(db):
    from django.contrib.auth import get_user_model

    def make(username: str, email: str | None = None, password: str = "pw-for-tests-1"):
        return get_user_model().objects.create_user(
            username=username, email=email or f"{username}@example.com", password=password)

    return make


@pytest.fixture
def alice(make_user):
    return make_user("alice")


@pytest.fixture
def bob(make_user):
    return make_user("bob")


@pytest.fixture
def carol(make_user):
    return make_user("carol")


@pytest.fixture
def duel(alice, bob):
    """A started Duel game: alice is north, bob is south."""
    from games.play import services

    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


@pytest.fixture
def clocked_duel(alice, bob):
    """A started Duel game on three days per move (its seats have deadlines):
    alice is north, bob is south."""
    from games.play import services

    game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


@pytest.fixture
def worker(settings):
    """A real Celery worker (two threads) on the configured broker for the test:
    tasks go through the broker instead of running eagerly."""
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    with start_worker(app, perform_ping_check=False, pool="threads", concurrency=2, loglevel="WARNING"):
        yield
        _worker_settled()
    app.conf.task_always_eager = True


def _worker_settled(quiet: float = 0.5, limit: float = 60) -> None:
    """Wait until the test's worker has run what the test set going (a task a
    task enqueued too): no task running or reserved for ``quiet`` seconds. A
    task still writing when the test's database is flushed deadlocks the flush
    (and leaves rows for the next test)."""
    import time

    from celery.worker import state

    calm_since = time.monotonic()
    end = calm_since + limit
    while time.monotonic() < end:
        if state.active_requests or state.reserved_requests:
            calm_since = time.monotonic()
        elif time.monotonic() - calm_since >= quiet:
            return
        time.sleep(0.05)


@pytest.fixture
def browser():
    """Headless Debian Chromium driven by Playwright (tests marked ``browser``)."""
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # the ORM runs beside Playwright's loop
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=_chromium(), args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        yield chromium
        chromium.close()


def logged_in_page(browser, live_server, user, width: int = 360, height: int = 780):
    """A browser page signed in as ``user`` (the session cookie of a forced login)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_cookies([{"name": "sessionid", "value": client.cookies["sessionid"].value,
                          "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


@pytest.fixture(autouse=True)
def english_by_default():
    """A page rendered in another language must not leak into the next test."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """pytest-django's test databases, plus: before they are dropped, end the
    sessions that threads of a test's Celery worker or live server left open
    (PostgreSQL will not drop a database anyone is connected to, and the run
    warned and left the database behind)."""
    yield
    from django.db import connection

    if connection.vendor != "postgresql":
        return
    with django_db_blocker.unblock(), connection.cursor() as cursor:
        cursor.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                       "WHERE datname = current_database() AND pid <> pg_backend_pid()")


def without_card_texts(html: str) -> str:
    """A page without the site's own card texts (a log name's popover, the "Being played"
    panel): they may name other cards, so a hand canary must not read them as a leak."""
    import re

    return re.sub(r'<span class="card-text">[^<]*</span>|<span class="card-pop"[^>]*><strong>[^<]*</strong>[^<]*</span>',
                  "", html)
