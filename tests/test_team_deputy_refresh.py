"""The deputy window through a refresh (games/clocks/deputies.py, deadlines.refresh_deadline):
an absent (autopilot) leader whose deputy may act keeps the step's window when
its clock is recomputed — its vacation, its own pause, a table pause, time a
player or a moderator grants, a moderator's resume — with the stopped or
granted time applied as for any running window, instead of falling back to
autopilot's "due at once" (the sweep would play its default and the deputy
would lose the window)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.clocks import pauses, vacations
from games.play import services
from games.models import Seat
from games.moderation import actions
from tests.test_moderation_fixtures import mod  # noqa: F401
from tests.test_team_deputy import SEALED_WINDOW, enemy, enter_fight, seat, table  # noqa: F401
from tests.test_team_pause_overlaps import WHY, moderator_pause, resume_at
from tests.test_team_pauses import vote_all

pytestmark = pytest.mark.django_db

H = timedelta(hours=1)


def waits(game, leader, deadline) -> None:
    """The leader's seat is still on autopilot with ``deadline``, the game's
    deadline no earlier than it allows, and the sweep just before it leaves
    the leader's input to the deputy."""
    led = seat(game, leader)
    assert led.autopilot and led.awaiting
    assert led.deadline_at == deadline
    game.refresh_from_db()
    assert game.deadline_at is not None and game.deadline_at > led.turn_started_at
    seq = game.seq
    services.games_time_out_overdue(now=deadline - timedelta(minutes=1))
    assert not game.moves.filter(seq__gt=seq, role=leader).exists()


def test_the_leaders_vacation_moves_the_window_on(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    start = seat(game, leader).turn_started_at
    vacations.vacation_start(users[leader], now=start + H)
    assert seat(game, leader).deadline_at is None  # a running vacation stops the clock
    vacations.vacation_end(users[leader], now=start + 3 * H)
    waits(game, leader, start + SEALED_WINDOW + 2 * H)


def test_the_leaders_own_pause_moves_the_window_on_and_its_resume_keeps_it(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    start = seat(game, leader).turn_started_at
    pauses.seat_pause(game_id=game.pk, user=users[leader], hours=2, now=start + H)
    assert seat(game, leader).deadline_at == start + SEALED_WINDOW + 2 * H  # not the pause's end
    pauses.seat_resume(game_id=game.pk, user=users[leader], now=start + 2 * H)
    waits(game, leader, start + SEALED_WINDOW + H)


def test_a_table_pause_moves_the_window_on(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    start = seat(game, leader).turn_started_at
    roles = sorted(users)
    pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=2, now=start + H)
    vote_all(game, users, roles[1:pauses.majority(len(roles))], now=start + H)
    assert seat(game, leader).deadline_at is None  # every clock stopped
    assert pauses.table_pauses_due(now=start + 3 * H) == 1
    waits(game, leader, start + SEALED_WINDOW + 2 * H)


def test_time_granted_by_a_player_lengthens_the_window(table):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    start = seat(game, leader).turn_started_at
    services.game_grant_time(game_id=game.pk, user=users[enemy(game, leader)], role=leader, days=1)
    waits(game, leader, start + SEALED_WINDOW + 24 * H)


def test_time_added_by_a_moderator_lengthens_the_window(table, mod):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    start = seat(game, leader).turn_started_at
    actions.mod_add_time(game_id=game.pk, role=leader, seconds=3 * 3600, moderator=mod, reason=WHY)
    waits(game, leader, start + SEALED_WINDOW + 3 * H)


def test_a_moderators_resume_gives_the_window_back_its_paused_time(table, mod, monkeypatch):
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    start = seat(game, leader).turn_started_at
    moderator_pause(game, mod, start + H)
    resume_at(game, mod, start + 4 * H, monkeypatch)
    waits(game, leader, start + SEALED_WINDOW + 3 * H)


def test_without_a_present_deputy_the_leader_stays_due_when_its_pause_ends(table):
    """A deputy away too: autopilot as before, due at once (no window to keep)."""
    game, users, mover = table
    leader, deputy = enter_fight(game, users, mover)
    Seat.objects.filter(game=game, role=deputy).update(autopilot=True)
    start = seat(game, leader).turn_started_at
    pauses.seat_pause(game_id=game.pk, user=users[leader], hours=2, now=start + H)
    assert seat(game, leader).deadline_at == start + 3 * H  # held by its own pause only
    pauses.seat_resume(game_id=game.pk, user=users[leader], now=start + 2 * H)
    assert seat(game, leader).deadline_at == start
    seq = game.seq
    services.games_time_out_overdue(now=start + 2 * H + timedelta(seconds=1))
    assert game.moves.filter(seq__gt=seq, role=leader, source="autopilot").exists()
