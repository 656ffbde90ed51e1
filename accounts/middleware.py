import zoneinfo

from django.conf import settings
from django.urls import NoReverseMatch, reverse
from django.utils import timezone, translation


class ProfileLanguageMiddleware:
    """A signed-in user's chosen language wins over Accept-Language, and their
    chosen time zone becomes the current one (templates show local times).
    Picking a language in the footer (Django's set_language view) while signed
    in also stores it in the profile, so the footer keeps working."""

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
        if profile and request.method == "POST" and response.status_code == 302:
            self.remember_footer_choice(request, profile)
        return response

    @staticmethod
    def remember_footer_choice(request, profile):
        try:
            if request.path != reverse("set_language"):
                return
        except NoReverseMatch:
            return
        chosen = request.POST.get("language", "")
        if chosen in dict(settings.LANGUAGES):
            type(profile).objects.filter(pk=profile.pk).update(language=chosen)
