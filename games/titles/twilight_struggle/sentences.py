"""Twilight Struggle log lines as sentences (the title's half of `describe`).

One function per kind of line the rules write. Sentences name sides,
countries and cards, never ids, and agree with the board: the VP track reads
"US +5" / "USSR +3", so a VP line says who gained and where the marker now is
in the same words. A line with nothing to tell (no cards dealt because both
hands were full) is the empty string, which pages leave out.
"""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.titles.twilight_struggle.rules import data

from . import names

SIDES = {"us": gettext_lazy("US"), "ussr": gettext_lazy("USSR")}
CARD_BY_KEY = {c["key"]: n for n, c in data.CARDS.items()}
# Why the VP marker or DEFCON moved, when the reason is not a card or a region.
REASONS = {"milops": gettext_lazy("military operations short of DEFCON"),
           "space": gettext_lazy("the space race"), "war": gettext_lazy("a war won"),
           "coup": gettext_lazy("a coup in a battleground"), "turn": gettext_lazy("the end of the turn"),
           "china_card": gettext_lazy("the China Card held at final scoring"),
           "olympic": gettext_lazy("Olympic Games"), "olympic_boycott": gettext_lazy("Olympic Games boycott"),
           "summit": gettext_lazy("Summit"), "alliance": gettext_lazy("Alliance for Progress")}
OPTIONS = {"remove": gettext_lazy("remove influence"), "add": gettext_lazy("add influence"),
           "participate": gettext_lazy("take part"), "boycott": gettext_lazy("boycott"),
           "operations": gettext_lazy("use the operations"), "skip": gettext_lazy("skip"),
           "end": gettext_lazy("end the game"), "continue": gettext_lazy("play on"),
           "improve": gettext_lazy("improve DEFCON"), "degrade": gettext_lazy("degrade DEFCON"),
           "keep": gettext_lazy("leave DEFCON as it is"), "coup": gettext_lazy("make a free coup"),
           "realign": gettext_lazy("make free realignment rolls"),
           "south_africa": gettext_lazy("place in South Africa only"),
           "adjacent": gettext_lazy("place in South Africa and its neighbours")}
USES = {"event": gettext_lazy("the event"), "ops": gettext_lazy("operations"),
        "space": gettext_lazy("the space race")}
MODES = {"influence": gettext_lazy("influence"), "coup": gettext_lazy("a coup"),
         "realign": gettext_lazy("realignment rolls")}


# -- words --------------------------------------------------------------------
def side(role) -> str:
    return str(SIDES.get(role, str(role or "").upper()))


def country(cid) -> str:
    return names.country_name(cid)


def card_name(number) -> str:
    return names.card_name(number)


def space_box(box) -> str:
    """A space race box (1-8) by its name, in the reader's language."""
    if isinstance(box, int) and 1 <= box <= len(data.SPACE):
        name = data.SPACE[box - 1]["name"]
        return names.tables().space.get(name, name)
    return str(box)


def cards(numbers) -> str:
    return ", ".join(card_name(n) for n in numbers or []) or _("none")


def signed(n: int) -> str:
    return f"+{n}" if n >= 0 else str(n)


def modifier(n) -> str:
    """" +1" or " -2" after a roll; nothing without a modifier."""
    return f" {signed(n)}" if n else ""


def vp_track(total: int) -> str:
    """The VP marker as the board's track reads it."""
    if total == 0:
        return _("even")
    return f"{side('us' if total > 0 else 'ussr')} +{abs(total)}"


def reason(why) -> str:
    """A VP or DEFCON reason key in words: a card, a region or a rule."""
    if not why:
        return ""
    if why in REASONS:
        return str(REASONS[why])
    if why in names.REGION_NAME:
        return _("%(region)s scoring") % {"region": names.region_name(why)}
    found = [n for key, n in CARD_BY_KEY.items() if key == why or key.startswith(why + "_")]
    return card_name(found[0]) if found else str(why).replace("_", " ")


def _with_reason(text: str, why) -> str:
    words = reason(why)
    return f"{text} ({words})." if words else f"{text}."


# -- turns, cards, headlines --------------------------------------------------
def _turn(e):
    return _("Turn %(n)s begins.") % {"n": e.get("turn")}


def _deal(e):
    dealt = [(r, n) for r, n in (e.get("counts") or {}).items() if n]
    if not dealt:
        return ""
    parts = [ngettext("%(n)s card to the %(side)s", "%(n)s cards to the %(side)s", n) % {"n": n, "side": side(r)}
             for r, n in dealt]
    return _("Cards dealt: %(parts)s.") % {"parts": ", ".join(parts)}


