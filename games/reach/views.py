"""The calendar's page (the secret address, a new one, off) and the feed itself."""
from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from games.reach import calendar


@never_cache  # the page shows the secret address: no browser or proxy keeps it
@login_required
def calendar_page(request):
    token = calendar.token_for(request.user)
    address = request.build_absolute_uri(reverse("games:calendar_feed", args=[token])) if token else ""
    return render(request, "games/calendar.html", {"address": address})


@login_required
@require_POST
def calendar_renew(request):
    had = calendar.token_for(request.user)
    calendar.renew(request.user)
    messages.success(request, _("A new calendar address is ready. The old one no longer works.") if had else
                     _("Your calendar address is ready: add it to your calendar application."))
    return redirect("games:calendar")


@login_required
@require_POST
def calendar_off(request):
    calendar.turn_off(request.user)
    messages.success(request, _("The calendar is off: its address no longer works."))
    return redirect("games:calendar")


@require_GET  # the doors' page limits count it (games/limits/doors.py)
def calendar_feed(request, token: str):
    body = calendar.feed(token)
    if body is None:
        raise Http404("no such calendar")
    response = HttpResponse(body, content_type="text/calendar; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    response["Content-Disposition"] = 'inline; filename="hotline-deadlines.ics"'
    return response
