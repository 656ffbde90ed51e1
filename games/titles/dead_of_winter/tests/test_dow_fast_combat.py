"""Fast combat (option ``combat: fast``, a house option of correspondence-design
§2.7, not an official rule): each colony leader seals tactic and bullet bid
in one choice ``"tactic>bullets"``, both are revealed together, and the fight
then resolves exactly as standard combat does.

Here: a fast fight ends as the standard fight with the same picks and dice;
the picks stay sealed (views, rehide, site pages) until both are in; the
deadline default is both standard defaults; the deputy hook, the sealed-step
and pace hooks see the merged step; random games with the option never stall.
"""
import copy
import json
import random

import pytest
from django.urls import reverse

from games.play import services
from games.models import Game
from games.rules.core import Action
from games.rules.core.flow import Flow, take_log
from games.rules.core.testing import new_game, random_inputs
from games.titles.dead_of_winter.presentation import PRESENTATION as SHOW
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C
from games.titles.dead_of_winter.tests.helpers import act, args, clear_board, colony_phase, game, put

FAST = {"combat": "fast"}


def fight(combat="standard", bullets=(2, 2), seed=4, players=6):
    """Both colonies at the school (leaders p3 and p2, their teammates at home):
    the first sealed step of the fight is open."""
    state = clear_board(game(players, seed=seed))
    state["options"]["combat"] = combat
    state["col"]["a"].update(leader="p3", bullets=bullets[0])
    state["col"]["b"].update(leader="p2", bullets=bullets[1])
    put(state, "p3", "school"), put(state, "p2", "school"), put(state, "p3", "school")
    for role in state["roles"]:
        if role not in ("p3", "p2") and state["pl"][role]["side"] != "w":
            put(state, role, state["pl"][role]["side"])
    take_log(state)
    return colony_phase(state, ["school"])


def finish_fight(state: dict, bids=None) -> dict:
    """Defaults (wound targets, the loser's wounds) until the fight is over;
    in a standard fight's bid step the leaders bid ``bids`` (a, b)."""
    while any(f["step"] == "fight" for f in state["stack"]):
        role = state["active"][0]
        top = Flow.top(state)
        if top["step"] == "sealed" and top["what"] == "bid":
            act(state, role, "bid", bids[0 if state["pl"][role]["side"] == "a" else 1])
        else:
            RULES.apply(state, role, RULES.default_action(state, role))
    return state


def standard(tactics, bids, seed=4):
    state = fight(seed=seed)
    act(state, "p3", "tactic", tactics[0]), act(state, "p2", "tactic", tactics[1])
    return finish_fight(state, bids)


def fast(tactics, bids, seed=4):
    state = fight("fast", seed=seed)
    act(state, "p3", "combat", f"{tactics[0]}>{bids[0]}"), act(state, "p2", "combat", f"{tactics[1]}>{bids[1]}")
    return finish_fight(state)


def outcome(state: dict) -> dict:
    """Everything a fight changes: survivors, colonies, dice stream, the log's events."""
    kept = {k: v for k, v in state.items() if k not in ("options", "sealed_n", "log", "stack")}
    events = [line for line in state["log"] if line.get("kind") != "sealed"]
    return json.loads(json.dumps({**kept, "log": events, "stack": [f["step"] for f in state["stack"]]}))


def tactic_count() -> int:
    return len(C(fight()).tactics)


@pytest.mark.parametrize("bids", [(0, 0), (2, 0), (1, 2), (2, 2)])
def test_a_fast_fight_ends_exactly_as_the_standard_fight_with_the_same_picks(bids):
    """Every pair of tactics (a cancelled fight too) with these bids, same seed."""
    n = tactic_count()
    for ta in range(n):
        for tb in range(n):
            one, other = outcome(standard((ta, tb), bids)), outcome(fast((ta, tb), bids))
            assert one == other, (ta, tb, bids)
            assert any(line["kind"] == "combat_result" for line in one["log"]) or \
                any(line["kind"] == "combat_cancelled" for line in one["log"])


def test_the_fast_fight_asks_once_and_never_for_bids_after_the_reveal():
    state = fight("fast")
    top = Flow.top(state)
    assert (top["step"], top["what"], sorted(state["active"])) == ("sealed", "both", ["p2", "p3"])
    assert len(args(state, "p3", "combat")) == tactic_count() * 3  # 0, 1 or 2 bullets with each tactic
    act(state, "p3", "combat", "0>2"), act(state, "p2", "combat", "1>1")
    steps = set()
    while any(f["step"] == "fight" for f in state["stack"]):
        steps.add(Flow.top(state)["step"])
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    assert "sealed" not in steps
    assert [(x["a"], x["b"]) for x in take_log(state) if x["kind"] == "bids"] == [(2, 1)]


def test_a_leader_without_bullets_can_only_bid_nothing():
    state = fight("fast", bullets=(0, 3))
    assert {a.split(">")[1] for a in args(state, "p3", "combat")} == {"0"}
    assert {a.split(">")[1] for a in args(state, "p2", "combat")} == {"0", "1", "2", "3"}
    assert not RULES.prompt(state, "p3").allows(Action("combat", "0>1"))


def test_the_deadline_default_is_both_standard_defaults_together():
    state = fight("fast")
    default_tactic = C(state).default_tactic
    for role in ("p3", "p2"):
        assert RULES.default_action(state, role) == Action("combat", f"{default_tactic}>0")
    one = standard((default_tactic, default_tactic), (0, 0))
    for role in ("p3", "p2"):
        RULES.apply(state, role, RULES.default_action(state, role))
    assert outcome(finish_fight(state)) == outcome(one)


