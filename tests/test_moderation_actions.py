"""Moderators' actions through the views: rollback, adjudicate, annul, clocks,
hand views, and the append-only audit log."""
import datetime

import pytest
from django.contrib import admin
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from games import engine
from games.play import services
from games.errors import BadRequest, Forbidden
from games.ladder.models import RatingChange, RatingRecompute
from games.models import Game, Hand, Move, Seat
from games.moderation import actions
from games.moderation.models import AppendOnly, AuditEntry, ClockPause
from games.rules.core.flow import take_log
from tests.test_moderation_fixtures import fresh_cache, mod, play, suspension_middleware  # noqa: F401

pytestmark = pytest.mark.django_db
WHY = "the players agreed it was a misclick"


def state_after(game, seq):
    moves = [m for m in engine.live_moves(game) if m.seq <= seq]
    state = engine.replay(game, moves)
    take_log(state)
    return state


@pytest.fixture
def timed(alice, bob):
    game = services.game_create(user=alice, title_id="duel", creator_role="north",
                                time_control={"kind": "per_move", "days": 3})
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def act(client, game, action, **data):
    return client.post(reverse("moderation:game_action", args=[game.pk, action]), {"reason": WHY, **data})


def test_a_moderator_rollback_restores_state_hands_and_clocks_and_play_goes_on(client, duel, alice, bob, mod):
    play(duel, alice, bob, rounds=2)
    target = 3
    expected = state_after(duel, target)
    client.force_login(mod)
    response = act(client, duel, "rollback", to_seq=target)
    assert response.status_code == 302
    duel.refresh_from_db()
    assert duel.state == expected
    replayed = engine.replay(duel)
    take_log(replayed)  # the log lines live on the moves
    assert replayed == duel.snapshots.get(seq=duel.seq).state == duel.state
    assert duel.moves.last().verb == ".rollback" and duel.moves.filter(rolled_back=True).exists()
    assert {h.role: h.cards for h in Hand.objects.filter(game=duel)} == {
        r: sorted(expected["hands"][r]) for r in ("north", "south")}
    assert duel.active_roles == engine.rules_for(duel).active_roles(expected)
    awaiting = set(duel.seats.filter(awaiting=True).values_list("role", flat=True))
    assert awaiting == set(duel.active_roles)
    assert all(s.turn_started_at is not None for s in duel.seats.filter(awaiting=True))
    call_command("rebuild_games", "--validate", str(duel.pk))
    role = duel.active_roles[0]
    choice = engine.rules_for(duel).prompt(duel.state, role).choices[0]
    services.move_submit(game_id=duel.pk, user=alice if role == "north" else bob, verb=choice.verb,
                         arg=choice.arg, expected_seq=duel.seq)
    call_command("rebuild_games", "--validate", str(duel.pk))
    entry = AuditEntry.objects.get(action="rollback")
    assert entry.actor == mod and entry.reason == WHY and entry.after["to_seq"] == target
    assert entry.before["seq"] > entry.after["to_seq"]


def test_a_rollback_restarts_the_clocks_of_the_roles_to_move(timed, alice, bob, mod):
    play(timed, alice, bob, rounds=1)
    actions.mod_pause(game_id=timed.pk, moderator=mod, reason=WHY)
    actions.mod_rollback(game_id=timed.pk, to_seq=2, moderator=mod, reason=WHY)
    timed.refresh_from_db()
    assert timed.active_roles == ["south"] and not ClockPause.objects.exists()
    south, north = timed.seats.get(role="south"), timed.seats.get(role="north")
    assert south.awaiting and south.deadline_at is not None and timed.deadline_at == south.deadline_at
    assert not north.awaiting and north.deadline_at is None


def test_a_rollback_of_a_finished_game_reopens_it_and_recomputes_ratings(duel, alice, bob, mod):
    services.game_resign(game_id=duel.pk, user=bob)
    assert RatingChange.objects.filter(game=duel).exists()
    actions.mod_rollback(game_id=duel.pk, to_seq=1, moderator=mod, reason=WHY)
    duel.refresh_from_db()
    assert duel.status == Game.Status.ACTIVE and duel.result is None
    assert RatingRecompute.objects.filter(game=duel).exists()
    assert not RatingChange.objects.filter(game=duel).exists()


