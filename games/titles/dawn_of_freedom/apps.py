from django.apps import AppConfig


class DawnOfFreedomConfig(AppConfig):
    name = "games.titles.dawn_of_freedom"
    label = "dawn_of_freedom"
    verbose_name = "1989: Dawn of Freedom"
