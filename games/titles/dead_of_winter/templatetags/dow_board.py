"""Template helpers for the Warring Colonies table page (``dead_of_winter/board.html``).

``dow_board`` turns ``RULES.view(state, role)`` and the viewer's prompt into
plain values for the template: colony boards, location boards, the Den, one's
own hand and objective, the tracker, sealed steps (who has committed, never
what) and the colony-phase combat. A survivor or card is clickable when one
of the prompt's choices takes it as its argument (the click posts the same
verb and argument as the action bar's button). Only what the view holds is
shown: the view already hides other players' hands, objectives and picks.
"""
from __future__ import annotations

import json

from django import template
from django.utils.translation import pgettext

from games.titles.dead_of_winter import names as N
from games.titles.dead_of_winter.sentences import exchange_pick

register = template.Library()

# choices whose argument is a survivor number, and their button words
SURVIVOR_VERBS = {
    "search": lambda: pgettext("dead_of_winter", "Search"),
    "clean": lambda: pgettext("dead_of_winter", "Clean waste"),
    "ability": lambda: pgettext("dead_of_winter", "Use ability"),
    "target": lambda: pgettext("dead_of_winter", "Aim the wound here"),
    "wound": lambda: pgettext("dead_of_winter", "Place a wound here"),
    "keep": lambda: pgettext("dead_of_winter", "Keep"),
}
CARD_VERBS = {
    "play": lambda: pgettext("dead_of_winter", "Play"),
    "discard": lambda: pgettext("dead_of_winter", "Discard"),
    "crisis": lambda: pgettext("dead_of_winter", "Add to the crisis"),
    "give": lambda: pgettext("dead_of_winter", "Give"),
    "keep": lambda: pgettext("dead_of_winter", "Keep"),
}
SEALED_STEPS = {
    "draft": lambda: pgettext("dead_of_winter", "Survivor draft"),
    "sealed": lambda: pgettext("dead_of_winter", "Combat: sealed choice"),
    "elect": lambda: pgettext("dead_of_winter", "Leader election"),
    "xvote": lambda: pgettext("dead_of_winter", "Crossroads vote"),
    "xchg": lambda: pgettext("dead_of_winter", "Movement: sealed exchange"),
}
MAX_WOUNDS = 3
COLONY_STEPS = frozenset({"sealed", "target", "assign", "wolfpick", "elect", "elect_tie"})


def _arg(arg) -> str:
    return json.dumps(arg)


def _button(choice, label: str, group: str = "", full: str = "") -> dict:
    """A board button: ``label`` on the button, ``group`` written once before a run of
    buttons of the same kind (entrance numbers), ``full`` for screen readers."""
    return {"verb": choice.verb, "arg": _arg(choice.arg), "label": label, "group": group,
            "full": full or (f"{group} {label}" if group else label)}


def _parts(arg) -> list[str]:
    return arg.split(">") if isinstance(arg, str) else []


def _pair(arg) -> tuple[int | None, str]:
    parts = _parts(arg)
    if len(parts) >= 2 and parts[0].isdigit():
        return int(parts[0]), ">".join(parts[1:])
    return None, ""


def _spot_button(choice, parts, cid) -> dict:
    """Attack or barricade at a spot: an entrance number at a colony (0: the location)."""
    gate = int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0
    if choice.verb == "attack":
        group = pgettext("dead_of_winter", "Attack a zombie at entrance") if gate else ""
        label = str(gate) if gate else pgettext("dead_of_winter", "Attack a zombie")
        if len(parts) > 2 and parts[2].isdigit():
            group, label = "", (pgettext("dead_of_winter", "Attack at entrance %(n)s, discarding %(card)s") if gate else
                                pgettext("dead_of_winter", "Attack, discarding %(card)s")) % {"n": gate, "card": N.card(int(parts[2]), cid)}
    else:
        group = pgettext("dead_of_winter", "Barricade entrance") if gate else ""
        label = str(gate) if gate else pgettext("dead_of_winter", "Build a barricade")
    return _button(choice, label, group)


