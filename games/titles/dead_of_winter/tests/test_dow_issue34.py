"""Issue 34: rule defects of the engine against the Korean Warring Colonies
rulebook (seed 003). Each test names the rule or quotes the sentence."""
import copy
import itertools

import pytest

from games.rules.core import Action
from games.rules.core.flow import Flow, take_log
from games.rules.core.testing import force_rolls, random_play
from games.titles.dead_of_winter.rules import RULES
from games.titles.dead_of_winter.rules.board import C, kill, max_wounds
from games.titles.dead_of_winter.tests.helpers import act, args, card_of, census, colony_phase, defaults_until, game, put
from games.titles.dead_of_winter.tests.test_dow_examples import ON_GUARD, grocery_store_fight
from games.titles.dead_of_winter.tests.test_dow_turns import BITE, BLANK, WOUND, board
from tests.seeds import seeds


def crossroads(state, card_id):
    return next(i for i, x in enumerate(C(state).crossroads) if x["id"] == card_id)


def deal_crossroads(state, card_id):
    """The crossroads deck holds only ``card_id`` (the rest set aside)."""
    card = crossroads(state, card_id)
    state["xgone"] = [x for x in state["xgone"] + state["xdeck"] if x != card]
    state["xdeck"] = [card]


def wolf_turn(state, ph=0):
    """Start the Lone Wolf's turn (WC§13: it comes first) at part ``ph``."""
    wolf = state["wolf"]
    state["den"]["mdeck"], state["den"]["mgone"] = [], state["den"].get("mgone", []) + state["den"]["mdeck"]
    state["stack"] = [{"step": "round", "ph": 2}, {"step": "turn", "roles": [wolf], "ph": ph, "xr": [],
                                                    "must": {}, "asked": [], "safe": []}]
    RULES.flow.settle(state)
    return wolf


def wolf_board(card_id):
    """Five players; the Lone Wolf (p5) holds two survivors in the Den and has
    drawn the crossroads ``card_id``; each colony player has one at home."""
    state = board(5)
    for role in ("p1", "p2", "p3", "p4"):
        put(state, role, "a" if role in ("p1", "p3") else "b")
    lone, other = put(state, "p5", "den"), put(state, "p5", "den")
    deal_crossroads(state, card_id)
    state["pl"]["p5"]["dice"] = [3, 6]
    wolf_turn(state)
    return state, lone, other


# -- 1. crossroads "here" when the survivor is gone (crash: KeyError 'w') --------
@pytest.mark.parametrize("choose", ["default", "option 0"])
def test_slammed_door_here_is_where_the_lone_wolf_survivor_was_when_it_set_the_card_off(choose):
    """WC§5.5 (crossroads resolve in part 4, after the survivor may be gone):
    the Lone Wolf survivor who moved to the school (Slammed Door) dies before
    part 4; "1 zombie here" goes to the school. Before the fix both the
    option and the deadline default raised KeyError: 'w'."""
    state, lone, other = wolf_board("h_x_noise")
    force_rolls(state, [BLANK])
    act(state, "p5", "move", f"{lone}>school")
    act(state, "p5", "pass")
    kill(state, lone, "test")  # it dies (a bite, a wound) before the crossroads resolve
    act(state, "p5", "done")
    assert Flow.top(state)["step"] == "xroad" and state["active"] == ["p5"]
    action = RULES.default_action(state, "p5") if choose == "default" else Action("option", "0>-1")
    assert action == Action("option", "0>-1")
    RULES.apply(state, "p5", action)
    assert state["loc"]["school"]["z"] == 1
    assert state["active"] != ["p5"]


def test_fumes_here_is_the_gas_station_the_lone_wolf_survivor_searched():
    """WC§5.5: Fumes ("2 zombies here", second option) for a Lone Wolf survivor
    that searched the gas station and died before part 4; the bullet is not the
    Lone Wolf's (it cannot collect bullets, WC§13)."""
    state, lone, other = wolf_board("h_x_fumes")
    force_rolls(state, [BLANK])
    act(state, "p5", "move", f"{lone}>gas_station")
    act(state, "p5", "pass")
    act(state, "p5", "search", lone)
    while Flow.top(state)["step"] == "act" and state["stack"][-1]["srch"]:
        act(state, "p5", "keep", args(state, "p5", "keep")[0])
    kill(state, lone, "test")
    act(state, "p5", "done")
    assert sorted(args(state, "p5", "option")) == ["0>-1", "1>-1"]
    act(state, "p5", "option", "1>-1")
    assert state["loc"]["gas_station"]["z"] == 2


