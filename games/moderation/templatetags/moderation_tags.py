from django import template

from games.moderation import access

register = template.Library()


@register.filter
def is_moderator(user) -> bool:
    return access.is_moderator(user)


@register.simple_tag
def chat_marker(game, seat) -> int | None:
    """The newest chat message's id for a seated player (None for others): the
    game page's status poll carries it, and the page reloads its chat lines
    when it changes (static/js/site.js). One indexed query."""
    if seat is None or not seat.role:
        return None
    from games.moderation.models import ChatMessage

    return ChatMessage.objects.filter(game_id=game.pk).order_by("-pk").values_list("pk", flat=True).first() or 0
