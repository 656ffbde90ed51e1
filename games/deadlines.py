"""Seat clocks: starting and stopping turns, deadlines and reminders.

Called inside the game's transaction (the Game row locked). The arithmetic is
in clocks.py; this module knows about seats, profiles and vacations.
"""
from __future__ import annotations

from datetime import datetime

from django.db.models import F

from . import clocks
from .models import Game, Seat


def control_of(game: Game) -> clocks.TimeControl:
    return clocks.TimeControl.from_json(game.time_control)


def _profile(seat: Seat):
    return seat.user.profile


def pauses_for(seat: Seat, control: clocks.TimeControl, since: datetime) -> list:
    """The seat's vacation intervals from ``since`` on, if the game allows vacation."""
    if not control.vacation_allowed:
        return []
    from accounts.models import Vacation

    rows = Vacation.objects.filter(user_id=seat.user_id).exclude(ended_at__lt=since)
    return [(v.started_at, v.ended_at) for v in rows]


# Callables game_id -> True while something (a moderator) has stopped the game's
# clocks; registered by the apps that can stop them (games.moderation).
PAUSE_CHECKS: list = []


def paused(game_id: int) -> bool:
    return any(check(game_id) for check in PAUSE_CHECKS)


def refresh_deadline(seat: Seat, control: clocks.TimeControl, now: datetime) -> None:
    """Recompute the deadline of a running turn (after vacation, granted time...)."""
    if seat.turn_started_at is None or not control.timed or paused(seat.game_id):
        seat.deadline_at = seat.next_reminder_at = None
        return
    budget = control.turn_budget(seat.bank_seconds) + seat.extra_seconds
    seat.deadline_at = clocks.deadline(
        seat.turn_started_at, budget, _profile(seat).timezone,
        weekend_pause=control.weekend_pause, pauses=pauses_for(seat, control, seat.turn_started_at))
    seat.next_reminder_at = next_reminder(seat, now)


def next_reminder(seat: Seat, now: datetime) -> datetime | None:
    if seat.deadline_at is None:
        return None
    upcoming = [t for t in clocks.reminder_times(seat.turn_started_at, seat.deadline_at) if t > now]
    return upcoming[0] if upcoming else None


def turn_start(seat: Seat, control: clocks.TimeControl, now: datetime) -> None:
    seat.turn_started_at = now
    seat.extra_seconds = 0
    if control.kind == "bank" and seat.bank_seconds is None:
        seat.bank_seconds = control.initial_bank()
    refresh_deadline(seat, control, now)


def turn_end(seat: Seat, control: clocks.TimeControl, now: datetime, moved: bool) -> None:
    """Stop the clock and charge the bank; a turn ended by the player's own
    move counts towards their average time to move."""
    started = seat.turn_started_at
    if started is not None:
        if control.kind == "bank":
            used = clocks.counted(started, now, _profile(seat).timezone, weekend_pause=control.weekend_pause,
                                  pauses=pauses_for(seat, control, started))
            seat.bank_seconds = control.bank_after_turn(seat.bank_seconds or 0, used)
        if moved:
            record_turn(seat, now)
    seat.turn_started_at = seat.deadline_at = seat.next_reminder_at = None
    seat.extra_seconds = 0


def record_turn(seat: Seat, now: datetime) -> None:
    if seat.turn_started_at is None:
        return
    profile = _profile(seat)
    type(profile).objects.filter(pk=profile.pk).update(
        turns_timed=F("turns_timed") + 1, turn_seconds=F("turn_seconds") + (now - seat.turn_started_at).total_seconds())


SEAT_CLOCK_FIELDS = ["awaiting", "turn_started_at", "deadline_at", "next_reminder_at", "bank_seconds",
                     "extra_seconds"]


def sync_seats(game: Game, seats: list[Seat], before_active: list[str], mover: str | None,
               now: datetime) -> list[Seat]:
    """Start and stop turns as the active roles changed; returns the seats changed."""
    control = control_of(game)
    changed = []
    for seat in seats:
        was, now_active = seat.role in before_active, seat.role in game.active_roles
        if was == now_active:
            continue
        if now_active:
            turn_start(seat, control, now)
        else:
            turn_end(seat, control, now, moved=seat.role == mover)
        seat.awaiting = now_active
        changed.append(seat)
    deadlines = [s.deadline_at for s in seats if s.deadline_at]
    game.deadline_at = min(deadlines) if deadlines else None
    return changed


def save_game_deadline(game: Game) -> None:
    """Keep ``Game.deadline_at`` (the earliest seat deadline) in step after a
    seat's deadline changed outside the move pipeline."""
    found = [d for d in game.seats.values_list("deadline_at", flat=True) if d]
    game.deadline_at = min(found) if found else None
    game.save(update_fields=["deadline_at"])
