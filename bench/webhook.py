"""What one webhook delivery and one web push cost the worker (games/reach/, issue 30):
CPU time (``time.process_time``: the network's wait is not counted) of
`hooks.deliver` for a signed JSON hook, to a receiver on loopback, median of
200; beside it a floor measured in the same run: locking and saving the
delivery row and one bare POST of the same body to the same receiver (what
any delivery must do). The same for one web push (encrypted for a device, aes128gcm,
and signed with VAPID) to a push service on loopback. Target: under 5 ms of CPU each.

    .venv/bin/python bench/webhook.py

Uses a throwaway test database (SQLite by default; PostgreSQL when DATABASE_URL is set).
"""
from __future__ import annotations

import statistics
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from page_common import main  # noqa: E402 (sets sys.path and the settings module)

RUNS, TARGET_MS = 200, 5.0


class Quiet(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args):
        pass


def cpu_ms(call, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        call()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def measure(_moves: int) -> None:
    import urllib3
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from games.models import Game, HookDelivery, Seat
    from games.play import services
    from games.reach import hooks

    settings.HOTLINE_WEBHOOK_ALLOW_LOOPBACK = True
    server = ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/hook"
    make = get_user_model().objects.create_user
    alice, bob = make("alice", "a@example.com", "x"), make("bob", "b@example.com", "x")
    game = services.game_create(user=alice, title_id="duel", creator_role="north")
    services.seat_join(game_id=game.pk, user=bob)
    seat = Seat.objects.select_related("game", "user").get(game=Game.objects.get(pk=game.pk), user=alice)
    hook = hooks.add(alice, "json", url, ["turn"])
    text = hooks.turn_text(seat)
    keys = iter(range(10**9))

    said = {"event": "turn", "text": text, "game": game.pk, "url": "https://example.org/"}
    pending = [HookDelivery.objects.create(hook=hook, key=f"turn:{next(keys)}", event="turn", body=said).pk
               for _ in range(RUNS + 20)]
    body = hooks.body_of(hook, "turn", {"text": text, "url": "https://example.org/", "game": game.pk})
    pool = urllib3.HTTPConnectionPool("127.0.0.1", server.server_address[1], maxsize=1)

    def floor():
        with transaction.atomic():
            row = HookDelivery.objects.select_for_update().get(pk=pending[0])
            row.save(update_fields=["attempts"])
        pool.urlopen("POST", "/hook", body=body, headers={"Content-Type": "application/json"}).read()

    for delivery in pending[:20]:  # warm-up
        hooks.deliver(delivery)
    rest = iter(pending[20:])
    deliver_ms = cpu_ms(lambda: hooks.deliver(next(rest)), RUNS)
    floor_ms = cpu_ms(floor, RUNS)
    push_ms = push_cpu_ms(alice, game.pk, url)
    server.shutdown()
    print(f"{'one delivery':20} {'cpu ms':>8} {'floor ms':>9} {'ratio':>7}")
    for name, ms in (("webhook, signed JSON", deliver_ms), ("web push", push_ms)):
        flag = "" if ms < TARGET_MS else f"  over the {TARGET_MS:.0f} ms target"
        print(f"{name:20} {ms:>8.2f} {floor_ms:>9.2f} {ms / floor_ms:>6.1f}x{flag}")
    assert HookDelivery.objects.filter(status="sent").count() == RUNS + 20


def push_cpu_ms(user, game_id: int, url: str) -> float:
    """One push to a device whose endpoint is the loopback receiver (it answers 204)."""
    import os

    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from django.conf import settings

    from games.models import PushDelivery, PushSubscription
    from games.reach import push

    settings.HOTLINE_VAPID_PRIVATE_KEY, _public = push.new_keys()
    device = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    sub = PushSubscription.objects.create(user=user, endpoint=url, p256dh=push.b64(device),
                                          auth=push.b64(os.urandom(16)), events=["turn"])
    said = {"event": "turn", "text": "x" * 300, "game": game_id, "url": "https://example.org/"}
    pending = iter([PushDelivery.objects.create(subscription=sub, key=f"turn:{n}", event="turn", body=said).pk
                    for n in range(RUNS + 20)])
    for _ in range(20):
        push.deliver(next(pending))
    return cpu_ms(lambda: push.deliver(next(pending)), RUNS)


if __name__ == "__main__":
    main(measure, "hotline-bench-webhook-")
