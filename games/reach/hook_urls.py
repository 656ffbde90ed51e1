"""The webhooks' URLs (games/reach/views.py); included by games/urls.py under hooks/."""
from django.urls import path

from games.reach import views

urlpatterns = [
    path("", views.hooks_page, name="hooks"),
    path("<int:hook_id>/test/", views.hook_test, name="hook_test"),
    path("<int:hook_id>/switch/", views.hook_switch, name="hook_switch"),
    path("<int:hook_id>/delete/", views.hook_delete, name="hook_delete"),
]
