from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "games.moderation"
    label = "moderation"

    def ready(self):
        from games import deadlines

        from .models import ClockPause

        deadlines.PAUSE_CHECKS.append(lambda game_id: ClockPause.objects.filter(game_id=game_id).exists())
