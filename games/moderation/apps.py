from django.apps import AppConfig


class ModerationConfig(AppConfig):
    name = "games.moderation"
    label = "moderation"

    def ready(self):
        from games import briefing
        from games.clocks import deadlines
        from games.api import auth

        from .access import suspended_sql
        from .channels import briefing_chat
        from .models import ClockPause

        briefing.CHAT_SOURCES[:] = [briefing_chat]
        deadlines.PAUSE_CHECKS.append(lambda game_id: ClockPause.objects.filter(game_id=game_id).exists())
        auth.SUSPENDED_SQL[:] = [suspended_sql]  # the API's token lookup reads the suspension with the user
