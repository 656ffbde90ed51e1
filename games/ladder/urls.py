from django.urls import path

app_name = "ladder"
urlpatterns: list = []