def frames_for_every_option(state, role, sid, where):
    """An xroad frame for every crossroads card of the pack, ``sid`` set it off at ``where``."""
    for card in range(len(C(state).crossroads)):
        frame = {"step": "xroad", "card": card, "role": role, "hits": [sid]}
        if where is not None:
            frame["where"] = {str(sid): where}
        yield card, frame


@pytest.mark.parametrize("role", ["p5", "p1"])
@pytest.mark.parametrize("where", ["school", "a", "b", "den", None])
def test_no_crossroads_choice_or_default_raises_when_its_survivor_is_gone(role, where):
    """Issue 34: every option of every crossroads card (and the deadline
    default) resolves when the survivor that set it off is dead or gone, for
    the Lone Wolf and a colony player, "here" kept or not (a frame saved before
    the place was kept: None)."""
    base = board(5)
    for r in ("p1", "p2", "p3", "p4", "p5"):
        put(base, r, "den" if r == "p5" else ("a" if r in ("p1", "p3") else "b"))
    gone = put(base, role, "school")
    kill(base, gone, "test")
    for card, frame in frames_for_every_option(base, role, gone, where):
        state = copy.deepcopy(base)
        state["stack"] = [{"step": "round", "ph": 5}, frame]
        RULES.flow.settle(state)
        assert state["active"] == [role]
        actions = [c.action for c in RULES.prompt(state, role).choices if c.verb == "option"]
        actions.append(RULES.default_action(state, role))
        for action in actions:
            RULES.apply(copy.deepcopy(state), role, action)


def test_here_is_where_the_survivor_set_the_card_off_even_if_it_moved_on():
    """A living survivor: the card's "here" is the place of the trigger too
    (the school), not where it stands at part 4."""
    state = board(5)
    sid = put(state, "p1", "library")
    put(state, "p3", "a")
    state["stack"] = [{"step": "round", "ph": 5},
                      {"step": "xroad", "card": crossroads(state, "h_x_noise"), "role": "p1", "hits": [sid],
                       "where": {str(sid): "school"}}]
    RULES.flow.settle(state)
    act(state, "p1", "option", f"0>{sid}")
    assert state["loc"]["school"]["z"] == 1  # (the colony phase then adds its own zombie at the library)


@pytest.mark.parametrize("players", [5, 7, 9, 11])
def test_random_games_with_every_option_never_raise(players):
    """Issue 34: random legal play with every option value (objectives, Quick
    Play, movement, combat) at 5, 7, 9 and 11 players (the Lone Wolf): no
    exception, every game ends; a game of defaults only ends too."""
    for n, options in enumerate(option_sets()):
        game = random_play(RULES, 34_000 + n, options={"players": players, **options}, max_steps=5000)
        assert RULES.result(game.state) is not None
    state = RULES.setup(34, "standard", {"players": players})
    defaults_until(state, limit=20000)
    assert state["result"] is not None


def option_sets():
    choices = RULES.option_choices()
    names = ["objective", "quick_play", "movement", "combat"]
    for values in itertools.product(*(choices[name] for name in names)):
        yield dict(zip(names, values))


@pytest.mark.slow
@pytest.mark.parametrize("players", [5, 7, 9, 11])
def test_many_random_games_with_every_option_never_raise(players):
    """seeds(2000) per player count (all with HOTLINE_SEEDS=full; 5 % of them by
    default, which keeps CI inside its budget): options drawn in turn from every
    combination; no exception, every game ends."""
    sets = list(option_sets())
    for seed in seeds(2000, share=0.05):
        game = random_play(RULES, 340_000 + seed, options={"players": players, **sets[seed % len(sets)]},
                           max_steps=5000)
        assert RULES.result(game.state) is not None, seed


