"""Issue 15, part 1: an event stops when the game is over, and the headline
offers "no headline" only when no card can be headlined (4.5 C)."""
import pytest

from games.rules.core import IllegalAction, rng
from games.rules.core.testing import choices, pick
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.data import CHINA, SIDE
from games.titles.twilight_struggle.rules.registry import REGISTRY

from .helpers import after_setup, do, era_round, ids

NATO = {"role": "us", "until": "game"}


def test_special_relationship_at_20_vp_ends_the_game_with_nothing_left_to_do():
    """10.3.1: the +2 VP reaching 20 ends the game at once; the country pick
    (2 influence in Western Europe) is never pushed."""
    state = era_round("us", [105, 29], 2, uk=(5, 0))
    state["effects"]["21"] = dict(NATO)
    state["vp"] = 18
    do(state, "us", "event", 105)
    assert RULES.result(state).winners == ["us"]
    assert state["stack"] == [] and state["active"] == []
    assert RULES.view(state, None)["step"] is None


def finishing_events():
    return sorted(c for c in REGISTRY if c != CHINA)


def play_out(state: dict, seed: int, limit: int = 300) -> None:
    """Random legal choices until the action round is over or the game ends;
    a finished state must never hold a step."""
    picker = {"rng": rng.new(seed)}
    for _ in range(limit):
        if RULES.result(state) is not None:
            assert state["stack"] == [] and state["active"] == []
            return
        if state["stack"][-1]["step"] in ("rounds", "turn"):
            return
        role = pick(picker, RULES.active_roles(state))
        offered = [c.action for c in RULES.prompt(state, role).choices if c.verb != "undo"]
        state = RULES.apply(state, role, pick(picker, offered))


@pytest.mark.parametrize("card", finishing_events())
def test_every_event_played_one_vp_from_victory_leaves_an_empty_stack_if_it_ends(card):
    """Each event, for each side, with the VP marker at +19 and -19, DEFCON 2 and
    NATO in play: whenever the game ends on the way, nothing is left on the stack."""
    for role in ("us", "ussr"):
        if SIDE[card] not in (role, "neutral"):
            continue
        for vp in (19, -19):
            for seed in range(3):
                state = era_round(role, [card], 8)
                state["inf"] = after_setup(seed)["inf"]
                state["effects"]["21"] = dict(NATO)
                state["vp"], state["defcon"] = vp, 2
                if ("event", card) in choices(RULES, state, role):
                    do(state, role, "event", card)
                    play_out(state, seed)


def headline_hands(ussr, us):
    state = after_setup()
    state["hands"] = {"ussr": list(ussr), "us": list(us)}
    return state


def test_un_intervention_in_hand_never_lets_a_player_skip_the_headline():
    """4.5 C: each player headlines a card. UN Intervention cannot be headlined
    (Deluxe card text), so a hand of it and Fidel offers Fidel only."""
    state = headline_hands([32, 8], [32, 19])
    assert ids(state, "ussr") == [8] and ids(state, "us") == [19]
    with pytest.raises(IllegalAction):
        do(state, "us", "headline", None)


def test_no_headline_only_when_no_card_can_be_headlined():
    state = headline_hands([32], [19])
    assert ids(state, "ussr") == [None]
    do(state, "ussr", "headline", None)
    assert state["stack"][-1]["step"] == "headline"
