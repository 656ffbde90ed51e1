from django.urls import path

from games.api import views

app_name = "api"
urlpatterns = [
    path("games/", views.games, name="games"),
    path("games/<int:game_id>/", views.game_detail, name="game"),
    path("games/<int:game_id>/join/", views.join, name="join"),
    path("games/<int:game_id>/invitations/", views.invitations, name="invitations"),
    path("games/<int:game_id>/invitations/withdraw/", views.invitation_withdraw, name="invitation_withdraw"),
    path("games/<int:game_id>/decline/", views.decline, name="decline"),
    path("games/<int:game_id>/prompt/", views.prompt, name="prompt"),
    path("games/<int:game_id>/actions/", views.actions, name="actions"),
    path("games/<int:game_id>/resign/", views.resign, name="resign"),
    path("games/<int:game_id>/log/", views.log, name="log"),
    path("games/<int:game_id>/briefing/", views.briefing_view, name="briefing"),
    path("games/<int:game_id>/briefing/seen/", views.briefing_seen, name="briefing_seen"),
    path("games/<int:game_id>/note/", views.note, name="note"),
    path("games/<int:game_id>/rematch/", views.rematch, name="rematch"),
    path("me/data/", views.my_data, name="my_data"),
    path("me/calendar/", views.my_calendar, name="my_calendar"),
    path("games/<int:game_id>/back/", views.seat_back, name="seat_back"),
    path("games/<int:game_id>/proxy/", views.proxy_take, name="proxy_take"),
    path("games/<int:game_id>/substitute/", views.substitute_invite, name="substitute_invite"),
    path("games/<int:game_id>/substitute/accept/", views.substitute_accept, name="substitute_accept"),
    path("games/<int:game_id>/commitments/", views.commitments, name="commitments"),
    path("games/<int:game_id>/orders/", views.orders, name="orders"),
    path("games/<int:game_id>/pause/", views.seat_pause, name="seat_pause"),
    path("games/<int:game_id>/pause/resume/", views.seat_resume, name="seat_resume"),
    path("games/<int:game_id>/table-pause/", views.table_pause_propose, name="table_pause_propose"),
    path("games/<int:game_id>/table-pause/vote/", views.table_pause_vote, name="table_pause_vote"),
    path("games/<int:game_id>/table-pause/withdraw/", views.table_pause_withdraw, name="table_pause_withdraw"),
]
