"""Chat webhooks (issue 30, item 3; games/reach/hooks.py, safe_http.py) against a
real receiver on loopback (opted in by HOTLINE_WEBHOOK_ALLOW_LOOPBACK, which
production never sets): the signature verifies, a 500 is retried, a hook that
keeps failing is turned off with a mail to its owner, every delivery happens
once however often its task runs, and private or metadata addresses (by number,
by a name that resolves to them, or through a redirect) are refused."""
from __future__ import annotations

import hashlib
import hmac
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core import mail
from django.urls import reverse

from games.models import HookDelivery, Notification, Seat, Webhook
from games.play import services
from games.reach import hooks, safe_http
from games.reach.delivery import BACKOFF

pytestmark = pytest.mark.django_db


class Receiver:
    """An HTTP server on 127.0.0.1 that records each request and answers with the
    next status of ``answers`` (then 200)."""

    def __init__(self):
        self.requests, self.answers = [], []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                receiver.requests.append((self.path, dict(self.headers), body))
                status = receiver.answers.pop(0) if receiver.answers else 200
                self.send_response(status)
                if status in (301, 302, 307):
                    self.send_header("Location", "http://169.254.169.254/latest/meta-data/")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings):
    settings.HOTLINE_WEBHOOK_ALLOW_LOOPBACK = True
    found = Receiver()
    yield found
    found.close()


def turn(game, user) -> Seat:
    return Seat.objects.select_related("game", "user").get(game=game, user=user)


def test_a_json_hook_is_told_of_the_turn_once_signed_and_in_public_words(receiver, alice, clocked_duel):
    hook = hooks.add(alice, "json", receiver.url, ["turn"])
    seat = turn(clocked_duel, alice)
    assert hooks.told("turn", seat.user_id, seat.game_id, "turn:key-1", hooks.turn_text(seat)) == 1
    assert hooks.told("turn", seat.user_id, seat.game_id, "turn:key-1", hooks.turn_text(seat)) == 0  # the same notice again: nothing
    delivery = HookDelivery.objects.get(hook=hook)
    assert hooks.deliver(delivery.pk) == "sent" and hooks.deliver(delivery.pk) == "skipped"  # a task run twice
    [(path, headers, body)] = receiver.requests
    stamp, signed = headers["X-Hotline-Timestamp"], headers["X-Hotline-Signature"]
    expected = hmac.new(hook.secret.encode(), stamp.encode() + b"." + body, hashlib.sha256).hexdigest()
    assert signed == f"sha256={expected}" and path == "/hook"
    said = json.loads(body)
    assert said["event"] == "turn" and said["game"] == clocked_duel.pk and said["url"].endswith(f"/games/{clocked_duel.pk}/")
    assert said["text"].startswith(f"Your turn in #{clocked_duel.pk} ")
    assert set(said) == {"event", "game", "text", "url"}  # nothing else: no prompt, no hand


def test_discord_and_slack_get_their_own_shapes(receiver, alice, clocked_duel):
    for kind, field in (("discord", "content"), ("slack", "text")):
        hook = hooks.add(alice, kind, receiver.url, ["turn", "over"])
        assert hooks.test(hook) == ""
        said = json.loads(receiver.requests[-1][2])
        assert "this webhook works" in said[field] and "X-Hotline-Signature" not in receiver.requests[-1][1]


def test_a_failure_is_retried_and_a_hook_that_keeps_failing_is_turned_off_with_a_mail(receiver, alice, clocked_duel):
    hook = hooks.add(alice, "json", receiver.url, ["turn"])
    seat = turn(clocked_duel, alice)
    receiver.answers = [500]
    hooks.told("turn", seat.user_id, seat.game_id, "turn:a", "first")
    first = HookDelivery.objects.get(key="turn:a")
    assert hooks.deliver(first.pk) == "failed" and hooks.retry_after(first.pk) == BACKOFF[0]
    assert hooks.deliver(first.pk) == "sent" and len(receiver.requests) == 2  # the retry arrives
    hook.refresh_from_db()
    assert hook.failures == 0
    receiver.answers = [500] * hooks.FAIL_LIMIT
    for n in range(hooks.FAIL_LIMIT):
        hooks.told("turn", seat.user_id, seat.game_id, f"turn:b{n}", "again")
        assert hooks.deliver(HookDelivery.objects.get(key=f"turn:b{n}").pk) == "failed"
    hook.refresh_from_db()
    assert not hook.enabled and hook.failures == hooks.FAIL_LIMIT and hook.last_error == "HTTP 500"
    assert hooks.hook_off_mail(hook.pk) == 1
    assert Notification.objects.filter(user=alice, kind="hook-off", status="sent").exists()
    assert "turned it off" in mail.outbox[-1].body and receiver.url in mail.outbox[-1].body
    hooks.told("turn", seat.user_id, seat.game_id, "turn:c", "off now")
    assert not HookDelivery.objects.filter(key="turn:c").exists()  # an off hook is told nothing


