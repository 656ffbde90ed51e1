"""Issue 15, part 1: memoised prompts never go stale, and every ``act``
re-checks what it relies on (a wrong prompt can never apply an impossible change)."""
import json

import pytest

from games.rules.core import Action, Choice, IllegalAction, Prompt, rng
from games.rules.core.testing import choices, new_game, pick
from games.titles.twilight_struggle.rules import RULES, prompts

from .helpers import ID, action_round, do, era_round, inf
from tests.seeds import seeds

WEST_GERMANY, TURKEY = ID["west_germany"], ID["turkey"]


def reload(state: dict) -> dict:
    """As the site does: the stored JSON, loaded again."""
    return json.loads(json.dumps(state))


def cmc_coup_prompt(wg: int, turkey: int) -> dict:
    """The US under Cuban Missile Crisis (40), choosing a coup target."""
    state = era_round("ussr", [40], 4, angola=(0, 1), west_germany=(wg, 0),
                      turkey=(turkey, 0))
    do(state, "ussr", "event", 40)
    action_round(state, "us", [26], turn=4)
    do(state, "us", "ops", 26)
    do(state, "us", "mode", "coup")
    return reload(state)


def signature(prompt: Prompt | None) -> list | None:
    """Every choice with the exact type of its argument."""
    if prompt is None:
        return None
    return [prompt.text, prompt.waiting_text] + [
        (c.verb, type(c.arg).__name__, c.arg, c.label, c.group) for c in prompt.choices]


def uncached():
    class Off:
        def __enter__(self):
            prompts.CACHING = False

        def __exit__(self, *exc):
            prompts.CACHING = True
    return Off()


def test_cmc_way_out_follows_the_reloaded_position_not_an_earlier_prompt():
    """The reported case: 4 in West Germany and none in Turkey, then (reloaded
    from JSON) none in West Germany and 2 in Turkey: only Turkey is offered,
    in every one of many builds."""
    first = cmc_coup_prompt(4, 0)
    assert ("cancel_cmc", WEST_GERMANY) in choices(RULES, first, "us")
    for _ in range(3000):  # temporary tuples come and go; ids get reused
        state = cmc_coup_prompt(0, 2)
        offered = [arg for verb, arg in choices(RULES, state, "us") if verb == "cancel_cmc"]
        assert offered == [TURKEY]
        RULES.prompt(cmc_coup_prompt(4, 0), "us")


def test_cancel_cmc_is_refused_without_two_influence_even_with_a_wrong_prompt():
    """CmcCancel.act re-checks: a forged or stale prompt cannot end the crisis
    while removing nothing."""
    state = cmc_coup_prompt(0, 2)
    stale = Prompt("stale", (Choice("cancel_cmc", WEST_GERMANY),))
    with pytest.raises(IllegalAction):
        RULES.apply(state, "us", Action("cancel_cmc", WEST_GERMANY), stale)
    assert "40" in state["effects"]
    do(state, "us", "cancel_cmc", TURKEY)
    assert inf(state, "turkey") == (0, 0) and "40" not in state["effects"]


@pytest.mark.parametrize("verb, arg", [("coup", ID["uk"]), ("coup", ID["angola"] * 1.0),
                                       ("coup", 999), ("cancel_cmc", ID["cuba"])])
def test_coup_act_refuses_a_target_the_position_does_not_allow(verb, arg):
    state = cmc_coup_prompt(0, 2)
    forged = Prompt("forged", (Choice(verb, arg),))
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction):
        RULES.apply(state, "us", Action(verb, arg), forged)
    assert json.dumps(state, sort_keys=True) == before


def test_influence_and_action_round_acts_refuse_impossible_forged_choices():
    state = era_round("us", [26], 1, uk=(5, 0))
    before = json.dumps(state, sort_keys=True)
    for action in (Action("event", 19), Action("ops", 6), Action("space", 26), Action("pass")):
        with pytest.raises(IllegalAction):
            RULES.apply(state, "us", action, Prompt("forged", (Choice(action.verb, action.arg),)))
    assert json.dumps(state, sort_keys=True) == before
    do(state, "us", "ops", 26)
    do(state, "us", "mode", "influence")
    with pytest.raises(IllegalAction):  # Angola: not in reach of US influence (6.1.1)
        RULES.apply(state, "us", Action("place", ID["angola"]),
                    Prompt("forged", (Choice("place", ID["angola"]),)))


