import json
from itertools import groupby

from django import template

from games import registry

register = template.Library()


@register.filter
def tojson(value) -> str:
    return json.dumps(value)


@register.filter
def grouped(choices):
    """Choices in groups of consecutive equal ``group``: [(group, [choices])]."""
    return [(group, list(items)) for group, items in groupby(choices, key=lambda c: c.group)]


@register.filter
def role_label(value) -> str:
    """A plain label for a word such as a choice group ("countries" -> "Countries")."""
    return str(value or "").replace("_", " ").capitalize()


def _show(game_or_title):
    """The presentation of a game's title (a Game, a game row, or a title_id)."""
    title_id = getattr(game_or_title, "title_id", game_or_title)
    try:
        return registry.presentation(title_id)
    except registry.UnknownTitle:
        return None


@register.filter
def side(role, game_or_title) -> str:
    """A role in words, as the game's title names it (e.g. "north" -> "North")."""
    show = _show(game_or_title)
    return show.role_label(role) if show else str(role or "")


@register.filter
def title_name(game_or_title) -> str:
    show = _show(game_or_title)
    return show.title_name if show else str(getattr(game_or_title, "title_id", game_or_title))


@register.filter
def options_summary(game) -> list[str]:
    """The game's options in words ("Chinese Civil War variant: Yes")."""
    show = _show(game)
    return show.options_summary(game.options) if show else []


@register.filter
def get_item(mapping, key):
    return mapping.get(key) if mapping else None


@register.filter
def duration_text(seconds) -> str:
    """Seconds as a short "2d 3h" / "3h 20m" / "5m" text."""
    if seconds is None:
        return ""
    if hasattr(seconds, "total_seconds"):
        seconds = seconds.total_seconds()
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86_400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return f"{days}d {hours}h"
    return f"{hours}h {minutes}m" if hours else f"{minutes}m"


@register.filter
def time_control_text(control) -> str:
    from games.clocks import TimeControl

    try:
        return TimeControl.from_json(control).describe()
    except (ValueError, TypeError):
        return ""
