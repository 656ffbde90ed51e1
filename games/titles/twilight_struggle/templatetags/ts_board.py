"""Template helpers for the Twilight Struggle board (``twilight_struggle/board.html``).

Everything static (box geometry, adjacency lines, card facts) is worked out
once at import; per request only influence, control and the current choices
are merged in, so the board stays cheap to render.
"""
from __future__ import annotations

import json
import unicodedata

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

from games.titles.twilight_struggle import sentences
from games.titles.twilight_struggle.names import card, card_infos, tables
from games.titles.twilight_struggle import layout
from games.titles.twilight_struggle.rules import data

register = template.Library()

# choice verbs that take a country id as their argument
COUNTRY_VERBS = frozenset({"place", "realign", "coup", "remove", "pick"})
CARD_VERBS = ("headline", "event", "ops", "space", "discard", "card")
# "<verb text> <country>": the words of a clickable country
VERB_TEXT = {"place": gettext_noop("Place influence in %(country)s"), "realign": gettext_noop("Realignment roll in %(country)s"),
             "coup": gettext_noop("Coup in %(country)s"), "remove": gettext_noop("Remove influence from %(country)s"),
             "pick": gettext_noop("Choose %(country)s")}
CARD_VERB_TEXT = {"headline": gettext_noop("Headline"), "event": gettext_noop("Event"), "ops": gettext_noop("Operations"),
                  "space": gettext_noop("Space race"), "discard": gettext_noop("Discard"), "card": gettext_noop("Choose")}
# the board's JavaScript hints, rendered by the server as JSON (see board.html, board.js)
JS_TEXT = {"not_a_choice": gettext_noop("%(name)s is not one of your choices now."),
           "choose_highlighted": gettext_noop("Choose one of the highlighted countries."),
           "use_choices": gettext_noop("Use the choices listed with the board.")}
W, H = layout.BOX_W, layout.BOX_H


def _band(country: dict) -> str:
    """The sub-region shading class: Western/Eastern Europe (both for Austria, Finland), SE Asia."""
    subs = set(country["subregions"])
    if {"western_europe", "eastern_europe"} <= subs:
        return "band-both"
    if "western_europe" in subs:
        return "band-west"
    if "eastern_europe" in subs:
        return "band-east"
    return "band-sea" if "southeast_asia" in subs else ""


def _text_width(text: str) -> int:
    """Width in Latin letters: Korean, Japanese and other wide characters count twice."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _static_countries() -> list[dict]:
    """The boxes' fixed facts in the current language (cached per language in ``_local``)."""
    t, out = tables(), []
    for cid in data.COUNTRY_IDS:
        c = data.COUNTRIES[cid]
        x, y = layout.POS[cid]
        facts = [t.regions[c["region"]], _("stability %(n)s") % {"n": c["stability"]}]
        if c["battleground"]:
            facts.append(_("battleground"))
        out.append({"id": cid, "name": t.countries[cid], "width": _text_width(t.countries[cid]),
                    "x": x - W // 2, "y": y - H // 2, "cx": x,
                    "region": c["region"], "band": _band(c), "stability": c["stability"],
                    "bg": c["battleground"], "facts": ", ".join(facts)})
    return out


def _edges() -> list[tuple]:
    pos = {**layout.POS, **layout.SUPERPOWERS}
    seen, out = set(), []
    for cid in data.COUNTRY_IDS:
        links = [(n, "in" if data.REGION[n] == data.REGION[cid] else "cross") for n in data.ADJ[cid]]
        if data.SUPERPOWER[cid]:
            links.append((data.SUPERPOWER[cid], "super"))
        for other, kind in links:
            key = tuple(sorted((str(cid), str(other))))
            if key in seen or key == ("43", "us"):  # Japan-USA is drawn as a labelled stub
                continue
            seen.add(key)
            (x1, y1), (x2, y2) = pos[cid], pos[other]
            out.append((x1, y1, x2, y2, kind))
    return out


EDGES = _edges()


