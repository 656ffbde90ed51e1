"""Names and card facts of Twilight Struggle as players read them (never ids)."""
from __future__ import annotations

from games.titles.twilight_struggle import card_text
from games.titles.twilight_struggle.rules import data

SIDE_LABEL = {"us": "US", "ussr": "USSR", "neutral": "Neutral", None: "—"}
REGION_NAME = {"europe": "Europe", "middle_east": "Middle East", "asia": "Asia", "africa": "Africa",
               "central_america": "Central America", "south_america": "South America",
               "southeast_asia": "Southeast Asia", "western_europe": "Western Europe",
               "eastern_europe": "Eastern Europe"}
ERA_NAME = {"early": "Early War", "mid": "Mid War", "late": "Late War"}


def card_info(number: int) -> dict:
    c = data.CARDS[number]
    return {"number": number, "name": c["name"], "era": ERA_NAME[c["era"]], "ops": c["ops"],
            "scoring": c["scoring"], "side": c["side"], "side_label": SIDE_LABEL[c["side"]],
            "asterisk": c["asterisk"], "underline": c["underline"],
            "summary": card_text.SUMMARY.get(number, "")}


CARD_INFO = {n: card_info(n) for n in data.CARDS}


def card(number):
    """Card facts for a card number (discards, removed, effects, headlines)."""
    try:
        return CARD_INFO[int(number)]
    except (KeyError, TypeError, ValueError):
        return None
