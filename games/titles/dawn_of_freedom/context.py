"""1989's translation context.

Django merges every app's catalog into one per language, and for a msgid two
apps share the app listed first in INSTALLED_APPS wins.  Every string of this
title therefore carries the context ``dawn_of_freedom`` (``msgctxt`` in the
catalog), so this title's translation is the one its pages show.

``_`` / ``t`` translate a string held in a variable (a marker's English) in
that context; a text this catalog does not have (the site's "Undo" on a
choice) falls back to the plain lookup.  ``pgettext_noop`` marks a literal for makemessages and returns
it unchanged; Django has no such function and makemessages (xgettext) reads
the context only from names it knows, so marker modules import it under the
name ``pgettext_lazy`` (xgettext keyword ``pgettext_lazy:1c,2``).
"""
from __future__ import annotations

from django.utils.translation import gettext, pgettext

CONTEXT = "dawn_of_freedom"


def _(message):
    found = pgettext(CONTEXT, message)
    return gettext(message) if found == message else found


def t(message):
    """Like ``_``, but "" stays "" (gettext("") is the catalog header)."""
    return _(message) if message else message


def pgettext_noop(context, message):
    return message


def npgettext_noop(context, singular, plural):
    """A plural marker (imported as ``npgettext_lazy``, xgettext keyword ``npgettext_lazy:1c,2,3``):
    the (singular, plural) pair."""
    return singular, plural
