"""The package's data against the facts the rulebook states."""
from games.titles.twilight_struggle.rules import data as d


def test_countries_per_region():
    counts = {r: len(d.REGION_IDS[r]) for r in d.REGIONS}
    assert counts == {"europe": 21, "middle_east": 10, "asia": 15, "africa": 18,
                      "central_america": 10, "south_america": 10}
    assert len(d.COUNTRY_IDS) == 84 and d.COUNTRY_IDS == tuple(range(1, 85))


def test_subregions_with_austria_and_finland_in_both_europes():
    """2.1.1: Austria and Finland belong to Eastern and Western Europe."""
    west, east = d.AREAS["western_europe"], d.AREAS["eastern_europe"]
    assert len(west) == 14 and len(east) == 9
    assert west & east == {d.BY_KEY["austria"], d.BY_KEY["finland"]}
    assert west | east == d.AREAS["europe"]
    assert len(d.AREAS["southeast_asia"]) == 7 and d.AREAS["southeast_asia"] < d.AREAS["asia"]


def test_29_battlegrounds():
    per_region = {r: sum(1 for c in d.REGION_IDS[r] if d.BATTLEGROUND[c]) for r in d.REGIONS}
    assert per_region == {"europe": 5, "middle_east": 6, "asia": 6, "africa": 5,
                          "central_america": 3, "south_america": 4}
    assert len(d.BATTLEGROUNDS) == 29


def test_adjacency_is_symmetric_and_superpowers_touch_nine_countries():
    for c in d.COUNTRY_IDS:
        for other in d.ADJ[c]:
            assert c in d.ADJ[other]
    names = {r: sorted(d.NAME[c] for c in d.NEAR_SUPERPOWER[r]) for r in d.ROLES}
    assert names == {"us": ["Canada", "Cuba", "Japan", "Mexico"],
                     "ussr": ["Afghanistan", "Finland", "North Korea", "Poland", "Romania"]}
    assert sum(len(d.ADJ[c]) for c in d.COUNTRY_IDS) == 2 * 112


def test_setup_totals():
    """3.2: USSR 15 (6 in Eastern Europe); 3.3: US 25 with Canada 2 (7 in Western Europe)."""
    ussr, us = d.SETUP["ussr"], d.SETUP["us"]
    assert sum(ussr["fixed"].values()) + ussr["amount"] == 15
    assert sum(us["fixed"].values()) + us["amount"] == 25
    assert (ussr["area"], ussr["amount"], us["area"], us["amount"]) == \
        ("eastern_europe", 6, "western_europe", 7)
    assert us["fixed"][d.BY_KEY["canada"]] == 2 and us["fixed"][d.BY_KEY["uk"]] == 5
    assert ussr["fixed"][d.BY_KEY["north_korea"]] == 3


def test_rulebook_examples_data():
    """Stabilities used by the worked examples: Israel 4, Turkey 2, Mexico 2."""
    assert d.STABILITY[d.BY_KEY["israel"]] == 4
    assert d.STABILITY[d.BY_KEY["turkey"]] == 2
    assert d.STABILITY[d.BY_KEY["mexico"]] == 2


def test_cards():
    assert sorted(d.CARDS) == list(range(1, 111))
    assert d.SCORING == {1, 2, 3, 37, 38, 79, 81}
    assert d.SCORING & d.ASTERISK == {38}  # 7.2: only Southeast Asia Scoring is removed
    assert d.OPTIONAL == set(range(104, 111))
    assert d.CHINA not in d.ERA_CARDS["early"] and d.OPS[d.CHINA] == 4
    assert [len(d.ERA_CARDS[e]) for e in ("early", "mid", "late")] == [38, 48, 23]
    assert len(d.ASTERISK) == 70 and len(d.UNDERLINE) == 21


def test_tracks():
    assert [b["vp"] for b in d.SPACE] == [[2, 1], [0, 0], [2, 0], [0, 0], [3, 1], [0, 0],
                                         [4, 2], [2, 0]]  # 6.4.3: Lunar Orbit 3/1
    assert d.SEA_VP[d.BY_KEY["thailand"]] == 2 and sum(d.SEA_VP.values()) == 8
    assert d.SCORING_VALUES["central_america"] == {"presence": 1, "domination": 3,
                                                    "control": 5, "card": 37}