def test_the_picks_stay_sealed_until_both_are_in():
    state = fight("fast")
    act(state, "p3", "combat", "0>2")
    assert not [line for line in take_log(state) if line["kind"] in ("tactics", "bids")]
    for viewer in ("p2", "p4", "p6", None):  # the enemy leader, its colony, a spectator
        combat = RULES.view(state, viewer)["combat"]
        assert combat["tactics"].get("a") == "secret" and combat["bids"].get("a") == "secret", viewer
    for viewer in ("p1", "p5"):  # the leader's own colony sees its pending pick
        combat = RULES.view(state, viewer)["combat"]
        assert (combat["tactics"]["a"], combat["bids"]["a"]) == (0, 2)
    hidden = copy.deepcopy(state)
    RULES.rehide(hidden, "p2", lambda items: items[1:] + items[:1])
    fight_frame = next(f for f in hidden["stack"] if f["step"] == "fight")
    assert (fight_frame["tac"]["a"], fight_frame["bid"]["a"]) == (1, 1)  # reshuffled, both parts
    act(state, "p2", "combat", "1>1")
    combat = RULES.view(state, "p2")["combat"]
    assert (combat["tactics"], combat["bids"]) == ({"a": 0, "b": 1}, {"a": 2, "b": 1})


def test_the_deputy_sealed_step_and_pace_hooks_see_the_merged_step():
    state = fight("fast")
    assert RULES.deputy(state, "p3") == "p5" and RULES.deputy(state, "p2") == "p4"
    sid = RULES.sealed_step(state)
    assert sid is not None and RULES.pace_step(state, "p3")[0] == "sealed"
    act(state, "p3", "combat", "2>0")
    assert RULES.deputy(state, "p3") is None and RULES.sealed_step(state) == sid
    assert RULES.deputy(state, "p2") == "p4"


def test_the_option_is_offered_labelled_as_house_content_and_checked():
    assert RULES.default_options()["combat"] == "standard"
    field = next(f for f in SHOW.option_fields() if f.name == "combat")
    assert field.label == "Combat" and [value for value, _label in field.choices] == ["standard", "fast"]
    assert "house option, not an official rule" in field.help
    assert "house option" in dict(field.choices)["fast"]
    with pytest.raises(ValueError):
        RULES.clean_options({"combat": "faster"})
    state = fight("fast")
    del state["options"]["combat"]  # a game saved before the option existed
    colony_phase(state, ["school"])
    assert Flow.top(state)["what"] == "tactic"


def test_the_prompt_and_the_buttons_are_in_words():
    state = fight("fast")
    prompt = RULES.prompt(state, "p3")
    assert SHOW.prompt_text(prompt) == "Choose a tactics card and your bullet bid together (secret)"
    labels = [SHOW.choice_label(c) for c in prompt.choices]
    name = C(state).tactics[0]["name"]
    assert f"{name}, bid 1 bullet" in labels and f"{name}, bid 2 bullets" in labels
    assert SHOW.action_text("p3", "combat", "0>2") == "Player 3 chose a tactic and a bullet bid."


@pytest.mark.parametrize("players,seed", [(4, 1), (5, 2), (6, 3), (7, 4), (9, 5), (11, 9)])
def test_random_games_with_fast_combat_never_get_stuck(players, seed):
    state = new_game(RULES, seed, options={"players": players, **FAST})
    merged = 0
    for role, action, _before in random_inputs(RULES, state, random.Random(seed), prefer="move", limit=6000):
        top = Flow.top(state)
        assert state["active"] and all(RULES.prompt(state, r).choices for r in state["active"])
        assert not (top["step"] == "sealed" and top["what"] != "both")
        merged += action.verb == "combat"
    assert state["result"] is not None and merged > 0


# -- the site: a fast fight's sealed picks on every page (canary, as test_dow_canaries.py) ----
PAGES = ("games:detail", "games:panel", "games:status", "games:log", "api:game", "api:log")


def pages_of(client, game, user) -> dict[str, str]:
    client.logout()
    if user is not None:
        client.force_login(user)
    names = PAGES if user is not None else [p for p in PAGES if not p.startswith("api:")]
    return {name: client.get(reverse(name, args=[game.pk]), HTTP_HX_REQUEST="true" if "panel" in name else "")
            .content.decode() for name in names}


@pytest.mark.django_db
def test_no_page_shows_a_sealed_fast_combat_pick_before_both_are_in(client, make_user):
    users = [make_user(f"fast{n}") for n in range(1, 7)]
    site = services.game_create(user=users[0], title_id=RULES.title_id, options={"players": 6, **FAST})
    for user in users[1:]:
        services.seat_join(game_id=site.pk, user=user)
    site = Game.objects.get(pk=site.pk)
    seats = {s.role: s.user for s in site.seats.select_related("user")}
    state = fight("fast", bullets=(3, 0))
    state["options"] = {**site.state["options"], **FAST}
    Game.objects.filter(pk=site.pk).update(state=state, active_roles=list(state["active"]))
    site.refresh_from_db()
    name = C(state).tactics[0]["name"]
    services.move_submit(game_id=site.pk, user=seats["p3"], verb="combat", arg="0>3", expected_seq=site.seq)
    site.refresh_from_db()
    secrets = {f"{name}, bid 3 bullets", "0>3", "0&gt;3"}
    for role in ("p2", "p4", "p6", None):
        for page, text in pages_of(client, site, seats.get(role)).items():
            assert not [s for s in secrets if s in text], (role, page)
            if page == "games:detail":
                assert text.count("chosen (sealed)") >= 2, role  # a's tactic and bid cells
    mine = pages_of(client, site, seats["p5"])["games:detail"]
    assert name in mine  # the leader's own colony sees the pending tactic
