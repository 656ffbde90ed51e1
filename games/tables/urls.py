"""Pages of team tables (games/tables/views.py): the controls for absent
seats, substitutes, planned pauses and the sealed-step commitments; included by games/urls.py."""
from django.urls import path

from games.tables import views as table_views

urlpatterns = [
    path("<int:game_id>/commitments/", table_views.commitments, name="commitments"),
    path("<int:game_id>/back/", table_views.seat_back, name="seat_back"),
    path("<int:game_id>/cover/", table_views.proxy_take, name="proxy_take"),
    path("<int:game_id>/substitute/", table_views.substitute_invite, name="substitute_invite"),
    path("<int:game_id>/substitute/accept/", table_views.substitute_accept, name="substitute_accept"),
    path("<int:game_id>/pause/", table_views.seat_pause, name="seat_pause"),
    path("<int:game_id>/pause/resume/", table_views.seat_resume, name="seat_resume"),
    path("<int:game_id>/table-pause/", table_views.table_pause_propose, name="table_pause_propose"),
    path("<int:game_id>/table-pause/vote/", table_views.table_pause_vote, name="table_pause_vote"),
    path("<int:game_id>/table-pause/withdraw/", table_views.table_pause_withdraw, name="table_pause_withdraw"),
    path("<int:game_id>/orders/", table_views.set_orders, name="set_orders"),
    path("<int:game_id>/rematch/", table_views.rematch, name="rematch"),
]
