"""Template helpers for the 1989 board (``dawn_of_freedom/board.html``).

Everything static (space geometry, adjacency lines, country blocks, words per
language) is worked out once; per request only SPs, control, power and the
current choices are merged in. The map SVG is built in Python: 75 spaces of a
dozen elements each are too many template nodes for a fast page.
"""
from __future__ import annotations

import json
import unicodedata

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import pgettext
from games.titles.dawn_of_freedom.context import _
from games.titles.dawn_of_freedom.context import pgettext_noop as pgettext_lazy  # marker (context.py)

from games.titles.dawn_of_freedom import layout
from games.titles.dawn_of_freedom import sentences
from games.titles.dawn_of_freedom.names import card, ps_name, side_label, suit_name, tables
from games.titles.dawn_of_freedom.rules import data

register = template.Library()
W, H = layout.BOX_W, layout.BOX_H
ROLES = data.ROLES

SPACE_VERB_TEXT = {"place": pgettext_lazy("dawn_of_freedom", "Place 1 SP in %(space)s"),
                   "check": pgettext_lazy("dawn_of_freedom", "Support check in %(space)s"),
                   "check_bonus": pgettext_lazy("dawn_of_freedom", "Support check in %(space)s with the country bonus"),
                   "remove": pgettext_lazy("dawn_of_freedom", "Remove SP from %(space)s"),
                   "space": pgettext_lazy("dawn_of_freedom", "Choose %(space)s"),
                   "refuge": pgettext_lazy("dawn_of_freedom", "The Ceausescus flee to %(space)s")}
CARD_VERB_TEXT = {"event": pgettext_lazy("dawn_of_freedom", "Event"), "ops": pgettext_lazy("dawn_of_freedom", "Operations"),
                  "tst": pgettext_lazy("dawn_of_freedom", "Tiananmen Square"), "ops_no_event": pgettext_lazy("dawn_of_freedom", "Operations, no event"),
                  "both": pgettext_lazy("dawn_of_freedom", "Operations and event"), "discard": pgettext_lazy("dawn_of_freedom", "Discard"),
                  "card": pgettext_lazy("dawn_of_freedom", "Choose"), "keep": pgettext_lazy("dawn_of_freedom", "Keep"),
                  "swap": pgettext_lazy("dawn_of_freedom", "Discard and draw again")}
PS_VERB_TEXT = {"stake": pgettext_lazy("dawn_of_freedom", "Discard to raise the stakes"), "lead": pgettext_lazy("dawn_of_freedom", "Lead"),
                "match": pgettext_lazy("dawn_of_freedom", "Answer with it")}
TYPE_SHORT = {"worker": pgettext_lazy("dawn_of_freedom", "worker"), "farmer": pgettext_lazy("dawn_of_freedom", "farmer"),
              "bureaucrat": pgettext_lazy("dawn_of_freedom", "bureaucrat"), "intellectual": pgettext_lazy("dawn_of_freedom", "intellectual"),
              "student": pgettext_lazy("dawn_of_freedom", "student"), "church": pgettext_lazy("dawn_of_freedom", "church"), "elite": pgettext_lazy("dawn_of_freedom", "elite"),
              "minority": pgettext_lazy("dawn_of_freedom", "minority")}
JS_TEXT = {"not_a_choice": pgettext_lazy("dawn_of_freedom", "%(name)s is not one of your choices now."),
           "choose_highlighted": pgettext_lazy("dawn_of_freedom", "Choose one of the highlighted spaces."),
           "use_choices": pgettext_lazy("dawn_of_freedom", "Use the choices listed with the board.")}
SCORE_TITLE = pgettext_lazy("dawn_of_freedom", "Scoring boxes and power")
NOBODY_IN_POWER = pgettext_lazy("dawn_of_freedom", "nobody in power")


