"""Real processes for failure and multi-node tests: a private redis-server,
gunicorn, Celery workers and beat, and an aiosmtpd inbox.

Every process here is started by the test and stopped by it (by its own
process group); the shared Redis and PostgreSQL are never touched, only a
scratch database on the shared server. Loopback addresses only.
"""
from __future__ import annotations

import email
import http.client
import json
import os
import signal
import socket
import subprocess
import time
from collections import Counter
from pathlib import Path
from types import SimpleNamespace

import pytest
from aiosmtpd.controller import Controller

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
PROXY = {"X-Forwarded-Proto": "https"}  # what the TLS proxy in front of the nodes adds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate, seconds: float, step: float = 0.2) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return predicate()


class Redis:
    """A private redis-server; its append-only file makes a SIGKILL lose nothing
    it acknowledged (the broker setting docs/deploy.md asks for)."""

    def __init__(self, folder: Path):
        self.folder, self.port, self.process = folder, free_port(), None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--bind", "127.0.0.1", "--port", str(self.port), "--dir", str(self.folder),
             "--save", "", "--appendonly", "yes", "--appendfsync", "always", "--protected-mode", "no"],
            stdout=subprocess.DEVNULL, start_new_session=True)
        assert wait_until(self.answers, 10), "redis-server did not start"

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def pause(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.resume()
            self.kill()


class Processes:
    """Django processes of one test (gunicorn nodes, workers, beats), each in its
    own process group, stopped together."""

    def __init__(self, env: dict, logs: Path):
        self.env, self.logs, self.running = env, logs, []

    def start(self, name: str, argv: list[str], **env) -> subprocess.Popen:
        log = open(self.logs / f"{name}.log", "ab")
        process = subprocess.Popen(argv, cwd=ROOT, env={**self.env, **env}, stdout=log, stderr=log,
                                   start_new_session=True)
        process.name = name
        self.running.append(process)
        return process

    def gunicorn(self, name: str, workers: int = 2, threads: int = 2) -> int:
        port = free_port()
        self.start(name, [str(BIN / "gunicorn"), "-c", str(ROOT / "config/gunicorn.conf.py"), "config.wsgi",
                          "-b", f"127.0.0.1:{port}", "-w", str(workers), "--threads", str(threads),
                          "--timeout", "60"])
        assert wait_until(lambda: _healthy(port), 30), self.log_tail(name)
        return port

    def worker(self, name: str, pool: str = "solo") -> subprocess.Popen:
        return self.start(name, [str(BIN / "celery"), "-A", "config", "worker", "--loglevel=INFO",
                                 f"--pool={pool}", "--concurrency=1", "-n", f"{name}@%h", "--without-mingle",
                                 "--without-gossip"])

    def beat(self, name: str) -> subprocess.Popen:
        return self.start(name, [str(BIN / "celery"), "-A", "config", "beat", "--loglevel=INFO",
                                 "-s", str(self.logs / f"{name}-schedule")])

    def kill(self, process: subprocess.Popen) -> None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)

    def stop_all(self) -> None:
        for process in self.running:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.running:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)

    def log_tail(self, name: str, chars: int = 3000) -> str:
        path = self.logs / f"{name}.log"
        return path.read_text(errors="replace")[-chars:] if path.exists() else ""


def _healthy(port: int) -> bool:
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("GET", "/games/healthz/", headers=PROXY)
        return conn.getresponse().status == 200
    except OSError:
        return False


def django_env(database_name: str, redis: Redis, smtp_port: int, var_dir: Path) -> dict:
    """The environment of a production node of this test."""
    base = os.environ["DATABASE_URL"].rsplit("/", 1)[0]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST", "DJANGO_SETTINGS"))}
    env.update({
        "DJANGO_SETTINGS_MODULE": "config.settings", "HOTLINE_PRODUCTION": "1",
        "DJANGO_SECRET_KEY": "stack-test-secret-" + "k" * 40, "HOTLINE_EXTRA_TITLES": "tests.example_game",
        "DATABASE_URL": f"{base}/{database_name}", "CELERY_BROKER_URL": f"{redis.url}/0",
        "CACHE_URL": f"{redis.url}/1", "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp_port),
        "HOTLINE_TURN_MAIL_QUIET_SECONDS": "0", "HOTLINE_VAR_DIR": str(var_dir), "LOG_LEVEL": "WARNING",
    })
    return env


