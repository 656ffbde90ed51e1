"""Token authentication that looks the token up once per request.

The suspension middleware must know who sends an unsafe API request before
the view runs; it reads the token (with the user and whether a suspension is
running) in one query and leaves it on the request. DRF then takes it from
there instead of querying again.
"""
from __future__ import annotations

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

KEYWORD = "Token "


def token_from_header(request):
    """The request's Token (user joined, ``suspended`` annotated), looked up once; None without one."""
    if not hasattr(request, "_hotline_token"):
        header = request.META.get("HTTP_AUTHORIZATION", "")
        key = header[len(KEYWORD):].strip() if header.startswith(KEYWORD) else ""
        request._hotline_token = _token(key) if key and " " not in key else None
    return request._hotline_token


def _token(key: str):
    from games.moderation.access import running_sanctions

    suspended = Exists(running_sanctions("suspend").filter(user=OuterRef("user")))
    return Token.objects.select_related("user").annotate(suspended=suspended).filter(key=key).first()


class CachedTokenAuthentication(authentication.TokenAuthentication):
    """DRF's TokenAuthentication, reusing the middleware's lookup when there was one."""

    def authenticate(self, request):
        if not hasattr(request._request, "_hotline_token"):
            return super().authenticate(request)
        token = request._request._hotline_token
        if token is None:
            return super().authenticate(request)  # the same parsing, the same error messages
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token
