from django.urls import include, path

from games.web import correspondence_views, views

app_name = "games"
urlpatterns = [
    path("", views.my_games, name="my_games"),
    path("lobby/", views.lobby, name="lobby"),
    path("next/", views.next_game, name="next"),
    path("new/", views.game_create, name="create"),
    path("healthz/", views.healthz, name="healthz"),
    path("<int:game_id>/", views.detail, name="detail"),
    path("<int:game_id>/panel/", views.panel, name="panel"),
    path("<int:game_id>/status/", views.status, name="status"),
    path("<int:game_id>/log/", views.log, name="log"),
    path("<int:game_id>/at/<int:seq>/", views.at_move, name="at_move"),
    path("<int:game_id>/replay/", views.replay, name="replay"),
    path("<int:game_id>/act/", views.act, name="act"),
    path("<int:game_id>/join/", views.join, name="join"),
    path("<int:game_id>/decline/", views.decline, name="decline"),
    path("<int:game_id>/invite/", views.invite, name="invite"),
    path("<int:game_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<int:game_id>/cancel/", views.cancel, name="cancel"),
    path("<int:game_id>/resign/", views.resign, name="resign"),
    path("<int:game_id>/grant-time/", correspondence_views.grant_time, name="grant_time"),
    path("", include("games.tables.urls")),
    path("", include("games.briefing.urls")),
    path("", include("games.notes.urls")),
    path("calendar/", include("games.reach.urls")),
    path("hooks/", include("games.reach.hook_urls")),
    path("push/", include("games.reach.push_urls")),
]