# -- 2. [좀비 추가]: the wound first, then home ------------------------------------
def test_entrance_wound_comes_before_going_home_so_a_killing_wound_kills_at_the_enemy_colony():
    """WC§6.8 [좀비 추가]: "가장 영향력이 낮은 생존자에게 1개의 상처를 올려 놓고나서 그의
    공동체로 (위험노출 주사위를 굴리지 않고) 돌려 보냅니다" — wound first, then home. A
    raider one wound from death dies at colony b's entrance: it dies there (WC§6.4:
    its items go to a colony b survivor inside), not at home (its items would go
    back to its owner's hand)."""
    from games.titles.dead_of_winter.tests.test_dow_colony import run_phase
    state = board()
    guard = put(state, "p2", "b")
    raiders = [put(state, "p1", "b@1"), put(state, "p3", "b@1"), put(state, "p1", "b@1")]
    low = min(raiders, key=lambda s: (C(state).survivors[s]["influence"], s))
    state["sv"][low]["w"] = max_wounds(state, low) - 1
    shotgun = card_of(state, "shotgun")
    state["sv"][low]["eq"] = [shotgun]
    owner = state["sv"][low]["o"]
    hand = list(state["pl"][owner]["hand"])
    lines = run_phase(state, 9)
    death = next(line for line in lines if line["kind"] == "death")
    assert death["survivor"] == low and death["at"] == "b@1"
    assert not any(line["kind"] == "bounce" and line["survivor"] == low for line in lines)
    assert state["sv"][low] is None and state["sv"][guard]["eq"] == [shotgun]
    assert state["pl"][owner]["hand"] == hand


def test_entrance_wound_that_does_not_kill_still_sends_the_survivor_home():
    """WC§6.8: a survivor that lives goes home with its wound (no exposure roll)."""
    from games.titles.dead_of_winter.tests.test_dow_colony import run_phase
    state = board()
    put(state, "p2", "b")
    raiders = [put(state, "p1", "b@1"), put(state, "p3", "b@1"), put(state, "p1", "b@1")]
    low = min(raiders, key=lambda s: (C(state).survivors[s]["influence"], s))
    lines = run_phase(state, 9)
    kinds = [line["kind"] for line in lines if line.get("survivor") == low]
    assert kinds[:2] == ["wound", "bounce"] and "exposure" not in kinds
    assert state["sv"][low]["at"] == "a" and state["sv"][low]["w"] == 1


def test_a_lone_wolf_survivor_killed_at_an_entrance_leaves_its_items_to_that_colony():
    """WC§6.8 + §6.4 for a Lone Wolf survivor at colony a's entrance 1: the wound
    kills it there, its pistol goes to colony a's survivor inside (not to the
    Lone Wolf's hand, as a death in the Den would)."""
    from games.titles.dead_of_winter.rules.board import add_zombies
    state = board(5)
    guard = put(state, "p1", "a")
    put(state, "p5", "den")
    wolves = [put(state, "p5", "a@1") for _ in range(3)]
    low = min(wolves, key=lambda s: (C(state).survivors[s]["influence"], s))
    state["sv"][low]["w"] = max_wounds(state, low) - 1
    pistol = card_of(state, "pistol")
    state["sv"][low]["eq"] = [pistol]
    add_zombies(state, "a", 1)
    assert state["sv"][low] is None and state["sv"][guard]["eq"] == [pistol]
    assert pistol not in state["pl"]["p5"]["hand"]


# -- 3. no time limit on the Lone Wolf's turn --------------------------------------
@pytest.mark.parametrize("quick_play", [True, False])
def test_the_lone_wolf_turn_has_no_sand_timer_window_quick_play_included(quick_play):
    """WC§13: "외로운 늑대 플레이어는 그의 턴에 시간 제한이 없습니다" — its action step
    gets the normal window, never the sand timer's grace (Quick Play, WC§11,
    still gives a paired turn's action step the grace window)."""
    state = board(5)
    state["options"]["quick_play"] = quick_play
    for role in ("p1", "p2", "p3", "p4"):
        put(state, role, "a" if role in ("p1", "p3") else "b")
    put(state, "p5", "den")
    wolf_turn(state)
    act(state, "p5", "pass")
    assert Flow.top(state)["step"] == "act" and state["active"] == ["p5"]
    assert RULES.pace_step(state, "p5")[0] == "normal"
    act(state, "p5", "done")
    while Flow.top(state)["step"] != "act":
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    role = state["active"][0]
    assert RULES.pace_step(state, role)[0] == ("grace" if quick_play else "normal")


