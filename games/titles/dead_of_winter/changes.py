"""What changed at a Dead of Winter table between two views of one seat, in
words (the presentation's ``board_changes``, read by the "since you last
looked" briefing): each colony's and the Den's counters, zombies and
barricades at every entrance and location, and every survivor who moved,
was hurt, bitten or died."""
from __future__ import annotations

from django.utils.translation import pgettext, pgettext_lazy

from games.engine.presentation import Change, changed

from . import names as N


MORALE, FOOD, WASTE, STARVATION = pgettext_lazy("dead_of_winter", "morale"), pgettext_lazy("dead_of_winter", "food"), pgettext_lazy("dead_of_winter", "waste"), pgettext_lazy("dead_of_winter", "starvation")
COLONY_COUNTERS = (("morale", MORALE), ("food", FOOD), ("waste", WASTE), ("starvation", STARVATION),
                   ("bullets", pgettext_lazy("dead_of_winter", "bullets")), ("helpless", pgettext_lazy("dead_of_winter", "helpless survivors")))
DEN_COUNTERS = (("morale", MORALE), ("food", FOOD), ("waste", WASTE), ("starvation", STARVATION),
                ("completed", pgettext_lazy("dead_of_winter", "missions completed")))
ZOMBIES, BARRICADES = pgettext_lazy("dead_of_winter", "zombies"), pgettext_lazy("dead_of_winter", "barricades")
SPOT_COUNTERS = (("zombies", ZOMBIES), ("barricades", BARRICADES),
                 ("noise", pgettext_lazy("dead_of_winter", "noise markers")))


def board_changes(before: dict, after: dict) -> list[Change]:
    cid = N.content_id_of(after.get("packs"))
    out = []
    for side in ("a", "b"):
        out += colony(side, before["colonies"][side], after["colonies"][side])
    if before.get("den") and after.get("den"):
        out += den(before["den"], after["den"])
    for loc in N.content(cid).locations:  # the board's order, not the view's keys
        out += spot(N.location(loc, cid), before["locations"].get(loc, {}), after["locations"][loc], ("loc-id", loc))
    return out + survivors(before, after, cid)


def colony(side: str, before: dict, after: dict) -> list[Change]:
    out = []
    for key, label in COLONY_COUNTERS:
        out += changed(_of(N.side(side), label), before[key], after[key], ("colony", side))
    for n, (was, now) in enumerate(zip(before["entrances"], after["entrances"]), 1):
        where = N.place(f"{side}@{n}")
        out += changed(_of(where, ZOMBIES), was[0], now[0], ("colony", side))
        out += changed(_of(where, BARRICADES), was[1], now[1], ("colony", side))
    return out


def den(before: dict, after: dict) -> list[Change]:
    out = []
    for key, label in DEN_COUNTERS:
        out += changed(_of(N.place("den"), label), before[key], after[key])
    if after["out"] and not before["out"]:
        out.append(Change(pgettext("dead_of_winter", "The Lone Wolf"), pgettext("dead_of_winter", "in the game"),
                          pgettext("dead_of_winter", "out of the game")))
    return out


def spot(name: str, before: dict, after: dict, mark: tuple) -> list[Change]:
    out = []
    for key, label in SPOT_COUNTERS:
        out += changed(_of(name, label), before.get(key, 0), after[key], mark)
    return out


def survivors(before: dict, after: dict, cid) -> list[Change]:
    """Survivors who joined, moved, were hurt, bitten, died or left play."""
    was, now = before["survivors"], after["survivors"]
    out = []
    for sid in sorted(set(was) | set(now), key=int):
        old, new = was.get(sid), now.get(sid)
        then, later = survivor_words(old, cid), survivor_words(new, cid, dead=int(sid) in after["dead"])
        if then != later:  # an item equipped or a new owner alone is not told here
            out.append(Change(N.words((new or old)["name"]), then, later, ("survivor", sid)))
    return out


def survivor_words(s: dict | None, cid, dead: bool = False) -> str:
    if s is None:
        return pgettext("dead_of_winter", "dead") if dead else pgettext("dead_of_winter", "not in play")
    text = pgettext("dead_of_winter", "at %(place)s, %(wounds)s wounds") % {
        "place": N.place(s["at"], cid), "wounds": s["wounds"]}
    if s["frostbite"]:
        text += ", " + pgettext("dead_of_winter", "%(n)s frostbite") % {"n": s["frostbite"]}
    if s["bitten"]:
        text += ", " + pgettext("dead_of_winter", "bitten")
    return text


def _of(where: str, what) -> str:
    """"Colony A: food" in the reader's words."""
    return pgettext("dead_of_winter", "%(where)s: %(what)s") % {"where": where, "what": what}

