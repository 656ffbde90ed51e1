"""What changed on the Twilight Struggle board between two views of one seat,
in words (the presentation's ``board_changes``, read by the "since you last
looked" briefing): influence per country with control, DEFCON, VP, military
operations, the space race and the China Card."""
from __future__ import annotations

from django.utils.translation import gettext as _

from games.engine.presentation import Change, changed, keyed_changes

from .names import country_name, side_label

ROLES = ("us", "ussr")


def board_changes(before: dict, after: dict) -> list[Change]:
    out = changed(_("DEFCON"), before["defcon"], after["defcon"])
    out += changed(_("Victory points"), vp_words(before["vp"]), vp_words(after["vp"]))
    for role in ROLES:
        out += changed(_("%(side)s military operations") % {"side": side_label(role)},
                       before["milops"][role], after["milops"][role])
        out += changed(_("%(side)s space race") % {"side": side_label(role)},
                       before["space"][role], after["space"][role])
    out += changed(_("The China Card"), china_words(before["china"]), china_words(after["china"]))
    return out + countries(before, after)


def countries(before: dict, after: dict) -> list[Change]:
    """Influence per country, with who controls it."""
    def place(view):
        return {k: (tuple(v), view["control"].get(k)) for k, v in view["influence"].items()}

    return keyed_changes(place(before), place(after), country_name, influence_words, "country")


def influence_words(value) -> str:
    (us, ussr), holder = value or ((0, 0), None)
    text = _("US %(us)s, USSR %(ussr)s") % {"us": us, "ussr": ussr}
    return _("%(influence)s (%(side)s control)") % {"influence": text, "side": side_label(holder)} if holder else text


def vp_words(vp: int) -> str:
    if vp == 0:
        return "0"
    return _("%(side)s +%(n)s") % {"side": side_label("us" if vp > 0 else "ussr"), "n": abs(vp)}


def china_words(china: dict) -> str:
    holder = side_label(china.get("holder")) if china.get("holder") else _("nobody")
    return (_("%(side)s, face up") if china.get("up") else _("%(side)s, face down")) % {"side": holder}
