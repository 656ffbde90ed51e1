from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("", views.profile_edit, name="profile"),
    path("api-token/", views.api_token, name="api_token"),
]
