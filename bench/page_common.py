"""What the game-page benchmarks (bench/ts_page.py, dof_page.py) share.

Each plays ~100 random legal moves through the real move service, then times the
test client's GET of the game page (median of 15 after a warm-up) for each
player (target: under 150 ms), and the status poll every open game page makes
every 3 s (turn, presence, chat marker; median of 200; target: under 5 ms).
Presence lives in the cache: a file cache by default, as in the embedded mode. Uses a throwaway test database (SQLite by
default; PostgreSQL when DATABASE_URL is set).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")


def main(measure, cache_prefix: str) -> None:
    """Parse --moves/--cache, set Django up on a throwaway test database and run
    ``measure(moves)``."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--cache", choices=("memory", "file"), default="file",
                        help="presence lives in the cache: 'file' is the embedded default (var/cache), "
                             "'memory' the test settings' local memory")
    args = parser.parse_args()
    import tempfile

    import django
    from django.conf import settings

    django.setup()
    if args.cache == "file":
        settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
                                       "LOCATION": tempfile.mkdtemp(prefix=cache_prefix)}}
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    try:
        measure(args.moves)
    finally:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def mid_game(start_game, play_random, roles, moves: int):
    """alice and bob (seated in ``roles`` order) after ``moves`` random moves: (alice, bob, game, page url)."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    make = get_user_model().objects.create_user
    alice, bob = make("alice", "a@example.com", "x"), make("bob", "b@example.com", "x")
    game = start_game(alice, bob)
    play_random(game, dict(zip(roles, (alice, bob))), moves)
    game.refresh_from_db()
    return alice, bob, game, reverse("games:detail", args=[game.pk])


def logged_in(user):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client


def measure_polls(game, alice, bob) -> None:
    """The live updates: every open page polls the status line (turn, presence,
    chat marker); the chat lines are fetched only when the poll shows a new message."""
    from django.urls import reverse

    status = f"{reverse('games:status', args=[game.pk])}?seq={game.seq}&st={game.status}"
    chat = f"{reverse('moderation:chat', args=[game.pk])}?lines=1"
    for user in (alice, bob):
        app, cpu, queries = poll_times(logged_in(user), status, 300, HTTP_HX_REQUEST="true")
        print(f"{user.username}: status poll: server time (Server-Timing app, wall) {summary(app)}; "
              f"CPU {summary(cpu)}; {queries} queries (target < 5 ms)")
    times = wall_times(logged_in(alice), chat, 50, HTTP_HX_REQUEST="true")
    print(f"alice: chat lines (fetched only when the poll shows a new message): {summary(times)}")


def wall_times(client, url, runs, cpu=False, **headers):
    """Wall times of ``runs`` GETs (and, with ``cpu``, this process's CPU time for each: what a
    page costs without the waits for a core on a busy machine)."""
    client.get(url, **headers)  # warm-up
    times, cpus = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        response = client.get(url, **headers)
        times.append((time.perf_counter() - start) * 1000)
        cpus.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, response.status_code
    return (times, cpus) if cpu else times


def poll_times(client, url, runs, **headers):
    """Wall time as the server reports it (config.middleware.ServerTimingMiddleware: the whole
    middleware stack and the view) and this process's CPU time per request (what a poll costs
    the server on a busy machine, without the waits for a core)."""
    from django.test import override_settings

    wall, cpu = [], []
    with override_settings(HOTLINE_SERVER_TIMING=True):
        for _ in range(runs):
            start = time.process_time()
            timing = client.get(url, **headers)["Server-Timing"]
            cpu.append((time.process_time() - start) * 1000)
            wall.append(float(timing.split("app;dur=")[1].split(",")[0]))
    return wall, cpu, timing.split('desc="')[1].split(" ")[0]


def summary(times) -> str:
    return (f"median {statistics.median(times):.2f} ms, min {min(times):.2f} ms, "
            f"max {max(times):.2f} ms")