def _era(e):
    return _("%(era)s cards shuffled into the deck.") % {"era": names.era_name(e.get("era"))}


def _reshuffle(e):
    return _("The discards were reshuffled into a new deck of %(n)s cards.") % {"n": e.get("deck")}


def _headline_shown(e):
    return _("The %(side)s headline is shown first: %(card)s.") % {"side": side(e.get("role")),
                                                                   "card": card_name(e.get("card"))}


def _headline(e):
    picks = [_("%(side)s: %(card)s") % {"side": side(r), "card": card_name(c) if c else _("no headline")}
             for r, c in (e.get("picks") or {}).items()]
    return _("Headlines revealed — %(picks)s.") % {"picks": "; ".join(picks)}


def _headline_cancelled(e):
    return _("The %(side)s headline %(card)s is cancelled by %(by)s.") % {
        "side": side(e.get("role")), "card": card_name(e.get("card")), "by": card_name(e.get("by"))}


def _play(e):
    use = e.get("use")
    return _("%(side)s played %(card)s for %(use)s.") % {
        "side": side(e.get("role")), "card": card_name(e.get("card")), "use": USES.get(use, use)}


def _discard(e):
    many = e.get("cards")
    text = cards(many) if many is not None else card_name(e.get("card"))
    return _("%(side)s discarded %(cards)s.") % {"side": side(e.get("role")), "cards": text}


def _china(e):
    text = _("The China Card passes to the %(side)s, face up.") if e.get("up") else \
        _("The China Card passes to the %(side)s, face down.")
    return text % {"side": side(e.get("to"))}


def _held_cards(e):
    hands = [_("%(side)s: %(cards)s") % {"side": side(r), "cards": cards(c)} for r, c in (e.get("hands") or {}).items()]
    return _("Cards held at the end of the turn — %(hands)s.") % {"hands": "; ".join(hands)}


def _scoring_card_held(e):
    roles = " " + _("and") + " "
    return _("%(sides)s held a scoring card at the end of the turn.") % {
        "sides": roles.join(side(r) for r in e.get("roles") or [])}


def _hand_revealed(e):
    to = e.get("to")
    values = {"side": side(e.get("role")), "to": side(to), "n": e.get("count", 0)}
    if to == "all":
        return ngettext("The %(side)s shows its hand (%(n)s card) to everyone.",
                        "The %(side)s shows its hand (%(n)s cards) to everyone.", values["n"]) % values
    return ngettext("The %(side)s shows its hand (%(n)s card) to the %(to)s.",
                    "The %(side)s shows its hand (%(n)s cards) to the %(to)s.", values["n"]) % values


# -- the board ------------------------------------------------------------------
def _place(e):
    """One point ("USSR placed 1 influence in Syria."), or several points of one
    placement, grouped by country in the order placed ("USSR placed 3 influence:
    Syria 1, Iraq 2.")."""
    places = e.get("countries") or []
    counts = {c: places.count(c) for c in dict.fromkeys(places)}
    values = {"side": side(e.get("role")), "n": len(places)}
    if len(counts) == len(places):
        return ngettext("%(side)s placed %(n)s influence in %(where)s.", "%(side)s placed %(n)s influence in %(where)s.",
                        len(places)) % {**values, "where": ", ".join(country(c) for c in places)}
    each = ", ".join(_("%(country)s %(n)s") % {"country": country(c), "n": n} for c, n in counts.items())
    return ngettext("%(side)s placed %(n)s influence: %(where)s.", "%(side)s placed %(n)s influence: %(where)s.",
                    len(places)) % {**values, "where": each}


def _remove(e):
    return _("%(side)s lost 1 influence in %(country)s.") % {"side": side(e.get("role")),
                                                             "country": country(e.get("country"))}


def _influence(e):
    delta = e.get("delta", 0)
    values = {"side": side(e.get("role")), "n": abs(delta), "country": country(e.get("country"))}
    if delta >= 0:
        return _("%(side)s gained %(n)s influence in %(country)s.") % values
    return _("%(side)s lost %(n)s influence in %(country)s.") % values


def _defcon(e):
    before, after = e.get("before"), e.get("after", 0)
    text = _("DEFCON degraded from %(before)s to %(after)s") if after < (before or 0) else \
        _("DEFCON improved from %(before)s to %(after)s")
    return _with_reason(text % {"before": before, "after": after}, e.get("why"))