# -- 4. a Lone Wolf at 0 morale is out at once ---------------------------------------
def test_a_lone_wolf_at_zero_morale_in_its_movement_is_asked_nothing_more():
    """WC§13: at 0 morale the Lone Wolf "게임에서 패배하고 게임에서 제거 됩니다" —
    out at once: a bite on its move ends its turn (no pass, no actions, no
    crossroads); the leaders' pair plays next."""
    state, lone, other = wolf_board("h_x_noise")
    state["den"]["morale"] = 1
    before = census(state)["crossroads"]
    force_rolls(state, [BITE])
    act(state, "p5", "move", f"{lone}>school")
    assert state["den"]["out"] and "p5" not in state["active"]
    turn = next(f for f in state["stack"] if f["step"] == "turn")
    assert turn["roles"] != ["p5"] and Flow.top(state)["step"] == "move"
    assert census(state)["crossroads"] == before


def test_a_lone_wolf_at_zero_morale_in_its_action_step_is_asked_nothing_more():
    """WC§13: a wound from the exposure roll of an attack kills its survivor at
    1 morale: its action step ends at once."""
    state, lone, other = wolf_board("h_x_noise")
    state["den"]["morale"] = 1
    state["sv"][lone]["at"] = "school"
    state["sv"][lone]["w"] = max_wounds(state, lone) - 1
    state["loc"]["school"]["z"] = 2
    act(state, "p5", "pass")
    attack = next(a for a in args(state, "p5", "attack") if a.startswith(f"{lone}>"))
    force_rolls(state, [WOUND])
    act(state, "p5", "attack", attack)
    assert state["den"]["out"] and "p5" not in state["active"]
    assert not any(f["step"] in ("act", "move", "swap") and "p5" in f.get("roles", [f.get("role")])
                   for f in state["stack"])


def test_a_lone_wolf_out_from_frostbite_is_not_asked_to_swap_a_mission():
    """WC§13 + B§6 step 2: frostbite at the start of its turn at 1 morale: no
    mission swap, no movement; the cards stay accounted for."""
    state = board(5)
    for role in ("p1", "p2", "p3", "p4"):
        put(state, role, "a" if role in ("p1", "p3") else "b")
    put(state, "p5", "den", w=2, f=1)
    state["den"]["morale"] = 1
    deal_crossroads(state, "h_x_noise")
    state["stack"] = [{"step": "round", "ph": 2}, {"step": "turn", "roles": ["p5"], "ph": 0, "xr": [],
                                                    "must": {}, "asked": [], "safe": []}]
    before = census(state)
    RULES.flow.settle(state)
    assert state["den"]["out"] and "p5" not in state["active"]
    assert census(state)["crossroads"] == before["crossroads"]


# -- 6. On Guard: no mutual cancel ---------------------------------------------------
def test_both_leaders_playing_on_guard_still_fight():
    """WC§6.2 (seed <#P12>): the rulebook knows 방어 only as "+1 전투력" and says
    nothing of a mutual cancel (the rule came from an unattributed helper
    script). Both play it: +1 each, then survivors, bids, dice, a result."""
    state, enforcer, bernadette, scott = grocery_store_fight()
    act(state, "p1", "tactic", ON_GUARD)
    act(state, "p2", "tactic", ON_GUARD)
    while any(f["step"] == "fight" for f in state["stack"]):
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    lines = take_log(state)
    kinds = [line["kind"] for line in lines]
    assert "combat_cancelled" not in kinds and "bids" in kinds and "combat_result" in kinds
    tracker = next(line for line in lines if line["kind"] == "combat_tracker")
    assert (tracker["stage"], tracker["a"], tracker["b"]) == ("tactics", 1, 1)


