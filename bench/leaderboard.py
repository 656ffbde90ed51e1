"""Leaderboard benchmark: 100,000 rated players and 1,000,000 finished games.

Fills a scratch PostgreSQL database with INSERT ... SELECT generate_series
through the ORM's connection (every column the models define is filled, so
new columns with defaults need no change here), then prints the leaderboard
page time (test client GET, median of several) for the first page, a deep
page and the active-players filter, the time of the page's two queries, and
a player profile page.

    psql -h 127.0.0.1 -U postgres -c "create database hotline_ladder_bench"
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hotline_ladder_bench \\
        .venv/bin/python bench/leaderboard.py [--players 100000] [--games 1000000] [--keep]

The database's game, seat, rating and user tables are emptied first, unless
--keep is given and the data is already there.
"""
from __future__ import annotations

import argparse
import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--keep", action="store_true", help="reuse the data if already there")
    return parser.parse_args()


def setup_django() -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a scratch PostgreSQL database, e.g. "
                 "postgres://postgres@127.0.0.1:5432/hotline_ladder_bench")
    from scratch_db import ensure_database

    ensure_database(os.environ["DATABASE_URL"])
    # The test settings register the example title "duel" and plain static files.
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.test_settings"
    os.environ.setdefault("DJANGO_DEBUG", "0")
    import django

    django.setup()


def insert_select(model, count: int, exprs: dict) -> None:
    """INSERT INTO <model> SELECT ... FROM generate_series(1, count) AS g.

    ``exprs`` maps column names to SQL over ``g``; other columns get the
    field's default (or NULL), so the whole model is always filled.
    """
    from django.db import connection

    columns, values, args = [], [], []
    for field in model._meta.concrete_fields:
        column = field.column
        columns.append(connection.ops.quote_name(column))
        if column in exprs:
            values.append(exprs[column])
        elif field.has_default() or not field.null:
            default = field.get_default()
            if field.get_internal_type() == "JSONField":
                values.append("%s::jsonb")
                args.append(json.dumps(default))
            else:
                values.append("%s")
                args.append(default)
        else:
            values.append("NULL")
    sql = (f"INSERT INTO {model._meta.db_table} ({', '.join(columns)}) "
           f"SELECT {', '.join(values)} FROM generate_series(1::bigint, {int(count)}) AS g")
    with connection.cursor() as cursor:
        cursor.execute(sql, args)


def north(game: str, players: int) -> str:
    return f"(mod({game} * 7919, {players}) + 1)"


def south(game: str, players: int) -> str:
    """Never the same player as north(game): offset by 1..players-1."""
    return f"(mod(mod({game} * 7919, {players}) + 1 + mod({game} * 31, {players - 1}), {players}) + 1)"


def finished_at(game: str, games: int) -> str:
    return f"(now() - ({games} - {game}) * interval '30 seconds')"


def fill(players: int, games: int) -> None:
    from django.contrib.auth import get_user_model

    from games.ladder.models import RatingChange
    from games.models import Game, Seat

    step("players", lambda: insert_select(get_user_model(), players, {
        "id": "g", "password": "'!'", "username": "'player' || lpad(g::text, 6, '0')",
        "email": "'player' || g || '@example.com'", "date_joined": "now() - interval '400 days'"}))
    won = """('{"winners": ["' || CASE WHEN mod(g, 3) = 0 THEN 'south' ELSE 'north' END"""
    won += """ || '"], "reason": "resignation", "score": null}')::jsonb"""
    step("games", lambda: insert_select(Game, games, {
        "id": "g", "title_id": "'duel'", "status": "'finished'", "rated": "true", "seq": "2",
        "created_by_id": north("g", players), "creator_role": "'north'", "result": won,
        "finished_at": finished_at("g", games), "updated_at": finished_at("g", games),
        "created_at": f"{finished_at('g', games)} - interval '7 days'",
        "started_at": f"{finished_at('g', games)} - interval '7 days'"}))
    game = "((g + 1) / 2)"
    user = f"CASE WHEN mod(g, 2) = 1 THEN {north(game, players)} ELSE {south(game, players)} END"
    role = "CASE WHEN mod(g, 2) = 1 THEN 'north' ELSE 'south' END"
    step("seats", lambda: insert_select(Seat, 2 * games, {
        "id": "g", "game_id": game, "user_id": user, "role": role,
        "joined_at": f"{finished_at(game, games)} - interval '7 days'"}))
    win = "(mod(g, 2) = 1) = (mod((g + 1) / 2, 3) <> 0)"
    step("rating changes", lambda: insert_select(RatingChange, 2 * games, {
        "id": "g", "game_id": game, "user_id": user, "title_id": "'duel'", "role": role,
        "outcome": f"CASE WHEN {win} THEN 'win' ELSE 'loss' END", "finished_at": finished_at(game, games),
        "rating_before": "1300 + mod(g * 37, 400)", "rd_before": "60", "volatility_before": "0.06",
        "rating_after": f"1300 + mod(g * 37, 400) + CASE WHEN {win} THEN 8 ELSE -8 END",
        "rd_after": "59", "volatility_after": "0.06"}))
    step("ratings", lambda: fill_ratings(players))