def test_the_board_at_any_move_is_the_public_view_of_that_moment(client, duel, alice, bob, mod):
    play(duel, alice, bob, rounds=2)
    actions.mod_rollback(game_id=duel.pk, to_seq=3, moderator=mod, reason=WHY)
    duel.refresh_from_db()
    client.force_login(mod)
    rules = engine.rules_for(duel)
    rolled = duel.moves.filter(rolled_back=True).order_by("seq").last()
    for seq in (2, 3, rolled.seq, duel.seq):
        response = client.get(reverse("moderation:board", args=[duel.pk, seq]))
        assert response.status_code == 200
        assert response.context["view"] == rules.view(_state_as_it_was(duel, seq), None)
    assert client.get(reverse("moderation:board", args=[duel.pk, duel.seq + 5])).status_code == 404


def _state_as_it_was(game, seq):
    """Replay from setup every move up to ``seq`` that had not been rolled back by then."""
    moves = []
    for move in game.moves.filter(seq__lte=seq).order_by("seq"):
        if move.verb == ".rollback":
            moves = [m for m in moves if m.seq <= move.arg["to_seq"]]
        elif move.verb != ".setup":
            moves.append(move)
    return engine.replay(game, moves)


def test_adjudication_changes_the_result_recomputes_ratings_and_is_audited(client, duel, bob, mod):
    services.game_resign(game_id=duel.pk, user=bob)  # north wins
    client.force_login(mod)
    act(client, duel, "adjudicate", winners="south")
    duel.refresh_from_db()
    assert duel.result["winners"] == ["south"] and duel.result["reason"] == "adjudicated"
    recompute = RatingRecompute.objects.get(game=duel)
    assert recompute.previous_result["winners"] == ["north"]
    assert RatingChange.objects.get(game=duel, user=bob).outcome == "win"
    entry = AuditEntry.objects.get(action="adjudicate")
    assert entry.before["result"]["winners"] == ["north"] and entry.after["result"]["winners"] == ["south"]
    call_command("rebuild_games", "--validate", str(duel.pk))


def test_annulment_removes_the_rating_effect_and_is_audited(client, duel, bob, mod):
    services.game_resign(game_id=duel.pk, user=bob)
    client.force_login(mod)
    act(client, duel, "annul")
    duel.refresh_from_db()
    assert duel.result["reason"] == "annulled" and duel.result["winners"] == []
    assert RatingRecompute.objects.filter(game=duel).exists()
    assert not RatingChange.objects.filter(game=duel).exists()
    assert AuditEntry.objects.filter(action="annul", game=duel, actor=mod).count() == 1


def test_every_action_needs_a_written_reason_and_changes_nothing_without_one(client, duel, mod):
    client.force_login(mod)
    response = client.post(reverse("moderation:game_action", args=[duel.pk, "annul"]), {"reason": " "})
    assert response.status_code == 302
    duel.refresh_from_db()
    assert duel.status == "active" and not AuditEntry.objects.exists()
    with pytest.raises(BadRequest):
        actions.mod_annul(game_id=duel.pk, moderator=mod, reason="")


def test_actions_refuse_non_moderators_even_when_called_directly(duel, alice):
    with pytest.raises(Forbidden):
        actions.mod_annul(game_id=duel.pk, moderator=alice, reason=WHY)
    with pytest.raises(Forbidden):
        actions.hand_view(game_id=duel.pk, role="south", moderator=alice, reason=WHY)


def test_a_failed_action_writes_no_audit_entry(duel, mod):
    with pytest.raises(BadRequest):
        actions.mod_rollback(game_id=duel.pk, to_seq=99, moderator=mod, reason=WHY)
    assert not AuditEntry.objects.exists()


