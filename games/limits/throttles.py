"""Rate limits: DRF's throttles, one budget per user (per client address when
signed out) and scope. Rates live in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``
(``config/settings.py``, each overridable with ``HOTLINE_RATE_<SCOPE>``) and are
read per request, so a settings override takes effect at once.

* ``read`` — every GET; ``write`` — every other method (all API views);
* ``actions`` — moves; ``create`` — new games, joins and reports;
* ``invitations`` — invitations to one player, whoever sends them, through
  the API or the create page (checked in ``games.play.services.game_create``);
* ``chat`` — chat lines (``HOTLINE_CHAT_PER_MINUTE``), shared by the chat
  page and the chat API through ``check``.

Refusals are 429 with ``Retry-After`` (``games.api.errors``).
"""
from __future__ import annotations

import math
from types import SimpleNamespace

from django.conf import settings
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from games.errors import GameError


class RateLimited(GameError):
    status = 429
    code = "rate_limited"
    default = _("Too many requests in a short time. Wait a little and try again.")

    def __init__(self, message=None, wait: float | None = None):
        super().__init__(message)
        self.wait = wait


class ScopedThrottle(SimpleRateThrottle):
    """One scope's budget per user; ``methods`` limits which requests count."""

    methods: frozenset | None = None

    def get_rate(self):
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)

    def get_cache_key(self, request, view):
        if self.methods is not None and request.method not in self.methods:
            return None
        ident = self.subject(request)
        return None if ident is None else self.cache_format % {"scope": self.scope, "ident": ident}

    def subject(self, request) -> str | None:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return f"user{user.pk}"
        return f"ip{self.get_ident(request)}"


class ReadThrottle(ScopedThrottle):
    scope = "read"
    methods = frozenset(SAFE_METHODS)


class WriteThrottle(ScopedThrottle):
    scope = "write"
    methods = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class ActionThrottle(ScopedThrottle):
    scope = "actions"
    methods = frozenset({"POST"})


class CreateThrottle(ScopedThrottle):
    scope = "create"
    methods = frozenset({"POST"})


class InvitationThrottle(ScopedThrottle):
    """Counted per invited player, whoever sends them and from whichever page
    or endpoint: ``games.play.services.game_create`` calls ``check_invitation``."""

    scope = "invitations"
    methods = None

    def subject(self, request) -> str | None:
        return f"invitee{request.invitee_pk}"


class ChatThrottle(ScopedThrottle):
    scope = "chat"
    methods = frozenset({"POST"})

    def get_rate(self):
        return f"{int(getattr(settings, 'HOTLINE_CHAT_PER_MINUTE', 6))}/min"


READ_WRITE = [ReadThrottle, WriteThrottle]


def check_invitation(invitee) -> None:
    check(InvitationThrottle, SimpleNamespace(invitee_pk=invitee.pk),
          _("This player has had too many invitations lately. Try again later."))


def check(throttle_class, request, message=None) -> None:
    """The throttle outside DRF (HTML views): raise ``RateLimited`` when over budget."""
    throttle = throttle_class()
    if not throttle.allow_request(request, None):
        wait = throttle.wait()
        raise RateLimited(message, wait=math.ceil(wait) if wait is not None else None)
