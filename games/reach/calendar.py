"""A player's calendar of deadlines as an iCalendar feed (RFC 5545, `icalendar`).

The address holds a secret token (`CalendarFeed`); a calendar application
fetches it without logging in, so the token is the only key: making a new one
revokes the old address, turning the feed off deletes it. The feed is built
on each fetch from the seats' running clocks, so it follows every move. It
lists, for each running game of the player, the deadline of every seat that
must move (theirs with its reminders as alarms, the others' so they know when
to look again), in the player's language, each with a link to the game.
Deadlines are public (every seat panel shows them): nothing hidden is told.
"""
from __future__ import annotations

import secrets
from datetime import timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from icalendar import Alarm, Calendar, Event

from games.engine import registry
from games.mail import emails
from games.models import CalendarFeed, Game, Seat

REFRESH = timedelta(minutes=30)  # how often a calendar application should fetch again


def token_for(user) -> str | None:
    feed = CalendarFeed.objects.filter(user=user).first()
    return feed.token if feed else None


def address(request, user) -> str:
    """The user's feed address as the request reached the site; "" while the calendar is off."""
    token = token_for(user)
    return request.build_absolute_uri(reverse("games:calendar_feed", args=[token])) if token else ""


def renew(user) -> str:
    """A new secret address for ``user`` (the old one stops working at once)."""
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        try:
            CalendarFeed.objects.update_or_create(user=user, defaults={"token": token})
        except IntegrityError:  # another tab created it at the same moment: take that one over
            CalendarFeed.objects.filter(user=user).update(token=token)
    return token


def turn_off(user) -> None:
    CalendarFeed.objects.filter(user=user).delete()


def feed(token: str) -> bytes | None:
    """The feed for ``token`` (None for an unknown or revoked one)."""
    row = CalendarFeed.objects.select_related("user__profile").filter(token=token).first()
    if row is None:
        return None
    user = row.user
    language = getattr(getattr(user, "profile", None), "language", "") or settings.LANGUAGE_CODE
    with translation.override(language):
        return _calendar(user).to_ical()


def _calendar(user) -> Calendar:
    cal = Calendar()
    cal.add("prodid", "-//Hotline//Deadlines//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", _("Hotline: deadlines"))
    cal.add("refresh-interval", REFRESH)
    cal.add("x-published-ttl", REFRESH)
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).distinct()
    seats = Seat.objects.filter(game__in=games, deadline_at__isnull=False).select_related("game", "user__profile")
    for seat in seats.order_by("deadline_at", "game_id", "role"):
        cal.add_component(_event(seat, user))
    return cal


def _event(seat: Seat, reader) -> Event:
    game = seat.game
    show = registry.presentation(game.title_id)
    mine = seat.user_id == reader.pk
    words = {"id": game.pk, "title": show.title_name, "side": show.role_label(seat.role), "name": seat.user.display}
    event = Event()
    event.add("uid", f"hotline-{game.pk}-{seat.role or seat.pk}@{_host()}")
    event.add("dtstamp", timezone.now())
    event.add("dtstart", seat.deadline_at)
    event.add("dtend", seat.deadline_at)
    event.add("summary", (_("#%(id)s %(title)s: your move (%(side)s) is due") if mine else
                          _("#%(id)s %(title)s: %(name)s (%(side)s) must move")) % words)
    url = emails.game_url(game)
    event.add("url", url)
    event.add("description", url)
    if mine and seat.next_reminder_at and seat.next_reminder_at < seat.deadline_at:
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("trigger", seat.next_reminder_at - seat.deadline_at)  # before the deadline
        alarm.add("description", _("#%(id)s %(title)s: your move is due soon") % words)
        event.add_component(alarm)
    return event


def _host() -> str:
    return urlsplit(settings.SITE_URL).hostname or "hotline"
