"""Players' side of moderation: chat, takebacks, reports, sanctions, appeals
and the dispute mail."""
import datetime

import pytest
from django.core import mail
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from games.play import services
from games.errors import BadRequest, Forbidden
from games.ladder.models import Challenge, Ladder
from games.models import Notification
from games.moderation import sanctions, selectors, services as moderation
from games.moderation.models import AuditEntry, ChatMessage, Report, TakebackRequest, UserSanction
from tests.test_moderation_fixtures import fresh_cache, make_moderator, mod, mod2, pick, play  # noqa: F401
from tests.test_moderation_fixtures import suspension_middleware  # noqa: F401

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def suspend(user, by, days=3):
    return sanctions.sanction_create(user=user, kind="suspend", moderator=by, reason="abusive messages", days=days)


# -- chat --------------------------------------------------------------------
def test_chat_lines_are_escaped_for_the_players(client, duel, alice, bob):
    client.force_login(alice)
    client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "<script>alert(1)</script>"}, **HTMX)
    client.force_login(bob)
    text = client.get(reverse("moderation:chat", args=[duel.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text and "<script>alert" not in text
    assert reverse("moderation:report_create", args=[duel.pk]) + "?chat=" in text


def test_spectators_never_see_the_chat(client, duel, alice, carol):
    moderation.chat_post(game=duel, user=alice, body="secret plan")
    client.force_login(carol)
    for url in (reverse("moderation:chat", args=[duel.pk]), reverse("moderation:game_panel", args=[duel.pk]),
                reverse("moderation:api_chat", args=[duel.pk])):
        response = client.get(url)
        assert response.status_code == 403 and b"secret plan" not in response.content
    assert client.get(reverse("games:detail", args=[duel.pk])).content.count(b"secret plan") == 0
    with pytest.raises(Forbidden):
        selectors.chat_list(duel, carol)


def test_chat_is_rate_limited_per_user(client, duel, alice, bob, settings):
    settings.HOTLINE_CHAT_PER_MINUTE = 3
    client.force_login(alice)
    codes = [client.post(reverse("moderation:chat", args=[duel.pk]), {"body": f"m{i}"}, **HTMX).status_code
             for i in range(5)]
    assert codes == [200, 200, 200, 422, 422]  # HTMX swaps 422: the panel shows why
    assert "too fast" in client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "x"}, **HTMX) \
        .content.decode()
    api = client.post(reverse("moderation:api_chat", args=[duel.pk]), {"body": "x"}, content_type="application/json")
    assert api.status_code == 429 and api.json()["error"] == "rate_limited"
    assert ChatMessage.objects.filter(user=alice).count() == 3
    moderation.chat_post(game=duel, user=bob, body="my own budget")


def test_a_muted_player_cannot_chat_until_the_mute_ends(client, duel, alice, mod):
    mute = sanctions.sanction_create(user=alice, kind="mute", moderator=mod, reason="insults", days=1)
    client.force_login(alice)
    response = client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "hello"}, **HTMX)
    assert response.status_code == 403 and not ChatMessage.objects.exists()
    assert "muted" in client.get(reverse("moderation:chat", args=[duel.pk])).content.decode()
    UserSanction.objects.filter(pk=mute.pk).update(ends_at=timezone.now() - datetime.timedelta(seconds=1))
    assert client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "hello"}, **HTMX).status_code == 200
    assert AuditEntry.objects.get(action="mute").subject_user == alice


def test_the_chat_api_posts_and_lists_for_players(client, duel, alice, bob):
    client.force_login(alice)
    response = client.post(reverse("moderation:api_chat", args=[duel.pk]), {"body": "<i>gg</i>"},
                           content_type="application/json")
    assert response.status_code == 201
    client.force_login(bob)
    assert client.get(reverse("moderation:api_chat", args=[duel.pk])).json()[0]["body"] == "<i>gg</i>"


