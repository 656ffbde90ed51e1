"""Deadline sweep benchmark: 1,000,000 seats with deadlines, 1,000 overdue steps.

Prints how long the beat task (``games.tasks.time_out_overdue`` →
``services.games_time_out_overdue``) takes to find the overdue seats and time
them out. Target: under 1 second for 1,000 overdue steps.

Two-seat games (the tests' example title "duel", or ``--title
twilight_struggle``): an overdue seat ends its game with ``.timeout``.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hotline_deadline_bench \\
        .venv/bin/python bench/deadlines.py [--seats 1000000] [--overdue 1000]

Eleven-seat Dead of Winter games on the daily pace (about 90,910 of them), in
the sealed survivor draft that opens every game (all 11 seats active): the
deadline plays the rules' default as an ordinary move (Move.source "timeout")
and the game goes on. In the first ``--overdue`` games one seat is late, or
with ``--all-late`` every seat is (11 overdue steps per game). The sweep runs
passes (one overdue seat per game each) until nothing is due; the draft wants
two picks per seat (three from the Lone Wolf), so one overdue step is two or
three default moves, counted as one timeout.

    DATABASE_URL=... .venv/bin/python bench/deadlines.py --title dead_of_winter --seats-per-game 11 [--all-late]

The database is reset (and created if missing). Only the games the sweep
reads (the overdue ones and the warm-up game) store their state: the others
weigh in the tables and indexes the sweep searches, not in what it loads.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PACE = {"kind": "pace", "profile": "daily"}
PER_MOVE = {"kind": "per_move", "days": 3}


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


class Table:
    """The game every row copies: options, the state after setup, who is
    active, each active role's step and window, the time control."""

    def __init__(self, title_id: str, per_game: int):
        from games import clocks
        from games.engine import registry

        self.title_id, self.rules = title_id, registry.get(title_id)
        options = self.rules.default_options()
        if "players" in options:
            options["players"] = per_game
        self.options = self.rules.clean_options(options)
        self.roles = self.rules.roles("standard", self.options)
        if len(self.roles) != per_game:
            sys.exit(f"{title_id} has {len(self.roles)} seats per game, not {per_game}")
        self.state = self.rules.setup(1, "standard", self.options)
        self.active = self.rules.active_roles(self.state)
        hook = getattr(self.rules, "pace_step", None)
        self.paced = hook is not None
        self.control = PACE if self.paced else PER_MOVE
        control = clocks.TimeControl.from_json(self.control)
        self.steps = {r: hook(self.state, r) if hook else ("normal", "") for r in self.active}
        self.budget = {r: control.turn_budget(None, self.steps[r][0]) for r in self.active}

    def seat_rows(self, users: dict, late: list[str]) -> list:
        """(user, role, awaiting, step, budget seconds, late) per role."""
        return [(users[r].pk, r, r in self.active, self.steps.get(r, ("", ""))[1] if self.paced else "",
                 self.budget.get(r, 0), r in late) for r in self.roles]


