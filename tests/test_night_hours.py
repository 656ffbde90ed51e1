"""Night hours (correspondence-design §4): a player's deadline that would fall
inside their declared night (local hours) is moved to the night's end, for
every kind of time control; the sweep does not time them out while asleep;
the preferences form takes and checks the hours."""
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest
from django.urls import reverse
from django.utils import timezone as django_tz

from accounts.models import Profile
from games import clocks
from games.clocks import deadlines, DAY, TimeControl
from games.play import services
from games.models import Game, Seat

SEOUL, MADRID = ZoneInfo("Asia/Seoul"), ZoneInfo("Europe/Madrid")


def local(tz, *args) -> datetime:
    return datetime(*args, tzinfo=tz).astimezone(timezone.utc)


# -- clocks.py -----------------------------------------------------------------
def test_a_deadline_at_two_in_the_night_moves_to_seven():
    start = local(MADRID, 2026, 3, 3, 2, 0)  # a day's budget ends Wednesday 02:00 Madrid
    moved = clocks.deadline(start, DAY, "Europe/Madrid", night=(23, 7))
    assert moved == local(MADRID, 2026, 3, 4, 7, 0)
    assert clocks.deadline(start, DAY, "Europe/Madrid") == local(MADRID, 2026, 3, 4, 2, 0)


def test_a_deadline_before_the_night_stays():
    start = local(MADRID, 2026, 3, 3, 22, 0)
    assert clocks.deadline(start, DAY, "Europe/Madrid", night=(23, 7)) == local(MADRID, 2026, 3, 4, 22, 0)


@pytest.mark.parametrize("hour,minute,expected", [
    (23, 0, (2026, 3, 5, 7)),    # the night's first hour: to the next morning
    (23, 30, (2026, 3, 5, 7)),
    (0, 15, (2026, 3, 4, 7)),    # after midnight: the same morning
    (6, 59, (2026, 3, 4, 7)),
    (7, 0, (2026, 3, 4, 7)),     # the night's end itself is not in it
])
def test_a_night_crossing_midnight(hour, minute, expected):
    moment = local(MADRID, 2026, 3, 4, hour, minute)
    assert clocks.after_night(moment, "Europe/Madrid", (23, 7)) == local(MADRID, *expected, 0)


@pytest.mark.parametrize("hour,expected_hour", [(1, 6), (3, 6), (5, 6), (6, 6), (0, 0), (22, 22)])
def test_a_night_not_crossing_midnight(hour, expected_hour):
    moment = local(MADRID, 2026, 3, 4, hour, 30 if hour == 22 else 0)
    moved = clocks.after_night(moment, "Europe/Madrid", (1, 6))
    assert moved.astimezone(MADRID).hour == expected_hour
    assert moved.astimezone(MADRID).date() == moment.astimezone(MADRID).date()
    assert moved >= moment


def test_the_night_is_read_in_the_players_own_timezone():
    moment = datetime(2026, 3, 4, 20, 0, tzinfo=timezone.utc)  # 05:00 in Seoul, 21:00 in Madrid
    assert clocks.after_night(moment, "Asia/Seoul", (23, 7)) == local(SEOUL, 2026, 3, 5, 7, 0)
    assert clocks.after_night(moment, "Europe/Madrid", (23, 7)) == moment


def test_night_hours_do_not_move_a_deadline_earlier_across_a_paused_weekend():
    start = local(MADRID, 2026, 3, 6, 3, 0)  # Friday 03:00; the weekend does not count
    plain = clocks.deadline(start, DAY, "Europe/Madrid", weekend_pause=True)
    moved = clocks.deadline(start, DAY, "Europe/Madrid", weekend_pause=True, night=(23, 7))
    assert plain == local(MADRID, 2026, 3, 9, 3, 0)  # Monday 03:00
    assert moved == local(MADRID, 2026, 3, 9, 7, 0)


# -- deadlines.py: every kind of time control ---------------------------------
def start(alice, bob, control):
    game = services.game_create(user=alice, title_id="duel", creator_role="north", time_control=control)
    services.seat_join(game_id=game.pk, user=bob)
    game.refresh_from_db()
    return game


def sleeper(user, tz="Asia/Seoul", night=(23, 7)):
    Profile.objects.filter(user=user).update(timezone=tz, night_start=night[0], night_end=night[1])


