"""Suspended users may read and appeal, nothing else.

Every POST/PUT/PATCH/DELETE of a suspended user is refused with 403, except
logging out, the language switch and the appeal form. The user comes from
the session or, for the JSON API, from a ``Authorization: Token`` header.
Reads cost no query: only unsafe requests look the suspension up.
"""
from __future__ import annotations

from django.http import HttpResponseForbidden, JsonResponse
from django.utils.translation import gettext as _

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
        user = _request_user(request)
        if user is None or not access.is_suspended(user):
            return None
        message = _("Your account is suspended: you can read and appeal only.")
        if request.path.startswith(("/api/", "/moderation/api/")):
            return JsonResponse({"error": "suspended", "detail": message}, status=403)
        return HttpResponseForbidden(message)


def _request_user(request):
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return user
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if header.startswith("Token "):
        from rest_framework.authtoken.models import Token

        token = Token.objects.select_related("user").filter(key=header[6:].strip()).first()
        return token.user if token else None
    return None
