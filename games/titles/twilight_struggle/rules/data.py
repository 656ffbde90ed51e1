"""The map, the cards and the tracks, loaded once at import from ``data/``.

This is the only module that reads files. Everything else uses the frozen
tables below: country ids 1-84 (85 is the Chinese Civil War space of rule
12.1), card numbers 1-110. Lists indexed by id have an unused slot 0.
"""
from __future__ import annotations

import json
import pathlib

_DIR = pathlib.Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict:
    return json.loads((_DIR / name).read_text(encoding="utf-8"))


_MAP = _load("countries.json")
_CARDS = _load("cards.json")["cards"]
TRACKS = _load("tracks.json")

ROLES = ("ussr", "us")
OTHER = {"ussr": "us", "us": "ussr"}
REGIONS = tuple(_MAP["regions"])
CCW = _MAP["chinese_civil_war"]["id"]
CCW_NEEDED = _MAP["chinese_civil_war"]["resolve_at"]
SLOTS = CCW + 1  # influence lists are indexed 0..85

COUNTRIES = {c["id"]: c for c in _MAP["countries"]}
COUNTRY_IDS = tuple(sorted(COUNTRIES))
BY_KEY = {c["key"]: c["id"] for c in _MAP["countries"]}
NAME = [""] * SLOTS
STABILITY = [0] * SLOTS
BATTLEGROUND = [False] * SLOTS
REGION = [""] * SLOTS
ADJ: list[tuple[int, ...]] = [()] * SLOTS
SUPERPOWER: list[str | None] = [None] * SLOTS  # which superpower space it touches
for _c in _MAP["countries"]:
    _i = _c["id"]
    NAME[_i], STABILITY[_i], BATTLEGROUND[_i] = _c["name"], _c["stability"], _c["battleground"]
    REGION[_i], ADJ[_i], SUPERPOWER[_i] = _c["region"], tuple(_c["adjacent"]), _c["superpower"]
NAME[CCW], REGION[CCW], SUPERPOWER[CCW] = _MAP["chinese_civil_war"]["name"], "asia", "ussr"
STABILITY[CCW] = CCW_NEEDED  # 12.2: three USSR points "control" it

# area name (region or subregion) -> frozenset of country ids (never the CCW space)
AREAS: dict[str, frozenset] = {r: frozenset() for r in REGIONS + tuple(_MAP["subregions"])}
for _c in _MAP["countries"]:
    for _area in [_c["region"], *_c["subregions"]]:
        AREAS[_area] = AREAS[_area] | {_c["id"]}
REGION_IDS = {a: tuple(sorted(ids)) for a, ids in AREAS.items()}
BATTLEGROUNDS = frozenset(i for i in COUNTRY_IDS if BATTLEGROUND[i])
NEAR_SUPERPOWER = {r: frozenset(i for i in COUNTRY_IDS if SUPERPOWER[i] == r) for r in ROLES}



def _setup(block: dict) -> dict:
    return {role: {"fixed": {BY_KEY[k]: n for k, n in block[role]["fixed"].items()},
                   "area": block[role]["free"]["area"],
                   "amount": block[role]["free"]["amount"]} for role in ROLES}


SETUP = _setup(_MAP["setup"])
SETUPS = {"deluxe": SETUP, "original": _setup(_MAP["setup_original"])}

CARDS = {c["number"]: c for c in _CARDS}
CARD_NAME = {n: c["name"] for n, c in CARDS.items()}
OPS = {n: c["ops"] for n, c in CARDS.items()}
SIDE = {n: c["side"] for n, c in CARDS.items()}
SCORING = frozenset(n for n, c in CARDS.items() if c["scoring"])
ASTERISK = frozenset(n for n, c in CARDS.items() if c["asterisk"])
UNDERLINE = frozenset(n for n, c in CARDS.items() if c["underline"])
CHINA = 6
ERA_CARDS = {era: tuple(n for n, c in CARDS.items() if c["era"] == era and c["deck"])
             for era in ("early", "mid", "late")}
OPTIONAL = frozenset(n for n, c in CARDS.items() if c["optional"])

SPACE = TRACKS["space_race"]  # boxes 1..8, SPACE[box - 1]
SPACE_LAST = len(SPACE)


def _space_original() -> list:
    track = [dict(box) for box in SPACE]
    for change in TRACKS["space_race_original"]["changes"]:
        track[change["box"] - 1].update({k: v for k, v in change.items() if k != "box"})
    return track


SPACES = {"deluxe": SPACE, "original": _space_original()}
SCORING_VALUES = TRACKS["region_scoring"]
SCORING_REGION = {v["card"]: r for r, v in SCORING_VALUES.items()}
SEA_VP = {BY_KEY[k]: v for k, v in TRACKS["southeast_asia"]["vp"].items()}
SEA_CARD = TRACKS["southeast_asia"]["card"]
DEFCON_BANS = {int(k): frozenset(v) for k, v in TRACKS["defcon_bans"].items()}
MILOPS_MAX = TRACKS["milops_max"]
LAST_TURN = TRACKS["turns"]
VP_WIN = TRACKS["vp_win"]


def in_area(country: int, area: str) -> bool:
    return country in AREAS[area]


def era_of_turn(turn: int) -> str:
    return "early" if turn <= 3 else "mid" if turn <= 7 else "late"