def _survivor_buttons(prompt, step: str | None, show, cid=None) -> dict[int, list]:
    out: dict[int, list] = {}
    for choice in (prompt.choices if prompt else ()):
        parts = _parts(choice.arg)
        if choice.verb in SURVIVOR_VERBS and isinstance(choice.arg, int) and not isinstance(choice.arg, bool) \
                and (choice.verb != "keep" or step == "draft"):
            out.setdefault(choice.arg, []).append(_button(choice, SURVIVOR_VERBS[choice.verb]()))
        elif choice.verb == "move" and len(parts) == 2 and parts[0].isdigit():
            out.setdefault(int(parts[0]), []).append(
                _button(choice, N.place(parts[1], cid), pgettext("dead_of_winter", "Move to")))
        elif choice.verb == "fallback" and len(parts) == 2 and parts[0].isdigit():
            out.setdefault(int(parts[0]), []).append(
                _button(choice, N.place(parts[1], cid), pgettext("dead_of_winter", "Fallback move to")))
        elif choice.verb in ("attack", "barricade") and parts and parts[0].isdigit():
            out.setdefault(int(parts[0]), []).append(_spot_button(choice, parts, cid))
        elif choice.verb == "use" and len(parts) >= 2 and parts[1].isdigit():  # card>survivor[>place]
            out.setdefault(int(parts[1]), []).append(_button(choice, N.named_ids(show.choice_label(choice))))
    return out


def _card_buttons(prompt, step: str | None, show, cid) -> dict[int, list]:
    out: dict[int, list] = {}
    for choice in (prompt.choices if prompt else ()):
        if choice.verb in CARD_VERBS and isinstance(choice.arg, int) and not isinstance(choice.arg, bool) \
                and (choice.verb != "keep" or step != "draft"):
            out.setdefault(choice.arg, []).append(_button(choice, CARD_VERBS[choice.verb]()))
        elif choice.verb == "equip":
            card, rest = _pair(choice.arg)
            if card is not None and rest.isdigit():
                out.setdefault(card, []).append(
                    _button(choice, pgettext("dead_of_winter", "Equip %(survivor)s") % {"survivor": N.survivor(int(rest), cid)}))
    return out


def _survivor(sid: str, s: dict, ctx: dict) -> dict:
    n = int(sid)
    owner = ctx["seats"].get(s["owner"], {})
    return {"id": n, "name": N.words(s["name"]), "influence": s["influence"], "attack": s["attack"],
            "search": s["search"], "ability": N.words(s["ability"]), "owner": N.role(s["owner"]),
            "side": owner.get("side", ""), "mine": s["owner"] == ctx["role"],
            "wounds": s["wounds"], "wound_marks": [i < s["wounds"] for i in range(MAX_WOUNDS)],
            "frostbite": s["frostbite"], "bitten": s["bitten"],
            "equipped": [ctx["card"](c) for c in s["equipped"]],
            "leader": owner.get("group_leader") == n, "buttons": ctx["sbuttons"].get(n, [])}


def _card(number, ctx: dict) -> dict:
    info = ctx["cards"].get(str(number), {})
    return {"id": number, "name": N.words(info.get("name")) or N.card(number, ctx["cid"]),
            "symbol": N.symbol(info.get("symbol")), "symbol_id": info.get("symbol", ""),
            "text": N.words(info.get("text")), "buttons": ctx["cbuttons"].get(number, [])}


def _at(view) -> dict[str, list]:
    by_place: dict[str, list] = {}
    for sid, s in view["survivors"].items():
        by_place.setdefault(s["at"], []).append((-s["influence"], sid, s))
    return {at: [(sid, s) for _k, sid, s in sorted(rows)] for at, rows in by_place.items()}


def _colony(side: str, view, ctx, places) -> dict:
    col, content = view["colonies"][side], N.content(ctx["cid"])
    entrances = []
    for i, (zombies, barricades) in enumerate(col["entrances"], 1):
        at = f"{side}@{i}"
        entrances.append({"n": i, "zombies": zombies, "barricades": barricades, "spaces": content.gate_spaces,
                          "zombie_marks": range(zombies), "empty_marks": range(max(0, content.gate_spaces - zombies)),
                          "survivors": [_survivor(sid, s, ctx) for sid, s in places.get(at, [])]})
    seats = [{"role": r, "label": N.role(r), "hand": view["seats"][r]["hand"], "dice": view["seats"][r]["dice"],
              "leader": col["leader"] == r, "me": r == ctx["role"], "active": r in ctx["active"]}
             for r in col["seats"]]
    return {"side": side, "name": N.side(side), "mine": ctx["my_side"] == side, **col,
            "morale_max": content.morale_max, "seats": seats, "leader_label": N.role(col["leader"]),
            "entrances": entrances, "inside": [_survivor(sid, s, ctx) for sid, s in places.get(side, [])],
            "capacity": content.colony_capacity}


