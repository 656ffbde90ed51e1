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

import page_common as common


def measure(moves: int) -> None:
    from django.urls import reverse

    from games.titles.twilight_struggle.tests.test_ts_board import play_random, start_game

    alice, bob = common.players()
    game = start_game(alice, bob)
    play_random(game, {"ussr": alice, "us": bob}, moves)
    game.refresh_from_db()
    url = reverse("games:detail", args=[game.pk])
    for user in (alice, bob):
        client = common.logged_in(user)
        client.get(url)  # warm-up
        app, cpu, queries = common.poll_times(client, url, 15)
        print(f"{user.username}: game page after move {game.seq} (turn {game.state['turn']}): "
              f"server time (wall) {common.summary(app)}; CPU {common.summary(cpu)}; "
              f"{queries} queries (target < 150 ms)")
    common.measure_polls(game, alice, bob)


if __name__ == "__main__":
    common.main(measure, "ts-page-cache-")
