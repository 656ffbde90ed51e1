"""Server time of the Twilight Struggle game page on a mid-game state.

Plays ~100 random legal moves through the real move service, then times the
test client's GET of the game page (median of 15 after a warm-up) for each
player. Target: under 150 ms. Uses a throwaway test database (SQLite by
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
    args = parser.parse_args()
    import django

    django.setup()
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
        client.get(url)
        times = []
        for _ in range(15):
            start = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - start) * 1000)
        print(f"{user.username}: game page after move {game.seq} (turn {game.state['turn']}): "
              f"median {statistics.median(times):.1f} ms, min {min(times):.1f} ms, max {max(times):.1f} ms "
              f"(target < 150 ms)")


if __name__ == "__main__":
    main()
