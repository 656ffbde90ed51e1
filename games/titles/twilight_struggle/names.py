"""Names and card facts of Twilight Struggle as players read them (never ids), in the reader's language.

English tables are built once at import; each language's tables are built on
first use and cached (a page looks up hundreds of names: one dict lookup each).
The translations live in this title's ``locale/``; the JSON names are marked for
``makemessages`` in ``data_strings.py``.
"""
from __future__ import annotations

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_noop as N_

from games.titles.twilight_struggle import card_text
from games.titles.twilight_struggle.rules import data

SIDE_LABEL = {"us": N_("US"), "ussr": N_("USSR"), "neutral": N_("Neutral"), None: "—"}
REGION_NAME = {"europe": N_("Europe"), "middle_east": N_("Middle East"), "asia": N_("Asia"),
               "africa": N_("Africa"), "central_america": N_("Central America"),
               "south_america": N_("South America"), "southeast_asia": N_("Southeast Asia"),
               "western_europe": N_("Western Europe"), "eastern_europe": N_("Eastern Europe")}
ERA_NAME = {"early": N_("Early War"), "mid": N_("Mid War"), "late": N_("Late War")}
# space race abilities (tracks.json keys) as players read them
ABILITY_TEXT = {"two_space_race_attempts_per_turn": N_("two space race attempts per turn"),
                "opponent_reveals_headline_first": N_("the opponent shows its headline first"),
                "may_discard_held_card_at_turn_end": N_("may discard a held card at the end of the turn"),
                "eight_action_rounds_per_turn": N_("eight action rounds per turn")}


def card_info(number: int) -> dict:
    c = data.CARDS[number]
    return {"number": number, "name": c["name"], "era": ERA_NAME[c["era"]], "ops": c["ops"],
            "scoring": c["scoring"], "side": c["side"], "side_label": SIDE_LABEL[c["side"]],
            "asterisk": c["asterisk"], "underline": c["underline"],
            "summary": card_text.SUMMARY.get(number, "")}


CARD_INFO = {n: card_info(n) for n in data.CARDS}  # English
_TEXT_KEYS = ("name", "era", "side_label", "summary")


class _Tables:
    """One language's names: cards, countries, sides, regions, eras."""

    def __init__(self):
        t = lambda s: gettext(s) if s else s  # noqa: E731 - gettext("") returns the catalog header
        self.cards = {n: {**info, **{k: t(info[k]) for k in _TEXT_KEYS}} for n, info in CARD_INFO.items()}
        self.countries = [t(name) for name in data.NAME]
        self.sides = {k: t(v) for k, v in SIDE_LABEL.items()}
        self.regions = {k: t(v) for k, v in REGION_NAME.items()}
        self.eras = {k: t(v) for k, v in ERA_NAME.items()}
        self.space = [t(box["name"]) for box in data.SPACE]
        self.abilities = {k: t(v) for k, v in ABILITY_TEXT.items()}


_TABLES: dict[str, _Tables] = {}


def tables() -> _Tables:
    """The current language's tables (built once per language per process)."""
    lang = get_language() or "en"
    found = _TABLES.get(lang)
    if found is None:
        found = _TABLES[lang] = _Tables()
    return found


def card_infos() -> dict[int, dict]:
    """Card number -> facts with name, era, side and summary in the current language."""
    return tables().cards


def card(number):
    """Card facts for a card number (discards, removed, effects, headlines), in the current language."""
    try:
        return tables().cards[int(number)]
    except (KeyError, TypeError, ValueError):
        return None


def card_name(number) -> str:
    info = card(number)
    return info["name"] if info else str(number)


def country_name(cid) -> str:
    """A country's name (1-84, 85 = the Chinese Civil War box) in the current language."""
    try:
        return tables().countries[int(cid)] or str(cid)
    except (IndexError, TypeError, ValueError):
        return str(cid)


def side_label(role) -> str:
    return tables().sides.get(role, str(role or ""))


def region_name(region: str) -> str:
    return tables().regions.get(region, region)


def era_name(era: str) -> str:
    return tables().eras.get(era, era)
