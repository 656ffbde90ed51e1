from django.conf import settings
from django.db.models.signals import post_save
from django.dispatch import Signal, receiver

from .models import Profile

# Sent with ``user`` after a player saved night hours different from before:
# the games app recomputes the deadlines already running (games/clocks/vacations.py).
night_hours_changed = Signal()


@receiver(post_save, sender=settings.AUTH_USER_MODEL)
def create_profile(sender, instance, created, **kwargs):
    if created:
        Profile.objects.get_or_create(user=instance)
