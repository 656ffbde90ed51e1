"""Server time of the Twilight Struggle game page on a mid-game state.

The measures and targets: bench/page_common.py.

    .venv/bin/python bench/ts_page.py [--moves 100]
"""
from __future__ import annotations

import page_common as common


def measure(moves: int) -> None:
    from games.titles.twilight_struggle.tests.test_ts_board import play_random, start_game

    alice, bob, game, url = common.mid_game(start_game, play_random, ("ussr", "us"), moves)
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
