from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from games import correspondence_views, views as game_views

urlpatterns = [
    path("", game_views.home, name="home"),
    path("accounts/", include("allauth.urls")),
    path("profile/", include("accounts.urls")),
    path("games/", include("games.urls")),
    path("ladder/", include("games.ladder.urls")),
    path("moderation/", include("games.moderation.urls")),
    path("api/", include("games.api.urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("unsubscribe/<str:token>/", correspondence_views.unsubscribe, name="unsubscribe"),
    path("vacation/", correspondence_views.vacation, name="vacation"),
    path("admin/", admin.site.urls),
]
