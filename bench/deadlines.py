"""Deadline sweep benchmark: 1,000,000 seats with deadlines, 1,000 overdue.

Prints how long one beat run (``games.tasks.time_out_overdue`` →
``services.games_time_out_overdue``) takes to find and time them out.
Target: under 1 second.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hotline_deadline_bench \\
        .venv/bin/python bench/deadlines.py [--seats 1000000] [--overdue 1000]

The database is reset (and created if missing). Games are the tests' example
title ("duel") unless ``--title twilight_struggle`` asks for real game states.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def setup_django():
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("Set DATABASE_URL to a scratch PostgreSQL database (it will be reset).")
    from scratch_db import ensure_database

    ensure_database(url)
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


def populate(seats: int, overdue: int, title_id: str, rated: bool = True) -> None:
    """Games of two seats each; in the first ``overdue`` games the active seat is past its deadline.

    One more game (``overdue + 1``) is an hour more overdue: the warm-up run
    times it out first, as a running worker has already swept before.
    """
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games import registry

    rules = registry.get(title_id)
    options = rules.default_options()
    state = rules.setup(1, "standard", options)
    late = rules.active_roles(state)[0]
    first, second = rules.roles("standard", options)
    users = [get_user_model().objects.create_user(name, f"{name}@example.com", "x") for name in ("first", "second")]
    games = seats // 2
    with connection.cursor() as cursor:
        cursor.execute("""
            INSERT INTO games_game (id, title_id, rules_version, scenario, options, rated, status, created_by_id,
                creator_role, time_control, seed, seq, state, active_roles, created_at, started_at, updated_at)
            SELECT g, %s, 1, 'standard', %s, %s, 'active', %s, %s,
                '{"kind": "per_move", "days": 3}', 1, 1, CASE WHEN g <= %s THEN %s::jsonb END,
                %s, now(), now(), now()
            FROM generate_series(1, %s) AS g""",
                       [title_id, json.dumps(options), rated, users[0].pk, first, overdue + 1, json.dumps(state),
                        json.dumps(rules.active_roles(state)), games])
        cursor.execute("""
            INSERT INTO games_seat (game_id, user_id, role, joined_at, awaiting, turn_started_at, deadline_at,
                                    extra_seconds)
            SELECT g, u.id, u.role, now(), true, now() - interval '3 days',
                   CASE WHEN g <= %s AND u.role = %s THEN now() - interval '1 minute'
                        WHEN g = %s AND u.role = %s THEN now() - interval '2 hours'
                        ELSE now() + (g %% 1000) * interval '1 minute' + interval '1 day' END, 0
            FROM generate_series(1, %s) AS g,
                 (VALUES (%s, %s), (%s, %s)) AS u(id, role)""",
                       [overdue, late, overdue + 1, late, games, users[0].pk, first, users[1].pk, second])
        cursor.execute("SELECT setval('games_game_id_seq', %s)", [games])
        cursor.execute("ANALYZE games_seat; ANALYZE games_game;")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seats", type=int, default=1_000_000)
    parser.add_argument("--overdue", type=int, default=1_000)
    parser.add_argument("--unrated", action="store_true", help="games without rating updates")
    parser.add_argument("--title", default="duel", help="duel (the tests' example game) or twilight_struggle")
    args = parser.parse_args()
    setup_django()
    from django.utils import timezone

    from config.warmup import process_ready
    from games import services
    from games.models import Move, Seat

    reset_schema()
    started = time.perf_counter()
    populate(args.seats, args.overdue, args.title, rated=not args.unrated)
    print(f"created {Seat.objects.count():,} seats with deadlines in {time.perf_counter() - started:.1f}s")
    process_ready()  # as the Celery worker does when it starts
    warm = services.games_time_out_overdue(now=timezone.now() - datetime.timedelta(hours=1))
    print(f"warm-up run (a worker that has swept before) timed out {warm} game")
    started = time.perf_counter()
    timed_out = services.games_time_out_overdue()
    took = time.perf_counter() - started
    kind = "unrated" if args.unrated else "rated"
    print(f"one beat run timed out {timed_out} seats ({kind} {args.title} games) in {took:.3f}s (target < 1 s)")
    again = time.perf_counter()
    print(f"a second run found {services.games_time_out_overdue()} more in {time.perf_counter() - again:.3f}s")
    print(f".timeout moves stored: {Move.objects.filter(verb='.timeout').count()} (warm-up included)")


if __name__ == "__main__":
    main()
