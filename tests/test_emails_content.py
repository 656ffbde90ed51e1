"""What game mails say: the title, the reader's side, the opponent, what is asked and the
opponent's last move in words; plain text without HTML escaping; links on HOTLINE_SITE_URL."""
import pytest
from django.core import mail

from games.mail import emails
from games.engine import registry
from games.play import services
from games.models import Game

pytestmark = pytest.mark.django_db
PER_MOVE = {"kind": "per_move", "days": 2}
ODD_NAME = "<img src=x> O'Neil"


def start(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north", time_control=PER_MOVE)
    services.seat_join(game_id=game.pk, user=bob)
    return Game.objects.get(pk=game.pk)


def mails_to(user, starting=""):
    return [m for m in mail.outbox if m.to == [user.email] and m.subject.startswith(starting)]


def html_of(message) -> str:
    return message.alternatives[0][0]


def test_a_turn_mail_names_title_side_opponent_and_what_is_asked(alice, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = start(alice, bob)
    title = registry.presentation("duel").title_name
    body = mails_to(bob, "Your turn")[0].body
    assert title in body and f"game #{game.pk}" in body
    assert "You play the South against alice" in body
    assert "You are asked: Pick a card" in body


def test_the_last_move_is_in_words_and_a_secret_pick_stays_secret(alice, bob):
    game = start(alice, bob)
    card = sorted(game.state["hands"]["north"])[0]
    services.move_submit(game_id=game.pk, user=alice, verb="pick", arg=card, expected_seq=game.seq)
    game.refresh_from_db()
    last = emails.game_facts(game, bob)["last_move"]
    assert last == f"Move {game.seq}: North made a secret choice."
    assert emails.game_facts(game, alice)["last_move"] == ""  # nobody else has moved yet


def test_the_game_over_mail_says_the_result_in_words(alice, bob, django_capture_on_commit_callbacks):
    game = start(alice, bob)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        services.game_resign(game_id=game.pk, user=bob)
    body = mails_to(alice)[0].body
    assert "You won." in body and "North won (resignation)." in body
    assert "Last move by bob: Move" in body and "South resigned." in body
    assert "(resignation)" in html_of(mails_to(alice)[0]) and "{" not in body


def test_plain_text_is_not_html_escaped_and_the_html_part_is(alice, bob, django_capture_on_commit_callbacks):
    alice.profile.display_name = ODD_NAME
    alice.profile.save()
    with django_capture_on_commit_callbacks(execute=True):
        game = services.game_create(user=alice, title_id="duel", creator_role="north", invite_username="bob")
    invitation = mails_to(bob)[0]
    assert invitation.subject.startswith(ODD_NAME)
    assert ODD_NAME in invitation.body and "&lt;" not in invitation.body and "&#x27;" not in invitation.body
    assert "&lt;img src=x&gt; O&#x27;Neil" in html_of(invitation) and "<img src=x>" not in html_of(invitation)
    assert "You would play the South." in invitation.body
    with django_capture_on_commit_callbacks(execute=True):
        services.seat_join(game_id=game.pk, user=bob)
    turn = mails_to(bob, "Your turn")[0]
    assert f"against {ODD_NAME}" in turn.body and "&lt;img" in html_of(turn)


def test_links_use_the_site_url(settings, alice, bob, django_capture_on_commit_callbacks):
    settings.SITE_URL = "http://127.0.0.1:8765"
    with django_capture_on_commit_callbacks(execute=True):
        game = start(alice, bob)
    message = mails_to(bob, "Your turn")[0]
    assert f"http://127.0.0.1:8765/games/{game.pk}/" in message.body
    assert message.extra_headers["List-Unsubscribe"].startswith("<http://127.0.0.1:8765/")


def test_a_dispute_mail_names_the_title_and_keeps_the_note_plain(alice, bob):
    from games.moderation import mail as dispute_mail
    from games.moderation.models import Report

    game = start(alice, bob)
    report = Report.objects.create(game=game, reporter=alice, kind=Report.Kind.choices[0][0], text="look please",
                                   status=Report.Status.CLOSED, outcome="dismissed", resolution="It's <fine>.")
    mail.outbox.clear()
    assert dispute_mail.dispute_notice(report.pk) == 2
    message = mails_to(bob)[0]
    assert f"{registry.presentation('duel').title_name}, game #{game.pk}" in message.body
    assert "It's <fine>." in message.body and "It&#x27;s &lt;fine&gt;." in html_of(message)
