from django.urls import path

from . import views

app_name = "api"
urlpatterns = [
    path("games/", views.games, name="games"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/prompt/", views.prompt, name="prompt"),
    path("games/<int:game_id>/actions/", views.actions, name="actions"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/log/", views.log, name="log"),
]