def fill_ratings(players: int) -> None:
    """One Rating per player: totals from the seats, a spread of ratings and deviations."""
    from django.db import connection

    from games.ladder import glicko2, ratings
    from games.ladder.models import Rating

    insert_select(Rating, players, {
        "id": "g", "user_id": "g", "title_id": "'duel'",
        "rating": "1500 + 350 * (random() + random() + random() - 1.5)", "rd": "45 + random() * 110"})
    limit = (ratings.PROVISIONAL_RD / glicko2.SCALE) ** 2
    with connection.cursor() as cursor:
        cursor.execute("""
            UPDATE ladder_rating r SET games = s.games, wins = s.wins, losses = s.games - s.wins,
                   last_played = s.last
            FROM (SELECT seat.user_id, count(*) AS games, max(game.finished_at) AS last,
                         sum(CASE WHEN game.result->'winners' ? seat.role THEN 1 ELSE 0 END) AS wins
                  FROM games_seat seat JOIN games_game game ON game.id = seat.game_id
                  GROUP BY seat.user_id) s
            WHERE r.user_id = s.user_id""")
        # The same formula as ratings.ranked_until, in SQL.
        cursor.execute(f"""
            UPDATE ladder_rating SET ranked_until = CASE WHEN rd <= {ratings.PROVISIONAL_RD} THEN
                last_played + (({limit} - (rd / {glicko2.SCALE}) ^ 2) / (volatility ^ 2))
                * {glicko2.PERIOD_DAYS} * interval '1 day' END""")


@contextlib.contextmanager
def replica_mode():
    """Skip the per-row foreign-key triggers while loading (the data is consistent by construction)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SET session_replication_role = replica")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SET session_replication_role = DEFAULT")


def step(name: str, call) -> None:
    started = time.perf_counter()
    call()
    print(f"  {name}: {time.perf_counter() - started:.1f} s", flush=True)


def reset() -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.ladder.models import Rating, RatingChange
    from games.models import Game, Seat

    models = [get_user_model(), Game, Seat, Rating, RatingChange]
    with connection.cursor() as cursor:
        tables = ", ".join(m._meta.db_table for m in models)
        cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")


def finish_load() -> None:
    from django.contrib.auth import get_user_model
    from django.core.management.color import no_style
    from django.db import connection

    from games.ladder.models import Rating, RatingChange
    from games.models import Game, Seat

    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), [get_user_model(), Game, Seat, Rating,
                                                                  RatingChange]):
            cursor.execute(sql)
        cursor.execute("VACUUM ANALYZE")


def median_ms(call, runs: int) -> float:
    call()  # warm up
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def get_ok(client, url: str, params: dict):
    response = client.get(url, params)
    assert response.status_code == 200, (url, params, response.status_code)
    return response


def measure_pages(runs: int) -> None:
    from django.core.paginator import Paginator
    from django.test import Client
    from django.urls import reverse

    from games.ladder import selectors, views

    client, url = Client(), reverse("ladder:leaderboard", args=["duel"])
    ranked = selectors.leaderboard("duel").count()
    pages = Paginator(range(ranked), views.PAGE_SIZE).num_pages
    print(f"ranked (non-provisional) players: {ranked:,}; pages of {views.PAGE_SIZE}: {pages:,}")
    for label, params in [("first page", {}), (f"deep page {pages // 2}", {"page": pages // 2}),
                          (f"last page {pages}", {"page": pages}), ("active filter, first page", {"active": "1"}),
                          ("HTMX table only, page 2", {"page": 2})]:
        headers = {"HTTP_HX_REQUEST": "true"} if label.startswith("HTMX") else {}
        ms = median_ms(lambda: client.get(url, params, **headers), runs)
        assert get_ok(client, url, params).content.count(b"<tr") > 1
        print(f"leaderboard GET {label:28s} median {ms:7.1f} ms")
    top = selectors.leaderboard_rows(selectors.leaderboard("duel")[:1])[0].user.username
    profile = reverse("ladder:profile", args=[top])
    print(f"profile GET {top:32s} median {median_ms(lambda: get_ok(client, profile, {}), runs):7.1f} ms")


def measure_queries(runs: int) -> None:
    from django.db import connection

    from games.ladder import selectors, views

    rows = selectors.leaderboard("duel")
    deep = (rows.count() // views.PAGE_SIZE // 2) * views.PAGE_SIZE
    timings = {
        "count(*) of ranked players": lambda: rows.count(),
        "first page ids (LIMIT 50)": lambda: list(rows[:views.PAGE_SIZE]),
        f"deep page ids (OFFSET {deep})": lambda: list(rows[deep:deep + views.PAGE_SIZE]),
        f"deep page ids + its rows with users": lambda: selectors.leaderboard_rows(rows[deep:deep + views.PAGE_SIZE]),
    }
    for label, call in timings.items():
        print(f"query {label:40s} median {median_ms(call, runs):7.2f} ms")
    sql, params = rows[deep:deep + views.PAGE_SIZE].query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
        plan = [line for (line,) in cursor.fetchall()]
    print("plan of the deep page:\n  " + "\n  ".join(plan))


def main() -> None:
    args = parse_args()
    setup_django()
    from django.core.management import call_command

    from games.models import Game

    call_command("migrate", verbosity=0)
    if not (args.keep and Game.objects.filter(status="finished").count() >= args.games):
        print(f"loading {args.players:,} players and {args.games:,} finished games ...")
        reset()
        with replica_mode():
            fill(args.players, args.games)
        step("vacuum analyze", finish_load)
    measure_pages(args.runs)
    measure_queries(args.runs)


if __name__ == "__main__":
    main()
