from django import template

from games.moderation import access

register = template.Library()


@register.filter
def is_moderator(user) -> bool:
    return access.is_moderator(user)


@register.simple_tag
def chat_marker(game, seat) -> int | None:
    """The newest id among the chat lines a seated player may read (None for
    others): the game page's status poll carries it, and the page reloads its
    chat lines when it changes (static/js/site.js). Counted over the table
    chat and the seat's own team chat only, so another team's message never
    moves it. One indexed query."""
    if seat is None or not seat.role:
        return None
    from games.moderation import channels
    from games.moderation.models import ChatMessage

    keys = channels.readable_by_role(game, seat.role)
    newest = ChatMessage.objects.filter(game_id=game.pk, channel__in=keys).order_by("-pk")
    return newest.values_list("pk", flat=True).first() or 0
