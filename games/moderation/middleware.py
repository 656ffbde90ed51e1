"""Suspended users may read and appeal, nothing else.

Every POST/PUT/PATCH/DELETE of a suspended user is refused with 403, except
logging out, the language switch and the appeal form. The user comes from
the session and, for the JSON API, from an ``Authorization: Token`` header
(looked up once, with the suspension, and reused by DRF's authentication).
The API's own guard is ``games.moderation.permissions.NotSuspendedForWrites``.
Reads cost no query: only unsafe requests look the suspension up.
"""
from __future__ import annotations

from django.http import HttpResponseForbidden, JsonResponse
from django.utils.translation import gettext as _

from games.api.auth import token_user

from . import access

SAFE = {"GET", "HEAD", "OPTIONS", "TRACE"}
ALLOWED = {"account_logout", "set_language", "moderation:appeal"}


class SuspensionMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if request.method in SAFE:
            return None
        match = request.resolver_match
        if match is not None and match.view_name in ALLOWED:
            return None
        if not _suspended(request):
            return None
        message = _("Your account is suspended: you can read and appeal only.")
        if request.path.startswith(("/api/", "/moderation/api/")):
            return JsonResponse({"error": "suspended", "detail": message}, status=403)
        return HttpResponseForbidden(message)


def _suspended(request) -> bool:
    """The session's user or the token's (DRF takes the token first; its
    ``NotSuspendedForWrites`` permission judges the user it settles on)."""
    holder = token_user(request)  # one query, kept for DRF's authentication
    if holder is not None and holder.suspended:
        return True
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated and access.is_suspended(user))
