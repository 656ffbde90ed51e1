import json
from itertools import groupby

from django import template

register = template.Library()


@register.filter
def tojson(value) -> str:
    return json.dumps(value)


@register.filter
def grouped(choices):
    """Choices in groups of consecutive equal ``group``: [(group, [choices])]."""
    return [(group, list(items)) for group, items in groupby(choices, key=lambda c: c.group)]


ACRONYMS = {"us": "US", "ussr": "USSR"}


@register.filter
def role_label(role) -> str:
    text = str(role or "")
    return ACRONYMS.get(text) or text.replace("_", " ").title()


@register.filter
def log_text(entry: dict) -> str:
    """A plain rendering of a structured log line (titles may template their own)."""
    kind = str(entry.get("kind", "")).replace("_", " ")
    details = ", ".join(f"{k}: {v}" for k, v in entry.items() if k not in ("kind", "seq"))
    return f"{kind} — {details}" if details else kind


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
