from django.urls import path

app_name = "moderation"
urlpatterns: list = []
