"""Web push end to end with real encryption (issue 30, item 1; games/reach/push.py).

A test push service on loopback (opted in by HOTLINE_WEBHOOK_ALLOW_LOOPBACK)
receives each push, checks the VAPID token (ES256 over the JWT, with the key
in the Authorization header, for the service's own origin, not expired) and
decrypts the aes128gcm body with the subscription's private key, as a browser
would; the tests assert the words. A push service answering 410 drops the
subscription; a task run twice sends once.
"""
from __future__ import annotations

import base64
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
import pytest
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, utils
from django.urls import reverse

from games.models import PushDelivery, PushSubscription, Seat
from games.reach import push

pytestmark = pytest.mark.django_db


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class PushService:
    """Records each push as (claims, decrypted payload) after checking it."""

    def __init__(self):
        self.received, self.answers, self.keys = [], [], {}
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                service.received.append(service.check(self.path, dict(self.headers), body))
                self.send_response(service.answers.pop(0) if service.answers else 201)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def device(self, name: str) -> dict:
        """A browser's subscription: an endpoint here and its own key pair and auth secret."""
        key, auth = ec.generate_private_key(ec.SECP256R1()), os.urandom(16)
        self.keys[f"/push/{name}"] = (key, auth)
        public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": f"{self.origin}/push/{name}", "keys": {"p256dh": push.b64(public), "auth": push.b64(auth)}}

    def check(self, path: str, headers: dict, body: bytes) -> tuple[dict, dict]:
        scheme, _, params = headers["Authorization"].partition(" ")
        fields = dict(part.split("=", 1) for part in params.split(","))
        assert scheme == "vapid" and headers["Content-Encoding"] == "aes128gcm" and int(headers["TTL"]) > 0
        head, claims, signature = fields["t"].split(".")
        raw = unb64(signature)
        signer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(fields["k"]))
        signer.verify(utils.encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
                      f"{head}.{claims}".encode(), ec.ECDSA(hashes.SHA256()))  # raises if forged
        claims = json.loads(unb64(claims))
        assert json.loads(unb64(head))["alg"] == "ES256" and claims["aud"] == self.origin
        assert claims["exp"] > time.time() and claims["sub"].startswith(("mailto:", "https:"))
        assert fields["k"] == push.public_key()
        key, auth = self.keys[path]
        payload = json.loads(http_ece.decrypt(body, private_key=key, auth_secret=auth, version="aes128gcm"))
        return claims, payload

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def service(settings):
    settings.HOTLINE_WEBHOOK_ALLOW_LOOPBACK = True
    settings.HOTLINE_VAPID_PRIVATE_KEY, _public = push.new_keys()
    settings.HOTLINE_VAPID_SUBJECT = "mailto:admin@example.org"
    found = PushService()
    yield found
    found.close()


def subscribe(client, user, device: dict, events=("turn", "reminder", "over", "invitation")):
    client.force_login(user)
    return client.post(reverse("games:push_subscribe"), json.dumps({**device, "events": list(events)}),
                       content_type="application/json")


def test_a_turn_reaches_the_device_encrypted_signed_and_in_words(client, service, alice, clocked_duel):
    assert subscribe(client, alice, service.device("phone")).json() == {"ok": True}
    seat = Seat.objects.select_related("game", "user").get(game=clocked_duel, user=alice)
    assert push.told("turn", alice.pk, clocked_duel.pk, "turn:1", push.turn_text(seat)) == 1
    assert push.told("turn", alice.pk, clocked_duel.pk, "turn:1", "again") == 0  # the same notice: nothing more
    delivery = PushDelivery.objects.get()
    assert push.deliver(delivery.pk) == "sent" and push.deliver(delivery.pk) == "skipped"  # a task run twice
    [(claims, payload)] = service.received
    assert payload["url"].endswith(f"/games/{clocked_duel.pk}/") and payload["tag"] == f"game-{clocked_duel.pk}"
    assert payload["body"] and "{" not in payload["body"]


def test_the_pipeline_tells_the_device_of_its_turn(client, service, alice, bob, clocked_duel):
    from games.mail import emails

    subscribe(client, bob, service.device("laptop"), events=("turn",))
    for _ in range(2):  # the mail task run twice
        emails.turn_notice(clocked_duel.pk, clocked_duel.seq, [s.role for s in Seat.objects.filter(game=clocked_duel)])
    deliveries = PushDelivery.objects.filter(subscription__user=bob)
    assert deliveries.count() == 1
    assert push.deliver(deliveries.get().pk) == "sent" and len(service.received) == 1


def test_a_gone_subscription_is_dropped_and_a_failure_is_retried(client, service, alice, clocked_duel):
    subscribe(client, alice, service.device("old"))
    service.answers = [500, 410]
    push.told("over", alice.pk, clocked_duel.pk, "over:1", "The game is over.")
    delivery = PushDelivery.objects.get()
    assert push.deliver(delivery.pk) == "failed" and push.retry_after(delivery.pk) > 0
    assert push.deliver(delivery.pk) == "gone" and not PushSubscription.objects.exists()


def test_bad_subscriptions_are_refused_with_words_and_change_nothing(client, service, alice, settings):
    device = service.device("x")
    assert subscribe(client, alice, {**device, "keys": {"p256dh": "short", "auth": "x"}}).status_code == 422
    assert subscribe(client, alice, {**device, "endpoint": "https://10.0.0.1/push"}).status_code == 422
    client.force_login(alice)
    assert client.post(reverse("games:push_subscribe"), "not json", content_type="application/json").status_code == 400
    settings.HOTLINE_VAPID_PRIVATE_KEY = ""
    assert subscribe(client, alice, device).status_code == 422
    assert not PushSubscription.objects.exists()


def test_the_page_lists_this_players_devices_and_turns_one_off(client, service, alice, bob):
    device = service.device("tablet")
    subscribe(client, alice, device)
    page = client.get(reverse("games:push")).content.decode()
    assert push.public_key() in page and device["endpoint"] in page
    client.force_login(bob)
    assert device["endpoint"] not in client.get(reverse("games:push")).content.decode()
    client.post(reverse("games:push_unsubscribe"), {"endpoint": device["endpoint"]})
    assert PushSubscription.objects.count() == 1  # not bob's to turn off
    client.force_login(alice)
    client.post(reverse("games:push_unsubscribe"), {"endpoint": device["endpoint"]})
    assert not PushSubscription.objects.exists()


def test_vapid_keys_command_prints_a_usable_pair(settings):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("vapid_keys", stdout=out)
    private = out.getvalue().split("HOTLINE_VAPID_PRIVATE_KEY=")[1].split()[0]
    settings.HOTLINE_VAPID_PRIVATE_KEY = private
    assert len(unb64(push.public_key())) == 65 and push.public_key() in out.getvalue()


def test_the_service_worker_shows_a_push_and_opens_its_game(client):
    """static/js/sw.js: a push becomes a notification with the message's words, and a
    click opens (or focuses) the game's page. (A headless Chromium cannot subscribe:
    "Registration failed - permission denied" without a push service.)"""
    worker = client.get("/sw.js").content.decode()
    assert 'addEventListener("push"' in worker and "showNotification" in worker
    assert 'addEventListener("notificationclick"' in worker and "openWindow" in worker