def _locations(view, ctx, places) -> list[dict]:
    content, out = N.content(ctx["cid"]), []
    for number, loc in enumerate(content.locations, 1):
        spot = view["locations"].get(loc, {})
        here = places.get(loc, [])
        out.append({"id": loc, "number": number, "name": N.location(loc, ctx["cid"]), **spot,
                    "spaces": content.zspaces, "capacity": content.capacity.get(loc, 0),
                    "zombie_marks": range(spot.get("zombies", 0)),
                    "empty_marks": range(max(0, content.zspaces - spot.get("zombies", 0))),
                    "survivors": [_survivor(sid, s, ctx) for sid, s in here]})
    return out


def _sealed(view, ctx) -> dict | None:
    """The sealed step under way: who takes part and who has committed (never what)."""
    step = view["step"]
    exchange = view["turn"].get("exchange") or {}
    if step not in SEALED_STEPS or (step == "xchg" and not exchange.get("sealed")):
        return None
    active = set(ctx["active"])
    if step == "draft":
        players = list(view["seats"])
    elif step == "xchg":
        players = exchange["movers"]
    elif step == "sealed":
        players = [view["colonies"][s]["leader"] for s in ("a", "b")]
    else:
        players = sorted(set((view.get("election") or {}).get("voted", [])) | active,
                         key=lambda r: int(r[1:]) if r[1:].isdigit() else 0)
    rows = [{"label": N.role(r), "done": r not in active, "me": r == ctx["role"]} for r in players]
    mine = exchange_pick(exchange["mine"]) if step == "xchg" and exchange.get("mine") else ""
    return {"title": SEALED_STEPS[step](), "rows": rows, "done": sum(r["done"] for r in rows), "of": len(rows),
            "mine": mine}


def _combat(view, ctx) -> dict | None:
    combat = view.get("combat")
    if not combat:
        return None

    def pick(value, tactic: bool):
        if value is None:
            return ""
        if value == "secret":
            return pgettext("dead_of_winter", "chosen (sealed)")
        return N.tactic_at(value, ctx["cid"]) if tactic else str(value)
    sides = [{"side": s, "name": N.side(s), "strength": combat["strength"].get(s, 0),
              "tactic": pick(combat["tactics"].get(s), True), "bid": pick(combat["bids"].get(s), False),
              "tactic_text": N.tactic_text_at(combat["tactics"].get(s), ctx["cid"])}
             for s in ("a", "b")]
    diff = sides[0]["strength"] - sides[1]["strength"]
    return {"at": N.place(combat["at"], ctx["cid"]), "sides": sides, "diff": abs(diff),
            "ahead": N.side("a" if diff > 0 else "b") if diff else "",
            "lone_wolf": N.side(combat["lone_wolf"]) if combat.get("lone_wolf") else ""}


def _tracker(view, ctx) -> dict:
    crisis = view.get("crisis")
    return {"round": view["round"], "step": view["step"],
            "crisis": {"symbols": [N.symbol(s) for s in crisis["symbols"]],
                       "symbols_text": pgettext("dead_of_winter", " or ").join(N.symbol(s) for s in crisis["symbols"]),
                       "failure": N.words(crisis["failure"]),
                       "given": len(view.get("contributions") or []),
                       "need": sum(1 for s in view["seats"].values() if s["side"] != "w")} if crisis else None,
            "contributions": [_card(c, ctx)["name"] for c in view.get("contributions") or []],
            "objective": {"name": N.words(view["objective"]["name"]), "text": N.words(view["objective"]["text"])},
            "decks": view["decks"], "turn": [N.role(r) for r in (view["turn"].get("roles") or [])],
            "colony_phase": view["step"] in COLONY_STEPS,
            "searching": [{"who": N.role(r), "n": n} for r, n in sorted((view["turn"].get("searching") or {}).items())],
            "held": view["turn"].get("crossroads_held", 0)}


