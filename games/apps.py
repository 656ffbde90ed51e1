from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from . import bulk, pgtime  # bulk registers the field__any lookup

        pgtime.connect()
        from accounts.signals import night_hours_changed

        from .vacations import night_hours_changed as refresh_on_new_night

        night_hours_changed.connect(refresh_on_new_night, dispatch_uid="games.night_hours")
