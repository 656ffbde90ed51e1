from django import template

from games.moderation import access

register = template.Library()


@register.filter
def is_moderator(user) -> bool:
    return access.is_moderator(user)
