"""Server time of the Twilight Struggle game page on a mid-game state.

Plays ~100 random legal moves through the real move service, then times the
test client's GET of the game page (median of 15 after a warm-up) for each
player (target: under 150 ms), and the status poll every open game page makes
every 3 s (turn, presence, chat marker; median of 200; target: under 5 ms).
Presence lives in the cache: a file cache by default, as in the embedded mode. Uses a throwaway test database (SQLite by
default; PostgreSQL when DATABASE_URL is set).

    .venv/bin/python bench/ts_page.py [--moves 100]
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


def main():
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
                                       "LOCATION": tempfile.mkdtemp(prefix="ts-page-cache-")}}
    from django.db import connection
    from django.test.utils import setup_test_environment

    setup_test_environment()
    connection.creation.create_test_db(verbosity=0)
    try:
        measure(args.moves)
    finally:
        connection.creation.destroy_test_db(connection.settings_dict["NAME"], verbosity=0)


def measure(moves: int) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from games.titles.twilight_struggle.tests.test_ts_board import play_random, start_game

    make = get_user_model().objects.create_user
    alice, bob = make("alice", "a@example.com", "x"), make("bob", "b@example.com", "x")
    game = start_game(alice, bob)
    play_random(game, {"ussr": alice, "us": bob}, moves)
    game.refresh_from_db()
    url = reverse("games:detail", args=[game.pk])
    for user in (alice, bob):
        client = Client()
        client.force_login(user)
        client.get(url)  # warm-up
        app, cpu, queries = _poll_times(client, url, 15)
        print(f"{user.username}: game page after move {game.seq} (turn {game.state['turn']}): "
              f"server time (wall) {_summary(app)}; CPU {_summary(cpu)}; {queries} queries (target < 150 ms)")
    # the live updates: every open page polls the status line (turn, presence, chat marker)
    status = f"{reverse('games:status', args=[game.pk])}?seq={game.seq}&st={game.status}"
    chat = f"{reverse('moderation:chat', args=[game.pk])}?lines=1"
    for user in (alice, bob):
        client = Client()
        client.force_login(user)
        app, cpu, queries = _poll_times(client, status, 300, HTTP_HX_REQUEST="true")
        print(f"{user.username}: status poll: server time (Server-Timing app, wall) {_summary(app)}; "
              f"CPU {_summary(cpu)}; {queries} queries (target < 5 ms)")
    client = Client()
    client.force_login(alice)
    times = _times(client, chat, 50, HTTP_HX_REQUEST="true")
    print(f"alice: chat lines (fetched only when the poll shows a new message): {_summary(times)}")


def _times(client, url, runs, **headers) -> list[float]:
    client.get(url, **headers)  # warm-up
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        response = client.get(url, **headers)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    return times


def _poll_times(client, url, runs, **headers):
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


def _summary(times) -> str:
    return (f"median {statistics.median(times):.2f} ms, min {min(times):.2f} ms, "
            f"max {max(times):.2f} ms")

if __name__ == "__main__":
    main()
