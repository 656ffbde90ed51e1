"""Site-wide middleware: timing headers and refusing unreadable input.

``ServerTimingMiddleware`` adds ``Server-Timing``: ``app;dur=<ms>`` is the
whole request inside Django, ``db;dur=<ms>`` the part spent waiting on SQL
(with the query count as its description). Browsers' developer tools show
both, and ``bench/load.py`` uses them to split latency into application,
database and waiting outside the app. It tells an outsider how long queries
take, so it is sent to staff only unless ``HOTLINE_SERVER_TIMING`` is on
(the default outside production).

``NulInputMiddleware`` answers 400 to a NUL character in the path or the
query string: PostgreSQL cannot take one in a text, so every lookup that
passed it on failed with a 500.
"""
import time

from django.conf import settings
from django.db import connection
from django.http import HttpResponseBadRequest, JsonResponse
from django.utils.html import escape
from django.utils.translation import gettext as _

API_PREFIXES = ("/api/", "/moderation/api/")


class ServerTimingMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        clock = _QueryClock()
        started = time.perf_counter()
        with connection.execute_wrapper(clock):
            response = self.get_response(request)
        app = (time.perf_counter() - started) * 1000
        if _timing_allowed(request):
            response["Server-Timing"] = (f'app;dur={app:.1f}, db;dur={clock.seconds * 1000:.1f};'
                                         f'desc="{clock.count} queries"')
        return response


def _timing_allowed(request) -> bool:
    if getattr(settings, "HOTLINE_SERVER_TIMING", False):
        return True
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and user.is_staff)


class _QueryClock:
    def __init__(self):
        self.seconds, self.count = 0.0, 0

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - started
            self.count += 1


class NulInputMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if _has_nul(request):
            return bad_request(request, _("The address contains a NUL character, which no page accepts."))
        return self.get_response(request)


def _has_nul(request) -> bool:
    if "\x00" in request.path_info:
        return True
    return any("\x00" in key or any("\x00" in value for value in values) for key, values in request.GET.lists())


def bad_request(request, message: str):
    """A 400 in the shape of the part of the site asked: JSON for the API, else a page."""
    if request.path_info.startswith(API_PREFIXES):
        return JsonResponse({"error": "bad_request", "detail": message}, status=400)
    return HttpResponseBadRequest(f"<!doctype html><title>{escape(_('Bad request'))}</title>"
                                  f"<h1>{escape(_('Bad request'))}</h1><p>{escape(message)}</p>")
