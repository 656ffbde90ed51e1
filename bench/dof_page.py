"""Server time of the 1989: Dawn of Freedom game page on a mid-game state.

Plays ~100 random legal moves through the real move service, then times the
test client's GET of the game page (median of 15 after a warm-up) for each
player (target: under 150 ms), and the status poll every open game page makes
every 3 s (turn, presence, chat marker; median of 200; target: under 5 ms).
Presence lives in the cache: a file cache by default, as in the embedded mode. Uses a throwaway test database (SQLite by
default; PostgreSQL when DATABASE_URL is set).

    .venv/bin/python bench/dof_page.py [--moves 100]
"""
from __future__ import annotations

import page_common as common


def measure(moves: int) -> None:
    from django.urls import reverse

    from games.titles.dawn_of_freedom.tests.test_dof_board import play_random, start_game

    alice, bob = common.players()
    game = start_game(alice, bob)
    play_random(game, {"communist": alice, "democrat": bob}, moves)
    game.refresh_from_db()
    url = reverse("games:detail", args=[game.pk])
    for user in (alice, bob):
        times, cpu = common.wall_times(common.logged_in(user), url, 15, cpu=True)
        print(f"{user.username}: game page after move {game.seq} (turn {game.state['turn']}): "
              f"wall {common.summary(times)}; CPU {common.summary(cpu)} (target < 150 ms)")
    common.measure_polls(game, alice, bob)


if __name__ == "__main__":
    common.main(measure, "dof-page-cache-")