def _vp(e):
    delta = e.get("delta", 0)
    values = {"side": side("us" if delta > 0 else "ussr"), "n": abs(delta), "why": reason(e.get("why")),
              "track": vp_track(e.get("total", 0))}
    text = _("%(side)s gained %(n)s VP (%(why)s).") if values["why"] else _("%(side)s gained %(n)s VP.")
    return text % values + " " + _("VP track: %(track)s.") % values


def _milops(e):
    milops, short = e.get("milops") or {}, e.get("short") or {}
    parts = [_("%(side)s %(n)s") % {"side": side(r), "n": milops.get(r, 0)}
             + (" " + _("(%(n)s short)") % {"n": short[r]} if short.get(r) else "") for r in ("ussr", "us")]
    return _("Military operations at the end of the turn (DEFCON %(defcon)s required): %(parts)s.") % {
        "defcon": e.get("defcon"), "parts": ", ".join(parts)}


def _score(e):
    def vp(role):
        value = e.get(role)
        return value.get("vp", 0) if isinstance(value, dict) else (value or 0)

    return _("%(region)s scored: %(us_side)s %(us)s VP, %(ussr_side)s %(ussr)s VP.") % {
        "region": names.region_name(e.get("region")), "us_side": side("us"), "us": vp("us"),
        "ussr_side": side("ussr"), "ussr": vp("ussr")}


# -- operations -------------------------------------------------------------------
def _ops(e):
    mode = e.get("mode")
    return _("%(side)s uses %(n)s operations for %(mode)s.") % {"side": side(e.get("role")), "n": e.get("ops"),
                                                                "mode": MODES.get(mode, mode)}


def _ops_lost(e):
    return _("%(side)s could not use the %(n)s operations of %(card)s.") % {
        "side": side(e.get("role")), "n": e.get("ops"), "card": card_name(e.get("card"))}


def _coup(e):
    stab = data.STABILITY[e["country"]] if isinstance(e.get("country"), int) else 0
    total = e.get("roll", 0) + e.get("ops", 0) + e.get("mod", 0)
    values = {"side": side(e.get("role")), "country": country(e.get("country")), "roll": e.get("roll"),
              "ops": e.get("ops"), "mod": modifier(e.get("mod")), "total": total, "need": 2 * stab,
              "stab": stab, "margin": total - 2 * stab, "removed": e.get("removed", 0), "added": e.get("added", 0)}
    text = _("%(side)s free coup in %(country)s") if e.get("free") else _("%(side)s coup in %(country)s")
    text = text % values + ": " + _("rolled %(roll)s + %(ops)s operations%(mod)s = %(total)s "
                                    "against %(need)s (twice stability %(stab)s)") % values
    if values["margin"] > 0:
        return text + " — " + _("success by %(margin)s: %(removed)s influence removed, %(added)s placed.") % values
    return text + " — " + _("failed.")


def _realign(e):
    rolls, mods = e.get("rolls") or [0, 0], e.get("mods") or [0, 0]
    us, ussr = rolls[0] + mods[0], rolls[1] + mods[1]
    values = {"side": side(e.get("role")), "country": country(e.get("country")), "us_side": side("us"),
              "ussr_side": side("ussr"), "us_roll": rolls[0], "us_mod": signed(mods[0]), "us": us,
              "ussr_roll": rolls[1], "ussr_mod": signed(mods[1]), "ussr": ussr,
              "winner": side("us" if us > ussr else "ussr"), "removed": e.get("removed", 0)}
    text = _("%(side)s realignment roll in %(country)s: %(us_side)s %(us_roll)s %(us_mod)s = %(us)s, "
             "%(ussr_side)s %(ussr_roll)s %(ussr_mod)s = %(ussr)s") % values
    if us == ussr:
        return text + " — " + _("a tie, nothing changes.")
    return text + " — " + _("the %(winner)s removes %(removed)s influence.") % values


def _space(e):
    box = data.SPACE[e["box"] - 1] if 1 <= (e.get("box") or 0) <= len(data.SPACE) else None
    values = {"side": side(e.get("role")), "card": card_name(e.get("card")), "roll": e.get("roll"),
              "box": space_box(e.get("box")), "need": box["roll_max"] if box else "?"}
    text = _("%(side)s space race attempt for %(box)s with %(card)s: rolled %(roll)s (%(need)s or less needed)") \
        % values
    return text + " — " + (_("success.") if e.get("success") else _("failed."))


