from django.urls import path

from . import views

app_name = "ladder"
urlpatterns = [
    path("", views.index, name="index"),
    path("leaderboard/<slug:title_id>/", views.leaderboard, name="leaderboard"),
    path("players/<str:username>/", views.profile, name="profile"),
    path("<int:ladder_id>/", views.ladder_detail, name="ladder"),
    path("<int:ladder_id>/join/", views.ladder_join, name="join"),
    path("<int:ladder_id>/leave/", views.ladder_leave, name="leave"),
    path("<int:ladder_id>/challenge/", views.challenge, name="challenge"),
]
