"""The calendar's URLs (games/reach/views.py); included by games/urls.py under calendar/."""
from django.urls import path

from games.reach import views

urlpatterns = [
    path("", views.calendar_page, name="calendar"),
    path("new/", views.calendar_renew, name="calendar_renew"),
    path("off/", views.calendar_off, name="calendar_off"),
    path("<str:token>.ics", views.calendar_feed, name="calendar_feed"),
]
