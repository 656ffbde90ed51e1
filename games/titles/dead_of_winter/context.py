"""Dead of Winter's translation context.

Django merges every app's catalog into one per language, and for a msgid two
apps share the app listed first in INSTALLED_APPS wins. Every string of this
title therefore carries the context ``dead_of_winter`` (``msgctxt`` in the
catalog, ``pgettext`` in code, ``{% translate "…" context "dead_of_winter" %}``
in templates), so this title's own translation is the one its pages show.

``_`` / ``t`` translate a string held in a variable (a pack's name or text, a
marker's English) in that context; a text this catalog does not have falls
back to the plain lookup. ``pgettext_noop`` marks a literal for makemessages
and returns it unchanged; marker modules import it under the name
``pgettext_lazy`` (xgettext keyword ``pgettext_lazy:1c,2``).
"""
from __future__ import annotations

from django.utils.translation import gettext, pgettext

CONTEXT = "dead_of_winter"


def _(message):
    found = pgettext(CONTEXT, message)
    return gettext(message) if found == message else found


def t(message):
    """Like ``_``, but "" stays "" (gettext("") is the catalog header)."""
    return _(str(message)) if message else ""


def pgettext_noop(context, message):
    return message
