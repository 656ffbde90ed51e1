"""Token authentication that looks the token up once per request, in one raw query.

The suspension middleware must know who sends an unsafe API request before
the view runs; DRF authenticates every API request. Both use ``token_user``:
the user of the request's token, with ``suspended`` set, read once and kept
on the request. It is the most frequent query of the site, so it is written
in SQL: the ORM took three times as long to build it as PostgreSQL took to
answer (``tests/test_api.py`` pins the query counts).
"""
from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

KEYWORD = authentication.TokenAuthentication.keyword


def token_key(request) -> str:
    """The key of the request's ``Authorization: Token <key>``, read exactly as
    DRF's ``TokenAuthentication`` reads it (keyword in any case, any run of
    whitespace); "" when DRF would not take a token from it."""
    parts = authentication.get_authorization_header(request).split()
    if len(parts) != 2 or parts[0].lower() != KEYWORD.lower().encode():
        return ""
    try:
        return parts[1].decode()
    except UnicodeError:
        return ""


def token_user(request):
    """The user of the request's token, with ``suspended`` set, or None (looked up once)."""
    if not hasattr(request, "_hotline_token_user"):
        key = token_key(request)
        request._hotline_token_user = _user_of(key) if key else None
    return request._hotline_token_user


# Moderation registers its "suspended now" SQL here (games.moderation.apps):
# a function of the user id column giving a condition with two %s (now, now).
SUSPENDED_SQL: list = []


def _user_of(key: str):
    user_model = get_user_model()
    now = timezone.now()
    suspended = SUSPENDED_SQL[0]("u.id") if SUSPENDED_SQL else "(%s IS NULL AND %s IS NULL)"
    sql = (f"SELECT u.*, {suspended} AS suspended FROM {user_model._meta.db_table} u "
           f"JOIN {Token._meta.db_table} t ON t.user_id = u.id WHERE t.key = %s")
    user = next(iter(user_model.objects.raw(sql, [now, now, key])), None)
    if user is not None:
        user.suspended = bool(user.suspended)  # SQLite answers 0/1
    return user


class CachedTokenAuthentication(authentication.TokenAuthentication):
    """DRF's TokenAuthentication through ``token_user``; anything it cannot
    read (another keyword, a malformed or unknown key) goes to DRF as before,
    with DRF's own error messages."""

    def authenticate(self, request):
        user = token_user(request._request)
        if user is None:
            return super().authenticate(request)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return user, token_key(request._request)
