"""Clocks of team tables when several kinds of pause meet (games/clocks/pauses.py,
games/clocks/deadlines.py, games/moderation/actions.py): overlapping stretches count
once whichever kinds they are, the sand-timer grace still cuts a window while
the table is paused, and every recomputation keeps the window the step opened
with (the survivor draft's setup window, a grace)."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.clocks import deadlines, pauses, vacations, HOUR, PACES
from games.play import services
from games.models import Seat, TablePause
from games.moderation import actions
from games.moderation.models import ClockPause
from tests.test_moderation_fixtures import mod  # noqa: F401
from tests.test_pace import RULES, T0, act_step, defaults_until, done, drafted, put_state
from tests.test_pace import table as pace_table
from tests.test_team_pauses import new_table, vote_all

H = timedelta(hours=1)
WHY = "the players asked for it in the forum"
SETUP = timedelta(seconds=PACES["daily"]["setup"])  # the survivor draft's window, 48 h


def started_at(game, start):
    """Every running turn of ``game`` started at ``start`` (the draft: one setup window each)."""
    Seat.objects.filter(game=game).exclude(turn_started_at=None).update(turn_started_at=start)
    return sorted(Seat.objects.filter(game=game).exclude(turn_started_at=None).values_list("role", flat=True))


def table_pause(game, users, at, hours):
    """A table pause of ``hours`` voted in at ``at`` by three of the four seats."""
    roles = sorted(users)
    pause = pauses.table_pause_propose(game_id=game.pk, user=users[roles[0]], hours=hours, now=at)
    vote_all(game, users, roles[1:3], now=at)
    pause.refresh_from_db()
    assert pause.status == TablePause.Status.RUNNING
    return pause


def moderator_pause(game, moderator, at):
    actions.mod_pause(game_id=game.pk, moderator=moderator, reason=WHY)
    ClockPause.objects.filter(game=game).update(paused_at=at)


def resume_at(game, moderator, now, monkeypatch):
    """The moderator resumes the clocks at ``now`` (the service reads the clock itself)."""
    monkeypatch.setattr(timezone, "now", lambda: now)
    actions.mod_resume(game_id=game.pk, moderator=moderator, reason=WHY)
    monkeypatch.undo()


# -- 1. overlapping pauses count once ------------------------------------------------
@pytest.mark.django_db
def test_a_moderator_pause_resumed_while_a_table_pause_runs_counts_the_overlap_once(make_user, mod, monkeypatch):
    game, users = new_table(make_user)
    start = timezone.now() - 12 * H
    roles = started_at(game, start)
    moderator_pause(game, mod, start + 2 * H)
    pause = table_pause(game, users, start + 4 * H, hours=10)  # to start + 14 h
    resume_at(game, mod, start + 12 * H, monkeypatch)
    for role in roles:  # only the 2 h before the table pause were stopped by the moderator alone
        seat = Seat.objects.get(game=game, role=role)
        assert seat.extra_seconds == 2 * HOUR and seat.deadline_at is None
    assert pauses.table_pauses_due(now=pause.ends_at + timedelta(minutes=1)) == 1
    # stopped from start + 2 h to start + 14 h: 12 hours, not 10 + 10
    assert {Seat.objects.get(game=game, role=r).deadline_at for r in roles} == {start + SETUP + 12 * H}


@pytest.mark.django_db
def test_a_moderator_pause_that_outlasts_a_table_pause_counts_the_overlap_once(make_user, mod, monkeypatch):
    game, users = new_table(make_user)
    start = timezone.now() - 12 * H
    roles = started_at(game, start)
    pause = table_pause(game, users, start + 2 * H, hours=4)  # to start + 6 h
    moderator_pause(game, mod, start + 4 * H)
    assert pauses.table_pauses_due(now=pause.ends_at) == 1
    resume_at(game, mod, start + 12 * H, monkeypatch)
    for role in roles:  # stopped from start + 2 h to start + 12 h: 10 hours, not 4 + 8
        seat = Seat.objects.get(game=game, role=role)
        assert seat.extra_seconds == 6 * HOUR
        assert seat.deadline_at == start + SETUP + 10 * H


@pytest.mark.django_db
def test_a_moderator_pause_over_a_seat_pause_counts_the_overlap_once(make_user, mod, monkeypatch):
    game, users = new_table(make_user)
    start = timezone.now() - 12 * H
    roles = started_at(game, start)
    role = roles[0]
    pauses.seat_pause(game_id=game.pk, user=users[role], hours=6, now=start + H)  # to start + 7 h
    moderator_pause(game, mod, start + 3 * H)
    resume_at(game, mod, start + 12 * H, monkeypatch)
    paused = Seat.objects.get(game=game, role=role)
    assert paused.extra_seconds == 5 * HOUR  # stopped from start + 1 h to start + 12 h: 11 hours, not 6 + 9
    assert paused.deadline_at == start + SETUP + 11 * H
    other = Seat.objects.get(game=game, role=roles[1])
    assert other.extra_seconds == 9 * HOUR and other.deadline_at == start + SETUP + 9 * H


# -- 2. the sand-timer grace during a table pause ------------------------------------------
def paused_act_step(game, at):
    """The act step of ``test_pace`` with a table pause running from ``at``: (state, pair, seats, pause)."""
    state, pair, seats = act_step(game)
    pause = TablePause.objects.create(game=game, proposed_by=seats[pair[0]].user, hours=10, created_at=at,
                                      status=TablePause.Status.RUNNING, started_at=at, ends_at=at + 10 * H)
    control = deadlines.control_of(game)
    for seat in seats.values():
        seat.paused_ever = True
        deadlines.refresh_deadline(seat, control, at, deadlines.window_of(game, seat))
    assert all(seat.deadline_at is None for seat in seats.values())
    return state, pair, seats, pause


def saved(game, seats):
    game.save()
    for seat in seats.values():
        seat.save()


@pytest.mark.django_db
def test_the_grace_cuts_a_window_during_a_table_pause_counted_from_the_pause_end(make_user):
    game = pace_table(make_user, 4)
    state, (first, second), seats, pause = paused_act_step(game, T0 + 3 * H)
    changed = done(game, seats, state, first, T0 + 5 * H)  # 21 h of the day were left when the table stopped
    partner = seats[second]
    assert partner in changed and partner.extra_seconds == -15 * HOUR and partner.deadline_at is None
    saved(game, seats)
    assert pauses.table_pauses_due(now=pause.ends_at) == 1
    assert Seat.objects.get(pk=partner.pk).deadline_at == pause.ends_at + 6 * H  # the grace from the pause end


@pytest.mark.django_db
def test_the_grace_during_a_table_pause_never_lengthens_a_window_that_ends_sooner(make_user):
    game = pace_table(make_user, 4)
    state, (first, second), seats, pause = paused_act_step(game, T0 + 20 * H)  # 4 h left, less than the grace
    done(game, seats, state, first, T0 + 22 * H)
    saved(game, seats)
    pauses.table_pauses_due(now=pause.ends_at)
    assert Seat.objects.get(pk=seats[second].pk).deadline_at == pause.ends_at + 4 * H


@pytest.mark.django_db
def test_quick_play_keeps_its_grace_from_the_start_through_a_table_pause(make_user):
    game = pace_table(make_user, 4)
    game.options = {**game.options, "quick_play": True}
    state = defaults_until(drafted(4, seed=5, quick_play=True), "act")
    seats = put_state(game, state)
    first, second = state["active"]
    at = T0 + 2 * H
    pause = TablePause.objects.create(game=game, proposed_by=seats[first].user, hours=10, created_at=at,
                                      status=TablePause.Status.RUNNING, started_at=at, ends_at=at + 10 * H)
    for seat in seats.values():
        seat.paused_ever = True
        deadlines.refresh_deadline(seat, deadlines.control_of(game), at, deadlines.window_of(game, seat))
    RULES.apply(state, first, RULES.default_action(state, first))
    game.state, game.active_roles = state, RULES.active_roles(state)
    deadlines.sync_seats(game, list(seats.values()), [first, second], first, T0 + 4 * H)
    saved(game, seats)
    pauses.table_pauses_due(now=pause.ends_at)
    assert Seat.objects.get(pk=seats[second].pk).deadline_at == pause.ends_at + 4 * H  # 6 h window, 2 h used


# -- 3. recomputed deadlines keep the step's own window ------------------------------------
def draft_seat(make_user):
    """A four-seat table in its survivor draft; the first seat's running setup window."""
    game, users = new_table(make_user)
    seat = Seat.objects.get(game=game, role=sorted(users)[0])
    assert seat.deadline_at == seat.turn_started_at + SETUP
    return game, users, seat


