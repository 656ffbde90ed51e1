"""More than one machine, on one: two gunicorn nodes on two ports, two Celery
workers and two beat processes started at once, sharing PostgreSQL and a
private Redis. No move is lost, every overdue game times out exactly once,
one beat fires the schedule and the other takes over when it dies, and every
mail arrives once."""
from __future__ import annotations

import re
import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from tests.stack import Api, all_mail_sent_once, new_game, players, stack, wait_until  # noqa: F401 (fixture)

pytestmark = [pytest.mark.postgres, pytest.mark.slow, pytest.mark.django_db(transaction=True),
              pytest.mark.filterwarnings("ignore::celery.exceptions.AlwaysEagerIgnored")]

PLAY_SECONDS = 8
LEASE = 8  # seconds (HOTLINE_BEAT_LEASE_SECONDS), 30 in production; a busy CI machine must not starve the leader


def overdue_games(alice, bob, count: int) -> list[int]:
    from games.play import services
    from games.models import Seat

    games = []
    for _ in range(count):
        game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                    time_control={"kind": "per_move", "days": 1})
        services.seat_join(game_id=game.pk, user=bob)
        games.append(game.pk)
    Seat.objects.filter(game_id__in=games, role="south").update(deadline_at=timezone.now() - timedelta(seconds=5))
    return games


def keep_playing(api: Api, game_ids: list[int], until: float) -> None:
    while time.monotonic() < until:
        moved = [api.move(game_id) for game_id in game_ids]
        if all(status != 200 for status in moved):
            time.sleep(0.2)


def sends(procs, beat: str) -> int:
    return len(re.findall(r"Sending due task relay-outbox", procs.log_tail(beat, 10**7)))


def test_two_nodes_two_workers_two_beats_lose_no_move_and_time_out_once(stack, make_user):
    from config.celery import app
    from games.models import Game, Move, Notification

    t0 = time.monotonic()
    (alice, bob, carol, dave), tokens = players(make_user, "alice", "bob", "carol", "dave")
    overdue = overdue_games(carol, dave, 6)
    Notification.objects.all().delete()  # those went to this process's locmem outbox, not to the nodes
    stack.procs.env["HOTLINE_BEAT_LEASE_SECONDS"] = str(LEASE)
    nodes = [stack.procs.gunicorn(f"web-{n}", workers=1, threads=2) for n in (1, 2)]
    for n in (1, 2):
        stack.procs.worker(f"worker-{n}")
    beats = [stack.procs.beat(f"beat-{n}") for n in (1, 2)]
    started = time.monotonic()
    print(f"processes up in {time.monotonic() - t0:.0f} s")

    a, b = Api(nodes[0], tokens[0]), Api(nodes[1], tokens[1])  # each player on their own node
    games = [new_game(a, b) for _ in range(3)]
    with app.connection_for_write(f"{stack.redis.url}/0") as conn:  # (send_task is never eager)
        for _ in range(4):  # sweeps from both workers at once
            app.send_task("games.tasks.time_out_overdue", connection=conn, queue="celery")  # the nodes' queue
    until = time.monotonic() + PLAY_SECONDS
    clients = [threading.Thread(target=keep_playing, args=(api, games, until)) for api in (a, b)]
    [c.start() for c in clients]
    [c.join(PLAY_SECONDS + 30) for c in clients]

    accepted = sum(1 for api in (a, b) for path, status, _ in api.calls if path.endswith("/actions/") and status == 200)
    stored = Move.objects.filter(game_id__in=games).exclude(verb__startswith=".").count()
    assert accepted == stored and accepted > 10, (accepted, stored)
    assert all(status < 500 for api in (a, b) for _, status, _ in api.calls)
    assert wait_until(lambda: Game.objects.filter(pk__in=overdue, status="finished").count() == 6, 30)
    assert Move.objects.filter(game_id__in=overdue, verb=".timeout").count() == 6

    assert wait_until(lambda: sends(stack.procs, "beat-1") + sends(stack.procs, "beat-2") >= 3, 30)
    elapsed = time.monotonic() - started
    fired = [sends(stack.procs, f"beat-{n}") for n in (1, 2)]
    assert sorted(fired)[0] == 0 and sum(fired) <= elapsed / 5 + 1, (fired, elapsed)  # one beat fires
    leader, standby = (0, 1) if fired[0] else (1, 0)
    print(f"played and timed out in {time.monotonic() - t0:.0f} s")
    stack.procs.kill(beats[leader])
    assert wait_until(lambda: sends(stack.procs, f"beat-{standby + 1}") > 0, LEASE + 15), \
        stack.procs.log_tail(f"beat-{standby + 1}")
    print(f"standby took over in {time.monotonic() - t0:.0f} s")
    assert wait_until(lambda: not all_mail_sent_once(stack.inbox), 60, step=1), all_mail_sent_once(stack.inbox)
    print(f"{accepted} moves on two nodes, 6 timeouts once each, relay fired {fired} by the two beats "
          f"in {elapsed:.0f} s, {len(stack.inbox.messages)} mails once each")