def _superpowers() -> list[dict]:
    sides = tables().sides
    return [{"role": r, "label": sides[r], "x": x - layout.SUPER_W // 2, "y": y - layout.SUPER_H // 2,
             "cx": x, "cy": y, "w": layout.SUPER_W, "h": layout.SUPER_H}
            for r, (x, y) in layout.SUPERPOWERS.items()]


CCW_POS = (1370, 130)
_LOCAL: dict[str, dict] = {}


def _local() -> dict:
    """Everything static that has words, built once per language: boxes, superpowers, SVG, JS hints."""
    lang = get_language() or "en"
    found = _LOCAL.get(lang)
    if found is None:
        sides = tables().sides
        words = {"text": _("%(country)s (%(facts)s): US %(us)s, USSR %(ussr)s"),
                 "controlled": {r: _(", %(side)s controlled") % {"side": sides[r]} for r in ("us", "ussr")}}
        found = _LOCAL[lang] = {"countries": _static_countries(), "superpowers": _superpowers(), "words": words,
                                "svg": _static_svg(_superpowers()),
                                "js": json.dumps({k: _(v) for k, v in JS_TEXT.items()}, ensure_ascii=False)}
    return found


def _verb_text(choice, name: str) -> str:
    text = VERB_TEXT.get(choice.verb)
    return _(text) % {"country": name} if text else f"{choice.label} {name}"


def _arg_json(arg) -> str:
    return json.dumps(arg)


def country_choices(prompt) -> dict[int, list]:
    """Country id -> the prompt's choices that take that country as their argument."""
    out: dict[int, list] = {}
    if not prompt:
        return out
    for choice in prompt.choices:
        if (choice.verb in COUNTRY_VERBS or choice.group == "countries") and isinstance(choice.arg, int) \
                and not isinstance(choice.arg, bool) and 1 <= choice.arg <= data.CCW:
            out.setdefault(choice.arg, []).append(choice)
    return out


def _country_state(base: dict, inf: dict, control: dict, choices: dict, words: dict) -> dict:
    key = str(base["id"])
    us, ussr = inf.get(key, (0, 0))
    owner = control.get(key)
    mine = choices.get(base["id"], [])
    first = mine[0] if mine else None
    text = words["text"] % {"country": base["name"], "facts": base["facts"], "us": us, "ussr": ussr}
    if owner:
        text += words["controlled"][owner]
    action = _verb_text(first, base["name"]) if first else ""
    return {**base, "us": us, "ussr": ussr, "control": owner or "", "choice": first,
            "choice_arg": _arg_json(first.arg) if first else "", "action": action,
            "text": text}


@register.simple_tag
def ts_map(view, prompt=None):
    """Everything the SVG map needs: boxes with influence, control and choices; lines."""
    inf, control = view.get("influence") or {}, view.get("control") or {}
    choices = country_choices(prompt)
    local = _local()
    countries = [_country_state(base, inf, control, choices, local["words"]) for base in local["countries"]]
    ccw = None
    if view.get("chinese_civil_war") == "open":
        us, ussr = inf.get(str(data.CCW), (0, 0))
        first = (choices.get(data.CCW) or [None])[0]
        name = tables().countries[data.CCW]
        ccw = {"id": data.CCW, "name": name, "x": CCW_POS[0] - W // 2, "y": CCW_POS[1] - H // 2,
               "cx": CCW_POS[0], "ussr": ussr, "need": data.CCW_NEEDED, "choice": first,
               "choice_arg": _arg_json(first.arg) if first else "",
               "action": _verb_text(first, name) if first else ""}
    bans = set(view.get("coup_bans") or ())
    regions = tables().regions
    labels = [{"text": (_("%(region)s (closed)") % {"region": regions[region]}) if region in bans
               else regions[region], "x": x, "y": y, "closed": region in bans}
              for region, (_name, x, y) in layout.REGION_LABELS.items()]
    return {"width": layout.WIDTH, "height": layout.HEIGHT, "w": W, "h": H, "countries": countries,
            "edges": EDGES, "superpowers": local["superpowers"], "labels": labels, "ccw": ccw,
            "svg": local["svg"], "js_text": local["js"],
            "clickable": sum(1 for c in countries if c["choice"]) + bool(ccw and ccw["choice"])}


