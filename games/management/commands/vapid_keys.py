"""Print a new VAPID key pair for web push (games/reach/push.py)."""
from django.core.management.base import BaseCommand

from games.reach import push


class Command(BaseCommand):
    help = "Make a VAPID key pair: set HOTLINE_VAPID_PRIVATE_KEY to the first line (keep it secret)."

    def handle(self, *args, **options):
        private, public = push.new_keys()
        self.stdout.write(f"HOTLINE_VAPID_PRIVATE_KEY={private}\n")
        self.stdout.write(f"# public key (the site shows it to browsers): {public}\n")
