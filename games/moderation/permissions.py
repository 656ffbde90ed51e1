"""DRF permission on every API write (``DEFAULT_PERMISSION_CLASSES``):
suspended users may read, never write.

It runs after DRF has decided who the user is (token first, then session),
so it judges the user the view will act for, whatever cookie or header case
came with the request. The token lookup already knows the suspension
(``games.api.auth``); a session user costs one query, on writes only.
"""
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import SAFE_METHODS, BasePermission

from . import access


def is_suspended(user) -> bool:
    known = getattr(user, "suspended", None)  # set by the token lookup
    if known is not None:
        return bool(known)
    return access.is_suspended(user)


class NotSuspendedForWrites(BasePermission):
    message = _("Your account is suspended: you can read and appeal only.")
    code = "suspended"

    def has_permission(self, request, view):
        if request.method in SAFE_METHODS or not request.user.is_authenticated:
            return True
        return not is_suspended(request.user)
