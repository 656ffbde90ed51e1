"""Deadlines enforced by the real Celery worker from the real broker, and two
sweeps at once on PostgreSQL: every overdue seat is timed out exactly once."""
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games import tasks
from games.play import services
from games.models import Game, Move, Seat

from tests.threads import run_together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def overdue_games(alice, bob, count):
    games = []
    for _ in range(count):
        game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                    time_control={"kind": "per_move", "days": 1})
        services.seat_join(game_id=game.pk, user=bob)
        games.append(game)
    Seat.objects.filter(game__in=games, role="south").update(deadline_at=timezone.now() - timedelta(seconds=5))
    return games


def test_two_sweeps_at_the_same_moment_time_each_game_out_once(alice, bob):
    games = overdue_games(alice, bob, 12)
    counts = run_together([services.games_time_out_overdue] * 2)
    assert sum(counts) == 12
    assert Move.objects.filter(verb=".timeout").count() == 12
    assert Game.objects.filter(pk__in=[g.pk for g in games], status="finished").count() == 12


@pytest.mark.redis
def test_the_beat_task_run_twice_by_the_real_worker_has_one_effect(worker, alice, bob):
    game = overdue_games(alice, bob, 1)[0]
    tasks.time_out_overdue.delay()
    tasks.time_out_overdue.delay()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not Game.objects.filter(pk=game.pk, status="finished").exists():
        time.sleep(0.1)
    time.sleep(1)  # let the second run finish too
    game.refresh_from_db()
    assert game.status == "finished" and game.result["reason"] == "timeout"
    assert Move.objects.filter(game=game, verb=".timeout").count() == 1
