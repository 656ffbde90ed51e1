"""The briefing's URLs (games/briefing/views.py); included by games/urls.py."""
from django.urls import path

from games.briefing import views

urlpatterns = [
    path("<int:game_id>/seen/", views.seen, name="seen"),
]
