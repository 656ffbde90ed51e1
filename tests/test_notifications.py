"""Notifications are scheduled on commit and delivered by a real Celery worker."""
import time

import pytest
from django.core import mail
from django.db import transaction

from config.celery import app as celery_app
from games.play import services

LINK = "/games/{}/"


@pytest.mark.django_db
def test_a_move_schedules_mail_only_after_commit(django_capture_on_commit_callbacks, alice, bob):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        game = services.game_create(user=alice, title_id="duel", creator_role="north")
        services.seat_join(game_id=game.pk, user=bob)
    assert len(callbacks) == 2  # game started + turn notice for both roles
    subjects = sorted(m.subject.split(": you play")[0].split(" against")[0] for m in mail.outbox)
    assert subjects == [f"Duel (example) #{game.pk} has started"] * 2 + [f"Your turn: Duel (example) #{game.pk}"] * 2
    turn = next(m for m in mail.outbox if m.subject.startswith("Your turn"))
    assert LINK.format(game.pk) in turn.body


@pytest.mark.django_db
def test_a_failed_move_schedules_nothing(django_capture_on_commit_callbacks, duel, alice):
    with django_capture_on_commit_callbacks() as callbacks:
        try:
            with transaction.atomic():
                card = sorted(duel.state["hands"]["north"])[0]
                services.move_submit(game_id=duel.pk, user=alice, verb="pick", arg=card, expected_seq=1)
                raise RuntimeError("crash after the move, before commit")
        except RuntimeError:
            pass
    assert callbacks == []


@pytest.mark.django_db
def test_players_who_opted_out_get_no_turn_mail(django_capture_on_commit_callbacks, alice, bob):
    bob.profile.email_your_turn = False
    bob.profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(user=alice, title_id="duel", creator_role="north")
        services.seat_join(game_id=game.pk, user=bob)
    turn_mail = [m.to for m in mail.outbox if m.subject.startswith("Your turn")]
    assert turn_mail == [[alice.email]]


@pytest.fixture
def real_worker(settings):
    from celery.contrib.testing.worker import start_worker

    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.task_always_eager = False
    celery_app.conf.broker_url = settings.CELERY_BROKER_URL
    with start_worker(celery_app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        yield
    celery_app.conf.task_always_eager = True


def wait_for(predicate, seconds=15.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.1)
    return False


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_the_real_worker_sends_the_turn_mail_from_the_broker(real_worker, alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    assert wait_for(lambda: len(mail.outbox) >= 4), [m.subject for m in mail.outbox]
    time.sleep(0.5)  # nothing more may arrive
    turn = [m for m in mail.outbox if m.subject.startswith("Your turn")]
    assert sorted(m.to[0] for m in turn) == [alice.email, bob.email]
    assert len(mail.outbox) == 4
