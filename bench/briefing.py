"""The "since you last looked" briefing (games/briefing/, issue 28): what it
costs to tell a seat 100 moves, per title.

For each title, a game is played ~130 random legal moves through the real move
service; then, for one seat, the account of the last 100 moves is built
(`briefing.stretches`: the moves in words, grouped by player, and
`briefing.board_changes`: the seat's view then and now compared), cold (cache
cleared, median of 15) and warm (the cached account a page reload reads,
`briefing.for_seat`, median of 50). Beside them, a floor measured in the same
run: reading those 100 moves from the database plus one view of the state,
the least any account of them must do. Target: cold under 20 ms.

    .venv/bin/python bench/briefing.py [--moves 100]

Uses a throwaway test database (SQLite by default; PostgreSQL when DATABASE_URL is set).
"""
from __future__ import annotations

import random
import statistics
import time

from page_common import main  # noqa: E402 (sets sys.path and the settings module)

RUNS, WARM_RUNS, TARGET_MS = 15, 50, 20.0


def median_ms(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def played(title_id: str, users: list, moves: int):
    from games.engine import registry
    from games.engine.teams import title_teams
    from games.models import Game
    from games.play import services

    rules = registry.get(title_id)
    options = {"players": 5} if title_teams(rules) else {}
    game = services.game_create(user=users[0], title_id=title_id, options=options)
    for user in users[1:len(rules.roles(rules.scenarios()[0], game.options))]:
        services.seat_join(game_id=game.pk, user=user)
    seats = {s.role: s.user for s in Game.objects.get(pk=game.pk).seats.select_related("user")}
    picker = random.Random(5)
    for _ in range(moves):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            break
        role = game.active_roles[0]
        choice = picker.choice([c for c in rules.prompt(game.state, role).choices if c.verb != "undo"])
        services.move_submit(game_id=game.pk, user=seats[role], verb=choice.verb, arg=choice.arg,
                             expected_seq=game.seq)
    return Game.objects.get(pk=game.pk)


def measure(moves: int) -> None:
    from django.contrib.auth import get_user_model
    from django.core.cache import cache

    from games import briefing, engine
    from games.engine import registry
    from games.models import Seat

    users = [get_user_model().objects.create_user(f"p{n}", f"p{n}@example.com", "x") for n in range(1, 6)]
    print(f"{'title':20} {'moves told':>10} {'cold ms':>8} {'warm ms':>8} {'floor ms':>9} {'cold/floor':>10}")
    for title_id in sorted(t for t in registry.titles() if t != "duel"):
        game = played(title_id, users, moves + 30)
        seat = Seat.objects.filter(game=game).exclude(role="").order_by("pk").first()
        since = max(0, game.seq - moves)
        rules = engine.rules_for(game)

        def cold():
            cache.clear()
            briefing.stretches(game, seat.role, since)
            briefing.board_changes(game, seat.role, since)

        def floor():
            list(engine.live_moves(game, since))
            rules.view(game.state, seat.role)

        Seat.objects.filter(pk=seat.pk).update(seen_seq=since)
        seat.refresh_from_db()
        briefing.for_seat(game, seat)  # fills the cache
        cold_ms, floor_ms = median_ms(cold, RUNS), median_ms(floor, RUNS)
        warm_ms = median_ms(lambda: briefing.for_seat(game, seat), WARM_RUNS)
        flag = "" if cold_ms < TARGET_MS else f"  over the {TARGET_MS:.0f} ms target"
        print(f"{title_id:20} {game.seq - since:>10} {cold_ms:>8.2f} {warm_ms:>8.2f} {floor_ms:>9.2f} "
              f"{cold_ms / floor_ms:>9.1f}x{flag}")


if __name__ == "__main__":
    main(measure, "hotline-bench-briefing-")
