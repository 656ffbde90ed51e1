"""The outbox: after-commit tasks are rows of the move's transaction; a dead
broker costs a request nothing and loses nothing; the relay hands rows over
once; the cache falls back to process memory while Redis is down."""
import time
from datetime import timedelta

import pytest
from django.core import mail
from django.db import transaction
from django.utils import timezone

from config.celery import app as celery_app
from games import tasks
from games.store import outbox
from games.play import services
from games.models import Notification, OutboxTask

from tests.stack import free_port

pytestmark = pytest.mark.django_db


BROKER_KEYS = ("broker_url", "broker_write_url", "broker_read_url")


def _use_broker(url) -> None:
    for key in BROKER_KEYS:
        celery_app.conf[key] = url
    celery_app._pool = celery_app.amqp._producer_pool = None  # new connections for the new address


@pytest.fixture
def dead_broker(settings):
    """Publishing really goes to a broker address where nothing listens."""
    eager, url = celery_app.conf.task_always_eager, celery_app.conf.broker_url
    celery_app.conf.task_always_eager = False
    _use_broker(f"redis://127.0.0.1:{free_port()}/0")
    outbox._paused_until = 0.0
    yield
    celery_app.conf.task_always_eager = eager
    _use_broker(url)
    outbox._paused_until = 0.0


