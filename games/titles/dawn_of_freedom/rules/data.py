"""The map, the cards and the tracks, loaded once at import from ``data/``.

The only module that reads files. Space ids are 1-75 (the reference index
+ 1; lists indexed by space id have an unused slot 0), strategy cards 1-110,
power-struggle cards 1-52, countries are their snake_case keys.
"""
from __future__ import annotations

import json
import pathlib

_DIR = pathlib.Path(__file__).resolve().parent / "data"


def _load(name: str) -> dict:
    return json.loads((_DIR / name).read_text(encoding="utf-8"))


_SPACES = _load("spaces.json")["spaces"]
_COUNTRIES = _load("countries.json")["countries"]
_CARDS = _load("cards.json")
_PS = _load("power_struggle.json")
TRACKS = _load("tracks.json")

ROLES = ("communist", "democrat")
OTHER = {"communist": "democrat", "democrat": "communist"}
SIGN = {"democrat": 1, "communist": -1}  # VP: one number, positive = Democrat
SLOTS = len(_SPACES) + 1

# -- spaces -----------------------------------------------------------------
BY_KEY = {s["key"]: s["id"] for s in _SPACES}
SPACE_IDS = tuple(range(1, SLOTS))
NAME = [""] * SLOTS
KEY = [""] * SLOTS
COUNTRY = [""] * SLOTS
REGION = [""] * SLOTS
TYPE = [""] * SLOTS
STABILITY = [0] * SLOTS
BATTLEGROUND = [False] * SLOTS
ADJ: list[tuple[int, ...]] = [()] * SLOTS
SETUP_SP = {"communist": [0] * SLOTS, "democrat": [0] * SLOTS}
for _s in _SPACES:
    _i = _s["id"]
    NAME[_i], KEY[_i], COUNTRY[_i], REGION[_i] = _s["name"], _s["key"], _s["country"], _s["region"]
    TYPE[_i], STABILITY[_i], BATTLEGROUND[_i] = _s["type"], _s["stability"], _s["battleground"]
    ADJ[_i] = tuple(sorted(BY_KEY[a] for a in _s["adjacent"]))
    for _r in ROLES:
        SETUP_SP[_r][_i] = _s["setup"][_r]
AROUND = [frozenset(ADJ[i]) | {i} for i in range(SLOTS)]  # a space and its neighbours

# -- countries --------------------------------------------------------------
COUNTRIES = tuple(c["id"] for c in _COUNTRIES)
COUNTRY_NAME = {c["id"]: c["name"] for c in _COUNTRIES}
COUNTRY_SPACES = {c["id"]: tuple(BY_KEY[k] for k in c["spaces"]) for c in _COUNTRIES}
COUNTRY_BGS = {c["id"]: frozenset(BY_KEY[k] for k in c["battlegrounds"]) for c in _COUNTRIES}
SCORING_BOX = {c["id"]: c["scoring_box"] for c in _COUNTRIES}
POWER_VALUE = {c["id"]: c["power_value"] for c in _COUNTRIES}
SCORING_CARD = {c["id"]: c["scoring_card"] for c in _COUNTRIES}
ELITE_SPACE = {c["id"]: BY_KEY[c["elite_space"]] for c in _COUNTRIES}
BUREAUCRAT_SPACE = {c["id"]: BY_KEY[c["bureaucrat_space"]] for c in _COUNTRIES}
REGION_COUNTRIES = {r: tuple(c["id"] for c in _COUNTRIES if c["region"] == r)
                    for r in ("eastern_europe", "balkans")}

# -- strategy cards ---------------------------------------------------------
CARDS = {c["number"]: c for c in _CARDS["cards"]}
CARD_NAME = {n: c["name"] for n, c in CARDS.items()}
OPS = {n: (c["ops"] or 0) for n, c in CARDS.items()}
SIDE = {n: c["side"] for n, c in CARDS.items()}
SCORING = frozenset(n for n, c in CARDS.items() if c["scoring"])
SCORED_COUNTRY = {n: c["scoring_country"] for n, c in CARDS.items() if c["scoring"]}
ASTERISK = frozenset(n for n, c in CARDS.items() if c["removed_after_event"])
REQUIRES = {n: tuple(c["requires"]) for n, c in CARDS.items() if c["requires"]}
# 7.5: once the key card's event has happened these events cannot happen
CANNOT_AFTER = {int(k): tuple(v) for k, v in _CARDS["cannot_happen_after"].items()}
PERIOD_CARDS = {p: tuple(n for n, c in sorted(CARDS.items()) if c["period"] == p)
                for p in ("early", "middle", "late")}

# -- power-struggle deck ----------------------------------------------------
PS_CARDS = {c["id"]: c for c in _PS["cards"]}
PS_IDS = tuple(sorted(PS_CARDS))
PS_KIND = {i: c["category"] for i, c in PS_CARDS.items()}  # suited, leader, wild
PS_SUIT = {i: c.get("suit") for i, c in PS_CARDS.items()}
PS_RANK = {i: c.get("rank") or 0 for i, c in PS_CARDS.items()}
PS_LEADER = {i: c.get("leader_type") for i, c in PS_CARDS.items()}
PS_NAME = {}
for _i, _c in PS_CARDS.items():
    if _c["category"] == "suited":
        PS_NAME[_i] = f"{_c['suit'].replace('_', ' ').title()} {_c['rank']}"
    elif _c["category"] == "leader":
        PS_NAME[_i] = f"{_c['leader_type'].title()} Leader"
    else:
        PS_NAME[_i] = _c["name"]
SUITS = ("rally_in_the_square", "strike", "march", "petition")
SUIT_MODIFIER = _PS["suit_modifier"]
WILD = {c["name"]: i for i, c in PS_CARDS.items() if c["category"] == "wild"}
SUPPORT_FALTERS, SUPPORT_SURGES = WILD["Support Falters"], WILD["Support Surges"]
SCARE_TACTICS, TACTIC_FAILS = WILD["Scare Tactics"], WILD["Tactic Fails"]

# -- tracks -----------------------------------------------------------------
TST = TRACKS["tiananmen"]  # boxes 1..8: TST[box - 1]
TST_LAST = len(TST)
TST_NEEDS = {r: [0] + [b[f"{r}_needs"] for b in TST] for r in ROLES}
RESULTS = TRACKS["results_table"]  # by modified roll clamped to 0..7
FINAL_BONUS = TRACKS["final_bonus_per_country"]
USSR_TRACK = TRACKS["ussr_stability"]
USSR_CARDS = tuple(s["card"] for s in USSR_TRACK[1:])
SETUP_SEQUENCE = tuple((p["player"], p["sp"]) for p in TRACKS["setup_sequence"])
LAST_TURN = TRACKS["turns"]
ROUNDS = TRACKS["rounds"]
HAND = TRACKS["hand"]
VP_WIN = TRACKS["vp_win"]
GORBACHEV_CHARMS, MALTA_SUMMIT = 14, 110  # 12.4 / 12.5 side effects


def results(modified: int) -> int:
    """The power-struggle results table (8.4.2, 8.4.3) for a modified roll."""
    return RESULTS[max(0, min(modified, len(RESULTS) - 1))]


def period_of_turn(turn: int) -> str:
    return "early" if turn <= 3 else "middle" if turn <= 7 else "late"
