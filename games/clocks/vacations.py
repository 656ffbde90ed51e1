"""Vacation: a pool of days per player; while on vacation the clocks of
their games that allow vacation stop.

Numbers (settings): HOTLINE_VACATION_DAYS_PER_DAY earned each day up to
HOTLINE_VACATION_CAP_DAYS, plus HOTLINE_VACATION_YEARLY_DAYS credited on the
first use in each new calendar year (UTC).
"""
from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Profile, Vacation

from games import clocks
from games.clocks import deadlines
from games.errors import BadRequest
from games.models import Seat


def accrue(profile: Profile, now: datetime) -> None:
    """Credit the days earned since the last accrual (in memory; caller saves)."""
    today = now.date()
    last = profile.vacation_accrued_on
    if last is None:
        profile.vacation_days = settings.HOTLINE_VACATION_YEARLY_DAYS
    else:
        earned = (today - last).days * settings.HOTLINE_VACATION_DAYS_PER_DAY
        daily_cap = max(profile.vacation_days, settings.HOTLINE_VACATION_CAP_DAYS)
        profile.vacation_days = min(daily_cap, profile.vacation_days + earned)
        if today.year > last.year:
            profile.vacation_days += settings.HOTLINE_VACATION_YEARLY_DAYS
    profile.vacation_accrued_on = today


def _locked_profile(user) -> Profile:
    return Profile.objects.select_for_update().get(user=user)


def vacation_start(user, *, now=None, automatic: bool = False) -> Vacation:
    now = now or timezone.now()
    with transaction.atomic():
        profile = _locked_profile(user)
        if profile.vacation_since:
            raise BadRequest(_("You are already on vacation."))
        accrue(profile, now)
        if profile.vacation_days <= 0:
            raise BadRequest(_("You have no vacation days left."))
        profile.vacation_since = now
        profile.save(update_fields=["vacation_days", "vacation_accrued_on", "vacation_since"])
        vacation = Vacation.objects.create(user=user, started_at=now, automatic=automatic)
        _refresh_user_deadlines(user, now)
    return vacation


def vacation_end(user, *, now=None) -> Profile:
    now = now or timezone.now()
    with transaction.atomic():
        profile = _locked_profile(user)
        if not profile.vacation_since:
            raise BadRequest(_("You are not on vacation."))
        used = (now - profile.vacation_since).total_seconds() / clocks.DAY
        accrue(profile, now)
        profile.vacation_days = max(0.0, profile.vacation_days - used)
        profile.vacation_since = None
        profile.save(update_fields=["vacation_days", "vacation_accrued_on", "vacation_since"])
        Vacation.objects.filter(user=user, ended_at=None).update(ended_at=now)
        _refresh_user_deadlines(user, now)
    return profile


def _refresh_user_deadlines(user, now: datetime, vacation: bool = True) -> None:
    """Recompute the running deadlines of ``user``'s seats (``vacation``: only
    in games whose time control allows vacation)."""
    seats = (Seat.objects.select_for_update(of=("self",)).filter(user=user, awaiting=True)
             .select_related("game", "user__profile"))
    for seat in seats:
        control = deadlines.control_of(seat.game)
        if control.timed and (control.vacation_allowed or not vacation):
            deadlines.refresh_deadline(seat, control, now)
            seat.save(update_fields=["deadline_at", "next_reminder_at"])
            deadlines.save_game_deadline(seat.game)


def night_hours_changed(sender, user, **kwargs) -> None:
    """New night hours apply to the deadlines already running, not only to the next ones."""
    with transaction.atomic():
        _refresh_user_deadlines(user, timezone.now(), vacation=False)


def vacations_expire(now=None) -> int:
    """End vacations whose pool has run out (beat task)."""
    now = now or timezone.now()
    ended = 0
    for profile in Profile.objects.filter(vacation_since__isnull=False).select_related("user"):
        days_used = (now - profile.vacation_since).total_seconds() / clocks.DAY
        if days_used >= profile.vacation_days:
            try:
                vacation_end(profile.user, now=now)
                ended += 1
            except BadRequest:
                pass  # ended by the player meanwhile
    return ended