@pytest.mark.parametrize("combat", ["standard", "fast"])
def test_a_fight_decided_by_deadline_defaults_is_fought(combat):
    """CD§5: the default tactic (On Guard) of both absent leaders keeps the fight."""
    state, *_ = grocery_store_fight()
    state["options"]["combat"] = combat
    if combat == "fast":
        colony_phase(state, ["grocery_store"])
    while any(f["step"] == "fight" for f in state["stack"]):
        role = state["active"][0]
        RULES.apply(state, role, RULES.default_action(state, role))
    kinds = [line["kind"] for line in take_log(state)]
    assert "combat_cancelled" not in kinds and "combat_result" in kinds


# -- 5. choices the rulebook gives players (asks.py) ------------------------------------
def zombies_phase(state):
    """Run the colony phase's Add Zombies step through the flow (WC§6.8): it stops
    at the first prompt (a queued choice) or at the elections."""
    state["stack"] = [{"step": "round", "ph": 9}]
    RULES.flow.settle(state)
    return state


def test_the_enemy_leader_chooses_who_equips_a_dead_raiders_items():
    """WC§6.4: "그 생존자에게 장착된 아이템들은 적 공동체의 리더가 적합하다고 지정한
    그들의 거주지에 있는 생존자에게 즉시 장착 시킵니다" — colony b's leader (p2) picks
    which survivor inside gets the raider's shotgun; the default is the
    highest-influence one."""
    state = board()
    inside = [put(state, "p2", "b"), put(state, "p4", "b")]
    raiders = [put(state, "p1", "b@1"), put(state, "p3", "b@1"), put(state, "p1", "b@1")]
    low = min(raiders, key=lambda s: (C(state).survivors[s]["influence"], s))
    state["sv"][low]["w"] = max_wounds(state, low) - 1
    shotgun = card_of(state, "shotgun")
    state["sv"][low]["eq"] = [shotgun]
    zombies_phase(state)
    assert Flow.top(state)["step"] == "ask" and state["active"] == ["p2"]
    assert sorted(args(state, "p2", "arm")) == sorted(inside)
    best = max(inside, key=lambda s: (C(state).survivors[s]["influence"], -s))
    assert RULES.default_action(state, "p2") == Action("arm", best)
    from games.titles.dead_of_winter.tests.test_dow_board import render
    for viewer in state["roles"] + [None]:
        render(state, viewer)  # the table page draws the step for every seat and a spectator
    other = next(s for s in inside if s != best)
    act(state, "p2", "arm", other)
    assert state["sv"][other]["eq"] == [shotgun] and state["sv"][best]["eq"] == []
    assert Flow.top(state)["step"] == "elect"  # the colony phase went on


def test_the_lone_wolf_chooses_where_a_survivor_goes_when_the_den_is_full():
    """WC§13: "만약 외로운 늑대 둥지에 공간이 없어서 불가능 하다면, 외로운 늑대 플레이어는
    반드시 그 생존자를 그가 선택한 장소로 이동 시켜야 합니다" — a Lone Wolf survivor
    sent home from colony a's full entrance with the Den full: the Lone Wolf
    picks the location; the default is the first location with room."""
    state = board(5)
    put(state, "p1", "a")
    for _ in range(C(state).den_capacity):
        put(state, "p5", "den")
    wolves = [put(state, "p5", "a@1") for _ in range(3)]
    low = min(wolves, key=lambda s: (C(state).survivors[s]["influence"], s))
    zombies_phase(state)
    assert Flow.top(state)["step"] == "ask" and state["active"] == ["p5"]
    first = C(state).locations[0]
    assert state["sv"][low]["at"] == first and state["sv"][low]["w"] == 1
    assert RULES.default_action(state, "p5") == Action("place", first)
    assert set(args(state, "p5", "place")) == set(C(state).locations)
    from games.titles.dead_of_winter.tests.test_dow_board import render
    render(state, "p5"), render(state, "p1"), render(state, None)
    act(state, "p5", "place", "school")
    assert state["sv"][low]["at"] == "school"