@pytest.mark.parametrize("address", ["https://127.0.0.1/x", "https://10.0.0.1/x", "https://169.254.169.254/latest/",
                                     "https://192.168.1.5/", "https://[::1]/", "https://localhost/",
                                     "http://example.com/", "https://user:pw@example.com/", "ftp://example.com/"])
def test_private_metadata_and_plain_addresses_are_refused_in_production(address, alice):
    with pytest.raises(safe_http.Refused):
        safe_http.check(address)
    with pytest.raises(hooks.HookError):
        hooks.add(alice, "json", address, ["turn"])


def test_a_name_resolving_to_a_private_address_is_refused_at_send_time(monkeypatch, alice, settings):
    monkeypatch.setattr(safe_http.socket, "getaddrinfo",
                        lambda host, port, **kw: [(2, 1, 6, "", ("93.184.216.34", port))])
    hook = hooks.add(alice, "json", "https://hooks.example.org/in", ["turn"])
    monkeypatch.setattr(safe_http.socket, "getaddrinfo",  # the name moved to the metadata address since
                        lambda host, port, **kw: [(2, 1, 6, "", ("169.254.169.254", port))])
    assert hooks.test(hook).startswith("refused: the host resolves to a private address")


def test_a_redirect_is_not_followed(receiver, alice):
    hook = hooks.add(alice, "json", receiver.url, ["turn"])
    receiver.answers = [302]
    assert hooks.test(hook) == "HTTP 302" and len(receiver.requests) == 1


def test_a_real_turn_notice_reaches_the_hook_through_the_pipeline(receiver, alice, bob, clocked_duel, settings):
    """The mail room's turn notice tells the hooks too: one move, one delivery each."""
    hooks.add(bob, "json", receiver.url, ["turn"])
    from games.mail import emails

    for seat in Seat.objects.filter(game=clocked_duel):
        emails.turn_notice(clocked_duel.pk, clocked_duel.seq, [seat.role])
    every = [s.role for s in Seat.objects.filter(game=clocked_duel)]
    emails.turn_notice(clocked_duel.pk, clocked_duel.seq, every)  # a task run twice
    deliveries = HookDelivery.objects.filter(hook__user=bob)
    assert deliveries.count() == (1 if turn(clocked_duel, bob).awaiting else 0)
    for delivery in deliveries:
        hooks.deliver(delivery.pk)
    assert len(receiver.requests) == deliveries.count()


def test_the_page_adds_tests_switches_and_removes_only_the_owners_hooks(client, receiver, alice, bob):
    client.force_login(alice)
    page = client.post(reverse("games:hooks"), {"kind": "json", "url": "https://10.0.0.1/", "events": ["turn"]})
    assert page.status_code == 422 and "cannot be used" in page.content.decode()
    assert not Webhook.objects.exists()
    client.post(reverse("games:hooks"), {"kind": "slack", "url": receiver.url, "events": ["turn", "over"]})
    hook = Webhook.objects.get(user=alice)
    assert hook.events == ["turn", "over"]
    client.post(reverse("games:hook_test", args=[hook.pk]))
    assert len(receiver.requests) == 1
    client.force_login(bob)
    assert client.post(reverse("games:hook_delete", args=[hook.pk])).status_code == 404
    assert receiver.url not in client.get(reverse("games:hooks")).content.decode()
    client.force_login(alice)
    client.post(reverse("games:hook_switch", args=[hook.pk]))
    hook.refresh_from_db()
    assert not hook.enabled
    client.post(reverse("games:hook_delete", args=[hook.pk]))
    assert not Webhook.objects.exists()


