"""Load benchmark: many games at once through the JSON API under gunicorn.

Starts gunicorn (gthread) against PostgreSQL on loopback, creates players and
games, then runs CLIENTS concurrent clients for DURATION seconds. Each client
is one player: it loops over its games, reads the prompt and, after a pause
(``--think``, exponential with a mean of 1 s by default: a quick player),
submits one of the offered choices (never undo). Prints p50/p95/p99 of
move-submission latency, moves per second, errors and where the CPU went,
then checks that the Move rows written equal the accepted responses (no lost
or duplicated moves). ``--think 0`` is a closed-loop stress test: every client
submits as fast as the server answers, so latency there measures the queue of
a saturated machine rather than the cost of a move.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/hotline_bench \\
        .venv/bin/python bench/load.py --title twilight_struggle [--clients 32] [--duration 40] [--think 1]

``--nodes 2`` runs the multi-machine layout of docs/deploy.md on this one:
two gunicorn nodes on two ports (clients alternate between them), and per
node a Celery worker and a beat process, all started at once and sharing
PostgreSQL and Redis. ``--overdue`` seats are already past their deadline
and every node fires the timeout sweep at the start (two beats firing
together, which the beat lease prevents but the sweep must survive anyway);
the report checks that each of those games timed out exactly once.

The database is reset (and created if missing). The title defaults to the
tests' example game ("duel", registered for the benchmark only via
HOTLINE_EXTRA_TITLES).
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import runpy
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scratch_db import ensure_database  # noqa: E402
PORT = 8765  # the first node's port unless busy (another benchmark): then free ones are picked
PROXY = {"X-Forwarded-Proto": "https"}  # what the TLS proxy in front of the nodes adds
POLL = 5.0  # seconds a client waits when none of its games needs it (as the game page polls)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--games-per-pair", type=int, default=4)
    parser.add_argument("--title", default="duel")
    parser.add_argument("--nodes", type=int, default=1, help="gunicorn nodes, each with a Celery worker and beat")
    parser.add_argument("--overdue", type=int, default=20, help="games already overdue (with --nodes 2 or more)")
    parser.add_argument("--workers", type=int, default=None,
                        help="gunicorn processes per node (default: config, divided among the nodes)")
    parser.add_argument("--threads", type=int, default=None, help="threads per process (default: config)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean pause (seconds, exponential) before each move, like a quick player; "
                             "0 makes a closed-loop stress test that measures the saturated machine")
    return parser.parse_args()


def environment() -> dict:
    env = dict(os.environ)
    if not env.get("DATABASE_URL", "").startswith("postgres"):
        sys.exit("Set DATABASE_URL to a PostgreSQL database (it will be reset), e.g. "
                 "postgres://postgres@127.0.0.1:5432/hotline_bench")
    ensure_database(env["DATABASE_URL"])
    env.setdefault("HOTLINE_EXTRA_TITLES", "tests.example_game")
    env.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
    env.setdefault("CACHE_URL", "redis://127.0.0.1:6379/14")
    env.setdefault("HOTLINE_PRODUCTION", "1")
    env.setdefault("HOTLINE_SSL_REDIRECT", "0")  # plain http on the loopback, no TLS proxy
    env.setdefault("HOTLINE_SERVER_TIMING", "1")  # the app/db split below
    for scope in ("READ", "WRITE", "ACTIONS"):  # the clients play faster than any person
        env.setdefault(f"HOTLINE_RATE_{scope}", "100000/min")
    env.setdefault("DJANGO_SECRET_KEY", "bench-secret-key-" + "x" * 40)
    env["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return env


def prepare_database(env: dict, args) -> list[tuple[str, list[int]]]:
    """Reset the schema, create players with tokens and their games."""
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)  # as a production deploy does
    return create_games(args)


def create_games(args) -> list[tuple[str, list[int]]]:
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    from games.play import services

    users = [get_user_model().objects.create_user(f"bench{i}", f"bench{i}@example.com", "x")
             for i in range(args.clients)]
    tokens = {u.pk: Token.objects.create(user=u).key for u in users}
    games = {u.pk: [] for u in users}
    for a, b in zip(users[::2], users[1::2]):
        for _ in range(args.games_per_pair):
            game = services.game_create(user=a, title_id=args.title)
            services.seat_join(game_id=game.pk, user=b)
            games[a.pk].append(game.pk)
            games[b.pk].append(game.pk)
    return [(tokens[u.pk], games[u.pk]) for u in users]


def free_ports(count: int) -> list[int]:
    ports = []
    for candidate in [PORT + n for n in range(count)] + [0] * count:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", candidate))
            except OSError:
                continue
            if s.getsockname()[1] not in ports:
                ports.append(s.getsockname()[1])
        if len(ports) == count:
            return ports
    sys.exit("no free ports")


def start_server(env: dict, args, port: int) -> subprocess.Popen:
    cmd = [str(ROOT / ".venv/bin/gunicorn"), "-c", str(ROOT / "config/gunicorn.conf.py"), "config.wsgi",
           "-b", f"127.0.0.1:{port}", "-w", str(node_workers(args))]
    cmd += ["--threads", str(args.threads)] if args.threads else []
    server = subprocess.Popen(cmd, cwd=ROOT, env=env, start_new_session=True)
    for _ in range(300):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", "/games/healthz/", headers=PROXY)
            if conn.getresponse().status == 200:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    os.killpg(server.pid, signal.SIGTERM)
    sys.exit("gunicorn did not start")


def node_workers(args) -> int:
    if args.workers:
        return args.workers
    return max(1, runpy.run_path(str(ROOT / "config/gunicorn.conf.py"))["workers"] // args.nodes)


def start_celery(env: dict, node: int) -> list[subprocess.Popen]:
    """One worker and one beat per node (beat's schedule file is per machine)."""
    celery = str(ROOT / ".venv/bin/celery")
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    return [subprocess.Popen([celery, "-A", "config", "worker", "--pool=threads", "--concurrency=2",
                              "-n", f"bench{node}@%h", "--without-mingle", "--without-gossip"],
                             cwd=ROOT, env=env, **quiet),
            subprocess.Popen([celery, "-A", "config", "beat", "-s", f"/tmp/hotline-bench-beat-{node}"],
                             cwd=ROOT, env=env, **quiet)]


def make_overdue(args) -> list[int]:
    """Games whose second player's deadline has passed (per-move clock of one day)."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.play import services
    from games.models import Seat

    a, b = (get_user_model().objects.create_user(f"late{i}", f"late{i}@example.com", "x") for i in (1, 2))
    games = []
    for _ in range(args.overdue):
        game = services.game_create(user=a, title_id=args.title, time_control={"kind": "per_move", "days": 1})
        games.append(services.seat_join(game_id=game.pk, user=b).pk)
    Seat.objects.filter(game_id__in=games, awaiting=True).update(deadline_at=timezone.now() - timedelta(seconds=5))
    return games


def fire_sweeps(nodes: int) -> None:
    """Every node's beat fires the timeout sweep at the same moment."""
    from config.celery import app

    for _ in range(nodes):
        app.send_task("games.tasks.time_out_overdue")


def timeouts_report(games: list[int], wait: float = 60) -> None:
    from games.models import Game, Move

    deadline = time.monotonic() + wait
    while time.monotonic() < deadline and Game.objects.filter(pk__in=games).exclude(status="finished").exists():
        time.sleep(0.5)
    per_game = [Move.objects.filter(game_id=g, verb=".timeout").count() for g in games]
    once = all(n == 1 for n in per_game)
    print(f"overdue games: {len(games)}  timed out: {sum(1 for n in per_game if n)}  "
          f"{'OK (each exactly once)' if once else f'MISMATCH {per_game}'}")


class Client(threading.Thread):
    def __init__(self, token: str, games: list[int], stop_at: float, seed: int, think: float = 0.0, port=PORT):
        super().__init__(daemon=True)
        self.think = think
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json", **PROXY}
        self.games, self.stop_at, self.random = games, stop_at, random.Random(seed)
        self.latencies: list[float] = []
        self.timings: list[dict] = []  # the parts spent in Django and in SQL (Server-Timing)
        self.last_timing = {}
        self.accepted, self.errors, self.finished = 0, [], 0
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def call(self, method: str, path: str, body=None):
        for attempt in range(2):
            try:
                self.conn.request(method, path, body=json.dumps(body) if body else None, headers=self.headers)
                response = self.conn.getresponse()
                self.last_timing = server_timing(response.getheader("Server-Timing", ""))
                return response.status, json.loads(response.read() or b"null")
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                if attempt:
                    raise

    def run(self):
        while time.monotonic() < self.stop_at and self.games:
            moved = 0
            for game_id in list(self.games):
                if time.monotonic() >= self.stop_at:
                    break
                moved += self.play_one(game_id)
            if not moved:
                time.sleep(POLL)  # nothing to do in any game: poll again later, as a page does

    def play_one(self, game_id: int) -> int:
        """Read the prompt and, if it is this player's turn, make one move (returns 1)."""
        status, data = self.call("GET", f"/api/games/{game_id}/prompt/")
        if status != 200:
            self.errors.append((status, data))
            return 0
        prompt = data["prompt"]
        if prompt is None:
            if data["status"] != "active":
                self.games.remove(game_id)
                self.finished += 1
            return 0
        if self.think:
            time.sleep(self.random.expovariate(1 / self.think))
        choice = self.random.choice([c for c in prompt["choices"] if c["verb"] != "undo"])
        body = {"verb": choice["verb"], "arg": choice["arg"], "expected_seq": data["seq"]}
        started = time.perf_counter()
        status, reply = self.call("POST", f"/api/games/{game_id}/actions/", body)
        self.latencies.append(time.perf_counter() - started)
        self.timings.append(self.last_timing)
        if status == 200:
            self.accepted += 1
        else:
            self.errors.append((status, reply))
        return 1


def server_timing(header: str) -> dict:
    """Seconds per metric of a Server-Timing header ({"app": 0.012, "db": 0.004})."""
    metrics = {}
    for part in header.split(","):
        fields = part.strip().split(";")
        durations = [f[4:] for f in fields[1:] if f.startswith("dur=")]
        if durations:
            metrics[fields[0]] = float(durations[0]) / 1000
    return metrics


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def machine_cpu() -> dict:
    """Seconds of busy, idle and stolen (hypervisor) CPU time of all cores (Linux /proc/stat)."""
    ticks = [int(x) / os.sysconf("SC_CLK_TCK") for x in Path("/proc/stat").read_text().split()[1:9]]
    user, nice, system, idle, iowait, irq, softirq, steal = ticks
    return {"busy": user + nice + system + irq + softirq, "idle": idle + iowait, "steal": steal}


def tree_cpu(pid: int) -> float:
    """CPU time of gunicorn's master and its workers."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return cpu_seconds(pid) + sum(cpu_seconds(int(child)) for child in children)


def count_player_moves() -> int:
    from games.models import Move

    return Move.objects.exclude(verb__startswith=".").count()


def report(clients: list[Client], elapsed: float, stored: int) -> None:
    latencies = sorted(x for c in clients for x in c.latencies)
    accepted = sum(c.accepted for c in clients)
    errors = [e for c in clients for e in c.errors]
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0] * 99
    print(f"clients: {len(clients)}  think: {clients[0].think:g}s  duration: {elapsed:.1f}s  "
          f"submissions: {len(latencies)}")
    print(f"move submission latency ms: p50 {q[49]*1000:.1f}  p95 {q[94]*1000:.1f}  p99 {q[98]*1000:.1f}")
    for metric, label in (("app", "in Django"), ("db", "waiting on SQL")):
        part = sorted(t.get(metric, 0.0) for c in clients for t in c.timings)
        a = statistics.quantiles(part, n=100) if len(part) > 1 else [0] * 99
        print(f"  of which {label} (Server-Timing) ms: p50 {a[49]*1000:.1f}  p95 {a[94]*1000:.1f}  "
              f"p99 {a[98]*1000:.1f}")
    print(f"moves per second: {accepted / elapsed:.1f}  games finished: {sum(c.finished for c in clients)}")
    print(f"errors: {len(errors)} {errors[:3] if errors else ''}")
    print(f"accepted responses: {accepted}  Move rows stored: {stored}  "
          f"{'OK' if stored == accepted else 'MISMATCH (lost or duplicated moves)'}")


def main():
    args = parse_args()
    env = environment()
    players = prepare_database(env, args)
    overdue = make_overdue(args) if args.nodes > 1 and args.overdue else []
    ports = free_ports(args.nodes)
    servers = [start_server(env, args, port) for port in ports]
    helpers = [p for node in range(args.nodes) for p in start_celery(env, node)] if args.nodes > 1 else []
    conf = runpy.run_path(str(ROOT / "config/gunicorn.conf.py"))
    print(f"gunicorn: {args.nodes} node(s) x {node_workers(args)} processes x {args.threads or conf['threads']} "
          f"threads" + (f"; {args.nodes} Celery workers and {args.nodes} beats" if helpers else ""))
    try:
        if overdue:
            fire_sweeps(args.nodes)
        stop_at = time.monotonic() + args.duration
        clients = [Client(token, games, stop_at, i, args.think, ports[i % args.nodes])
                   for i, (token, games) in enumerate(players)]
        machine = machine_cpu()
        started, client_cpu = time.monotonic(), cpu_seconds(os.getpid())
        server_cpu = sum(tree_cpu(s.pid) for s in servers)
        for c in clients:
            c.start()
        for c in clients:
            c.join()
        elapsed = time.monotonic() - started
        client_cpu = cpu_seconds(os.getpid()) - client_cpu
        server_cpu = sum(tree_cpu(s.pid) for s in servers) - server_cpu
        machine = {k: v - machine[k] for k, v in machine_cpu().items()}
        print(f"CPU seconds during the run: load clients {client_cpu:.1f}, gunicorn {server_cpu:.1f}, "
              f"whole machine busy {machine['busy']:.1f} idle {machine['idle']:.1f} stolen {machine['steal']:.1f}")
        if overdue:
            timeouts_report(overdue)
    finally:
        for process in servers + helpers:
            os.killpg(process.pid, signal.SIGTERM)
        for process in servers + helpers:
            process.wait(15)
    report(clients, elapsed, count_player_moves())


if __name__ == "__main__":
    main()