def _width(text: str) -> int:
    """Width in Latin letters: Korean, Japanese and other wide characters count twice."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _split(name: str) -> list[str]:
    """A space name on one or two lines of about 15 letters ("Catholic Church, Poland" drops the country)."""
    for comma in (", ", "、"):
        if comma in name:
            name = name.split(comma)[0]
    if _width(name) <= 15:
        return [name]
    words = name.split(" ")
    if len(words) == 1:
        half = len(name) // 2
        return [name[:half], name[half:]]
    best = min(range(1, len(words)), key=lambda i: abs(_width(" ".join(words[:i])) - _width(" ".join(words[i:]))))
    return [" ".join(words[:best]), " ".join(words[best:])]


def _fit(text: str, room: int) -> str:
    """A textLength squeeze for a line wider than ``room`` pixels (7 px a letter)."""
    return f' textLength="{room}" lengthAdjust="spacingAndGlyphs"' if _width(text) * 6.6 > room else ""


# -- static geometry ------------------------------------------------------------------------
def _edges() -> str:
    out = []
    for s in data.SPACE_IDS:
        for t in data.ADJ[s]:
            if t > s:
                (x1, y1), (x2, y2) = layout.POS[s], layout.POS[t]
                kind = "in" if data.COUNTRY[s] == data.COUNTRY[t] else "cross"
                out.append(f'<line class="{kind}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    return '<g class="edges" aria-hidden="true">' + "".join(out) + "</g>"


def _blocks() -> dict[str, tuple[int, int, int, int]]:
    """Each country's background rectangle (x, y, w, h) around its spaces."""
    out = {}
    for country, spaces in data.COUNTRY_SPACES.items():
        xs = [layout.POS[s][0] for s in spaces]
        ys = [layout.POS[s][1] for s in spaces]
        x, y = min(xs) - W // 2 - 8, min(ys) - H // 2 - 24
        out[country] = (x, y, max(xs) + W // 2 + 8 - x, max(ys) + H // 2 + 8 - y)
    return out


EDGES = _edges()
BLOCKS = _blocks()
_LOCAL: dict[str, dict] = {}


def _space_base(s: int, t) -> dict:
    name = t.spaces[s]
    x, y = layout.POS[s]
    facts = [t.types[data.TYPE[s]], pgettext("dawn_of_freedom", "stability %(n)s") % {"n": data.STABILITY[s]}]
    if data.BATTLEGROUND[s]:
        facts.append(pgettext("dawn_of_freedom", "battleground"))
    return {"id": s, "name": name, "lines": _split(name), "x": x - W // 2, "y": y - H // 2, "cx": x,
            "type": data.TYPE[s], "type_short": _(TYPE_SHORT[data.TYPE[s]]), "stab": data.STABILITY[s],
            "type_fit": ' textLength="48" lengthAdjust="spacingAndGlyphs"'
            if _width(_(TYPE_SHORT[data.TYPE[s]])) * 5.6 > 48 else "",
            "bg": data.BATTLEGROUND[s], "country": data.COUNTRY[s],
            "facts": f"{t.countries[data.COUNTRY[s]]}; " + ", ".join(facts)}


def _static_svg(t) -> str:
    parts = []
    for country, (x, y, w, h) in BLOCKS.items():
        region = data.REGION[data.COUNTRY_SPACES[country][0]]
        parts.append(f'<rect class="block {region}" x="{x}" y="{y}" width="{w}" height="{h}" rx="10"/>'
                     f'<text class="country-name" x="{x + 10}" y="{y + 17}">{escape(t.countries[country])}</text>')
    return "".join(parts) + EDGES


def _local() -> dict:
    """Everything static that has words, built once per language."""
    lang = get_language() or "en"
    found = _LOCAL.get(lang)
    if found is None:
        t = tables()
        found = _LOCAL[lang] = {
            "spaces": [_space_base(s, t) for s in data.SPACE_IDS], "svg": _static_svg(t),
            "text": pgettext("dawn_of_freedom", "%(space)s (%(facts)s): Communist %(c)s SP, Democrat %(d)s SP"),
            "controlled": {r: pgettext("dawn_of_freedom", ", %(side)s control") % {"side": t.sides[r]} for r in ROLES},
            "js": json.dumps({k: _(v) for k, v in JS_TEXT.items()}, ensure_ascii=False),
            "power": {r: pgettext("dawn_of_freedom", "%(side)s in power") % {"side": t.sides[r]} for r in ROLES},
        }
    return found


# -- choices ------------------------------------------------------------------------------
def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def space_choices(prompt) -> dict[int, list]:
    out: dict[int, list] = {}
    if not prompt:
        return out
    for c in prompt.choices:
        if _is_int(c.arg) and 1 <= c.arg < data.SLOTS and (c.group == "spaces" or c.verb in SPACE_VERB_TEXT):
            out.setdefault(c.arg, []).append(c)
    return out


def card_choices(prompt) -> dict[int, list]:
    out: dict[int, list] = {}
    if not prompt:
        return out
    for c in prompt.choices:
        if c.verb in CARD_VERB_TEXT and c.group != "spaces" and _is_int(c.arg) and c.arg in data.CARDS:
            out.setdefault(c.arg, []).append({"choice": c, "text": _(CARD_VERB_TEXT[c.verb]), "arg": json.dumps(c.arg)})
    return out


def ps_choices(prompt) -> dict[int, list]:
    out: dict[int, list] = {}
    if not prompt:
        return out
    for c in prompt.choices:
        if c.verb in PS_VERB_TEXT and _is_int(c.arg):
            out.setdefault(c.arg, []).append({"choice": c, "text": _(PS_VERB_TEXT[c.verb]), "arg": json.dumps(c.arg)})
        elif c.verb == "lead_as" and isinstance(c.arg, str) and ":" in c.arg:
            n, suit = c.arg.split(":", 1)
            out.setdefault(int(n), []).append({"choice": c, "arg": json.dumps(c.arg),
                                               "text": pgettext("dawn_of_freedom", "Lead as %(suit)s") % {"suit": suit_name(suit)}})
    return out


def _action_text(choice, name: str) -> str:
    text = SPACE_VERB_TEXT.get(choice.verb)
    return _(text) % {"space": name} if text else f"{choice.label}"


def _hx(verb: str, arg_json: str, act_url: str, seq: int, label: str) -> str:
    vals = escape(json.dumps({"verb": verb, "arg": arg_json, "expected_seq": str(seq)}))
    return (f' tabindex="0" role="button" aria-label="{escape(label)}" data-dof-choice'
            f' data-verb="{escape(verb)}" data-arg="{escape(arg_json)}"'
            f' hx-post="{escape(act_url)}" hx-vals="{vals}" hx-target="#game-panel" hx-swap="outerHTML"')


# -- the map ------------------------------------------------------------------------------
def _space_svg(base: dict, sp: tuple, owner: str, choices: list, local: dict, act_url: str, seq: int) -> str:
    x, y, cx = base["x"], base["y"], base["cx"]
    com, dem = sp
    text = local["text"] % {"space": base["name"], "facts": base["facts"], "c": com, "d": dem}
    if owner:
        text += local["controlled"][owner]
    cls = f'sp t-{base["type"]}' + (" bg" if base["bg"] else "") + (f" ctl-{owner}" if owner else "")
    if choices:
        first = choices[0]
        action = _action_text(first, base["name"])
        cls += " choice"
        attrs = _hx(first.verb, json.dumps(first.arg), act_url, seq, f"{action}. {text}")
        title = f"{escape(action)}. {escape(text)}"
    else:
        attrs, title = f' role="img" aria-label="{escape(text)}"', escape(text)
    lines = base["lines"]
    names = "".join(f'<text class="name" x="{cx}" y="{y + 12 + 11 * i}"{_fit(line, W - 8)}>{escape(line)}</text>'
                    for i, line in enumerate(lines))
    low = y + H - 5
    c_f = " filled" if owner == "communist" else ""
    d_f = " filled" if owner == "democrat" else ""
    return (f'<g class="{cls}" data-space="{base["id"]}" data-name="{escape(base["name"])}"{attrs}>'
            f'<title>{title}</title><rect class="box" x="{x}" y="{y}" width="{W}" height="{H}" rx="5"/>'
            + (f'<rect class="bgmark" x="{x}" y="{y}" width="{W}" height="4" rx="2"/>' if base["bg"] else "")
            + names +
            f'<rect class="spc communist{c_f}" x="{x + 4}" y="{low - 18}" width="24" height="19" rx="3"/>'
            f'<text class="n communist{c_f}" x="{x + 16}" y="{low - 4}">{com or ""}</text>'
            f'<text class="type" x="{cx}" y="{low - 10}"{base["type_fit"]}>{escape(base["type_short"])}</text>'
            f'<text class="stab" x="{cx}" y="{low}">{base["stab"]}</text>'
            f'<rect class="spc democrat{d_f}" x="{x + W - 28}" y="{low - 18}" width="24" height="19" rx="3"/>'
            f'<text class="n democrat{d_f}" x="{x + W - 16}" y="{low - 4}">{dem or ""}</text></g>')


def _power_svg(view: dict, local: dict) -> str:
    out, power = [], view.get("power") or {}
    struggle = (view.get("struggle") or {}).get("country")
    for country, (x, y, w, h) in BLOCKS.items():
        held = power.get(country)
        label = local["power"].get(held, "")
        if struggle == country:
            label = (label + " · " if label else "") + pgettext("dawn_of_freedom", "power struggle now")
        if label:
            out.append(f'<text class="power {held or ""}{" now" if struggle == country else ""}" '
                       f'x="{x + w - 10}" y="{y + 17}">{escape(label)}</text>')
    return "".join(out)


def _links_svg(view: dict) -> str:
    """Links made by Systematization (the eliminated space's neighbours, ruling 24)."""
    out = []
    for s, t in view.get("added_links") or ():
        (x1, y1), (x2, y2) = layout.POS[s], layout.POS[t]
        out.append(f'<line class="rewired" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>')
    return f'<g class="edges" aria-hidden="true">{"".join(out)}</g>' if out else ""


@register.simple_tag
def dof_map_svg(view, prompt, act_url: str, seq: int, label: str = "Map"):
    """The whole map as one SVG element: country blocks, adjacency, 75 spaces with SPs and choices."""
    local = _local()
    support, control = view.get("support") or {}, view.get("control") or {}
    choices = space_choices(prompt)
    spaces = "".join(_space_svg(b, support.get(str(b["id"]), (0, 0)), control.get(str(b["id"]), ""),
                                choices.get(b["id"], ()), local, act_url, seq) for b in local["spaces"])
    return mark_safe(
        f'<svg class="dof-map" viewBox="0 0 {layout.WIDTH} {layout.HEIGHT}" width="{layout.WIDTH}" '
        f'height="{layout.HEIGHT}" role="group" aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg">'
        f'{local["svg"]}{_links_svg(view)}{_power_svg(view, local)}{_scoring_svg(view, prompt, act_url, seq)}{spaces}</svg>')


@register.simple_tag
def dof_map_info(view, prompt):
    """How many spaces are clickable now, and the hint texts for board.js."""
    return {"clickable": len(space_choices(prompt)), "js_text": _local()["js"]}


# -- countries and scoring ----------------------------------------------------------------
def _scoring_rows(view, prompt) -> list[dict]:
    """The six scoring boxes: VPs for presence, domination, control; spaces held; power; choices."""
    t, power, retained = tables(), view.get("power") or {}, view.get("retained") or {}
    control = view.get("control") or {}
    pick = {c.arg: c for c in (prompt.choices if prompt else ()) if c.verb == "struggle"}
    struggle = (view.get("struggle") or {}).get("country")
    rows = []
    for country in data.COUNTRIES:
        box = data.SCORING_BOX[country]
        held = {r: sum(1 for s in data.COUNTRY_SPACES[country] if control.get(str(s)) == r) for r in ROLES}
        bgs = {r: sum(1 for s in data.COUNTRY_BGS[country] if control.get(str(s)) == r) for r in ROLES}
        rows.append({"id": country, "name": t.countries[country], "box": box, "power": power.get(country),
                     "retained": retained.get(country, 0), "now": struggle == country,
                     "spaces": held, "bgs": bgs, "bg_total": len(data.COUNTRY_BGS[country]),
                     "choice": pick.get(country)})
    return rows


def _scoring_svg(view, prompt, act_url: str, seq: int) -> str:
    t, out = tables(), []
    x, w, h = layout.SCORE_X, layout.SCORE_W, layout.SCORE_H
    out.append(f'<text class="score-title" x="{x}" y="{layout.SCORE_Y + 14}">{escape(_(SCORE_TITLE))}</text>')
    for i, row in enumerate(_scoring_rows(view, prompt)):
        y = layout.SCORE_Y + 22 + i * (h + 4)
        box = row["box"]
        vps = pgettext("dawn_of_freedom", "presence %(p)s · domination %(d)s · control %(c)s VP · +1 a battleground") % {
            "p": box["presence_vp"], "d": box["domination_vp"], "c": box["control_vp"], "n": row["bg_total"]}
        held = row["power"]
        power = (pgettext("dawn_of_freedom", "%(side)s in power") % {"side": t.sides[held]}) if held else ""
        if row["retained"]:
            power += " · " + pgettext("dawn_of_freedom", "kept %(n)s×") % {"n": row["retained"]}
        count = pgettext("dawn_of_freedom", "spaces (battlegrounds): %(c)s %(cs)s (%(cb)s) · %(d)s %(ds)s (%(db)s)") % {
            "c": t.sides["communist"], "cs": row["spaces"]["communist"], "cb": row["bgs"]["communist"],
            "d": t.sides["democrat"], "ds": row["spaces"]["democrat"], "db": row["bgs"]["democrat"]}
        text = f'{row["name"]}: {vps}. {power}. {count}'
        choice = row["choice"]
        cls = "score" + (f" power-{held}" if held else "") + (" now" if row["now"] else "")
        if choice:
            cls += " choice"
            attrs = _hx(choice.verb, json.dumps(choice.arg), act_url, seq, f"{choice.label}. {text}")
        else:
            attrs = f' role="img" aria-label="{escape(text)}"'
        out.append(
            f'<g class="{cls}" data-country="{row["id"]}"{attrs}><title>{escape(text)}</title>'
            f'<rect class="sbox" x="{x}" y="{y}" width="{w}" height="{h}" rx="6"/>'
            f'<rect class="sband" x="{x}" y="{y}" width="8" height="{h}" rx="3"/>'
            f'<text class="sname" x="{x + 16}" y="{y + 17}">{escape(row["name"])}</text>'
            f'<text class="spower" x="{x + w - 8}" y="{y + 17}">{escape(power or _(NOBODY_IN_POWER))}</text>'
            f'<text class="sline" x="{x + 16}" y="{y + 35}"{_fit(vps, w - 24)}>{escape(vps)}</text>'
            f'<text class="sline" x="{x + 16}" y="{y + 52}"{_fit(count, w - 24)}>{escape(count)}</text></g>')
    return "".join(out)


# -- tracks -------------------------------------------------------------------------------
@register.simple_tag
def dof_tracks(view):
    t = tables()
    vp = view.get("vp") or 0
    tst = view.get("tiananmen") or {}
    abilities = view.get("abilities") or {}
    boxes = []
    for i, box in enumerate(data.TST, start=1):
        boxes.append({"box": i, "names": {r: t.tst[i - 1][r] for r in ROLES},
                      "needs": {r: box[f"{r}_needs"] for r in ROLES},
                      "here": [r for r in ROLES if tst.get(r) == i],
                      "held": [r for r in ROLES if i in abilities.get(r, ())],
                      "lasting": box["award_type"] == "lasting"})
    step = view.get("ussr_stability") or 0
    ussr = [{"step": s["step"], "label": t.ussr[i], "vp": s.get("vp", 0),
             "to": t.sides.get(s.get("vp_to"), ""), "here": s["step"] == step}
            for i, s in enumerate(data.USSR_TRACK)]
    turn = view.get("turn") or 1
    lead = "democrat" if vp > 0 else "communist"
    return {"turn": turn, "last_turn": data.LAST_TURN, "period": t.periods[data.period_of_turn(turn)],
            "action_round": view.get("action_round"), "phasing": t.sides.get(view.get("phasing")),
            "step": view.get("step"),
            "vp": vp, "vp_text": pgettext("dawn_of_freedom", "%(side)s +%(n)s") % {"side": t.sides[lead], "n": abs(vp)} if vp else pgettext("dawn_of_freedom", "even"),
            "vp_cells": [{"n": n, "here": n == max(-20, min(20, vp))} for n in range(-20, 21)],
            "tst": boxes, "tst_at": {r: tst.get(r, 0) for r in ROLES},
            "tst_tried": view.get("tst_tried") or {}, "ussr": ussr, "ussr_step": step,
            "deck": view.get("deck_size"), "hand_sizes": view.get("hand_sizes") or {}}


@register.simple_tag
def dof_effects(view):
    """Lasting events in effect as readable rows (The Wall, Solidarność ...)."""
    rows, sides = [], tables().sides
    until = {"turn": pgettext("dawn_of_freedom", "until the end of the turn"), "game": pgettext("dawn_of_freedom", "for the rest of the game"),
             "round": pgettext("dawn_of_freedom", "this action round"), "struggle": pgettext("dawn_of_freedom", "until the next power struggle")}
    for key, effect in sorted((view.get("effects") or {}).items(), key=lambda kv: str(kv[0])):
        number = str(key).split(":")[0]
        info = card(number) if number.isdigit() else None
        name = info["name"] if info else str(key).replace("_", " ").capitalize()
        effect = effect if isinstance(effect, dict) else {}
        rows.append({"name": name, "number": info["number"] if info else "",
                     "role": sides.get(effect.get("role"), ""),
                     "until": until.get(effect.get("until"), str(effect.get("until") or "").replace("_", " ")),
                     "summary": info["summary"] if info else ""})
    return rows


# -- cards --------------------------------------------------------------------------------
@register.simple_tag
def dof_hand(view, prompt):
    """The viewer's own hand with its card choices, and any other card the prompt offers
    (a card to keep from three drawn, one from the discard pile)."""
    choices = card_choices(prompt)
    # the view's hand also lists power-struggle cards ("ps-11"): those show in the struggle panel
    hand = [n for n in view.get("hand") or () if _is_int(n) and n in data.CARDS]
    cards = [{**card(n), "choices": choices.get(n, [])} for n in hand]
    others = [{**card(n), "choices": cs} for n, cs in choices.items() if n not in hand]
    return {"cards": cards, "others": others}


@register.filter
def dof_card(number):
    return card(number)


@register.filter
def dof_side(role) -> str:
    return side_label(role)


@register.filter
def dof_ps(i) -> str:
    return ps_name(i)


# -- power struggle -----------------------------------------------------------------------
AFTERMATH = ("support_loss_roll", "struggle_vp_roll", "power_taken", "power_retained", "score", "struggle_won")
STRUGGLE_KINDS = frozenset(("struggle", "struggle_deal", "raise_discard", "raised", "no_raise", "ps_lead", "ps_wild",
                            "ps_falters_discard", "ps_surges_draw", "ps_tactic_fails", "ps_match", "ps_concede",
                            "struggle_no_lead", "ps_cards_taken", "struggle_over") + AFTERMATH)


def _struggle_lines(log) -> list[dict]:
    """The log lines of the latest power struggle (from its "struggle" line on), while it runs
    and until the next card is played."""
    out = []
    for entry in reversed(log or ()):
        if entry.get("kind") == "play":  # a card played since: the struggle is old news (the log has it)
            return []
        if entry.get("kind") in STRUGGLE_KINDS:
            out.append(entry)
        if entry.get("kind") == "struggle":
            return out[::-1]
        if entry.get("kind") == "turn":
            break
    return []


@register.simple_tag
def dof_struggle(view, prompt, log=None):
    """The power struggle as the viewer may know it: counts, own hand, raises, lead, aftermath."""
    ps = view.get("struggle")
    lines = _struggle_lines(log)
    if not ps and not lines:
        return None
    t = tables()
    country = (ps or {}).get("country") or next((line.get("country") for line in lines if line.get("country")), None)
    out = {"live": bool(ps), "country": t.countries.get(country, ""), "country_id": country,
           "history": [line["text"] for line in lines if line.get("text")]}
    for line in lines:
        if line["kind"] == "support_loss_roll":
            out["loss"] = {"who": t.sides.get(line["role"]), "roll": line["roll"], "mod": line["mod"],
                           "total": line["roll"] + line["mod"], "lose": line["lose"]}
        elif line["kind"] == "struggle_vp_roll":
            total = line["roll"] + line["mod"]
            out["vp_roll"] = {"who": t.sides.get(line["role"]), "roll": line["roll"], "mod": line["mod"],
                              "total": total, "vp": line["vp"], "row": max(0, min(total, len(data.RESULTS) - 1))}
        elif line["kind"] == "score":
            levels = {"presence": pgettext("dawn_of_freedom", "presence"), "domination": pgettext("dawn_of_freedom", "domination"), "control": pgettext("dawn_of_freedom", "control"), None: pgettext("dawn_of_freedom", "nothing")}
            out["score"] = [{"side": t.sides[r], "role": r, "vp": (line.get(r) or {}).get("vp", 0),
                             "level": levels.get((line.get(r) or {}).get("level"), "")} for r in ROLES]
    out["table"] = [{"roll": (f"{i}+" if i == len(data.RESULTS) - 1 else str(i)), "n": n,
                     "used": i == out.get("vp_roll", {}).get("row"),
                     "loss_used": i == max(0, min(out.get("loss", {}).get("total", -1), len(data.RESULTS) - 1))
                     if "loss" in out else False}
                    for i, n in enumerate(data.RESULTS)]
    if not ps:
        return out
    choices = ps_choices(prompt)
    lead = ps.get("lead")
    out.update({
        "card": card(ps["card"]) if ps.get("card") else None,
        "attacker": t.sides.get(ps.get("attacker")), "scorer": t.sides.get(ps.get("scorer")),
        "counts": [{"side": t.sides[r], "n": (ps.get("hand_sizes") or {}).get(r, 0), "role": r} for r in ROLES],
        "deck": ps.get("deck_size"), "final": ps.get("final"),
        "hand": [_ps_hand_card(t.ps_cards[i], choices, ps) for i in ps.get("hand") or ()],
        "raised": [t.sides[r] for r in ROLES if (ps.get("raised") or {}).get(r)],
        "banned": [suit_name(s) for s in ps.get("banned") or ()],
        "lead": {"side": t.sides.get(lead["role"]), "card": ps_name(lead["card"]), "suit": suit_name(lead["suit"]),
                 "rank": lead["rank"]} if lead else None,
        "winner": t.sides[ps["winner"]] if ps.get("winner") in ROLES else "", "suit": suit_name(ps["suit"]) if ps.get("suit") else "",
        "discard": [ps_name(i) for i in ps.get("discard") or ()],
    })
    return out


WILD_TEXT = {  # our own words for what each wild card does
    "Tactic Fails": pgettext_lazy("dawn_of_freedom", "Answers any card led; the led suit is then out of play for the rest of this struggle. It cannot be led."),
    "Support Falters": pgettext_lazy("dawn_of_freedom", "Lead it: the other side discards two cards at random and then has the initiative."),
    "Support Surges": pgettext_lazy("dawn_of_freedom", "Lead it: you draw two cards from the power-struggle deck and the other side has the initiative."),
    "Scare Tactics": pgettext_lazy("dawn_of_freedom", "Lead it: remove one of the other side's SPs in this country; the other side then has the initiative."),
}


def _ps_hand_card(c: dict, choices: dict, ps: dict) -> dict:
    mine = choices.get(c["id"], [])
    return {**c, "choices": mine, "note": _ps_note(c, ps, bool(choices) and not mine)}


def _ps_note(c: dict, ps: dict, passed_over: bool) -> str:
    """Why a power-struggle card in the viewer's hand can or cannot be played (wild cards:
    what they do; leaders: whether the viewer controls a space of their type)."""
    if c["kind"] == "wild":
        return _(WILD_TEXT.get(data.PS_CARDS[c["id"]]["name"], ""))
    if c["kind"] == "leader":
        words = {"type": _(TYPE_SHORT.get(c["leader"], c["leader"])), "country": tables().countries.get(ps.get("country"), "")}
        if c["id"] in (ps.get("idle_leaders") or ()):
            return pgettext("dawn_of_freedom", "Cannot be used: you control no %(type)s space in %(country)s.") % words
        return pgettext("dawn_of_freedom", "Usable (you control a %(type)s space in %(country)s): it plays as a card of the suit you name.") % words
    if not passed_over:  # playable now, or nobody asks this viewer to play
        return ""
    if c["suit"] in (ps.get("banned") or ()):
        return pgettext("dawn_of_freedom", "Its suit is out of play in this struggle (Tactic Fails).")
    lead = ps.get("lead")
    if lead:
        return pgettext("dawn_of_freedom", "Does not answer %(suit)s.") % {"suit": suit_name(lead["suit"])}
    return ""


DIE = "⚀⚁⚂⚃⚄⚅"


@register.simple_tag
def dof_dice(log):
    """The dice of the latest play (support checks, a Tiananmen attempt, event and aftermath
    rolls): each die with its sentence, newest last."""
    out = []
    for entry in reversed(log or ()):
        if entry.get("kind") in ("play", "turn", "struggle_over"):
            break
        roll = entry.get("roll")
        if isinstance(roll, int) and not isinstance(roll, bool) and entry.get("text"):
            out.append({"roll": roll, "face": DIE[roll - 1] if 1 <= roll <= 6 else str(roll), "text": entry["text"],
                        "role": entry.get("role", "")})
        if len(out) >= 8:
            break
    return out[::-1]


@register.filter
def dof_log_text(entry: dict) -> str:
    return sentences.sentence(entry)
