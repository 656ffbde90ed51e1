"""The notes' URLs (games/notes/views.py); included by games/urls.py."""
from django.urls import path

from games.notes import views

urlpatterns = [
    path("<int:game_id>/notes/", views.note, name="note"),
]
