"""Each region's scoring card (10.1): presence plus one battleground, USSR side."""
from games.titles.twilight_struggle.rules.registry import REGISTRY

from .helpers import ID, after_setup, clear_board, put


def ussr_scores(card: int, country: str) -> int:
    """The USSR controls only ``country`` (a battleground far from the USA); VP change."""
    state = clear_board(after_setup())
    state["vp"] = 0
    put(state, **{country: (0, 4)})
    REGISTRY[card](state, {"card": card, "role": "ussr", "player": "ussr"})
    return state["vp"]


def test_asia_scoring_presence_and_battleground():
    assert ussr_scores(1, "india") == -(3 + 1)


def test_europe_scoring_presence_and_battleground():
    assert ussr_scores(2, "poland") == -(3 + 1)


def test_middle_east_scoring_presence_and_battleground():
    assert ussr_scores(3, "iraq") == -(3 + 1)


def test_central_america_scoring_presence_and_battleground():
    assert ussr_scores(37, "panama") == -(1 + 1)


def test_southeast_asia_scoring_thailand_counts_two():
    assert ussr_scores(38, "thailand") == -2


def test_africa_scoring_presence_and_battleground():
    assert ussr_scores(79, "nigeria") == -(1 + 1)


def test_south_america_scoring_presence_and_battleground():
    assert ussr_scores(81, "brazil") == -(2 + 1)


def test_a_region_without_presence_scores_nothing():
    assert ussr_scores(81, "india") == 0


# -- Formosan Resolution (35) and Control (10.1.1) ------------------------------------
def formosan_asia():
    """Formosan Resolution in effect; the US controls Japan, South Korea,
    Pakistan, India, Thailand and Taiwan, the USSR North Korea."""
    state = clear_board(after_setup())
    state["vp"] = 0
    put(state, japan=(4, 0), south_korea=(3, 0), pakistan=(2, 0), india=(3, 0), thailand=(2, 0),
        taiwan=(3, 0), north_korea=(0, 3))
    state["effects"]["35"] = {"role": "us", "until": "us_china", "scoring_bg": ["us", ID["taiwan"]]}
    return state


def test_asia_scoring_formosan_taiwan_is_a_battleground_so_control_needs_it_and_all_six_10_1_1():
    """10.1.1: Control is "more countries than the opponent and ALL the
    battlegrounds of the region" (그 지역의 모든 핵심 국가를 조종할 경우); with
    Formosan Resolution Taiwan is one more battleground for the US, so holding
    Taiwan and 5 of the 6 printed battlegrounds is no Control. Domination needs a
    non-battleground too (지역에서 우세를 차지하려면 그곳에서 핵심 국가와 일반 국가를
    최소한 하나씩 조종해야 합니다), and every US country here is a battleground:
    Presence. 10.1.2: +1 a controlled battleground; no country next to the
    enemy superpower. Asia (3/7/9): US 3 + 6 = 9, USSR 3 + 1 = 4, net US +5."""
    from games.titles.twilight_struggle.rules.scoring import region_score

    state = formosan_asia()
    score = region_score(state, "asia")
    assert (score["us"]["level"], score["us"]["battlegrounds"], score["us"]["vp"]) == ("presence", 6, 9)
    assert (score["ussr"]["level"], score["ussr"]["vp"]) == ("presence", 4)
    REGISTRY[1](state, {"card": 1, "role": "us", "player": "us"})
    assert state["vp"] == 9 - 4


def test_asia_scoring_formosan_with_all_six_printed_battlegrounds_and_taiwan_is_control_10_1_1():
    """The same position with North Korea also the US's: every battleground, Taiwan
    included: Control 9 + 7 battlegrounds + 1 (North Korea is next to the USSR) = 17
    (a guard: the fix must not take Control away when it is earned)."""
    from games.titles.twilight_struggle.rules.scoring import region_score

    state = put(formosan_asia(), north_korea=(3, 0))
    score = region_score(state, "asia")
    assert (score["us"]["level"], score["us"]["vp"]) == ("control", 9 + 7 + 1)
    assert score["ussr"]["level"] is None


def test_final_scoring_formosan_taiwan_counts_for_asia_control_too_10_3_2():
    """10.3.2: final scoring scores every region as its scoring card would
    (SE Asia inside Asia), so the same Asia result: US +5 net, then the China Card."""
    from games.titles.twilight_struggle.rules.scoring import final_scoring

    state = formosan_asia()
    final_scoring(state)
    asia = next(line for line in state["log"] if line["kind"] == "score" and line["region"] == "asia")
    assert (asia["us"]["level"], asia["us"]["vp"], asia["ussr"]["vp"]) == ("presence", 9, 4)
    china = {"us": 1, "ussr": -1, None: 0}[state["china"]["holder"]]
    assert state["vp"] == 5 + china and state["result"]["reason"] == "final_scoring"