@pytest.mark.django_db
def test_a_vacation_keeps_the_setup_window_of_the_draft(make_user):
    game, users, seat = draft_seat(make_user)
    vacations.vacation_start(seat.user, now=seat.turn_started_at + H)
    vacations.vacation_end(seat.user, now=seat.turn_started_at + 6 * H)
    seat.refresh_from_db()
    assert seat.deadline_at == seat.turn_started_at + SETUP + 5 * H


@pytest.mark.django_db
def test_granted_time_keeps_the_setup_window_of_the_draft(make_user):
    game, users, seat = draft_seat(make_user)
    from games.engine.teams import teammates

    giver = next(u for r, u in users.items() if r != seat.role and r not in teammates(game, seat.role))  # an opponent
    services.game_grant_time(game_id=game.pk, user=giver, role=seat.role, days=1)
    seat.refresh_from_db()
    assert seat.deadline_at == seat.turn_started_at + SETUP + 24 * H


@pytest.mark.django_db
def test_a_moderators_added_time_keeps_the_setup_window_of_the_draft(make_user, mod):
    game, users, seat = draft_seat(make_user)
    actions.mod_add_time(game_id=game.pk, role=seat.role, seconds=3 * HOUR, moderator=mod, reason=WHY)
    seat.refresh_from_db()
    assert seat.deadline_at == seat.turn_started_at + SETUP + 3 * H