class Inbox:
    """aiosmtpd handler keeping every accepted message; ``slow_rcpt`` seconds
    of delay before accepting a recipient (a worker killed then has sent nothing)."""

    def __init__(self):
        self.messages, self.slow_rcpt, self.rcpt_seen = [], 0.0, 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        import asyncio

        self.rcpt_seen += 1
        if self.slow_rcpt:
            await asyncio.sleep(self.slow_rcpt)
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted"

    def recipients(self) -> Counter:
        return Counter(m["To"] for m in self.messages)


def start_inbox() -> tuple[Inbox, Controller]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    return inbox, controller


class Api:
    """One player's JSON API client against one node; every call is timed."""

    def __init__(self, port: int, token: str, timeout: float = 30):
        self.port, self.token, self.timeout = port, token, timeout
        self.calls: list[tuple[str, int, float]] = []  # (path, status, seconds)

    def call(self, method: str, path: str, body=None) -> tuple[int, object]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
        started = time.monotonic()
        try:
            conn.request(method, path, body=json.dumps(body) if body is not None else None,
                         headers={"Authorization": f"Token {self.token}", "Content-Type": "application/json",
                                  **PROXY})
            response = conn.getresponse()
            status, raw = response.status, response.read()
        except OSError:
            status, raw = 599, b"null"  # no answer within the timeout
        finally:
            conn.close()
        self.calls.append((path, status, time.monotonic() - started))
        try:
            return status, json.loads(raw or b"null")
        except ValueError:
            return status, raw

    def move(self, game_id: int) -> int:
        """One legal move if it is this player's turn (the first offered choice, never undo)."""
        status, data = self.call("GET", f"/api/games/{game_id}/prompt/")
        if status != 200 or not data.get("prompt"):
            return status
        choice = next(c for c in data["prompt"]["choices"] if c["verb"] != "undo")
        status, _ = self.call("POST", f"/api/games/{game_id}/actions/",
                              {"verb": choice["verb"], "arg": choice["arg"], "expected_seq": data["seq"]})
        return status


@pytest.fixture
def stack(tmp_path):
    from django.db import connection

    redis = Redis(tmp_path)
    redis.start()
    inbox, controller = start_inbox()
    procs = Processes(django_env(connection.settings_dict["NAME"], redis, controller.port, tmp_path), tmp_path)
    try:
        yield SimpleNamespace(redis=redis, inbox=inbox, procs=procs)
    finally:
        procs.stop_all()
        controller.stop()
        redis.stop()


def players(make_user, *names):
    from rest_framework.authtoken.models import Token

    users = [make_user(name) for name in names]
    return users, [Token.objects.create(user=u).key for u in users]


def new_game(creator: Api, joiner: Api | None = None, invite: str = "") -> int:
    status, data = creator.call("POST", "/api/games/", {"title_id": "duel", "side": "north", "rated": False,
                                                         "invite": invite})
    assert status == 201, data
    if joiner:
        assert joiner.call("POST", f"/api/games/{data['id']}/join/")[0] == 200
    return data["id"]


def play(apis: list[Api], game_ids: list[int], rounds: int) -> None:
    for _ in range(rounds):
        for game_id in game_ids:
            for api in apis:
                api.move(game_id)


def all_mail_sent_once(inbox) -> str:
    """'' when every outbox row is sent, every mail decided and each sent one
    received once; else what is still missing."""
    from games.models import Notification, OutboxTask, Seat

    if OutboxTask.objects.filter(sent_at=None).exists():
        return "outbox rows not yet handed to the broker"
    if Notification.objects.exclude(status__in=["sent", "skipped"]).exists():
        return "notifications pending or failed"
    for seat in Seat.objects.filter(awaiting=True).select_related("user"):
        if not Notification.objects.filter(key=f"turn:{seat.pk}:{seat.turn_started_at.isoformat()}",
                                           status="sent").exists():
            return f"no turn mail yet for {seat}"
    sent = Counter(n.user.email for n in Notification.objects.filter(status="sent").select_related("user"))
    if inbox.recipients() != sent:
        return f"inbox {dict(inbox.recipients())} != sent notifications {dict(sent)}"
    return ""
