from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "games.moderation"
    label = "moderation"
