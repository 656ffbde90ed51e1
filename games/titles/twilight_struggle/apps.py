from django.apps import AppConfig


class TwilightStruggleConfig(AppConfig):
    name = "games.titles.twilight_struggle"
    label = "twilight_struggle"
    verbose_name = "Twilight Struggle"
