"""DRF permission: suspended users may read but never write through the API.

The SuspensionMiddleware already refuses their writes (session and token);
add this class to REST_FRAMEWORK["DEFAULT_PERMISSION_CLASSES"] to say so
in the API layer too."""
from rest_framework.permissions import SAFE_METHODS, BasePermission

from . import access


class NotSuspendedForWrites(BasePermission):
    message = "Your account is suspended: you can read and appeal only."

    def has_permission(self, request, view):
        return request.method in SAFE_METHODS or not access.is_suspended(request.user)
