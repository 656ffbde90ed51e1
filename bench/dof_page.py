"""Server time of the 1989: Dawn of Freedom game page on a mid-game state.

The measures and targets: bench/page_common.py.

    .venv/bin/python bench/dof_page.py [--moves 100]
"""
from __future__ import annotations

import page_common as common


def measure(moves: int) -> None:
    from games.titles.dawn_of_freedom.tests.test_dof_board import play_random, start_game

    alice, bob, game, url = common.mid_game(start_game, play_random, ("communist", "democrat"), moves)
    for user in (alice, bob):
        times, cpu = common.wall_times(common.logged_in(user), url, 15, cpu=True)
        print(f"{user.username}: game page after move {game.seq} (turn {game.state['turn']}): "
              f"wall {common.summary(times)}; CPU {common.summary(cpu)} (target < 150 ms)")
    common.measure_polls(game, alice, bob)


if __name__ == "__main__":
    common.main(measure, "dof-page-cache-")
