"""Names and short texts people show each other: normalised, visible, and
never a lookalike of someone else (Unicode TR 39's ideas, kept small).

* NFKC first: "Ｂｏｂ" is "Bob".
* One script per name (Japanese may mix kana and kanji, Korean hangul and
  hanja): "аlice" with a Cyrillic "а" is refused.
* A name written with Latin letters may not use a lookalike of one ("modı").
* The ``name_key`` (the skeleton: lowercase, lookalikes mapped to ASCII; then
  the ASCII lookalikes folded: l, I, i, 1 and | as l, 0 and O as o, rn as m;
  no spaces) must not be another user's name or display name (both keys are
  stored and indexed), nor a staff word such as "moderator" ("Rnoderator",
  "VlCTlM" beside "victim", "rnod1" beside "mod1" are refused).
* Invisible characters (zero-width, bidi controls) are refused in names, and
  a chat line needs at least one visible character.
"""
from __future__ import annotations

import re
import unicodedata

from confusable_homoglyphs import categories, confusables
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

INVISIBLE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"}
BLANK_LETTERS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}  # Hangul fillers, braille blank
MIXABLE = [{"HAN", "HIRAGANA", "KATAKANA"}, {"HAN", "HANGUL"}]
NEUTRAL = {"COMMON", "INHERITED"}
DIGIT_LETTERS = str.maketrans("013457|", "oieastl")
RESERVED = {"moderator", "moderators", "mod", "mods", "admin", "admins", "administrator", "staff",
            "hotline", "system", "support", "official"}
ASCII_FOLDS = str.maketrans({"i": "l", "1": "l", "|": "l", "!": "l", "0": "o"})  # after casefold: I is i


def _fold(text: str) -> str:
    """Lowercase ASCII lookalikes made one: l/I/i/1/| and 0/o, rn and m."""
    return text.casefold().replace("rn", "m").translate(ASCII_FOLDS)


RESERVED_KEYS = {_fold(word) for word in RESERVED}


def visible(text: str) -> bool:
    """At least one character that shows on the screen."""
    return any(unicodedata.category(c) not in INVISIBLE_CATEGORIES and c not in BLANK_LETTERS for c in text)


def normalise(text: str) -> str:
    return unicodedata.normalize("NFKC", text)


def _lookalike(char: str) -> str | None:
    """The ASCII text ``char`` is confusable with, if any."""
    if char.isascii():
        return None
    for found in confusables.is_confusable(char, greedy=True) or []:
        for glyph in found["homoglyphs"]:
            if glyph["c"].isascii():
                return glyph["c"]
    return None


def skeleton(text: str) -> str:
    """Lowercase with every lookalike replaced by its ASCII original."""
    folded = normalise(text).casefold()
    return "".join(_lookalike(c) or c for c in folded if visible(c)).casefold()


def name_key(text: str) -> str:
    """What a name looks like, for telling lookalikes apart (stored beside
    every username and display name): the skeleton, ASCII lookalikes folded,
    without spaces. "VlCTlM", "vict1m" and "victim" share one key."""
    return re.sub(r"\s+", "", _fold(skeleton(text)))


def scripts(text: str) -> set[str]:
    return {categories.alias(c) for c in text if c.isalpha()} - NEUTRAL


def check_name(name: str) -> None:
    """Raise ``ValidationError`` for a name that hides, mixes or imitates."""
    if not visible(name) or any(not visible(c) and c != " " for c in name):
        raise ValidationError(_("Use visible letters only (no invisible or direction characters)."))
    used = scripts(name)
    if len(used) > 1 and not any(used <= allowed for allowed in MIXABLE):
        raise ValidationError(_("Use the letters of one alphabet (this name mixes %(s)s).")
                              % {"s": ", ".join(sorted(s.title() for s in used))})
    if "LATIN" in used:
        lookalikes = sorted({c for c in name if _lookalike(c)})
        if lookalikes:
            raise ValidationError(_("“%(c)s” looks like another letter; use the plain one.")
                                  % {"c": "".join(lookalikes)})
    if _staff_words(name) & RESERVED_KEYS:
        raise ValidationError(_("This name is kept for the site's staff."))


def _staff_words(name: str) -> set[str]:
    """The name's words and the whole name squashed, digits read as letters ("m0d")."""
    mapped = _fold("".join(_lookalike(c) or c for c in normalise(name).casefold()).translate(DIGIT_LETTERS))
    words = {w for w in re.split(r"[^a-z]+", mapped) if w}
    return words | {re.sub(r"[^a-z]", "", mapped)}


def imitated_user(name: str, exclude_pk=None):
    """Another user whose username or display name looks the same as ``name``."""
    from django.contrib.auth import get_user_model
    from django.db.models import Q

    key = name_key(name)
    query = Q(username__iexact=normalise(name).strip()) | Q(name_key=key) | Q(profile__display_key=key)
    return get_user_model().objects.filter(query).exclude(pk=exclude_pk).first()
