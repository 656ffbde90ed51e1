"""Mail: one "your turn" per turn, reminders, digest, unsubscribe, SMTP failures,
and the real Celery worker delivering to a real SMTP server (aiosmtpd)."""
import email
import re
import socket
import time
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.mail import emails, reminders
from games.play import services
from games.models import Notification, Seat

pytestmark = pytest.mark.django_db
PER_MOVE = {"kind": "per_move", "days": 2}


class Inbox:
    """An aiosmtpd handler that keeps messages and can refuse recipients."""

    def __init__(self):
        self.messages, self.refuse = [], set()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.refuse:
            return "550 no such mailbox"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        return "250 Message accepted"

    def texts(self, to=None) -> list[tuple[str, str]]:
        """(subject, plain body) of every message received (to one address)."""
        found = []
        for message in self.messages:
            if to and message["To"] != to:
                continue
            body = next(part.get_payload(decode=True).decode() for part in message.walk()
                        if part.get_content_type() == "text/plain")
            found.append((" ".join(str(message["Subject"]).split()), body))
        return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def smtp(settings):
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=free_port())
    controller.start()
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", controller.port
    yield inbox
    controller.stop()


def start(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north", time_control=PER_MOVE)
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def turn_mails(to=None):
    return [m for m in mail.outbox if m.subject.startswith("Your turn") and (to is None or m.to == [to])]


def test_a_turn_mail_has_the_link_both_parts_and_unsubscribe_headers(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start(alice, bob)
    message = turn_mails(bob.email)[0]
    assert f"/games/{game.pk}/" in message.body
    assert message.alternatives[0][1] == "text/html" and f"/games/{game.pk}/" in message.alternatives[0][0]
    assert message.extra_headers["List-Unsubscribe"].startswith("<http")
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_the_same_turn_never_mails_twice(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start(alice, bob)
    assert len(turn_mails(bob.email)) == 1
    assert emails.turn_notice(game.pk, game.seq, ["south"]) == 0  # a duplicated task
    assert len(turn_mails(bob.email)) == 1


def test_no_turn_mail_for_a_player_who_just_acted_in_that_game(settings, alice, bob):
    game = next(g for g in (start(alice, bob) for _ in range(20))  # a deal alice's best card wins
                if max(g.state["hands"]["north"]) > min(g.state["hands"]["south"]))
    north, south = max(game.state["hands"]["north"]), min(game.state["hands"]["south"])
    services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=north, expected_seq=game.seq)
    game.refresh_from_db()
    mail.outbox.clear()
    settings.HOTLINE_TURN_MAIL_QUIET_SECONDS = 300
    services.move_submit(game_id=game.pk, user=bob, verb="pick", arg=south, expected_seq=game.seq)
    winner = Seat.objects.get(game=game, awaiting=True)
    assert winner.user == alice and turn_mails(alice.email) == []  # alice picked seconds ago


def test_digest_readers_get_one_digest_instead_of_turn_mails(alice, bob, django_capture_on_commit_callbacks):
    bob.profile.digest_hour = 0
    bob.profile.timezone = "Asia/Seoul"
    bob.profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = start(alice, bob)
    assert turn_mails(bob.email) == []
    with django_capture_on_commit_callbacks(execute=True):  # the digest task leaves through the outbox
        assert reminders.digests_due(timezone.now()) == 1
    assert reminders.digests_due(timezone.now()) == 0
    digest = [m for m in mail.outbox if m.to == [bob.email] and "wait" in m.subject]
    assert len(digest) == 1 and f"/games/{game.pk}/" in digest[0].body


def test_reminders_go_out_once_each_and_move_to_the_next_one(alice, bob, django_capture_on_commit_callbacks):
    game = start(alice, bob)
    seat = Seat.objects.get(game=game, role="south")
    Seat.objects.filter(pk=seat.pk).update(next_reminder_at=timezone.now() - timedelta(seconds=1))
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert reminders.reminders_due(timezone.now()) == 1
        assert reminders.reminders_due(timezone.now()) == 0
    sent = [m for m in mail.outbox if m.subject.startswith("Reminder")]
    assert [m.to for m in sent] == [[bob.email]]
    assert Seat.objects.get(pk=seat.pk).next_reminder_at > timezone.now()


def test_the_unsubscribe_link_asks_before_it_acts_works_without_login_and_can_be_undone(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        start(alice, bob)
    link = re.search(r"http://\S+/unsubscribe/\S+/", turn_mails(bob.email)[0].body).group(0)
    path = link.split("localhost:8000")[1]
    response = Client().get(path)  # a mail scanner following the link changes nothing
    assert response.status_code == 200 and "Nothing changes until you press the button" in response.content.decode()
    bob.profile.refresh_from_db()
    assert bob.profile.email_your_turn is True
    response = Client(enforce_csrf_checks=True).post(path)  # the page's button
    assert response.status_code == 200 and "no longer receive" in response.content.decode()
    bob.profile.refresh_from_db()
    assert bob.profile.email_your_turn is False
    Client(enforce_csrf_checks=True).post(path, {"resubscribe": "1"})
    bob.profile.refresh_from_db()
    assert bob.profile.email_your_turn is True
    one_click = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})
    assert one_click.status_code == 200
    bob.profile.refresh_from_db()
    assert bob.profile.email_your_turn is False
    assert Client().get("/unsubscribe/forged-token/").status_code == 400


def test_a_refused_recipient_is_recorded_as_a_bounce(smtp, alice, bob):
    smtp.refuse.add(bob.email)
    game = start(alice, bob)
    assert emails.turn_notice(game.pk, game.seq, ["south"]) == 0
    bob.profile.refresh_from_db()
    assert bob.profile.bounces == 1
    assert Notification.objects.get(user=bob, kind="turn").status == Notification.Status.FAILED


def test_an_smtp_outage_raises_for_retry_and_a_retry_sends_once(settings, smtp, alice, bob):
    game = start(alice, bob)
    Notification.objects.all().delete()
    port, settings.EMAIL_PORT = settings.EMAIL_PORT, free_port()  # nobody listens there
    with pytest.raises(OSError):
        emails.turn_notice(game.pk, game.seq, ["south"])
    note = Notification.objects.get(user=bob, kind="turn")
    assert (note.status, note.attempts) == (Notification.Status.FAILED, 1)
    settings.EMAIL_PORT = port
    assert emails.turn_notice(game.pk, game.seq, ["south"]) == 1
    assert emails.turn_notice(game.pk, game.seq, ["south"]) == 0
    assert [m["To"] for m in smtp.messages if m["Subject"].startswith("Your turn")] == [bob.email]


@pytest.fixture
def real_worker(settings):
    from celery.contrib.testing.worker import start_worker

    from config.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    app.conf.task_always_eager = False
    with start_worker(app, perform_ping_check=False, pool="solo", loglevel="WARNING"):
        yield
    app.conf.task_always_eager = True


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
def test_a_move_produces_exactly_one_turn_mail_through_worker_and_smtp(smtp, real_worker, alice, bob):
    game = start(alice, bob)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and len(smtp.messages) < 4:
        time.sleep(0.1)
    time.sleep(1)  # nothing more may arrive
    turn = [m for m in smtp.messages if m["Subject"].startswith("Your turn")]
    assert sorted(m["To"] for m in turn) == [alice.email, bob.email]
    to_bob = next(m for m in turn if m["To"] == bob.email)
    assert to_bob["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    text = next(p for p in to_bob.walk() if p.get_content_type() == "text/plain").get_payload(decode=True).decode()
    assert f"/games/{game.pk}/" in text
    path = re.search(r"/unsubscribe/\S+/", to_bob["List-Unsubscribe"]).group(0)
    assert Client().post(path).status_code == 200
    bob.profile.refresh_from_db()
    assert bob.profile.email_your_turn is False
