"""Names and card facts of 1989 as players read them (never ids), in the reader's language.

English tables are built once at import; each language's tables are built on
first use and cached (a page looks up hundreds of names: one dict lookup
each). The translations live in this title's ``locale/``; the JSON names are
marked for ``makemessages`` in ``data_strings.py``.
"""
from __future__ import annotations

from django.utils.translation import pgettext

from games.titles.dawn_of_freedom.context import pgettext_noop as pgettext_lazy  # marker (context.py)
from games.titles.dawn_of_freedom.context import t as _t

from games.engine import i18n_tables

from . import card_text
from .rules import data

SIDE_LABEL = {"communist": pgettext_lazy("dawn_of_freedom", "Communist"), "democrat": pgettext_lazy("dawn_of_freedom", "Democrat"),
              "neutral": pgettext_lazy("dawn_of_freedom", "Neutral"), None: "—"}
PERIOD_NAME = {"early": pgettext_lazy("dawn_of_freedom", "Early Year"), "middle": pgettext_lazy("dawn_of_freedom", "Middle Year"),
               "late": pgettext_lazy("dawn_of_freedom", "Late Year")}
TYPE_NAME = {"worker": pgettext_lazy("dawn_of_freedom", "Worker"), "farmer": pgettext_lazy("dawn_of_freedom", "Farmer"),
             "bureaucrat": pgettext_lazy("dawn_of_freedom", "Bureaucrat"), "intellectual": pgettext_lazy("dawn_of_freedom", "Intellectual"),
             "student": pgettext_lazy("dawn_of_freedom", "Student"), "church": pgettext_lazy("dawn_of_freedom", "Church"), "elite": pgettext_lazy("dawn_of_freedom", "Elite"),
             "minority": pgettext_lazy("dawn_of_freedom", "Minority")}
SUIT_NAME = {"rally_in_the_square": pgettext_lazy("dawn_of_freedom", "Rally in the Square"), "strike": pgettext_lazy("dawn_of_freedom", "Strike"),
             "march": pgettext_lazy("dawn_of_freedom", "March"), "petition": pgettext_lazy("dawn_of_freedom", "Petition"), None: pgettext_lazy("dawn_of_freedom", "no suit")}
LEADER_NAME = {"elite": pgettext_lazy("dawn_of_freedom", "Elite Leader"), "intellectual": pgettext_lazy("dawn_of_freedom", "Intellectual Leader"),
               "worker": pgettext_lazy("dawn_of_freedom", "Worker Leader"), "student": pgettext_lazy("dawn_of_freedom", "Student Leader"),
               "church": pgettext_lazy("dawn_of_freedom", "Church Leader")}  # literals, so makemessages finds them
REGION_NAME = {"eastern_europe": pgettext_lazy("dawn_of_freedom", "Eastern Europe"), "balkans": pgettext_lazy("dawn_of_freedom", "Balkans")}


def _card(n: int) -> dict:
    c = data.CARDS[n]
    return {"number": n, "name": _t(c["name"]), "ops": c["ops"] or 0, "scoring": c["scoring"],
            "side": c["side"], "side_label": _t(SIDE_LABEL[c["side"]]), "period": _t(PERIOD_NAME[c["period"]]),
            "asterisk": c["removed_after_event"], "summary": _t(card_text.SUMMARY.get(n, ""))}


def _ps_card(i: int) -> dict:
    c = data.PS_CARDS[i]
    kind = c["category"]
    if kind == "suited":
        name = pgettext("dawn_of_freedom", "%(suit)s %(rank)s") % {"suit": _t(SUIT_NAME[c["suit"]]), "rank": c["rank"]}
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
