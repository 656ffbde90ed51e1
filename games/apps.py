from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from . import bulk, pgtime  # bulk registers the field__any lookup

        pgtime.connect()
