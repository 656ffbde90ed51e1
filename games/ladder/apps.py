from django.apps import AppConfig


class LadderConfig(AppConfig):
    name = "games.ladder"
    label = "ladder"

    def ready(self):
        from . import receivers  # noqa: F401
