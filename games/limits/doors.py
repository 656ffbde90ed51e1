"""The same limits at every door: HTML pages, forms and htmx partials get the
budgets the API's throttles give, counted in the same place.

An action counts once in its scope, whichever door it comes through: a game
created from the create page and one created by the API share the ``create``
budget of that user (one cache entry per scope and user, throttles.py). The
API's own views are throttled by DRF and skipped here. Pages and polls have
a limit of their own, per signed-in user (or address when signed out) and
per address, generous enough never to touch a player: the status poll of
five open tabs is 100 requests a minute.
"""
from __future__ import annotations

from django.conf import settings
from django.shortcuts import render

from games.limits import throttles

# POSTs of the HTML doors -> the API's scope for the same action.
POST_SCOPES = {
    "games:create": throttles.CreateThrottle, "games:join": throttles.CreateThrottle,
    "games:invite": throttles.CreateThrottle, "games:substitute_invite": throttles.CreateThrottle,
    "games:table_pause_propose": throttles.CreateThrottle, "games:rematch": throttles.CreateThrottle, "moderation:report_create": throttles.CreateThrottle,
    "games:act": throttles.ActionThrottle, "games:resign": throttles.ActionThrottle,
    "games:decline": throttles.ActionThrottle, "games:withdraw": throttles.ActionThrottle,
    "games:cancel": throttles.ActionThrottle, "games:grant_time": throttles.ActionThrottle,
    "games:seat_back": throttles.ActionThrottle, "games:proxy_take": throttles.ActionThrottle,
    "games:substitute_accept": throttles.ActionThrottle, "games:seat_pause": throttles.ActionThrottle,
    "games:seat_resume": throttles.ActionThrottle, "games:table_pause_vote": throttles.ActionThrottle,
    "games:table_pause_withdraw": throttles.ActionThrottle, "games:set_orders": throttles.ActionThrottle,
    "games:seen": throttles.ActionThrottle, "games:note": throttles.WriteThrottle,
    "games:calendar_renew": throttles.ActionThrottle, "games:calendar_off": throttles.ActionThrottle,
    "games:hooks": throttles.CreateThrottle, "games:hook_test": throttles.ActionThrottle,
    "games:hook_switch": throttles.ActionThrottle, "games:hook_delete": throttles.ActionThrottle,
    "games:push_subscribe": throttles.ActionThrottle, "games:push_unsubscribe": throttles.ActionThrottle,
}
SKIPPED_PREFIXES = ("/api/", "/moderation/api/", "/static/", "/games/healthz/")


class PageThrottle(throttles.ScopedThrottle):
    """Every page, partial and poll outside the API, per user (or address)."""

    scope = "pages"


class AddressPageThrottle(throttles.ScopedThrottle):
    """Every page, partial and poll outside the API, per address (all its users)."""

    scope = "pages_address"

    def subject(self, request) -> str | None:
        return f"ip{self.get_ident(request)}"


def throttles_for(request) -> list:
    """The budgets this request counts against, most specific first."""
    if request.path_info.startswith(SKIPPED_PREFIXES):
        return []
    match = getattr(request, "resolver_match", None)
    name = f"{match.namespace}:{match.url_name}" if match and match.namespace else ""
    if request.method == "POST":
        action = POST_SCOPES.get(name)
        return [action, throttles.WriteThrottle] if action else [throttles.WriteThrottle]
    return [PageThrottle, AddressPageThrottle]


class DoorLimitMiddleware:
    """Refuse a request over any of its budgets with 429, a Retry-After and words."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        if not getattr(settings, "HOTLINE_DOOR_LIMITS", True):
            return None
        for throttle in throttles_for(request):
            try:
                throttles.check(throttle, request)
            except throttles.RateLimited as error:
                return refusal(request, error)
        return None


def refusal(request, error):
    response = render(request, "limited.html", {"message": error.message, "wait": error.wait}, status=429)
    if error.wait is not None:
        response["Retry-After"] = str(error.wait)
    return response
