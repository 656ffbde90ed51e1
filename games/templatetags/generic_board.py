"""The generic board: any title's view as labelled plain text (never JSON).

Titles draw their own boards; this one serves a title still being built and
the tests' example game.
"""
from django import template
from django.utils.translation import gettext as _

register = template.Library()


@register.filter
def readable(value) -> str:
    """A view value in words: lists joined, mappings as "key: value", booleans as yes/no."""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == "" or value == [] or value == {}:
        return "—"
    if isinstance(value, dict):
        return "; ".join(f"{_label(k)}: {readable(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(readable(v) for v in value)
    return _label(value) if isinstance(value, str) else str(value)


def _label(text) -> str:
    return str(text).replace("_", " ")
