from django.apps import AppConfig


class DeadOfWinterConfig(AppConfig):
    name = "games.titles.dead_of_winter"
    label = "dead_of_winter"
    verbose_name = "Dead of Winter: Warring Colonies"
