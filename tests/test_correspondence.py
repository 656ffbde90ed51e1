"""Clocks on seats, the timeout sweep, granted time, vacation and statistics."""
from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from games.play import services
from games.clocks import vacations, DAY
from games.errors import BadRequest
from games.models import Game, Move, Seat

pytestmark = pytest.mark.django_db
PER_MOVE_3 = {"kind": "per_move", "days": 3}


def start(alice, bob, control=PER_MOVE_3):
    game = services.game_create(user=alice, title_id="duel", creator_role="north", time_control=control)
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def seat(game, role) -> Seat:
    return game.seats.select_related("user__profile").get(role=role)


def pick(game, user, role):
    game.refresh_from_db()
    card = sorted(game.state["hands"][role])[0]
    services.move_submit(game_id=game.pk, user=user, verb="pick", arg=card, expected_seq=game.seq)


def make_overdue(game, role, by=timedelta(minutes=1)):
    Seat.objects.filter(game=game, role=role).update(deadline_at=timezone.now() - by)


def test_each_active_seat_gets_a_deadline_and_loses_it_when_its_turn_ends(alice, bob):
    game = start(alice, bob)
    north = seat(game, "north")
    assert north.deadline_at - north.turn_started_at == timedelta(days=3)
    assert game.deadline_at == min(seat(game, r).deadline_at for r in ("north", "south"))
    pick(game, alice, "north")
    north = seat(game, "north")
    assert north.deadline_at is None and north.turn_started_at is None
    assert north.user.profile.turns_timed == 1


def test_a_bank_is_charged_for_the_turn_and_gets_the_increment(alice, bob):
    game = start(alice, bob, {"kind": "bank", "initial_days": 2, "increment_days": 1, "max_days": 4})
    assert seat(game, "north").bank_seconds == 2 * DAY
    Seat.objects.filter(game=game, role="north").update(turn_started_at=timezone.now() - timedelta(hours=12))
    pick(game, alice, "north")
    assert seat(game, "north").bank_seconds == pytest.approx(2.5 * DAY, abs=5)


def test_invalid_time_control_is_refused(alice):
    with pytest.raises(BadRequest, match="time control"):
        services.game_create(user=alice, title_id="duel", time_control={"kind": "per_move", "days": 4})


def test_the_sweep_times_out_an_overdue_seat_exactly_once(alice, bob):
    game = start(alice, bob)
    make_overdue(game, "south")
    assert services.games_time_out_overdue() == 1
    assert services.games_time_out_overdue() == 0
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result == {"winners": ["north"], "reason": "timeout", "score": None}
    assert Move.objects.filter(game=game, verb=".timeout").count() == 1
    assert seat(game, "south").user.profile.timeouts == 1
    assert not Seat.objects.filter(game=game, deadline_at__isnull=False).exists()


def test_a_player_late_in_two_games_of_one_sweep_counts_two_timeouts(alice, bob):
    games = [start(alice, bob) for _ in range(2)]
    for game in games:
        pick(game, alice, "north")
        make_overdue(game, "south")
    assert services.games_time_out_overdue() == 2
    assert seat(games[0], "south").user.profile.timeouts == 2
    assert seat(games[0], "south").timed_out_at is not None and seat(games[0], "south").deadline_at is None


def test_a_seat_that_moved_in_time_is_not_timed_out(alice, bob):
    game = start(alice, bob)
    pick(game, alice, "north")
    Seat.objects.filter(game=game, role="south").update(deadline_at=timezone.now() + timedelta(hours=1))
    assert services.games_time_out_overdue() == 0
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_the_sweep_handles_many_games_in_one_run(alice, bob):
    games = [start(alice, bob) for _ in range(5)]
    for game in games:
        make_overdue(game, "north")
    assert services.games_time_out_overdue() == 5
    assert Move.objects.filter(verb=".timeout").count() == 5


def test_an_opponent_may_grant_extra_time_before_the_deadline(alice, bob):
    game = start(alice, bob)
    before = seat(game, "south").deadline_at
    services.game_grant_time(game_id=game.pk, user=alice, role="south", days=2)
    assert seat(game, "south").deadline_at - before == timedelta(days=2)
    with pytest.raises(BadRequest, match="opponent"):
        services.game_grant_time(game_id=game.pk, user=alice, role="north", days=1)
    with pytest.raises(BadRequest, match="1, 2, 3 or 7"):
        services.game_grant_time(game_id=game.pk, user=alice, role="south", days=30)
    make_overdue(game, "south")
    with pytest.raises(BadRequest, match="no running deadline"):
        services.game_grant_time(game_id=game.pk, user=alice, role="south", days=1)


