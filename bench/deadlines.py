"""Deadline sweep benchmark: 1,000,000 seats with deadlines, 1,000 overdue.

Prints how long one beat run (``games.tasks.time_out_overdue`` →
``services.games_time_out_overdue``) takes to find and time them out.
Target: under 1 second.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hotline_deadline_bench \\
        .venv/bin/python bench/deadlines.py [--seats 1000000] [--overdue 1000]

The database is reset. Games are the tests' example title ("duel").
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django():
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a scratch PostgreSQL database (it will be reset).")
    os.environ.setdefault("HOTLINE_EXTRA_TITLES", "tests.example_game")
    os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def reset_schema():
    from django.core.management import call_command
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    call_command("migrate", verbosity=0)


def populate(seats: int, overdue: int, rated: bool = True) -> None:
    """Games of two seats each; the first ``overdue`` games' south seat is past its deadline."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from tests.example_game import RULES

    north = get_user_model().objects.create_user("north", "n@example.com", "x")
    south = get_user_model().objects.create_user("south", "s@example.com", "x")
    state = RULES.setup(1, "standard", {"rounds": 4})
    games = seats // 2
    with connection.cursor() as cursor:
        cursor.execute("""
            INSERT INTO games_game (id, title_id, rules_version, scenario, options, rated, status, created_by_id,
                creator_role, time_control, seed, seq, state, active_roles, created_at, started_at, updated_at)
            SELECT g, 'duel', 1, 'standard', '{"rounds": 4}', %s, 'active', %s, 'north',
                '{"kind": "per_move", "days": 3}', 1, 1, CASE WHEN g <= %s THEN %s::jsonb END,
                '["north", "south"]', now(), now(), now()
            FROM generate_series(1, %s) AS g""", [rated, north.pk, overdue, json.dumps(state), games])
        cursor.execute("""
            INSERT INTO games_seat (game_id, user_id, role, joined_at, awaiting, turn_started_at, deadline_at,
                                    extra_seconds)
            SELECT g, u.id, u.role, now(), true, now() - interval '3 days',
                   CASE WHEN g <= %s AND u.role = 'south' THEN now() - interval '1 minute'
                        ELSE now() + (g %% 1000) * interval '1 minute' + interval '1 day' END, 0
            FROM generate_series(1, %s) AS g,
                 (VALUES (%s, 'north'), (%s, 'south')) AS u(id, role)""", [overdue, games, north.pk, south.pk])
        cursor.execute("SELECT setval('games_game_id_seq', %s)", [games])
        cursor.execute("ANALYZE games_seat; ANALYZE games_game;")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seats", type=int, default=1_000_000)
    parser.add_argument("--overdue", type=int, default=1_000)
    parser.add_argument("--unrated", action="store_true", help="games without rating updates")
    args = parser.parse_args()
    setup_django()
    from games import services
    from games.models import Move, Seat

    reset_schema()
    started = time.perf_counter()
    populate(args.seats, args.overdue, rated=not args.unrated)
    print(f"created {Seat.objects.count():,} seats with deadlines in {time.perf_counter() - started:.1f}s")
    started = time.perf_counter()
    timed_out = services.games_time_out_overdue()
    took = time.perf_counter() - started
    kind = "unrated" if args.unrated else "rated"
    print(f"one beat run timed out {timed_out} seats ({kind} games) in {took:.3f}s (target < 1 s)")
    again = time.perf_counter()
    print(f"a second run found {services.games_time_out_overdue()} more in {time.perf_counter() - again:.3f}s")
    print(f".timeout moves stored: {Move.objects.filter(verb='.timeout').count()}")


if __name__ == "__main__":
    main()