def south(game) -> Seat:
    return game.seats.select_related("user__profile").get(role="south")


@pytest.mark.django_db
@pytest.mark.parametrize("control", [
    {"kind": "per_move", "days": 1},
    {"kind": "bank", "initial_days": 1, "increment_days": 0, "max_days": 2},
    {"kind": "pace", "profile": "daily"},
])
def test_every_time_control_moves_a_deadline_out_of_the_night(alice, bob, control):
    sleeper(bob)
    game = start(alice, bob, control)
    seat, kind = south(game), TimeControl.from_json(control)
    seat.turn_started_at = local(SEOUL, 2026, 3, 3, 2, 0)
    seat.bank_seconds = kind.initial_bank()
    deadlines.refresh_deadline(seat, kind, local(SEOUL, 2026, 3, 4, 1, 30))
    assert seat.deadline_at == local(SEOUL, 2026, 3, 4, 7, 0)
    # reminders follow the moved deadline (the last call is 2 hours before it)
    assert seat.next_reminder_at == local(SEOUL, 2026, 3, 4, 5, 0)


@pytest.mark.django_db
def test_a_player_without_night_hours_keeps_the_deadline(alice, bob):
    Profile.objects.filter(user=bob).update(timezone="Asia/Seoul")
    game = start(alice, bob, {"kind": "per_move", "days": 1})
    seat = south(game)
    seat.turn_started_at = local(SEOUL, 2026, 3, 3, 2, 0)
    deadlines.refresh_deadline(seat, deadlines.control_of(game), seat.turn_started_at)
    assert seat.deadline_at == local(SEOUL, 2026, 3, 4, 2, 0)


@pytest.mark.django_db
def test_a_fresh_turn_gets_the_moved_deadline(alice, bob):
    sleeper(bob)
    game = start(alice, bob, {"kind": "per_move", "days": 1})
    seat = south(game)
    seat.turn_started_at = None
    deadlines.turn_start(seat, deadlines.control_of(game), local(SEOUL, 2026, 3, 3, 23, 30))
    assert seat.deadline_at == local(SEOUL, 2026, 3, 5, 7, 0)


# -- the sweep -------------------------------------------------------------------
@pytest.mark.django_db
def test_the_sweep_does_not_time_out_a_seat_during_its_night(alice, bob):
    sleeper(bob)
    game = start(alice, bob, {"kind": "per_move", "days": 1})
    # bob's turn started so that its day (plus a day alice grants) ends at 02:00 in Seoul
    base = (django_tz.now() + timedelta(days=1)).astimezone(SEOUL)
    two = base.replace(hour=2, minute=0, second=0, microsecond=0)
    two = two if two >= base else two + timedelta(days=1)
    two, seven = two.astimezone(timezone.utc), two.replace(hour=7).astimezone(timezone.utc)
    Seat.objects.filter(game=game, role="south").update(
        turn_started_at=two - timedelta(days=2), deadline_at=django_tz.now() + timedelta(days=9))
    services.game_grant_time(game_id=game.pk, user=alice, role="south", days=1)
    assert south(game).deadline_at == seven
    Seat.objects.filter(game=game, role="north").update(deadline_at=None)
    Game.objects.filter(pk=game.pk).update(deadline_at=seven)
    assert services.games_time_out_overdue(now=two + timedelta(minutes=1)) == 0
    assert services.games_time_out_overdue(now=seven - timedelta(minutes=1)) == 0
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and south(game).user.profile.timeouts == 0
    assert services.games_time_out_overdue(now=seven + timedelta(minutes=1)) == 1
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["winners"] == ["north"]


# -- the preferences form ---------------------------------------------------------
FORM = {"display_name": "Sleepy Bob", "timezone": "Asia/Seoul", "language": "", "email_your_turn": "on"}


@pytest.mark.django_db
def test_the_preferences_page_takes_and_shows_night_hours(client, bob):
    client.force_login(bob)
    response = client.post(reverse("accounts:profile"), {**FORM, "night_start": "23", "night_end": "7"})
    assert response.status_code == 302
    profile = Profile.objects.get(user=bob)
    assert profile.night == (23, 7)
    page = client.get(reverse("accounts:profile")).content.decode()
    assert "Your night is from 23:00 to 07:00" in page
    response = client.post(reverse("accounts:profile"), {**FORM, "night_start": "", "night_end": ""})
    assert response.status_code == 302
    assert Profile.objects.get(user=bob).night is None


