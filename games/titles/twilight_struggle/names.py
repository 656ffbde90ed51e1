"""Names and card facts of Twilight Struggle as players read them (never ids), in the reader's language.

English tables are built once at import; each language's tables are built on
first use and cached (a page looks up hundreds of names: one dict lookup each).
The translations live in this title's ``locale/``; the JSON names are marked for
``makemessages`` in ``data_strings.py``.
"""
from __future__ import annotations

from django.utils.translation import gettext_noop

from games.engine import i18n_tables
from games.titles.twilight_struggle import card_text
from games.titles.twilight_struggle.rules import data

SIDE_LABEL = {"us": gettext_noop("US"), "ussr": gettext_noop("USSR"), "neutral": gettext_noop("Neutral"), None: "—"}
REGION_NAME = {"europe": gettext_noop("Europe"), "middle_east": gettext_noop("Middle East"), "asia": gettext_noop("Asia"),
               "africa": gettext_noop("Africa"), "central_america": gettext_noop("Central America"),
               "south_america": gettext_noop("South America"), "southeast_asia": gettext_noop("Southeast Asia"),
               "western_europe": gettext_noop("Western Europe"), "eastern_europe": gettext_noop("Eastern Europe")}
ERA_NAME = {"early": gettext_noop("Early War"), "mid": gettext_noop("Mid War"), "late": gettext_noop("Late War")}
# space race abilities (tracks.json keys) as players read them
ABILITY_TEXT = {"two_space_race_attempts_per_turn": gettext_noop("two space race attempts per turn"),
                "opponent_reveals_headline_first": gettext_noop("the opponent shows its headline first"),
                "may_discard_held_card_at_turn_end": gettext_noop("may discard a held card at the end of the turn"),
                "eight_action_rounds_per_turn": gettext_noop("eight action rounds per turn")}


def card_info(number: int) -> dict:
    c = data.CARDS[number]
    return {"number": number, "name": c["name"], "era": ERA_NAME[c["era"]], "ops": c["ops"],
            "scoring": c["scoring"], "side": c["side"], "side_label": SIDE_LABEL[c["side"]],
            "asterisk": c["asterisk"], "underline": c["underline"],
            "summary": card_text.SUMMARY.get(number, "")}


CARD_INFO = {n: card_info(n) for n in data.CARDS}  # English
SPACE_NAMES = [box["name"] for box in data.SPACE] + [
    c["name"] for c in data.TRACKS.get("space_race_original", {}).get("changes", ()) if "name" in c]
_TEXT_KEYS = ("name", "era", "side_label", "summary")


class _Tables:
    """One language's names: cards, countries, sides, regions, eras."""

    def __init__(self):
        t = i18n_tables.translate
        self.cards = {n: {**info, **{k: t(info[k]) for k in _TEXT_KEYS}} for n, info in CARD_INFO.items()}
        self.countries = [t(name) for name in data.NAME]
        self.sides = {k: t(v) for k, v in SIDE_LABEL.items()}
        self.regions = {k: t(v) for k, v in REGION_NAME.items()}
        self.eras = {k: t(v) for k, v in ERA_NAME.items()}
        self.space = {name: t(name) for name in SPACE_NAMES}  # English box name -> words
        self.abilities = {k: t(v) for k, v in ABILITY_TEXT.items()}


tables = i18n_tables.PerLanguage(_Tables)  # the current language's tables


def card_infos() -> dict[int, dict]:
    """Card number -> facts with name, era, side and summary in the current language."""
    return tables().cards


def card(number):
    """Card facts for a card number (discards, removed, effects, headlines), in the current language."""
    return i18n_tables.card(tables().cards, number)


def card_name(number) -> str:
    return i18n_tables.card_name(tables().cards, number)


def country_name(cid) -> str:
    """A country's name (1-84, 85 = the Chinese Civil War box) in the current language."""
    return i18n_tables.indexed_name(tables().countries, cid)


def side_label(role) -> str:
    return i18n_tables.label(tables().sides, role)


def region_name(region: str) -> str:
    return tables().regions.get(region, region)


def era_name(era: str) -> str:
    return tables().eras.get(era, era)
