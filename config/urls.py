from django.contrib import admin
from django.urls import include, path
from csp.constants import NONCE, SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerSplitView

from games.reach import views as reach_views
from games.web import correspondence_views, views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("manifest.webmanifest", reach_views.manifest, name="manifest"),
    path("sw.js", reach_views.service_worker, name="service_worker"),
    path("accounts/", include("allauth.urls")),
    path("profile/", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("ladder/", include("games.ladder.urls")),
    path("moderation/", include("games.moderation.urls")),
    path("api/", include("games.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The API docs under the site's CSP (config/settings.py), plus what they need:
    # Swagger UI a nonce'd <style>; Redoc (styled-components) injects <style>
    # elements and starts a blob: worker. Neither page shows user content.
    path("api/docs/", csp_update({"style-src": [NONCE]})(SpectacularSwaggerSplitView.as_view(
        url_name="api-schema", template_name="api/swagger_ui.html")), name="api-docs"),
    path("api/redoc/", csp_update({"style-src": [UNSAFE_INLINE], "worker-src": [SELF, "blob:"]})(
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html")), name="api-redoc"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("unsubscribe/<str:token>/", correspondence_views.unsubscribe, name="unsubscribe"),
    path("vacation/", correspondence_views.vacation, name="vacation"),
    path("admin/", admin.site.urls),
]
