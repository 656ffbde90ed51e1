from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self):
        from accounts.signals import night_hours_changed
        from games.clocks.vacations import night_hours_changed as refresh_on_new_night
        from games import tasks  # noqa: F401  (every task registered: rooms enqueue some by name)
        from games.mail import receivers
        from games.reach import receivers as reach_receivers
        from games.store import bulk, pgtime  # noqa: F401  (bulk registers the field__any lookup)

        pgtime.connect()
        receivers.connect()
        reach_receivers.connect()
        night_hours_changed.connect(refresh_on_new_night, dispatch_uid="games.night_hours")
