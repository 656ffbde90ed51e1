import zoneinfo

from django.utils import timezone, translation


class ProfileLanguageMiddleware:
    """A signed-in user's chosen language wins over Accept-Language, and their
    chosen time zone becomes the current one (templates show local times)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        profile = None
        if user is not None and user.is_authenticated:
            profile = getattr(user, "profile", None)
        language = profile.language if profile else ""
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        if profile and profile.timezone:
            try:
                timezone.activate(zoneinfo.ZoneInfo(profile.timezone))
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                timezone.deactivate()
        try:
            response = self.get_response(request)
        finally:
            if profile:
                timezone.deactivate()
        if language:
            response.headers.setdefault("Content-Language", language)
        return response
