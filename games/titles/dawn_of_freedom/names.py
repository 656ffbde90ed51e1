"""Names and card facts of 1989 as players read them (never ids), in the reader's language.

English tables are built once at import; each language's tables are built on
first use and cached (a page looks up hundreds of names: one dict lookup
each). The translations live in this title's ``locale/``; the JSON names are
marked for ``makemessages`` in ``data_strings.py``.
"""
from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

from games import i18n_tables
from games.i18n_tables import translate as _t

from . import card_text
from .rules import data

SIDE_LABEL = {"communist": gettext_noop("Communist"), "democrat": gettext_noop("Democrat"),
              "neutral": gettext_noop("Neutral"), None: "—"}
PERIOD_NAME = {"early": gettext_noop("Early Year"), "middle": gettext_noop("Middle Year"),
               "late": gettext_noop("Late Year")}
TYPE_NAME = {"worker": gettext_noop("Worker"), "farmer": gettext_noop("Farmer"),
             "bureaucrat": gettext_noop("Bureaucrat"), "intellectual": gettext_noop("Intellectual"),
             "student": gettext_noop("Student"), "church": gettext_noop("Church"), "elite": gettext_noop("Elite"),
             "minority": gettext_noop("Minority")}
SUIT_NAME = {"rally_in_the_square": gettext_noop("Rally in the Square"), "strike": gettext_noop("Strike"),
             "march": gettext_noop("March"), "petition": gettext_noop("Petition"), None: gettext_noop("no suit")}
LEADER_NAME = {"elite": gettext_noop("Elite Leader"), "intellectual": gettext_noop("Intellectual Leader"),
               "worker": gettext_noop("Worker Leader"), "student": gettext_noop("Student Leader"),
               "church": gettext_noop("Church Leader")}  # literals, so makemessages finds them
REGION_NAME = {"eastern_europe": gettext_noop("Eastern Europe"), "balkans": gettext_noop("Balkans")}


def _card(n: int) -> dict:
    c = data.CARDS[n]
    return {"number": n, "name": _t(c["name"]), "ops": c["ops"] or 0, "scoring": c["scoring"],
            "side": c["side"], "side_label": _t(SIDE_LABEL[c["side"]]), "period": _t(PERIOD_NAME[c["period"]]),
            "asterisk": c["removed_after_event"], "summary": _t(card_text.SUMMARY.get(n, ""))}


def _ps_card(i: int) -> dict:
    c = data.PS_CARDS[i]
    kind = c["category"]
    if kind == "suited":
        name = gettext("%(suit)s %(rank)s") % {"suit": _t(SUIT_NAME[c["suit"]]), "rank": c["rank"]}
    elif kind == "leader":
        name = _t(LEADER_NAME[c["leader_type"]])
    else:
        name = _t(c["name"])
    return {"id": i, "name": name, "kind": kind, "suit": c.get("suit") or "", "rank": c.get("rank") or 0,
            "leader": c.get("leader_type") or ""}


class _Tables:
    """One language's names: spaces, countries, cards, power-struggle cards, sides."""

    def __init__(self):
        self.spaces = [_t(n) for n in data.NAME]
        self.countries = {c: _t(n) for c, n in data.COUNTRY_NAME.items()}
        self.sides = {k: _t(v) for k, v in SIDE_LABEL.items()}
        self.types = {k: _t(v) for k, v in TYPE_NAME.items()}
        self.suits = {k: _t(v) for k, v in SUIT_NAME.items()}
        self.regions = {k: _t(v) for k, v in REGION_NAME.items()}
        self.periods = {k: _t(v) for k, v in PERIOD_NAME.items()}
        self.cards = {n: _card(n) for n in data.CARDS}
        self.ps_cards = {i: _ps_card(i) for i in data.PS_IDS}
        self.tst = [{side: _t(box[f"{side}_name"]) for side in data.ROLES} for box in data.TST]
        self.ussr = [_t(step["label"]) for step in data.USSR_TRACK]


tables = i18n_tables.PerLanguage(_Tables)  # the current language's tables


def card(number):
    return i18n_tables.card(tables().cards, number)


def card_name(number) -> str:
    return i18n_tables.card_name(tables().cards, number)


def space_name(space) -> str:
    return i18n_tables.indexed_name(tables().spaces, space)


def country_name(country) -> str:
    return tables().countries.get(country, str(country))


def side_label(role) -> str:
    return i18n_tables.label(tables().sides, role)


def ps_name(i) -> str:
    try:
        return tables().ps_cards[int(i)]["name"]
    except (KeyError, TypeError, ValueError):
        return str(i)


def suit_name(suit) -> str:
    return tables().suits.get(suit, str(suit).replace("_", " "))