# -- takebacks ---------------------------------------------------------------
def test_an_accepted_takeback_rolls_back_before_the_requesters_move(client, duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    card = pick(duel, alice, "north")
    seq = duel.seq
    hand_before = sorted(duel.state["hands"]["north"] + [card])
    client.force_login(alice)
    client.post(reverse("moderation:takeback_request", args=[duel.pk]), {"move_seq": seq}, **HTMX)
    takeback = TakebackRequest.objects.get()
    assert takeback.status == "pending" and takeback.to_seq == seq - 1
    client.force_login(bob)
    response = client.post(reverse("moderation:takeback_answer", args=[takeback.pk]), {"answer": "accept"}, **HTMX)
    assert response.status_code == 200 and response["HX-Trigger"] == "game-changed"
    duel.refresh_from_db()
    takeback.refresh_from_db()
    assert takeback.status == "accepted"
    assert duel.moves.get(seq=seq).rolled_back and duel.moves.last().verb == ".rollback"
    assert sorted(duel.state["hands"]["north"]) == hand_before
    assert AuditEntry.objects.get(action="takeback").subject_user == alice
    call_command("rebuild_games", "--validate", str(duel.pk))
    pick(duel, alice, "north")


def test_a_declined_takeback_changes_nothing_and_only_opponents_answer(duel, alice, bob, carol):
    play(duel, alice, bob, rounds=1)
    pick(duel, bob, "south")  # after the round's die roll: takebacks never cross a roll
    move = moderation.takeback_choices(duel, "south").first()
    takeback = moderation.takeback_request(game=duel, user=bob, move_seq=move.seq)
    seq = duel.seq
    with pytest.raises(Forbidden):
        moderation.takeback_answer(request_id=takeback.pk, user=bob, answer="accept")
    with pytest.raises(Forbidden):
        moderation.takeback_answer(request_id=takeback.pk, user=carol, answer="accept")
    moderation.takeback_answer(request_id=takeback.pk, user=alice, answer="decline")
    duel.refresh_from_db()
    assert duel.seq == seq and not duel.moves.filter(rolled_back=True).exists()
    with pytest.raises(BadRequest):
        moderation.takeback_answer(request_id=takeback.pk, user=alice, answer="accept")


def test_a_takeback_may_only_undo_the_requesters_own_moves(duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    bobs = moderation.takeback_choices(duel, "south").first()
    with pytest.raises(BadRequest):
        moderation.takeback_request(game=duel, user=alice, move_seq=bobs.seq)
    with pytest.raises(BadRequest):
        moderation.takeback_request(game=duel, user=alice, move_seq=1)


def test_a_takeback_expires_when_the_game_moves_on(duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    pick(duel, alice, "north")
    takeback = moderation.takeback_request(game=duel, user=alice,
                                           move_seq=moderation.takeback_choices(duel, "north").first().seq)
    pick(duel, bob, "south")
    answered = moderation.takeback_answer(request_id=takeback.pk, user=bob, answer="accept")
    assert answered.status == "expired" and not duel.moves.filter(rolled_back=True).exists()


def test_takebacks_are_not_offered_in_ladder_games_unless_the_ladder_allows_them(client, duel, alice, bob):
    play(duel, alice, bob, rounds=1)
    pick(duel, alice, "north")
    ladder = Ladder.objects.create(title_id="duel", name="Duel ladder")
    Challenge.objects.create(ladder=ladder, challenger=alice, defender=bob, game=duel, challenger_rung=2,
                             defender_rung=1)
    seq = moderation.takeback_choices(duel, "north").first().seq
    client.force_login(alice)
    panel = client.get(reverse("moderation:game_panel", args=[duel.pk])).content.decode()
    assert "Request a takeback" not in panel and "not available" in panel
    with pytest.raises(Forbidden):
        moderation.takeback_request(game=duel, user=alice, move_seq=seq)
    ladder.allow_takebacks = True
    ladder.save()
    assert "Request a takeback" in client.get(reverse("moderation:game_panel", args=[duel.pk])).content.decode()
    moderation.takeback_request(game=duel, user=alice, move_seq=seq)


# -- reports -----------------------------------------------------------------
def test_reporters_see_the_status_of_their_reports(client, duel, alice, mod):
    line = moderation.chat_post(game=duel, user=alice, body="hi")
    client.force_login(alice)
    response = client.post(reverse("moderation:report_create", args=[duel.pk]),
                           {"kind": "abusive_chat", "text": "he insulted me", "chat_message": line.pk})
    assert response.status_code == 302
    report = Report.objects.get()
    assert report.chat_message == line and report.status == "open"
    assert "Open" in client.get(reverse("moderation:my_reports")).content.decode()
    sanctions.report_close(report_id=report.pk, moderator=mod, outcome="dismissed", resolution="no insult found")
    page = client.get(reverse("moderation:my_reports")).content.decode()
    assert "Resolved" in page and "no insult found" in page


def test_reports_check_their_move_number_and_chat_line(duel, alice, bob):
    other = services.game_create(user=bob, title_id="duel")
    with pytest.raises(BadRequest):
        moderation.report_create(game=duel, user=alice, kind="misclick", text="x", move_seq=duel.seq + 1)
    foreign = ChatMessage.objects.create(game=other, user=bob, body="elsewhere")
    with pytest.raises(BadRequest):
        moderation.report_create(game=duel, user=alice, kind="abusive_chat", text="x", chat_message_id=foreign.pk)
    with pytest.raises(BadRequest):
        moderation.report_create(game=duel, user=alice, kind="nonsense", text="x")


def test_the_players_get_one_dispute_mail_when_a_report_is_resolved(duel, alice, bob, mod,
                                                                    django_capture_on_commit_callbacks):
    report = moderation.report_create(game=duel, user=alice, kind="stalling", text="slow")
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.report_close(report_id=report.pk, moderator=mod, outcome="upheld", resolution="time added")
    assert sorted(m.to[0] for m in mail.outbox) == ["alice@example.com", "bob@example.com"]
    assert f"#{duel.pk}" in mail.outbox[0].subject and "time added" in mail.outbox[0].body
    from games.moderation.tasks import send_dispute_mail

    assert send_dispute_mail(report.pk) == 0
    assert len(mail.outbox) == 2
    assert Notification.objects.filter(kind="dispute", status="sent").count() == 2
    with pytest.raises(BadRequest):
        sanctions.report_close(report_id=report.pk, moderator=mod, outcome="upheld", resolution="again!")


def test_players_who_turned_dispute_mail_off_get_none(duel, alice, bob, mod, django_capture_on_commit_callbacks):
    bob.profile.email_disputes = False
    bob.profile.save()
    report = moderation.report_create(game=duel, user=alice, kind="stalling", text="slow")
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.report_close(report_id=report.pk, moderator=mod, outcome="dismissed", resolution="all fine")
    assert [m.to[0] for m in mail.outbox] == ["alice@example.com"]


# -- suspensions and appeals -------------------------------------------------
def test_a_suspended_player_can_read_but_not_write(client, duel, alice, bob, mod):
    suspend(bob, mod)
    client.force_login(bob)
    assert client.get(reverse("games:detail", args=[duel.pk])).status_code == 200
    assert client.get(reverse("moderation:chat", args=[duel.pk])).status_code == 200
    card = sorted(duel.state["hands"]["south"])[0]
    act = client.post(reverse("games:act", args=[duel.pk]), {"verb": "pick", "arg": card, "expected_seq": duel.seq})
    assert act.status_code == 403
    assert client.post(reverse("games:resign", args=[duel.pk])).status_code == 403
    assert client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "hi"}).status_code == 403
    duel.refresh_from_db()
    assert duel.seq == 1 and duel.status == "active"


def test_the_json_api_refuses_writes_of_a_suspended_token_user(client, duel, bob, mod):
    suspend(bob, mod)
    token = Token.objects.create(user=bob)
    auth = {"HTTP_AUTHORIZATION": f"Token {token.key}"}
    assert client.get(reverse("api:game", args=[duel.pk]), **auth).status_code == 200
    response = client.post(reverse("api:resign", args=[duel.pk]), **auth)
    assert response.status_code == 403 and response.json()["error"] == "suspended"
    assert client.post(reverse("moderation:api_reports"), {"game": duel.pk, "kind": "other", "text": "x"},
                       content_type="application/json", **auth).status_code == 403
    duel.refresh_from_db()
    assert duel.status == "active"


def test_a_suspended_player_may_still_appeal_and_log_out(client, bob, mod, mod2):
    sanction = suspend(bob, mod)
    client.force_login(bob)
    assert "suspended until" in client.get(reverse("moderation:standing")).content.decode()
    response = client.post(reverse("moderation:appeal", args=[sanction.pk]), {"text": "I apologise"})
    assert response.status_code == 302
    assert sanction.appeal.text == "I apologise"
    assert client.post(reverse("account_logout")).status_code == 302
    assert "_auth_user_id" not in client.session


def test_a_suspension_ends_by_itself(client, duel, bob, mod):
    sanction = suspend(bob, mod)
    UserSanction.objects.filter(pk=sanction.pk).update(ends_at=timezone.now() - datetime.timedelta(minutes=1))
    client.force_login(bob)
    assert client.post(reverse("moderation:chat", args=[duel.pk]), {"body": "back"}, **HTMX).status_code == 200


def test_an_appeal_goes_to_a_different_moderator_who_may_lift_the_sanction(client, bob, mod, mod2):
    sanction = suspend(bob, mod)
    appeal = sanctions.appeal_create(sanction_id=sanction.pk, user=bob, text="I was hacked")
    assert appeal.assigned_to == mod2
    client.force_login(mod)
    assert client.post(reverse("moderation:appeal_decide", args=[appeal.pk]),
                       {"lift": "lift", "decision": "my own call"}).status_code == 403
    assert appeal not in client.get(reverse("moderation:appeals")).context["appeals"]
    client.force_login(mod2)
    assert appeal in client.get(reverse("moderation:appeals")).context["appeals"]
    client.post(reverse("moderation:appeal_decide", args=[appeal.pk]), {"lift": "lift", "decision": "credible"})
    appeal.refresh_from_db()
    sanction.refresh_from_db()
    assert appeal.status == "lifted" and sanction.lifted_at is not None
    entry = AuditEntry.objects.get(action="appeal_decide")
    assert entry.actor == mod2 and entry.subject_user == bob


def test_appeals_spread_over_the_other_moderators(make_user, bob, carol, mod, mod2):
    mod3 = make_moderator(make_user, "mod3")
    first = sanctions.appeal_create(sanction_id=suspend(bob, mod).pk, user=bob, text="please")
    second = sanctions.appeal_create(sanction_id=suspend(carol, mod).pk, user=carol, text="please")
    assert {first.assigned_to, second.assigned_to} == {mod2, mod3}
    with pytest.raises(BadRequest):
        sanctions.appeal_create(sanction_id=first.sanction_id, user=bob, text="again")
    with pytest.raises(Forbidden):
        sanctions.appeal_create(sanction_id=second.sanction_id, user=bob, text="not mine")


def test_only_moderators_sanction_and_never_themselves(alice, bob, mod):
    with pytest.raises(Forbidden):
        sanctions.sanction_create(user=bob, kind="warn", moderator=alice, reason="I do not like him")
    with pytest.raises(BadRequest):
        sanctions.sanction_create(user=mod, kind="warn", moderator=mod, reason="testing myself")
    with pytest.raises(BadRequest):
        sanctions.sanction_create(user=bob, kind="suspend", moderator=mod, reason="no period given")
    assert not UserSanction.objects.exists() and not AuditEntry.objects.exists()


@pytest.mark.parametrize("kind, starts, ends, lifted, suspended", [
    ("suspend", -1, 2, False, True),  # running
    ("suspend", -3, -1, False, False),  # over
    ("suspend", 1, 3, False, False),  # not yet
    ("suspend", -1, 2, True, False),  # lifted
    ("mute", -1, 2, False, False),  # another kind
    ("warn", -1, None, False, False),  # a warning has no end
])
def test_the_api_token_lookup_and_the_pages_agree_on_who_is_suspended(bob, mod, kind, starts, ends, lifted,
                                                                       suspended):
    from django.test import RequestFactory

    from games.api.auth import token_user
    from games.moderation import access
    from games.moderation.models import UserSanction

    now, day = timezone.now(), datetime.timedelta(days=1)
    UserSanction.objects.create(user=bob, kind=kind, created_by=mod, reason="x", starts_at=now + starts * day,
                                ends_at=None if ends is None else now + ends * day, lifted_at=now if lifted else None)
    token = Token.objects.create(user=bob)
    request = RequestFactory().post("/api/games/", HTTP_AUTHORIZATION=f"Token {token.key}")
    assert token_user(request).suspended is access.is_suspended(bob) is suspended