# -- cards --------------------------------------------------------------------
def card_choices(prompt) -> dict:
    """Card number -> [(verb label, choice)] for choices about a card in hand."""
    out: dict = {}
    if not prompt:
        return out
    for choice in prompt.choices:
        if choice.verb in CARD_VERBS and isinstance(choice.arg, int) and choice.arg in data.CARDS:
            out.setdefault(choice.arg, []).append(
                {"choice": choice, "text": _(CARD_VERB_TEXT[choice.verb]), "arg": _arg_json(choice.arg)})
    return out


@register.simple_tag
def ts_hand(view, prompt=None):
    """The viewer's own hand, each card with its facts, summary and the current card choices."""
    choices = card_choices(prompt)
    infos, sides = card_infos(), tables().sides
    cards = [{**infos[n], "choices": choices.get(n, [])} for n in view.get("hand") or []]
    china = view.get("china") or {}
    china_choices = choices.get(data.CHINA, [])
    return {"cards": cards, "china": {**infos[data.CHINA], "holder": china.get("holder"),
                                      "holder_label": sides.get(china.get("holder")) or _("nobody"),
                                      "up": china.get("up"), "choices": china_choices}}


@register.filter
def ts_card(number):
    """Card facts for a card number (discards, removed, effects, headlines)."""
    return card(number)


@register.filter
def ts_side(role) -> str:
    return tables().sides.get(role, str(role or ""))


# how long a lasting effect lasts (the rules' ``until`` keys); an unknown key shows nothing rather than a key
UNTIL = {"turn": gettext_lazy("until the end of the turn"), "game": gettext_lazy("for the rest of the game"),
         "us_china": gettext_lazy("until the US plays the China Card"),
         "escape": gettext_lazy("until the player escapes"),
         "played": gettext_lazy("until its card is played for operations"),
         "us_round": gettext_lazy("until the US's next action round"),
         "scoring": gettext_lazy("until the next scoring card")}


@register.simple_tag
def ts_effects(view):
    """Persistent effects in play as readable rows."""
    rows, sides = [], tables().sides
    for key, effect in sorted((view.get("effects") or {}).items()):
        number = str(key).split(":")[0]  # "69:us", "86:round": a card's effect for one side or round
        info = ts_card(number) if number.isdigit() else None
        name = info["name"] if info else str(key).replace("_", " ").capitalize()
        until = str(UNTIL.get(effect.get("until"), ""))
        rows.append({"name": name, "role": sides.get(effect.get("role"), ""), "until": until,
                     "summary": info["summary"] if info else ""})
    return rows


# -- tracks -------------------------------------------------------------------
@register.simple_tag
def ts_tracks(view):
    vp, defcon = view.get("vp", 0), view.get("defcon", 5)
    t = tables()
    ban_text = {level: ", ".join(t.regions[r] for r in sorted(regions))
                for level, regions in data.DEFCON_BANS.items()}
    defcon_boxes = [{"level": n, "current": n == defcon, "closed": ban_text.get(n, ""),
                     "end": n == 1} for n in (5, 4, 3, 2, 1)]
    milops = view.get("milops") or {}
    space = view.get("space") or {}
    abilities = view.get("abilities") or {}
    boxes = [{"box": b["box"], "name": t.space.get(b["name"], b["name"]), "ops": b["ops"], "roll": b["roll_max"],
              "vp": b["vp"], "ability": t.abilities.get(b["ability"], "") if b["ability"] else "",
              "us": space.get("us") == b["box"], "ussr": space.get("ussr") == b["box"]}
             for b in data.SPACE]
    held = {r: [t.abilities[data.SPACE[b - 1]["ability"]] for b in abilities.get(r, ())
                if data.SPACE[b - 1]["ability"]] for r in ("us", "ussr")}
    lead = t.sides["us" if vp > 0 else "ussr"]
    return {
        "vp": vp, "vp_text": _("%(side)s +%(n)s") % {"side": lead, "n": abs(vp)} if vp else _("even"),
        "vp_cells": [{"n": n, "here": n == max(-20, min(20, vp))} for n in range(-20, 21)],
        "defcon": defcon, "defcon_boxes": defcon_boxes,
        "closed_now": ban_text.get(defcon, ""),
        "milops": [{"role": r, "label": t.sides[r], "value": milops.get(r, 0), "need": defcon,
                    "short": max(0, defcon - milops.get(r, 0)),
                    "cells": [{"n": n, "here": n == milops.get(r, 0)} for n in range(0, 6)]}
                   for r in ("ussr", "us")],
        "space_boxes": boxes, "space": {r: space.get(r, 0) for r in ("us", "ussr")},
        "space_tries": view.get("space_tries") or {}, "abilities": held,
        "turn": view.get("turn"), "era": t.eras[data.era_of_turn(view.get("turn") or 1)],
        "action_round": view.get("action_round"), "phasing": t.sides.get(view.get("phasing")),
        "step": view.get("step"),
    }