def test_https_goes_to_the_checked_address_and_verifies_the_hosts_certificate(tmp_path, monkeypatch):
    """The request connects to the address just checked, yet TLS checks the
    certificate for the host's name (SNI) and the Host header names it: a
    certificate the client does not trust is refused."""
    import socket
    import ssl
    import subprocess

    import urllib3

    key, cert = tmp_path / "key.pem", tmp_path / "cert.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                    "-days", "1", "-subj", "/CN=hooks.test", "-addext", "subjectAltName=DNS:hooks.test"],
                   check=True, capture_output=True)
    got = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            got.append((self.headers["Host"], self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    real = socket.getaddrinfo
    monkeypatch.setattr(socket, "getaddrinfo",
                        lambda host, *a, **k: real("127.0.0.1" if host == "hooks.test" else host, *a, **k))
    monkeypatch.setattr(safe_http, "public", lambda address: address == "127.0.0.1")  # as if it were public
    try:
        with pytest.raises(urllib3.exceptions.SSLError):  # not a certificate the client trusts
            safe_http.post(f"https://hooks.test:{port}/in", b"{}", {})
        pool = urllib3.HTTPSConnectionPool
        monkeypatch.setattr(urllib3, "HTTPSConnectionPool", lambda *a, **k: pool(*a, ca_certs=str(cert), **k))
        assert safe_http.post(f"https://hooks.test:{port}/in", b'{"a":1}', {}) == 204
        assert got == [(f"hooks.test:{port}", b'{"a":1}')]
    finally:
        server.shutdown()
        server.server_close()


def test_canary_no_hand_card_reaches_a_hook_of_either_player(receiver, alice, bob, clocked_duel):
    """A hook's channel may be shared: neither player's cards are named in what
    their hooks are told, whoever's turn it is and after a card was picked."""
    from tests.example_game.rules import NAMES, card_name

    for user in (alice, bob):
        hooks.add(user, "discord", receiver.url, ["turn", "over"])
    card = sorted(clocked_duel.state["hands"]["north"])[0]
    services.move_submit(game_id=clocked_duel.pk, user=alice, verb="pick", arg=card, expected_seq=clocked_duel.seq)
    clocked_duel.refresh_from_db()
    for key, seat in enumerate(Seat.objects.select_related("game", "user").filter(game=clocked_duel)):
        hooks.told("turn", seat.user_id, seat.game_id, f"turn:canary{key}", hooks.turn_text(seat))
    for delivery in HookDelivery.objects.all():
        assert hooks.deliver(delivery.pk) == "sent"
    said = " ".join(json.loads(body)["content"] for _path, _headers, body in receiver.requests)
    assert len(receiver.requests) == 2 and said
    assert [name for name in NAMES if name in said] == [] and card_name(card) not in said


def test_night_hours_hold_a_hook_back_until_morning(receiver, alice, clocked_duel):
    """The night hours that hold deadlines back hold webhooks back too: nothing is
    sent at night, and the task comes back when the night ends."""
    from django.utils import timezone

    from accounts.models import Profile

    hour = timezone.now().hour
    Profile.objects.filter(user=alice).update(night_start=hour, night_end=(hour + 2) % 24, timezone="UTC")
    hooks.add(alice, "json", receiver.url, ["turn"])
    hooks.told("turn", turn(clocked_duel, alice).user_id, turn(clocked_duel, alice).game_id, "turn:night", "at night")
    delivery = HookDelivery.objects.get(key="turn:night")
    assert hooks.deliver(delivery.pk) == "quiet" and receiver.requests == []
    wait = hooks.retry_after(delivery.pk)
    assert 60 <= wait <= 2 * 3600 + 1
    delivery.refresh_from_db()
    assert delivery.attempts == 0 and delivery.status == "pending"
    Profile.objects.filter(user=alice).update(night_start=None, night_end=None)
    assert hooks.deliver(delivery.pk) == "sent" and len(receiver.requests) == 1


def test_reminders_and_invitations_reach_the_hooks_that_want_them(receiver, alice, bob, carol, clocked_duel):
    """The mail room's reminder and invitation tell the hooks too, once each, in
    the owner's words; a hook that did not choose the event is told nothing."""
    from games.mail import emails

    hooks.add(alice, "json", receiver.url, ["reminder", "invitation"])
    hooks.add(alice, "slack", receiver.url, ["turn"])  # wants neither
    seat = turn(clocked_duel, alice)
    assert seat.awaiting and seat.deadline_at
    for _ in range(2):  # a task run twice
        emails.reminder(seat.pk, seat.turn_started_at.isoformat(), 1)
    invited = services.game_create(user=bob, title_id="duel", invite_username="alice")
    emails.invitation(invited.pk)
    for delivery in HookDelivery.objects.all():
        hooks.deliver(delivery.pk)
    said = sorted(json.loads(body)["event"] for _p, _h, body in receiver.requests)
    assert said == ["invitation", "reminder"]
    texts = {json.loads(body)["event"]: json.loads(body)["text"] for _p, _h, body in receiver.requests}
    assert "is due in about" in texts["reminder"] and texts["invitation"].startswith("bob invites you to #")


def test_the_game_over_notice_is_in_the_owners_language(receiver, alice, bob, clocked_duel):
    """The result is said in the hook owner's words (not in the language the mail task ran in)."""
    from accounts.models import Profile
    from games.mail import emails

    Profile.objects.filter(user=alice).update(language="es")
    hooks.add(alice, "json", receiver.url, ["over"])
    services.game_resign(game_id=clocked_duel.pk, user=bob)
    emails.game_over(clocked_duel.pk)
    for delivery in HookDelivery.objects.all():
        hooks.deliver(delivery.pk)
    [text] = [json.loads(body)["text"] for _p, _h, body in receiver.requests]
    assert "ha terminado" in text and " won" not in text