@pytest.mark.django_db
@pytest.mark.parametrize("start_hour,end_hour,field,message", [
    ("7", "7", "night_end", "Your night cannot end at the hour it starts."),
    ("24", "7", "night_start", "Choose an hour between 00:00 and 23:00."),
    ("23", "-1", "night_end", "Choose an hour between 00:00 and 23:00."),
    ("23", "", "night_end", "Give both the hour your night starts and the hour it ends, or neither."),
    ("", "7", "night_start", "Give both the hour your night starts and the hour it ends, or neither."),
])
def test_bad_night_hours_are_refused_with_a_clear_error(client, bob, start_hour, end_hour, field, message):
    client.force_login(bob)
    response = client.post(reverse("accounts:profile"), {**FORM, "night_start": start_hour, "night_end": end_hour})
    assert response.status_code == 200
    assert response.context["form"].errors[field] == [message]
    page = response.content.decode()
    assert message in page.replace("&#x27;", "'")
    assert 'value="Sleepy Bob"' in page  # the other values are kept
    profile = Profile.objects.get(user=bob)
    assert profile.night is None and profile.display_name == ""


# -- the sand-timer grace of a paced team game ---------------------------------
@pytest.mark.django_db
def test_the_grace_cuts_counted_time_not_the_night(make_user):
    from tests.test_pace import T0, act_step, done, table

    game = table(make_user, 4)
    state, (first, second), seats = act_step(game)
    sleeper(seats[second].user, tz="UTC", night=(10, 14))
    seats[second].user.profile.refresh_from_db()
    deadlines.refresh_deadline(seats[second], deadlines.control_of(game), T0)
    assert seats[second].deadline_at == T0 + timedelta(hours=26)  # 12:00 next day, in the night: to 14:00
    later = T0 + timedelta(hours=3)
    done(game, seats, state, first, later)
    partner = seats[second]
    assert partner.deadline_at == later + timedelta(hours=6)  # 21:00: no night there
    assert partner.extra_seconds == -(15 * 3600)  # the window's 24 hours cut, not the night's two
    deadlines.refresh_deadline(partner, deadlines.control_of(game), later)
    assert partner.deadline_at == later + timedelta(hours=6)


@pytest.mark.django_db
def test_a_grace_ending_in_the_night_moves_to_its_end(make_user):
    from tests.test_pace import T0, act_step, done, table

    game = table(make_user, 4)
    state, (first, second), seats = act_step(game)
    sleeper(seats[second].user, tz="UTC", night=(20, 23))
    seats[second].user.profile.refresh_from_db()
    later = T0 + timedelta(hours=3)  # the grace would end at 21:00, inside 20:00-23:00
    done(game, seats, state, first, later)
    assert seats[second].deadline_at == T0.replace(hour=23)
    assert seats[second].extra_seconds == -(15 * 3600)


@pytest.mark.django_db
def test_saving_night_hours_moves_the_deadlines_already_running(client, alice, bob):
    Profile.objects.filter(user=bob).update(timezone="Asia/Seoul")
    game = start(alice, bob, {"kind": "per_move", "days": 1})
    base = (django_tz.now() + timedelta(hours=3)).astimezone(SEOUL)
    two = base.replace(hour=2, minute=0, second=0, microsecond=0)
    two = (two if two >= base else two + timedelta(days=1)).astimezone(timezone.utc)
    seven = two + timedelta(hours=5)
    Seat.objects.filter(game=game, role="south").update(turn_started_at=two - timedelta(days=1), awaiting=True)
    seat = south(game)
    deadlines.refresh_deadline(seat, deadlines.control_of(game), django_tz.now())
    seat.save(update_fields=["deadline_at", "next_reminder_at"])
    assert seat.deadline_at == two
    client.force_login(bob)
    client.post(reverse("accounts:profile"), {**FORM, "night_start": "23", "night_end": "7"})
    assert south(game).deadline_at == seven
    assert Game.objects.get(pk=game.pk).deadline_at <= seven
    client.post(reverse("accounts:profile"), {**FORM, "night_start": "", "night_end": ""})
    assert south(game).deadline_at == two