def populate(seats: int, overdue: int, table: Table, all_late: bool, rated: bool = True) -> int:
    """Games of ``len(table.roles)`` seats; in the first ``overdue`` games the
    late seats (the first active one, or all with ``all_late``) will be late
    (`make_late`). Game ``overdue + 1`` is two hours past its deadline already:
    the warm-up run times it out first, as a running worker has swept before.
    Returns the number of games."""
    from django.contrib.auth import get_user_model
    from django.db import connection

    from games.models import Seat

    late = table.active if all_late else table.active[:1]
    users = {r: get_user_model().objects.create_user(f"player_{r}", f"{r}@example.com", "x") for r in table.roles}
    games = -(-seats // len(table.roles))
    first = table.roles[0]
    rows = table.seat_rows(users, late)
    values = ", ".join(["(%s, %s, %s, %s, %s, %s)"] * len(rows))
    with connection.cursor() as cursor:
        cursor.execute("""
            INSERT INTO games_game (id, title_id, rules_version, scenario, options, rated, status, created_by_id,
                creator_role, time_control, seed, seq, state, active_roles, deadline_at,
                created_at, started_at, updated_at)
            SELECT g, %s, 1, 'standard', %s, %s, 'active', %s, %s, %s, 1, 1,
                CASE WHEN g <= %s THEN %s::jsonb END, %s,
                CASE WHEN g = %s THEN now() - interval '2 hours' ELSE now() + interval '1 hour' END,
                now(), now(), now()
            FROM generate_series(1, %s) AS g""",
                       [table.title_id, json.dumps(table.options), rated, users[first].pk, first,
                        json.dumps(table.control), overdue + 1, json.dumps(table.state),
                        json.dumps(table.active), overdue + 1, games])
        # An active seat's turn started one budget before its deadline.
        other_columns, other_values = field_defaults(Seat, {
            "id", "game", "user", "role", "joined_at", "awaiting", "turn_started_at", "deadline_at", "step"})
        cursor.execute(f"""
            INSERT INTO games_seat (game_id, user_id, role, joined_at, awaiting, turn_started_at, deadline_at,
                                    step, {other_columns})
            SELECT g, u.id, u.role, now(), u.awaiting, d.at - u.budget * interval '1 second', d.at,
                   u.step, {", ".join(["%s"] * len(other_values))}
            FROM generate_series(1, %s) AS g,
                 (VALUES {values}) AS u(id, role, awaiting, step, budget, late),
                 LATERAL (SELECT CASE WHEN NOT u.awaiting THEN NULL
                     WHEN u.late AND g = %s THEN now() - interval '2 hours'
                     ELSE now() + interval '1 hour' + (g %% 1000) * interval '1 minute' END AS at) AS d""",
                       [*other_values, games, *[v for row in rows for v in row], overdue + 1])
        hands = [(r, json.dumps(table.rules.hand(table.state, r))) for r in table.roles]
        cursor.execute(f"""
            INSERT INTO games_hand (game_id, role, cards, seq)
            SELECT g, h.role, h.cards::jsonb, 1 FROM generate_series(1, %s) AS g,
                 (VALUES {", ".join(["(%s, %s)"] * len(hands))}) AS h(role, cards)""",
                       [games, *[v for hand in hands for v in hand]])
        cursor.execute("SELECT setval('games_game_id_seq', %s)", [games])
    return games


def settle() -> None:
    """Leave the new tables as a running site has them: vacuumed and analyzed
    (hint bits set, as autovacuum does) and checkpointed, so the measured sweep
    does not pay for the gigabyte of WAL the setup just wrote."""
    from django.db import connection

    with connection.cursor() as cursor:
        for table in ("games_seat", "games_game", "games_hand"):
            cursor.execute(f"VACUUM (ANALYZE) {table}")
        cursor.execute("CHECKPOINT")


def field_defaults(model, given: set) -> tuple[str, list]:
    """The columns of ``model`` the INSERT does not set, with their defaults
    (so a new field with a default needs no change here)."""
    from django.db import connection

    fields = [f for f in model._meta.concrete_fields if f.name not in given]
    values = [f.get_db_prep_save(f.get_default(), connection) for f in fields]
    return ", ".join(connection.ops.quote_name(f.column) for f in fields), values


def make_late(overdue: int, table: Table, all_late: bool) -> None:
    """The late seats of the first ``overdue`` games: one minute past their deadline."""
    from django.db import connection

    late = table.active if all_late else table.active[:1]
    with connection.cursor() as cursor:
        cursor.execute("""
            UPDATE games_seat SET deadline_at = now() - interval '1 minute',
                turn_started_at = now() - interval '1 minute' - (deadline_at - turn_started_at)
            WHERE game_id <= %s AND role = ANY(%s)""", [overdue, late])
        cursor.execute("UPDATE games_game SET deadline_at = now() - interval '1 minute' WHERE id <= %s", [overdue])


class Meter:
    """Wall time, this process's CPU time and SQL statements of each sweep pass."""

    def __init__(self):
        self.passes: list[tuple[int, float, float, int]] = []
        self.queries = 0
        self.slow: list[tuple[float, str]] = []  # (seconds, SQL) with --sql
        self.publish = [0, 0.0]  # after-commit notices handed to the broker: count, seconds

    def count(self, execute, sql, params, many, context):
        self.queries += 1
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.slow.append((time.perf_counter() - started, sql))

    def install(self, services):
        from django.db import connection

        connection.execute_wrappers.append(self.count)
        inner = services._time_out_pass

        def measured(now, limit):
            wall, cpu, queries = time.perf_counter(), time.process_time(), self.queries
            found = inner(now, limit)
            self.passes.append((found, time.perf_counter() - wall, time.process_time() - cpu,
                                self.queries - queries))
            return found

        services._time_out_pass = measured
        from games.store import outbox

        publish = outbox.publish_now

        def timed_publish(rows):
            started = time.perf_counter()
            try:
                return publish(rows)
            finally:
                self.publish[0] += len(rows)
                self.publish[1] += time.perf_counter() - started

        outbox.publish_now = timed_publish

    def line(self, label: str, passes: list) -> str:
        moves = sum(p[0] for p in passes)
        wall, cpu, queries = (sum(p[i] for p in passes) for i in (1, 2, 3))
        return (f"{label}: {moves:,} moves in {len(passes)} pass(es), {wall:.3f}s wall, {cpu:.3f}s CPU "
                f"(this process), {queries} SQL statements")


def sweep_until_done(services, meter: Meter) -> list[tuple[int, float, float]]:
    """Beat runs until one finds nothing: (moves, wall, CPU) of each."""
    runs = []
    while True:
        wall, cpu = time.perf_counter(), time.process_time()
        found = services.games_time_out_overdue()
        runs.append((found, time.perf_counter() - wall, time.process_time() - cpu))
        if not found:
            return runs


def report(args, table: Table, meter: Meter, runs: list) -> None:
    from games.models import Game, Move, Seat

    late = len(table.active) if args.all_late else 1
    steps = args.overdue * late
    first = runs[0]
    kind = "unrated" if args.unrated else "rated"
    print(f"first pass  {meter.line('', meter.passes[:1])[2:]}")
    print(f"first beat run: {first[0]:,} moves ({kind} {args.title} games, {late} late seat(s) per game) "
          f"in {first[1]:.3f}s wall, {first[2]:.3f}s CPU")
    moves = sum(r[0] for r in runs)
    wall, cpu = sum(r[1] for r in runs), sum(r[2] for r in runs)
    print(f"until nothing is due: {len(runs)} beat run(s) (the last found nothing), {moves:,} moves, "
          f"{wall:.3f}s wall, {cpu:.3f}s CPU")
    print(meter.line("all passes", meter.passes))
    print(f"of which handing {meter.publish[0]:,} after-commit tasks (mail notices) to the broker: "
          f"{meter.publish[1]:.3f}s wall")
    print(f"=> {steps:,} overdue steps in {wall:.3f}s: {wall / steps * 1000:.3f}s per 1,000 overdue steps "
          f"(target < 1 s)")
    games = Game.objects.filter(pk__lte=args.overdue)
    if table.paced:
        print(f"checks: games still active {games.filter(status='active').count():,}/{args.overdue:,}; "
              f"moves by source timeout {Move.objects.filter(source='timeout').count():,}, "
              f"autopilot {Move.objects.filter(source='autopilot').count():,}; "
              f"late seats counted once: {Seat.objects.filter(game__in=games, timeouts_in_row=1).count():,}, "
              f"on autopilot {Seat.objects.filter(autopilot=True).count():,}; "
              f"still due {Seat.objects.filter(deadline_at__lte=datetime.datetime.now(datetime.UTC)).count()}")
    else:
        print(f"checks: games finished {games.filter(status='finished').count():,}/{args.overdue:,}; "
              f".timeout moves {Move.objects.filter(verb='.timeout').count():,} (warm-up included)")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seats", type=int, default=1_000_000)
    parser.add_argument("--overdue", type=int, default=1_000, help="games with a late seat")
    parser.add_argument("--unrated", action="store_true", help="games without rating updates")
    parser.add_argument("--title", default="duel", help="duel (the tests' example game), twilight_struggle "
                                                         "or dead_of_winter")
    parser.add_argument("--seats-per-game", type=int, default=2)
    parser.add_argument("--all-late", action="store_true",
                        help="every active seat of an overdue game is late (Dead of Winter: the whole draft)")
    parser.add_argument("--sql", action="store_true", help="also print the costliest kinds of SQL statements")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="profile the sweep (wall clock) and print its N costliest functions")
    parser.add_argument("--sort", default="cumulative", help="profile order (cumulative, tottime...)")
    args = parser.parse_args()
    setup_django()
    from django.utils import timezone

    from config.warmup import process_ready
    from games.play import services
    from games.models import Seat

    reset_schema()
    table = Table(args.title, args.seats_per_game)
    started = time.perf_counter()
    games = populate(args.seats, args.overdue, table, args.all_late, rated=not args.unrated)
    settle()
    print(f"created {games:,} games of {len(table.roles)} seats: {Seat.objects.count():,} seats, "
          f"{Seat.objects.exclude(deadline_at=None).count():,} with deadlines, "
          f"in {time.perf_counter() - started:.1f}s")
    process_ready()  # as the Celery worker does when it starts
    warm = services.games_time_out_overdue(now=timezone.now() - datetime.timedelta(hours=1))
    print(f"warm-up run (a worker that has swept before) made {warm} move(s) in one game")
    make_late(args.overdue, table, args.all_late)
    meter = Meter()
    meter.install(services)
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        runs = profiler.runcall(sweep_until_done, services, meter)
        pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.profile)
    else:
        runs = sweep_until_done(services, meter)
    report(args, table, meter, runs)
    if args.sql:
        kinds: dict[str, list] = {}
        for took, sql in meter.slow:
            kind = kinds.setdefault(" ".join(sql.split())[:110], [0, 0.0])
            kind[0] += 1
            kind[1] += took
        print("SQL statements by kind (count, seconds in all):")
        for text, (count, took) in sorted(kinds.items(), key=lambda t: t[1][1], reverse=True)[:12]:
            print(f"  {count:6} {took:8.3f}  {text}")


if __name__ == "__main__":
    main()