def _space_event(e):
    box = e.get("box")
    if not box:
        return _("%(side)s does not advance on the space race.") % {"side": side(e.get("role"))}
    return _("%(side)s advances on the space race to %(box)s.") % {"side": side(e.get("role")), "box": space_box(box)}


def _pass(e):
    return _("%(side)s passed action round %(n)s.") % {"side": side(e.get("role")), "n": e.get("round")}


# -- events -------------------------------------------------------------------------
def _event(e):
    return _("%(card)s: the event happens for the %(side)s.") % {"card": card_name(e.get("card")),
                                                                 "side": side(e.get("role"))}


def _event_blocked(e):
    return _("The event of %(card)s cannot happen now.") % {"card": card_name(e.get("card"))}


def _effect(e):
    values = {"card": card_name(e.get("card")), "side": side(e.get("role"))}
    if e.get("until") == "turn":
        return _("%(card)s is in effect for the %(side)s until the end of the turn.") % values
    return _("%(card)s is in effect for the %(side)s.") % values


def _no_target(e):
    if e.get("card"):
        return _("%(card)s: no target for the %(side)s.") % {"card": card_name(e["card"]), "side": side(e.get("role"))}
    return _("No target for the %(side)s.") % {"side": side(e.get("role"))}


def _no_discard(e):
    return _("The %(side)s has no card of %(n)s or more operations to discard.") % {
        "side": side(e.get("role")), "n": e.get("min_ops")}


def _option(e):
    choice = e.get("option")
    words = _("set DEFCON to %(n)s") % {"n": choice} if isinstance(choice, int) else OPTIONS.get(choice, choice)
    return _("%(side)s chose to %(choice)s (%(card)s).") % {"side": side(e.get("role")), "choice": words,
                                                            "card": card_name(e.get("card"))}


def _war(e):
    values = {"card": card_name(e.get("card")), "side": side(e.get("role")), "country": country(e.get("country")),
              "roll": e.get("roll"), "mod": modifier(e.get("mod"))}
    text = _("%(card)s: the %(side)s attacks %(country)s, rolling %(roll)s%(mod)s") % values
    if "success" not in e:
        return text + "."
    return text + " — " + (_("victory.") if e["success"] else _("defeat."))


def _five_year_plan(e):
    if not e.get("card"):
        return _("Five Year Plan: the USSR has no card to discard.")
    return _("Five Year Plan: the USSR discards %(card)s at random.") % {"card": card_name(e["card"])}


def _olympic(e):
    return _("Olympic Games sponsored by the %(sponsor)s: %(us_side)s rolled %(us)s, %(ussr_side)s %(ussr)s.") % {
        "sponsor": side(e.get("sponsor")), "us_side": side("us"), "us": e.get("us"), "ussr_side": side("ussr"),
        "ussr": e.get("ussr")}


def _un_intervention(e):
    return _("%(side)s uses UN Intervention on %(card)s: its operations without its event.") % {
        "side": side(e.get("role")), "card": card_name(e.get("card"))}


def _scoring_cards_revealed(e):
    return _("The %(side)s shows its scoring cards: %(cards)s.") % {"side": side(e.get("role")),
                                                                     "cards": cards(e.get("cards"))}


def _norad(e):
    return _("NORAD: the %(side)s places 1 influence.") % {"side": side(e.get("role"))}


def _arms_race(e):
    return _("Arms Race: %(side)s military operations %(mine)s against %(other)s at DEFCON %(defcon)s.") % {
        "side": side(e.get("role")), "mine": e.get("milops"), "other": e.get("other"), "defcon": e.get("defcon")}


def _cmc_coup(e):
    return _("Cuban Missile Crisis: the %(side)s couped in %(country)s and causes a nuclear war.") % {
        "side": side(e.get("role")), "country": country(e.get("country"))}


def _cmc_cancelled(e):
    return _("The %(side)s removed 2 influence from %(country)s to end the Cuban Missile Crisis.") % {
        "side": side(e.get("role")), "country": country(e.get("country"))}


def _salt_take(e):
    if not e.get("card"):
        return _("SALT Negotiations: the %(side)s takes no card.") % {"side": side(e.get("role"))}
    return _("SALT Negotiations: the %(side)s takes %(card)s from the discards.") % {
        "side": side(e.get("role")), "card": card_name(e["card"])}