def test_vacation_stops_the_clock_only_where_vacation_is_allowed(alice, bob):
    allowed = start(alice, bob)
    strict = start(alice, bob, {**PER_MOVE_3, "vacation_allowed": False})
    strict_deadline = seat(strict, "south").deadline_at
    vacations.vacation_start(bob)
    assert seat(allowed, "south").deadline_at is None
    assert seat(strict, "south").deadline_at == strict_deadline
    make_overdue(strict, "south")
    assert services.games_time_out_overdue() == 1  # only the strict game
    assert Game.objects.get(pk=allowed.pk).status == Game.Status.ACTIVE


def test_ending_a_vacation_extends_the_deadline_and_uses_the_pool(alice, bob):
    game = start(alice, bob)
    before = seat(game, "south").deadline_at
    now = timezone.now()
    vacations.vacation_start(bob, now=now)
    pool = bob.profile.__class__.objects.get(user=bob).vacation_days
    vacations.vacation_end(bob, now=now + timedelta(days=1))
    after = seat(game, "south").deadline_at
    assert after - before == pytest.approx(timedelta(days=1), abs=timedelta(seconds=5))
    assert bob.profile.__class__.objects.get(user=bob).vacation_days == pytest.approx(pool - 1, abs=0.2)


def test_vacation_needs_days_in_the_pool(alice, bob):
    profile = bob.profile
    profile.vacation_days, profile.vacation_accrued_on = 0, timezone.now().date()
    profile.save()
    with pytest.raises(BadRequest, match="no vacation days"):
        vacations.vacation_start(bob)


def test_vacation_is_earned_daily_up_to_a_cap_plus_a_yearly_allowance(settings, bob):
    settings.HOTLINE_VACATION_DAYS_PER_DAY, settings.HOTLINE_VACATION_CAP_DAYS = 0.5, 10
    settings.HOTLINE_VACATION_YEARLY_DAYS = 7
    profile = bob.profile
    start_day = timezone.now().replace(year=2026, month=6, day=1)
    vacations.accrue(profile, start_day)
    assert profile.vacation_days == 7
    vacations.accrue(profile, start_day + timedelta(days=4))
    assert profile.vacation_days == 9
    vacations.accrue(profile, start_day + timedelta(days=100))
    assert profile.vacation_days == 10
    vacations.accrue(profile, start_day.replace(year=2027, month=1, day=2))
    assert profile.vacation_days == 17


def test_opt_in_automatic_vacation_replaces_a_timeout_and_says_so(alice, bob, django_capture_on_commit_callbacks):
    game = start(alice, bob)
    bob.profile.auto_vacation = True
    bob.profile.save()
    make_overdue(game, "south")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert services.games_time_out_overdue() == 0
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    assert bob.profile.__class__.objects.get(user=bob).vacation_since is not None
    assert [m.subject for m in mail.outbox if m.to == [bob.email]] == ["Your vacation has started automatically"]


def test_the_profile_shows_average_time_to_move_and_timeouts(client, alice, bob):
    game = start(alice, bob)
    Seat.objects.filter(game=game, role="north").update(turn_started_at=timezone.now() - timedelta(hours=5))
    pick(game, alice, "north")
    make_overdue(game, "south")
    services.games_time_out_overdue()
    client.force_login(alice)
    html = client.get("/profile/").content.decode()
    assert "Average time to move" in html and "5h 0m" in html
    client.force_login(bob)
    assert "Timeouts</dt><dd>1<" in client.get("/profile/").content.decode().replace("\n", "")


def test_game_page_and_my_games_show_the_clock(client, alice, bob):
    game = start(alice, bob)
    client.force_login(alice)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "3 day(s) per move" in page and "data-countdown" in page and "Grant extra time" in page
    assert "data-countdown" in client.get("/games/").content.decode()


def test_granted_time_and_vacation_keep_the_games_earliest_deadline_in_step(alice, bob):
    game = start(alice, bob)
    services.game_grant_time(game_id=game.pk, user=alice, role="south", days=7)
    game.refresh_from_db()
    assert game.deadline_at == seat(game, "north").deadline_at  # south's is now later
    vacations.vacation_start(alice)
    game.refresh_from_db()
    assert game.deadline_at == seat(game, "south").deadline_at  # north's clock stopped