def test_adding_time_moves_the_deadline_and_is_audited(timed, mod):
    seat = timed.seats.get(role="north")
    before = seat.deadline_at
    actions.mod_add_time(game_id=timed.pk, role="north", seconds=6 * 3600, moderator=mod, reason=WHY)
    seat.refresh_from_db()
    timed.refresh_from_db()
    assert seat.extra_seconds == 6 * 3600 and seat.deadline_at > before
    assert timed.deadline_at == min(s.deadline_at for s in timed.seats.all())
    entry = AuditEntry.objects.get(action="add_time")
    assert entry.after["role"] == "north" and entry.before["north"]["extra_seconds"] == 0


def test_paused_clocks_time_no_one_out_and_resume_gives_the_paused_time_back(timed, mod):
    timed.seats.update(turn_started_at=timezone.now() - datetime.timedelta(hours=6))
    actions.mod_pause(game_id=timed.pk, moderator=mod, reason=WHY)
    assert not timed.seats.exclude(deadline_at=None).exists()
    later = timezone.now() + datetime.timedelta(days=30)
    assert services.games_time_out_overdue(now=later) == 0
    ClockPause.objects.filter(game=timed).update(paused_at=timezone.now() - datetime.timedelta(hours=5))
    actions.mod_resume(game_id=timed.pk, moderator=mod, reason=WHY)
    timed.refresh_from_db()
    assert timed.status == "active" and not ClockPause.objects.exists()
    for seat in timed.seats.all():
        assert seat.deadline_at is not None and seat.extra_seconds >= 5 * 3600 - 5
    assert list(AuditEntry.objects.values_list("action", flat=True)) == ["pause", "resume"]
    with pytest.raises(BadRequest):
        actions.mod_resume(game_id=timed.pk, moderator=mod, reason=WHY)


def test_looking_at_a_hidden_hand_is_a_separate_logged_action(client, duel, mod):
    client.force_login(mod)
    timeline = client.get(reverse("moderation:timeline", args=[duel.pk])).content.decode()
    cards = Hand.objects.get(game=duel, role="south").cards
    assert not AuditEntry.objects.exists()
    response = client.post(reverse("moderation:hand", args=[duel.pk]), {"role": "south", "reason": WHY})
    assert response.status_code == 200 and str(cards[0]) in response.content.decode()
    entry = AuditEntry.objects.get(action="hand_view")
    assert entry.after["cards"] == cards and entry.subject_user.username == "bob"
    assert "hand_view" not in timeline


def test_players_see_the_audit_entries_of_their_game_without_the_cards(client, duel, alice, carol, mod):
    actions.hand_view(game_id=duel.pk, role="south", moderator=mod, reason="checking a leak claim")
    actions.mod_annul(game_id=duel.pk, moderator=mod, reason="both players left")
    south_cards = Hand.objects.get(game=duel, role="south").cards
    client.force_login(alice)
    page = client.get(reverse("moderation:game_audit", args=[duel.pk]))
    text = page.content.decode()
    assert "checking a leak claim" in text and "both players left" in text
    hand_entry = next(e for e in page.context["entries"] if e.action == "hand_view")
    assert hand_entry.after is None and hand_entry.before is None
    assert str(south_cards) not in text
    client.force_login(carol)
    assert client.get(reverse("moderation:game_audit", args=[duel.pk])).status_code == 403


def test_the_audit_log_cannot_be_changed_or_deleted(duel, mod):
    entry = actions.mod_annul(game_id=duel.pk, moderator=mod, reason=WHY) and AuditEntry.objects.get()
    entry.reason = "something else"
    with pytest.raises(AppendOnly):
        entry.save()
    with pytest.raises(AppendOnly):
        entry.delete()
    with pytest.raises(AppendOnly):
        AuditEntry.objects.filter(pk=entry.pk).update(reason="x")
    with pytest.raises(AppendOnly):
        AuditEntry.objects.all().delete()
    assert AuditEntry.objects.get().reason == WHY


def test_the_admin_offers_no_way_to_add_change_or_delete_audit_entries(rf, duel, mod, admin_user):
    actions.mod_annul(game_id=duel.pk, moderator=mod, reason=WHY)
    model_admin = admin.site._registry[AuditEntry]
    request = rf.get("/admin/")
    request.user = admin_user
    entry = AuditEntry.objects.get()
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, entry)
    assert not model_admin.has_delete_permission(request, entry)
    assert not model_admin.get_actions(request)


