"""Create the demo accounts (idempotent): moderator `mod` and eleven players,
`alice`, `bob` and nine more, so the largest Dead of Winter table (11 seats)
can be tried with demo users alone."""
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

DEMO_PASSWORD = "hotline-demo"
MODERATORS_GROUP = "moderators"
# username -> is moderator
PLAYERS = ["alice", "bob", "carol", "dave", "erin", "fay", "gus", "hana", "jun", "kemal", "lena"]
DEMO_USERS = {"mod": True, **{name: False for name in PLAYERS}}


class Command(BaseCommand):
    help = "Create the demo moderator and players (refused when HOTLINE_ALLOW_DEMO_USERS is off)."

    def handle(self, *args, **options):
        if not getattr(settings, "HOTLINE_ALLOW_DEMO_USERS", False):
            raise CommandError(
                "Demo users are disabled (HOTLINE_ALLOW_DEMO_USERS is False, e.g. HOTLINE_PRODUCTION=1): "
                "refusing to create accounts with a published password.")
        with transaction.atomic():
            moderators, _ = Group.objects.get_or_create(name=MODERATORS_GROUP)
            for username, is_moderator in DEMO_USERS.items():
                created = self.ensure_user(username, is_moderator, moderators)
                self.stdout.write(f"{'created' if created else 'updated'}: {username}"
                                  f"{' (moderator, staff)' if is_moderator else ''}")
        self.stdout.write(self.style.SUCCESS(
            f"Demo accounts ready. Log in as {', '.join(DEMO_USERS)} with password: {DEMO_PASSWORD}"))

    def ensure_user(self, username, is_moderator, moderators):
        User = get_user_model()
        email = f"{username}@demo.hotline.localhost"
        user = User.objects.filter(username__iexact=username).first()
        created = user is None
        if created:
            user = User(username=username, email=email)
        user.email = user.email or email
        user.is_active = True
        user.is_staff = user.is_staff or is_moderator
        user.set_password(DEMO_PASSWORD)
        user.save()
        if is_moderator:
            user.groups.add(moderators)
        address, _ = EmailAddress.objects.get_or_create(
            user=user, email__iexact=user.email, defaults={"email": user.email})
        if not address.verified:
            address.verified = True
            address.save(update_fields=["verified"])
        if not address.primary:
            address.set_as_primary()
        return created
