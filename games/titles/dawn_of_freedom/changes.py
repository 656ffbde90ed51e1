"""What changed on the 1989 board between two views of one seat, in words
(the presentation's ``board_changes``, read by the "since you last looked"
briefing): support per space with control, VP, the Tiananmen Square track,
who holds power in each country, the USSR stability track and eliminated spaces."""
from __future__ import annotations

from django.utils.translation import pgettext

from games.engine.presentation import Change, changed, keyed_changes

from .names import country_name, side_label, space_name

ROLES = ("communist", "democrat")


def board_changes(before: dict, after: dict) -> list[Change]:
    out = changed(pgettext("dawn_of_freedom", "Victory points"), vp_words(before["vp"]), vp_words(after["vp"]))
    for role in ROLES:
        out += changed(pgettext("dawn_of_freedom", "%(side)s on the Tiananmen Square track") % {
            "side": side_label(role)}, before["tiananmen"][role], after["tiananmen"][role])
    out += changed(pgettext("dawn_of_freedom", "USSR stability track"),
                   before["ussr_stability"] or 0, after["ussr_stability"] or 0)
    out += keyed_changes(before["power"], after["power"], country_name, power_words, "country", order=str)
    for space in sorted(set(after["eliminated"]) - set(before["eliminated"])):
        out.append(Change(space_name(space), pgettext("dawn_of_freedom", "on the map"),
                          pgettext("dawn_of_freedom", "eliminated"), ("space", str(space))))
    return out + spaces(before, after)


def spaces(before: dict, after: dict) -> list[Change]:
    """Support per space, with who controls it."""
    def place(view):
        return {k: (tuple(v), view["control"].get(k)) for k, v in view["support"].items()}

    return keyed_changes(place(before), place(after), space_name, support_words, "space")


def support_words(value) -> str:
    (com, dem), holder = value or ((0, 0), None)
    text = pgettext("dawn_of_freedom", "Communist %(c)s, Democrat %(d)s") % {"c": com, "d": dem}
    if not holder:
        return text
    return pgettext("dawn_of_freedom", "%(support)s (%(side)s control)") % {"support": text,
                                                                              "side": side_label(holder)}


def power_words(holder) -> str:
    return pgettext("dawn_of_freedom", "%(side)s in power") % {"side": side_label(holder)} if holder else "—"


def vp_words(vp: int) -> str:
    if not vp:
        return pgettext("dawn_of_freedom", "even")
    lead = "democrat" if vp > 0 else "communist"
    return pgettext("dawn_of_freedom", "%(side)s +%(n)s") % {"side": side_label(lead), "n": abs(vp)}
