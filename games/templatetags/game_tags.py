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


@register.filter
def role_label(role) -> str:
    return str(role or "").replace("_", " ").title()


@register.filter
def log_text(entry: dict) -> str:
    """A plain rendering of a structured log line (titles may template their own)."""
    kind = str(entry.get("kind", "")).replace("_", " ")
    details = ", ".join(f"{k}: {v}" for k, v in entry.items() if k != "kind")
    return f"{kind} — {details}" if details else kind
