from django.core.management.base import BaseCommand, CommandError

from games.models import Game
from games.engine.rebuild import rebuild, validate


class Command(BaseCommand):
    help = ("Replay games from their move logs. With --validate, report games whose replay "
            "disagrees with the stored state and change nothing; without it, rewrite the caches.")

    def add_arguments(self, parser):
        parser.add_argument("game_ids", nargs="*", type=int, metavar="GAME_ID")
        parser.add_argument("--validate", action="store_true", help="only check, never alter")

    def handle(self, *game_ids, **options):
        games = Game.objects.exclude(state=None).order_by("pk")
        if options["game_ids"]:
            games = games.filter(pk__in=options["game_ids"])
        bad = 0
        for game in games.iterator():
            problems = validate(game)
            if problems:
                bad += 1
                self.stdout.write(f"game {game.pk}: " + "; ".join(problems))
            if not options["validate"]:
                rebuild(game)
        self.stdout.write(f"checked {games.count()} game(s), {bad} disagree")
        if bad and options["validate"]:
            raise CommandError(f"{bad} game(s) disagree with their logs")
