from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from . import bulk  # noqa: F401 (registers the field__any lookup)