@pytest.mark.django_db
def test_a_moderators_resume_keeps_the_setup_window_of_the_draft(make_user, mod, monkeypatch):
    game, users, seat = draft_seat(make_user)
    moderator_pause(game, mod, seat.turn_started_at + H)
    resume_at(game, mod, seat.turn_started_at + 4 * H, monkeypatch)
    seat.refresh_from_db()
    assert seat.deadline_at == seat.turn_started_at + SETUP + 3 * H


@pytest.mark.django_db
def test_a_vacation_after_the_grace_keeps_the_window_the_step_opened_with(make_user):
    """The act step opened with the normal day; the grace did not cut it (4 h
    were left): a vacation must not shrink it to a grace counted from its start."""
    game = pace_table(make_user, 4)
    state, (first, second), seats = act_step(game)
    done(game, seats, state, first, T0 + 20 * H)
    saved(game, seats)
    partner = seats[second]
    vacations.vacation_start(partner.user, now=T0 + 21 * H)
    vacations.vacation_end(partner.user, now=T0 + 23 * H)
    assert Seat.objects.get(pk=partner.pk).deadline_at == T0 + 26 * H


@pytest.mark.django_db
def test_granted_time_after_a_grace_cut_keeps_the_cut(make_user, monkeypatch):
    game = pace_table(make_user, 4)
    state, (first, second), seats = act_step(game)
    done(game, seats, state, first, T0 + 3 * H)  # cut to T0 + 9 h
    saved(game, seats)
    partner = seats[second]
    assert partner.deadline_at == T0 + 9 * H
    monkeypatch.setattr(timezone, "now", lambda: T0 + 4 * H)
    services.game_grant_time(game_id=game.pk, user=seats[first].user, role=second, days=1)
    assert Seat.objects.get(pk=partner.pk).deadline_at == T0 + 33 * H  # a day more than the cut window