def test_the_admin_pages_refuse_edits_of_an_audit_entry(client, duel, mod, admin_user):
    actions.mod_annul(game_id=duel.pk, moderator=mod, reason=WHY)
    entry = AuditEntry.objects.get()
    client.force_login(admin_user)
    change = reverse("admin:moderation_auditentry_change", args=[entry.pk])
    assert client.get(change).status_code == 200  # a superuser may view it
    client.post(change, {"reason": "rewritten"})
    assert client.post(reverse("admin:moderation_auditentry_delete", args=[entry.pk]), {"post": "yes"}) \
        .status_code == 403
    assert client.get(reverse("admin:moderation_auditentry_add")).status_code == 403
    assert AuditEntry.objects.get().reason == WHY


def test_the_queue_lists_open_reports_oldest_first_filtered_by_type_and_title(client, duel, alice, bob, mod):
    from games.moderation import services as moderation

    first = moderation.report_create(game=duel, user=alice, kind="stalling", text="slow")
    second = moderation.report_create(game=duel, user=bob, kind="cheating", text="odd")
    closed = moderation.report_create(game=duel, user=bob, kind="stalling", text="again")
    closed.status = "closed"
    closed.save()
    client.force_login(mod)
    assert list(client.get(reverse("moderation:queue")).context["reports"]) == [first, second]
    assert list(client.get(reverse("moderation:queue"), {"kind": "cheating"}).context["reports"]) == [second]
    assert list(client.get(reverse("moderation:queue"), {"title": "ts"}).context["reports"]) == []
    assert list(client.get(reverse("moderation:queue"), {"title": "duel"}).context["reports"]) == [first, second]


def test_the_timeline_shows_moves_including_rolled_back_chat_clocks_and_reports(client, duel, alice, bob, mod):
    from games.moderation import services as moderation

    play(duel, alice, bob, rounds=1)
    moderation.chat_post(game=duel, user=alice, body="<b>hi</b>")
    report = moderation.report_create(game=duel, user=bob, kind="misclick", text="oops", move_seq=3)
    actions.mod_rollback(game_id=duel.pk, to_seq=2, moderator=mod, reason=WHY, report_id=report.pk)
    client.force_login(mod)
    response = client.get(reverse("moderation:timeline", args=[duel.pk]), {"report": report.pk})
    text = response.content.decode()
    assert response.status_code == 200
    assert "rolled back" in text and "&lt;b&gt;hi&lt;/b&gt;" in text and "oops" in text
    assert len(response.context["t"].moves) == Move.objects.filter(game=duel).count()
    assert AuditEntry.objects.get(action="rollback").report == report


def test_a_turn_that_starts_during_a_pause_gets_no_deadline_until_resume(timed, mod):
    actions.mod_pause(game_id=timed.pk, moderator=mod, reason=WHY)
    north = timed.seats.get(role="north")
    card = sorted(timed.state["hands"]["north"])[0]
    services.move_submit(game_id=timed.pk, user=north.user, verb="pick", arg=card, expected_seq=timed.seq)
    south = timed.seats.get(role="south")
    services.move_submit(game_id=timed.pk, user=south.user, verb="pick",
                         arg=sorted(Game.objects.get(pk=timed.pk).state["hands"]["south"])[0],
                         expected_seq=Game.objects.get(pk=timed.pk).seq)
    assert not Seat.objects.filter(game=timed).exclude(deadline_at=None).exists()  # the new turn waits
    started = Seat.objects.get(game=timed, awaiting=True).turn_started_at
    actions.mod_resume(game_id=timed.pk, moderator=mod, reason=WHY)
    seat = Seat.objects.get(game=timed, awaiting=True)
    assert seat.deadline_at is not None
    # the whole allowance counts from the resume: nothing was used while paused
    assert seat.deadline_at >= started + datetime.timedelta(days=3)
    assert seat.deadline_at >= timezone.now() + datetime.timedelta(days=3) - datetime.timedelta(seconds=10)