def _me(view, ctx) -> dict | None:
    me = view.get("me")
    if not me:
        return None
    content = N.content(ctx["cid"])
    out = {"hand": [_card(c, ctx) for c in me["hand"]],
           "objective": ({"name": N.words(me["objective"]["name"]), "text": N.words(me["objective"]["text"])}
                         if me.get("objective") else None),  # None: a proxy's view (rules.proxy_view)
           "search": [_card(c, ctx) for c in me["search"]] if me.get("search") is not None else None,
           "missions": [{"name": N.words(m["name"]), "text": N.words(m["text"])} for m in me.get("missions", [])],
           "seen": [], "reading": [_crossroads(x) for x in view["turn"].get("reading", [])]}
    for seen in me.get("seen", []):
        cards = seen.get("cards") or []
        words = ([N.crisis_index_symbols(c, ctx["cid"]) for c in cards] if seen.get("what") == "next crises"
                 else [_card(c, ctx)["name"] for c in cards])
        out["seen"].append({"what": N.seen_what(seen.get("what", "")), "cards": words})
    draft = view.get("draft")
    if draft and draft.get("offer") is not None:
        out["draft"] = [{"name": N.words(content.survivors[s]["name"]), "influence": content.survivors[s]["influence"],
                         "attack": content.survivors[s]["attack"], "search": content.survivors[s]["search"],
                         "ability": N.words(content.survivors[s]["text"]),
                         "kept": s in (draft.get("kept") or []), "buttons": ctx["sbuttons"].get(s, [])}
                        for s in draft["offer"]]
    return out


def _crossroads(card: dict) -> dict:
    return {"name": N.words(card["name"]), "text": N.words(card["text"]),
            "options": [N.words(o) for o in card["options"]]}


def _packs(view) -> list[dict]:
    return [{"name": N.words(p["name"]), "version": p["version"], "house": p["source"] == "house",
             "facts": p.get("kind") == "facts", "licence": N.words(p["licence"])} for p in view.get("packs") or []]


@register.simple_tag
def dow_board(view, prompt=None, role=None, active_roles=None):
    """Everything the table page draws, from one role's view and prompt."""
    from games.titles.dead_of_winter.presentation import PRESENTATION as show

    cid = N.content_id_of(view.get("packs"))
    my_side = view["seats"][role]["side"] if role in view["seats"] else None
    ctx = {"cid": cid, "role": role, "my_side": my_side, "seats": view["seats"], "active": list(active_roles or []),
           "cards": view.get("cards") or {}, "card": lambda c: N.words((view.get("cards") or {}).get(
               str(c), {}).get("name")) or N.card(c, cid),
           "sbuttons": _survivor_buttons(prompt, view["step"], show, cid),
           "cbuttons": _card_buttons(prompt, view["step"], show, cid)}
    places = _at(view)
    order = ("a", "b") if my_side != "b" else ("b", "a")
    den = view.get("den")
    return {
        "colonies": [_colony(s, view, ctx, places) for s in order],
        "locations": _locations(view, ctx, places),
        "den": {**den, "label": N.role(den["role"]), "missions_count": den["missions"] if isinstance(
            den["missions"], int) else len(den["missions"]),
                "survivors": [_survivor(sid, s, ctx) for sid, s in places.get("den", [])]} if den else None,
        "tracker": _tracker(view, ctx), "sealed": _sealed(view, ctx), "combat": _combat(view, ctx),
        "me": _me(view, ctx), "my_side": N.side(my_side) if my_side else "",
        "resolving": _resolving(view, ctx), "packs": _packs(view), "over": _over(view, ctx),
        "dead": [N.survivor(s, cid) for s in view.get("dead") or []],
    }


def _resolving(view, ctx) -> dict | None:
    res = view["turn"].get("resolving")
    if not res:
        return None
    return {**_crossroads(res["card"]), "who": N.role(res["role"])}


def _over(view, ctx) -> list[dict] | None:
    """After the end everything is shown: every hand and objective."""
    if "objectives" not in view:
        return None
    return [{"label": N.role(r), "objective": N.words(view["objectives"][r]["name"]),
             "hand": [_card(c, ctx)["name"] for c in view["hands"].get(r, [])]} for r in view["objectives"]]