def _summit(e):
    rolls, mods = e.get("rolls") or [0, 0], e.get("mods") or [0, 0]
    values = {"us_side": side("us"), "ussr_side": side("ussr"), "us": rolls[0] + mods[0],
              "ussr": rolls[1] + mods[1], "winner": side(e.get("winner"))}
    text = _("Summit: %(us_side)s %(us)s, %(ussr_side)s %(ussr)s") % values
    return text + " — " + (_("the %(winner)s wins.") % values if e.get("winner") else _("a tie."))


def _trap(e):
    values = {"side": side(e.get("role")), "card": card_name(e.get("card")),
              "discarded": card_name(e.get("discarded")), "roll": e.get("roll")}
    text = _("%(card)s: the %(side)s discarded %(discarded)s and rolled %(roll)s") % values
    return text + " — " + (_("escaped.") if e.get("escaped") else _("still trapped."))


def _missile_envy(e):
    if not e.get("card"):
        return _("Missile Envy: nothing to take.")
    return _("Missile Envy: the %(side)s takes %(card)s.") % {"side": side(e.get("role")),
                                                               "card": card_name(e["card"])}


def _grain_sales(e):
    if e.get("drawn"):
        return _("Grain Sales to Soviets: the US draws a card from the USSR hand.")
    return _("Grain Sales to Soviets: the USSR has no card to draw.")


def _grain_sales_returned(e):
    return _("Grain Sales to Soviets: the drawn card goes back to the USSR.")


def _ask_not(e):
    n = len(e.get("discarded") or [])
    return ngettext("Ask Not What Your Country…: the US discarded %(n)s card and drew %(drawn)s.",
                    "Ask Not What Your Country…: the US discarded %(n)s cards and drew %(drawn)s.", n) % {
        "n": n, "drawn": e.get("drawn", 0)}


def _our_man_in_tehran(e):
    return _("Our Man in Tehran: the US draws %(n)s cards.") % {"n": e.get("drawn", 0)}


def _reagan_bombs_libya(e):
    return _("Reagan Bombs Libya: the USSR has %(n)s influence in Libya.") % {"n": e.get("ussr", 0)}


def _star_wars(e):
    return _("Star Wars: the US takes %(card)s from the discards.") % {"card": card_name(e.get("card"))}


def _terrorism(e):
    return _("Terrorism: the %(victim)s discards %(cards)s at random.") % {"victim": side(e.get("victim")),
                                                                          "cards": cards(e.get("cards"))}


def _wargames(e):
    return _("Wargames: the %(side)s ends the game; the opponent gains %(n)s VP first.") % {
        "side": side(e.get("role")), "n": e.get("vp", 6)}


LOG = {
    "turn": _turn, "deal": _deal, "era": _era, "reshuffle": _reshuffle, "headline_shown": _headline_shown,
    "headline": _headline, "headline_cancelled": _headline_cancelled, "play": _play, "discard": _discard,
    "china": _china, "held_cards": _held_cards, "scoring_card_held": _scoring_card_held,
    "hand_revealed": _hand_revealed, "place": _place, "remove": _remove, "influence": _influence,
    "defcon": _defcon, "vp": _vp, "milops": _milops, "score": _score,
    "final_scoring": lambda e: _("Final scoring."),
    "ops": _ops, "ops_lost": _ops_lost, "coup": _coup, "realign": _realign, "space": _space,
    "space_event": _space_event, "pass": _pass,
    "ccw_resolved": lambda e: _("The Chinese Civil War is over; the USSR takes the China Card."),
    "event": _event, "event_blocked": _event_blocked, "effect": _effect, "no_target": _no_target,
    "no_discard": _no_discard, "option": _option, "war": _war, "five_year_plan": _five_year_plan,
    "olympic": _olympic, "un_intervention": _un_intervention, "scoring_cards_revealed": _scoring_cards_revealed,
    "norad": _norad, "arms_race": _arms_race, "cmc_coup": _cmc_coup, "cmc_cancelled": _cmc_cancelled,
    "salt_take": _salt_take, "summit": _summit, "trap": _trap, "missile_envy": _missile_envy,
    "grain_sales": _grain_sales, "grain_sales_returned": _grain_sales_returned, "ask_not": _ask_not,
    "our_man_in_tehran": _our_man_in_tehran, "reagan_bombs_libya": _reagan_bombs_libya,
    "star_wars": _star_wars, "terrorism": _terrorism, "wargames": _wargames,
}


def sentence(entry: dict) -> str | None:
    """One structured log line as a sentence ("" when it tells nothing); None
    for a kind this title does not know (the generic presentation words it)."""
    render = LOG.get(entry.get("kind"))
    if render is None:
        return None
    try:
        return render(entry)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return None
