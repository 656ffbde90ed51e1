from django import template

from games.moderation import access

register = template.Library()


@register.filter
def is_moderator(user) -> bool:
    return access.is_moderator(user)


@register.simple_tag
def chat_marker(game, seat) -> dict | None:
    """The newest id and the number of the chat lines a seated player may read
    (None for others): the game page's status poll carries both; the page
    reloads its chat lines when the id changes and shows how many arrived
    unseen (static/js/site.js). Counted over the table chat and the seat's own
    team chat and direct messages only, so another team's message never moves
    it. One indexed query."""
    if seat is None or not seat.role:
        return None
    from django.db.models import Count, Max

    from games.moderation import channels
    from games.moderation.models import ChatMessage

    keys = channels.readable_by_role(game, seat.role)
    found = ChatMessage.objects.filter(game_id=game.pk, channel__in=keys).aggregate(newest=Max("pk"), count=Count("pk"))
    return {"newest": found["newest"] or 0, "count": found["count"]}