def differential(seed: int, stats: dict) -> None:
    """One random game; at every decision the state is reloaded from JSON and
    the memoised prompt is compared with one built with every memo off."""
    state = new_game(RULES, seed, options={"edition": "original"} if seed % 4 == 3 else {})
    picker = {"rng": rng.new(seed * 13 + 1)}
    while RULES.result(state) is None:
        state = reload(state)
        for role in state["roles"]:
            cached = RULES.prompt(state, role)
            with uncached():
                fresh = RULES.prompt(state, role)
            assert signature(cached) == signature(fresh), (seed, state["stack"][-1])
            stats["compared"] += 1
            stats["steps"].add(state["stack"][-1]["step"])
        role = pick(picker, RULES.active_roles(state))
        offered = [c.action for c in RULES.prompt(state, role).choices if c.verb != "undo"]
        state = RULES.apply(state, role, pick(picker, offered))


def test_memoised_prompts_equal_prompts_built_without_the_cache():
    """Differential: random games (60 with HOTLINE_SEEDS=full, tests/seeds.py;
    a quarter under the original edition), ~400 prompt pairs a game, each state
    reloaded from JSON first, every pair equal choice for choice (action
    rounds, operations and event sub-prompts)."""
    stats = {"compared": 0, "steps": set()}
    games = seeds(60)
    for seed in games:
        differential(seed, stats)
    assert stats["compared"] > 250 * len(games)
    assert {"action", "influence", "coup", "realign", "pick_countries", "event_place",
            "headline"} <= stats["steps"]


def test_differential_covers_the_cmc_way_out_under_id_reuse():
    """The CMC prompt with its extra choices, built thousands of times for two
    alternating positions, always equals the uncached prompt."""
    for n in range(2000):
        state = cmc_coup_prompt(*((4, 0) if n % 2 else (0, 2)))
        cached = RULES.prompt(state, "us")
        with uncached():
            assert signature(cached) == signature(RULES.prompt(state, "us"))


def test_the_cache_key_holds_values_only():
    """Two equal tables under different names are different keys; the same
    content under the same key is one shared prompt."""
    extra_a = (Choice("cancel_cmc", 13, "x", "cmc"),)
    extra_b = tuple([Choice("cancel_cmc", 13, "x", "cmc")])
    from games.titles.twilight_struggle.rules.ops import COUP
    a = prompts.make("t", COUP, [1, 2], "w", extra_a)
    b = prompts.make("t", COUP, (1, 2), "w", extra_b)
    assert a is b
    c = prompts.make("t", COUP, [1, 2], "w", (Choice("cancel_cmc", 60, "y", "cmc"),))
    assert c.choices[-1].arg == 60
    with pytest.raises(ValueError):
        prompts.Table("ops.coup", {})



CANDIDATES = [None, True, 0, 1, 2, 5, 6, 13, 26, 32, 60, 84, 85, 98, 999, "coup", "influence",
              "realign", "skip", "add", "remove", "event_first", "end", "improve", "asia"]


def forged_actions(prompt: Prompt) -> list:
    """Actions with a verb of the prompt and an argument it does not offer."""
    offered = {(c.verb, type(c.arg), c.arg) for c in prompt.choices}
    verbs = sorted({c.verb for c in prompt.choices if c.verb != "undo"})
    return [Action(v, a) for v in verbs for a in CANDIDATES if (v, type(a), a) not in offered]


def test_every_act_refuses_a_choice_its_prompt_did_not_offer():
    """Random positions of every kind: each step's ``act``, handed a forged prompt
    holding an action the real prompt does not offer, raises IllegalAction and
    leaves the state exactly as it was."""
    tried, steps = 0, set()
    for seed in range(12):
        state = new_game(RULES, seed, options={"edition": "original"} if seed % 3 == 0 else {})
        picker = {"rng": rng.new(seed)}
        while RULES.result(state) is None:
            role = pick(picker, RULES.active_roles(state))
            prompt = RULES.prompt(state, role)
            frozen = json.dumps(state, sort_keys=True)
            step = state["stack"][-1]["step"]
            for action in forged_actions(prompt)[:6]:
                forged = Prompt("forged", (Choice(action.verb, action.arg),))
                with pytest.raises(IllegalAction):
                    RULES.apply(json.loads(frozen), role, action, forged)
                tried += 1
                steps.add(step)
            offered = [c.action for c in prompt.choices if c.verb != "undo"]
            state = RULES.apply(state, role, pick(picker, offered))
    assert tried > 2000 and len(steps) >= 12, (tried, sorted(steps))


def test_the_implemented_events_memo_follows_the_registry_not_its_size(monkeypatch):
    """`play.plain_events` is keyed on the registry's change count: removing one
    event and adding another (same size) is seen."""
    from games.titles.twilight_struggle.rules.registry import REGISTRY
    from games.titles.twilight_struggle.rules.play import plain_events

    assert 8 in plain_events()
    monkeypatch.delitem(REGISTRY, 8)
    monkeypatch.setitem(REGISTRY, 999, REGISTRY[19])
    assert 8 not in plain_events() and 999 in plain_events()