def test_the_player_chooses_a_new_group_leader_when_theirs_dies():
    """B§10 (base-rules.md: "A dead group leader is replaced by a follower of
    the player's choice"): asked at once, in the middle of the turn; the
    default is the highest-influence follower; then the turn goes on."""
    state = game(4, seed=5)
    waiting = list(state["active"])
    role = "p1"
    lead = state["pl"][role]["lead"]
    followers = [s for s in range(len(state["sv"])) if state["sv"][s] and state["sv"][s]["o"] == role and s != lead]
    assert len(followers) >= 2
    kill(state, lead, "test")
    RULES.flow.settle(state)
    assert state["active"] == [role] and sorted(args(state, role, "lead")) == sorted(followers)
    best = max(followers, key=lambda s: (C(state).survivors[s]["influence"], -s))
    assert RULES.default_action(state, role) == Action("lead", best)
    other = next(s for s in followers if s != best)
    act(state, role, "lead", other)
    assert state["pl"][role]["lead"] == other and state["active"] == waiting


@pytest.mark.parametrize("lang", ["ko", "ja", "es"])
def test_the_new_prompts_are_said_in_every_language(lang):
    """The three new prompts, their waiting texts and labels are translated."""
    from django.utils import translation
    from games.titles.dead_of_winter.presentation import PRESENTATION as SHOW
    frames = [{"step": "ask", "kind": "arm", "role": "p2", "side": "b", "holder": 3, "cards": [1],
               "options": [3, 4], "default": 3},
              {"step": "ask", "kind": "place", "role": "p5", "sid": 3, "options": ["school", "library"],
               "default": "school"},
              {"step": "ask", "kind": "lead", "role": "p1", "options": [3, 4], "default": 3}]
    state = board(5)
    for frame in frames:
        prompt = RULES.flow.step_of(frame).prompt(state, frame, frame["role"])
        with translation.override("en"):
            english = (SHOW.prompt_text(prompt), SHOW.waiting_text(prompt),
                       [SHOW.choice_label(c) for c in prompt.choices])
        with translation.override(lang):
            said = (SHOW.prompt_text(prompt), SHOW.waiting_text(prompt), [SHOW.choice_label(c) for c in prompt.choices])
        assert said[0] != english[0] and said[1] != english[1], (lang, said)
        if frame["kind"] == "place":
            assert said[2] != english[2]


@pytest.mark.parametrize("players", range(4, 12))
def test_a_game_of_defaults_only_finishes_at_every_count(players):
    """Issue 34's "done when": every seat timing out every step (the deadline
    default each time, every option at its default) still brings the game to its end."""
    from games.rules.core.testing import new_game

    state = new_game(RULES, 77_000 + players, options={"players": players})
    defaults_until(state, limit=20_000)
    assert RULES.result(state) is not None


@pytest.mark.django_db
def test_item_5_the_creator_chooses_who_is_the_lone_wolf_at_creation_or_leaves_it_to_chance(client, make_user):
    """WC§1 lets the players decide who plays the Lone Wolf: on the create page
    the creator puts an invited player (or themself) in the Lone Wolf team, or
    leaves every seat at "Any team" (drawn at random when the table is full)."""
    from django.urls import reverse

    from games.models import Game
    from games.play import services

    users = [make_user(f"wolfpick{n}") for n in range(5)]
    creator, chosen = users[0], users[3]
    client.force_login(creator)
    form = {"title_id": RULES.title_id, f"opt_{RULES.title_id}_players": "5", "rated": "on", "time_kind": "",
            f"team_{RULES.title_id}": "", f"invitee_{RULES.title_id}_1": chosen.username,
            f"invitee_team_{RULES.title_id}_1": "2"}  # teams: 0 Colony A, 1 Colony B, 2 the Lone Wolf
    assert client.post(reverse("games:create"), form).status_code == 302
    game = Game.objects.get(title_id=RULES.title_id, created_by=creator)
    for user in users[1:]:
        services.seat_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert game.seats.get(user=chosen).role == game.state["wolf"]
