"""Rating changes for the game-over page and email: ``{% load ladder_tags %}``."""
from django import template

from .. import selectors
from ..models import RatingChange

register = template.Library()


@register.simple_tag
def rating_changes(game) -> list:
    """Every player's change in a finished rated game, in seat order."""
    return list(RatingChange.objects.filter(game=game).select_related("user").order_by("user__username"))


@register.simple_tag
def rating_change_for(game, user):
    """One player's change in a game, or None (unrated, annulled, or not seated)."""
    return selectors.rating_change_for(game, user)


@register.filter
def signed(value) -> str:
    """+12 / −7 / ±0 for a rating difference."""
    number = round(float(value or 0))
    if number > 0:
        return f"+{number}"
    return f"−{abs(number)}" if number < 0 else "±0"


@register.filter
def duration_text(seconds) -> str:
    """A short human duration: "45 s", "12 min", "3 h 20 min", "2 d 5 h"."""
    from django.utils.translation import gettext as _

    total = int(round(float(seconds or 0)))
    days, rest = divmod(total, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        return _("%(d)d d %(h)d h") % {"d": days, "h": hours}
    if hours:
        return _("%(h)d h %(m)d min") % {"h": hours, "m": minutes}
    if minutes:
        return _("%(m)d min") % {"m": minutes}
    return _("%(s)d s") % {"s": secs}