@register.simple_tag
def ts_headline(view, role, log=None):
    """What the viewer may know of this turn's headlines: own pick, then both after the reveal."""
    headline, sides = view.get("headline"), tables().sides
    if headline:
        mine = headline.get("mine")
        shown = {sides[r]: ts_card(c) for r, c in (headline.get("shown") or {}).items() if c}
        return {"phase": "choosing", "mine": ts_card(mine) if mine else None,
                "picked": [sides[r] for r in headline.get("picked") or ()], "shown": shown,
                "role": sides.get(role)}
    for entry in reversed(log or ()):
        if entry.get("kind") == "turn":
            break
        if entry.get("kind") == "headline":
            picks = entry.get("picks") or {}
            return {"phase": "revealed",
                    "picks": [(sides[r], ts_card(picks.get(r))) for r in ("ussr", "us") if r in picks]}
    return None


@register.filter
def ts_log_text(entry: dict) -> str:
    return sentences.sentence(entry)


@register.simple_tag
def ts_attr_json(value) -> str:
    return format_html("{}", json.dumps(value))


# -- the SVG, built in Python: ~90 boxes of a dozen elements each is too many template nodes
def _static_svg(superpowers: list[dict]) -> str:
    parts, usa = [], escape(_("USA"))
    for x1, y1, x2, y2, kind in EDGES:
        parts.append(f'<line class="{kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    jx, jy = layout.POS[43]
    parts.append(f'<line class="super" x1="{jx}" y1="{jy - H // 2}" x2="{jx}" y2="{jy - H // 2 - 37}"/>'
                 f'<text class="stub" x="{jx + 2}" y="{jy - H // 2 - 41}">→ {usa}</text>')
    edges = '<g class="edges" aria-hidden="true">' + "".join(parts) + "</g>"
    supers = "".join(
        f'<g class="superpower {s["role"]}"><rect x="{s["x"]}" y="{s["y"]}" width="{s["w"]}" height="{s["h"]}" '
        f'rx="10"/><text x="{s["cx"]}" y="{s["cy"] + 8}">{escape(s["label"])}</text></g>' for s in superpowers)
    return edges + supers


def _box_svg(c: dict) -> str:
    """The inside of one country box: frame, sub-region band, name, influence, stability."""
    x, y = c["x"], c["y"]
    name = escape(("★ " if c["bg"] else "") + c["name"])
    fit = ' textLength="88" lengthAdjust="spacingAndGlyphs"' if c["width"] + 2 * c["bg"] > 12 else ""
    band = f'<rect class="band {c["band"]}" x="{x}" y="{y}" width="7" height="{H}"/>' if c["band"] else ""
    us_f = " filled" if c["control"] == "us" else ""
    ussr_f = " filled" if c["control"] == "ussr" else ""
    return (f'<rect class="box" x="{x}" y="{y}" width="{W}" height="{H}" rx="4"/>{band}'
            f'<text class="name" x="{c["cx"] + 3}" y="{y + 14}"{fit}>{name}</text>'
            f'<rect class="inf us{us_f}" x="{x + 10}" y="{y + 19}" width="24" height="23" rx="3"/>'
            f'<text class="n us{us_f}" x="{x + 22}" y="{y + 36}">{c["us"] or ""}</text>'
            f'<text class="stab" x="{c["cx"] + 3}" y="{y + 36}">{c["stability"]}</text>'
            f'<rect class="inf ussr{ussr_f}" x="{x + 72}" y="{y + 19}" width="24" height="23" rx="3"/>'
            f'<text class="n ussr{ussr_f}" x="{x + 84}" y="{y + 36}">{c["ussr"] or ""}</text>')


def _choice_attrs(c: dict, act_url: str, seq: int) -> str:
    choice = c["choice"]
    vals = escape(json.dumps({"verb": choice.verb, "arg": c["choice_arg"], "expected_seq": str(seq)}))
    return (f' tabindex="0" role="button" aria-label="{escape(c["action"])}. {escape(c.get("text", ""))}"'
            f' data-ts-choice data-verb="{escape(choice.verb)}" data-arg="{escape(c["choice_arg"])}"'
            f' hx-post="{escape(act_url)}" hx-vals="{vals}" hx-target="#game-panel" hx-swap="outerHTML"')


def _country_svg(c: dict, act_url: str, seq: int) -> str:
    cls = f'c {c["region"]}' + (" bg" if c["bg"] else "") + (f' ctl-{c["control"]}' if c["control"] else "")
    if c["choice"]:
        cls += " choice"
        attrs = _choice_attrs(c, act_url, seq)
        title = f'{escape(c["action"])}. {escape(c["text"])}'
    else:
        attrs = f' role="img" aria-label="{escape(c["text"])}"'
        title = escape(c["text"])
    return (f'<g class="{cls}" data-country="{c["id"]}" data-name="{escape(c["name"])}"{attrs}>'
            f'<title>{title}</title>{_box_svg(c)}</g>')


def _ccw_svg(c: dict, act_url: str, seq: int) -> str:
    text = _("%(name)s: USSR %(n)s of %(need)s") % {"name": c["name"], "n": c["ussr"], "need": c["need"]}
    c = {**c, "text": text}
    attrs = _choice_attrs(c, act_url, seq) if c["choice"] else f' role="img" aria-label="{escape(text)}"'
    x, y = c["x"], c["y"]
    return (f'<g class="c asia ccw{" choice" if c["choice"] else ""}" data-country="{c["id"]}" '
            f'data-name="{escape(c["name"])}"{attrs}><title>{escape(text)}</title>'
            f'<rect class="box" x="{x}" y="{y}" width="{W}" height="{H}" rx="4"/>'
            f'<text class="name" x="{c["cx"]}" y="{y + 14}" textLength="88" lengthAdjust="spacingAndGlyphs">'
            f'{escape(c["name"])}</text><text class="stab" x="{c["cx"]}" y="{y + 36}">{escape(tables().sides["ussr"])} {c["ussr"]}/{c["need"]}'
            f'</text></g>')


@register.simple_tag
def ts_map_svg(m: dict, act_url: str, seq: int, label: str = "Map"):
    """The whole map as one SVG element (see ``ts_map`` for its data)."""
    labels = "".join(f'<text class="region-label{" closed" if l["closed"] else ""}" x="{l["x"]}" y="{l["y"]}">'
                     f'{escape(l["text"])}</text>' for l in m["labels"])
    countries = "".join(_country_svg(c, act_url, seq) for c in m["countries"])
    ccw = _ccw_svg(m["ccw"], act_url, seq) if m["ccw"] else ""
    return mark_safe(
        f'<svg class="ts-map" viewBox="0 0 {m["width"]} {m["height"]}" width="{m["width"]}" height="{m["height"]}" '
        f'role="group" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect class="sea" x="0" y="0" width="{m["width"]}" height="{m["height"]}"/>{labels}{m["svg"]}'
        f'{countries}{ccw}</svg>')
