"""The web push URLs (games/reach/views.py); included by games/urls.py under push/."""
from django.urls import path

from games.reach import views

urlpatterns = [
    path("", views.push_page, name="push"),
    path("subscribe/", views.push_subscribe, name="push_subscribe"),
    path("unsubscribe/", views.push_unsubscribe, name="push_unsubscribe"),
]