def start_duel(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    return services.seat_join(game_id=game.pk, user=bob)


def test_the_tasks_of_a_move_are_rows_of_its_transaction(django_capture_on_commit_callbacks, alice, bob):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_duel(alice, bob)
    rows = {row.task.rsplit(".", 1)[1]: row for row in OutboxTask.objects.all()}
    assert set(rows) == {"send_game_started", "send_turn_notice"}
    assert rows["send_turn_notice"].args == [game.pk, 1, ["north", "south"]]
    assert all(row.sent_at is not None for row in rows.values())
    assert len(mail.outbox) == 4


def test_a_move_rolled_back_leaves_no_task(duel, alice):
    before = OutboxTask.objects.count()
    with pytest.raises(RuntimeError):
        with transaction.atomic():
            services.game_resign(game_id=duel.pk, user=alice)
            assert OutboxTask.objects.filter(task=tasks.send_games_over.name, args=[[duel.pk]]).exists()
            raise RuntimeError("crash before commit")
    assert OutboxTask.objects.count() == before


def test_a_dead_broker_costs_the_move_nothing_and_the_relay_sends_later(
        django_capture_on_commit_callbacks, dead_broker, caplog, alice, bob):
    with django_capture_on_commit_callbacks(execute=True):
        game = start_duel(alice, bob)
    # one refused connection, then this process pauses: the second row is not even tried
    assert refusals(caplog, "broker unavailable") == 1
    assert outbox._paused_until > time.monotonic()
    assert OutboxTask.objects.filter(sent_at=None).count() == 2
    assert mail.outbox == []

    celery_app.conf.task_always_eager = True  # the broker is back (eager: the task runs as it is handed over)
    assert outbox.relay(timezone.now()) == 0  # rows younger than RELAY_AFTER are still their request's
    later = timezone.now() + outbox.RELAY_AFTER + timedelta(seconds=1)
    assert outbox.relay(later) == 2
    assert outbox.relay(later) == 0
    assert OutboxTask.objects.filter(sent_at=None).count() == 0
    assert sorted(m.subject.split(": you play")[0].split(" against")[0] for m in mail.outbox) == (
        [f"Duel (example) #{game.pk} has started"] * 2 + [f"Your turn: Duel (example) #{game.pk}"] * 2)
    assert Notification.objects.filter(status="sent").count() == 4


def test_the_relay_stops_at_the_first_refusal_and_keeps_the_rest(dead_broker, alice, bob):
    rows = [OutboxTask.objects.create(task=tasks.send_game_started.name, args=[1]) for _ in range(3)]
    OutboxTask.objects.update(created_at=timezone.now() - timedelta(minutes=1))
    assert outbox.relay() == 0
    assert sorted(OutboxTask.objects.values_list("attempts", flat=True)) == [0, 0, 1]
    assert OutboxTask.objects.filter(pk__in=[r.pk for r in rows], sent_at=None).count() == 3


def test_sent_rows_are_purged_after_two_days():
    old, recent, waiting = (OutboxTask.objects.create(task=tasks.relay_outbox.name, args=[]) for _ in range(3))
    OutboxTask.objects.filter(pk=old.pk).update(sent_at=timezone.now() - timedelta(days=3))
    OutboxTask.objects.filter(pk=recent.pk).update(sent_at=timezone.now() - timedelta(days=1))
    OutboxTask.objects.filter(pk=waiting.pk).update(created_at=timezone.now() - timedelta(days=3))
    assert tasks.purge_outbox() == 1
    assert set(OutboxTask.objects.values_list("pk", flat=True)) == {recent.pk, waiting.pk}


@pytest.fixture
def redis_cache_down(settings):
    from config import cache

    settings.CACHES = {"default": {"BACKEND": "config.cache.FallbackRedisCache",
                                   "LOCATION": f"redis://127.0.0.1:{free_port()}/1",
                                   "OPTIONS": {"socket_timeout": 0.5, "socket_connect_timeout": 0.5}}}
    cache._paused_until = 0.0
    yield
    cache._paused_until = 0.0


def refusals(caplog, words: str) -> int:
    """How many times a dead service was tried (each try logs one warning and
    can cost at most its socket timeout; a pause means no further tries)."""
    return sum(words in record.getMessage() for record in caplog.records)


def test_chat_and_login_work_while_the_cache_is_down_and_limits_still_count(
        redis_cache_down, settings, caplog, client, duel, alice):
    from django.core.cache import cache

    settings.HOTLINE_CHAT_PER_MINUTE = 2
    assert cache.get("anything") is None  # refused, answered from memory
    client.force_login(alice)
    path = f"/moderation/api/games/{duel.pk}/chat/"
    statuses = [client.post(path, {"body": f"line {i}"}, content_type="application/json").status_code
                for i in range(3)]
    assert statuses == [201, 201, 429]
    client.logout()
    response = client.post("/accounts/login/", {"login": "alice", "password": "pw-for-tests-1"})
    assert response.status_code == 302
    assert refusals(caplog, "cache: Redis unavailable") == 1  # Redis tried once, then left alone


def test_an_html_move_and_resign_answer_while_broker_and_cache_are_down(
        django_capture_on_commit_callbacks, dead_broker, redis_cache_down, caplog, client, duel, alice):
    import json

    client.force_login(alice)
    card = sorted(duel.state["hands"]["north"])[0]
    with django_capture_on_commit_callbacks(execute=True):
        moved = client.post(f"/games/{duel.pk}/act/", {"verb": "pick", "arg": json.dumps(card),
                                                        "expected_seq": duel.seq}, HTTP_HX_REQUEST="true")
        resigned = client.post(f"/games/{duel.pk}/resign/")
    assert moved.status_code == 200 and resigned.status_code in (200, 302)
    assert refusals(caplog, "broker unavailable") == 1 and refusals(caplog, "cache: Redis unavailable") <= 1
    assert duel.moves.filter(verb="pick").count() == 1
    assert OutboxTask.objects.filter(task=tasks.send_games_over.name, args=[[duel.pk]], sent_at=None).exists()


def test_every_task_named_by_a_room_is_registered_once_django_is_set_up():
    """Rooms below the mail and play rooms enqueue some tasks by name
    (journal.SWEEP_TASK, the reminders): a fresh process that only set Django up
    must know them all (test_team_orders.py alone once met NotRegistered)."""
    import os
    import subprocess
    import sys

    names = ["games.tasks.time_out_overdue", "games.tasks.send_reminder", "games.tasks.send_digest",
             "games.tasks.send_auto_vacation", "games.tasks.relay_outbox"]
    code = ("import django; django.setup(); from config.celery import app; "
            f"missing = [n for n in {names!r} if n not in app.tasks]; print(missing); assert not missing")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.test_settings"})
    assert done.returncode == 0, done.stdout + done.stderr
