"""Reusable event steps: fixed placements ignore 6.1 (7.4), event operations
follow rule 6 with the card's ops, forced discards never trigger events (5.3)."""
from games.titles.dawn_of_freedom.rules.events import steps
from games.titles.dawn_of_freedom.rules.registry import REGISTRY

from .helpers import (COM, DEM, ID, action_round, after_setup, clear_board, do, ids, kinds, put,
                      rolls, sp)

MICHNIK = 4


def register(monkeypatch, fn) -> None:
    """A stand-in event for card 4 during one test (not `@event`, which would
    register it for good)."""
    def wrapper(state, ctx):
        fn(state, ctx)
    wrapper.card, wrapper.requires = MICHNIK, None
    monkeypatch.setitem(REGISTRY, MICHNIK, wrapper)


def test_7_4_a_fixed_placement_ignores_adjacency_and_control_cost(monkeypatch):
    register(monkeypatch, lambda state, ctx: steps.place(state, ctx["role"], 2, [ID["berlin"]]))
    state = clear_board(after_setup())
    put(state, berlin=(4, 0), gdansk=(0, 1))
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    do(state, DEM, "place", ID["berlin"])
    do(state, DEM, "place", ID["berlin"])
    assert sp(state, "berlin") == (4, 2) and MICHNIK in state["removed"]


def test_7_4_an_event_using_the_cards_ops_follows_rule_6(monkeypatch):
    from games.titles.dawn_of_freedom.rules.cards import ops_value

    def fn(state, ctx):
        steps.operations(state, ctx["role"], ctx["card"], ops_value(state, ctx["role"], ctx["card"]),
                         kinds=("place",))
    register(monkeypatch, fn)
    state = clear_board(after_setup())
    put(state, gdansk=(0, 1), berlin=(4, 0))
    state["effects"]["8"] = {"role": DEM, "ops": 1, "until": "turn"}
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    do(state, DEM, "mode", "place")
    assert ID["berlin"] not in ids(state, DEM, "place")  # not reachable (6.1.2)
    do(state, DEM, "place", ID["gdansk"])
    do(state, DEM, "place", ID["gdansk"])
    assert sp(state, "gdansk") == (0, 3)


def test_5_3_a_forced_discard_never_triggers_the_discarded_event(monkeypatch):
    register(monkeypatch, lambda state, ctx: steps.discard(state, COM, [22, 15]))
    state = after_setup()
    action_round(state, DEM, [MICHNIK])
    state["hands"][COM] = [15, 22]
    do(state, DEM, "event", MICHNIK)
    assert state["active"] == [COM]
    do(state, COM, "discard", 22)
    assert 22 in state["discard"] and state["ps"] is None and not kinds(state, "struggle")


def test_a_lasting_effect_keeps_its_card_beside_the_board(monkeypatch):
    register(monkeypatch, lambda state, ctx: steps.persist(state, MICHNIK, DEM, ops=1, board=True))
    state = after_setup()
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    assert MICHNIK in state["board"] and state["effects"]["4"]["ops"] == 1
    from games.titles.dawn_of_freedom.rules.cards import end_effect
    end_effect(state, "4")
    assert MICHNIK in state["discard"] and MICHNIK not in state["board"]


# -- generic hooks added with the Early Year cards --------------------------------
def test_choose_and_then_run_an_events_parts_in_order(monkeypatch):
    seen = []

    @steps.continuation("test_pick")
    def picked(state, frame, arg):
        seen.append(("picked", arg, frame["extra"]))

    @steps.continuation("test_after")
    def after(state, frame, arg):
        seen.append(("after", state["sp"][DEM][ID["berlin"]]))

    def fn(state, ctx):
        steps.then(state, "test_after")
        steps.place(state, DEM, 1, [ID["berlin"]])
        steps.choose(state, DEM, "space", [ID["gdansk"]], "test_pick", "Pick", optional=True,
                     extra=7)
    register(monkeypatch, fn)
    state = clear_board(after_setup())
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    assert ids(state, DEM) == [ID["gdansk"], None]  # the space or decline
    do(state, DEM, "decline")
    do(state, DEM, "place", ID["berlin"])
    assert seen == [("picked", None, 7), ("after", 1)]
    assert not steps.choose(state, DEM, "space", [], "test_pick", "Pick")  # nothing to pick


def test_fixed_placements_and_removals_with_nothing_to_do_push_no_prompt():
    state = clear_board(after_setup())
    depth = len(state["stack"])
    steps.remove(state, DEM, COM, 2, [ID["berlin"]])
    steps.place(state, DEM, 2, [])
    assert len(state["stack"]) == depth


def test_check_modifier_and_after_check_hooks_apply_only_while_their_effect_is_in_play(
        monkeypatch):
    from games.titles.dawn_of_freedom.rules import ops
    after = []
    monkeypatch.setattr(ops, "CHECK_MODIFIERS", [(("900",), lambda s, r, sp_, mod: mod + 5)])
    monkeypatch.setattr(ops, "AFTER_CHECK", [(("900",), lambda s, r, sp_, ex: after.append(ex))])
    state = put(clear_board(after_setup()), krakow=(3, 0))
    rolls(state, 1, 1)
    ops.support_check(state, DEM, ID["krakow"], 1)
    assert kinds(state, "support_check")[-1]["mod"] == 0 and after == []
    state["effects"]["900"] = {"role": DEM, "until": "turn"}
    ops.support_check(state, DEM, ID["krakow"], 1)
    assert kinds(state, "support_check")[-1]["mod"] == 5 and after == [1]


def test_play_filters_and_play_hooks(monkeypatch):
    from games.titles.dawn_of_freedom.rules import play
    played = []
    monkeypatch.setattr(play, "PLAY_FILTERS", [(("900",), lambda s, r, codes: codes[:1])])
    monkeypatch.setattr(play, "PLAY_HOOKS", [lambda s, r, c, use: played.append((c, use))])
    state = put(clear_board(after_setup()), berlin=(0, 1))
    action_round(state, DEM, [MICHNIK, 19])
    assert len(ids(state, DEM)) > 1
    state["effects"]["900"] = {"role": COM, "until": "turn"}
    assert len(ids(state, DEM)) == 1
    verb, arg = ids_and_verbs(state)[0]
    do(state, DEM, verb, arg)
    assert played == [(MICHNIK, verb)]


def ids_and_verbs(state):
    from games.titles.dawn_of_freedom.rules import RULES
    return [(c.verb, c.arg) for c in RULES.prompt(state, DEM).choices]


def test_a_round_end_hook_may_ask_a_question_before_the_next_round(monkeypatch):
    from games.titles.dawn_of_freedom.rules import play

    @steps.continuation("test_round_end")
    def answered(state, frame, arg):
        state["answered"] = arg

    def hook(state, role):
        if role == DEM:
            steps.choose(state, DEM, "space", [ID["berlin"]], "test_round_end", "Which?")
    monkeypatch.setattr(play, "ROUND_END_HOOKS", [hook])
    state = clear_board(after_setup())
    action_round(state, DEM, [MICHNIK, 19])
    do(state, DEM, "event", MICHNIK)
    assert state["active"] == [DEM] and state["stack"][-1]["step"] == "event_choose"
    do(state, DEM, "space", ID["berlin"])
    assert state["answered"] == ID["berlin"] and state["active"] == [COM]


def test_an_event_may_let_a_card_be_used_for_any_operation_including_tst(monkeypatch):
    from games.titles.dawn_of_freedom.rules.ops import start_ops
    register(monkeypatch, lambda state, ctx: start_ops(state, DEM, 19, 2, [],
                                                       ("place", "check", "tst")))
    state = put(clear_board(after_setup()), berlin=(1, 1))
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    assert ids(state, DEM, "mode") == ["place", "check", "tst"]
    rolls(state, 6)
    do(state, DEM, "mode", "tst")
    assert kinds(state, "tst_attempt")[0]["card"] == 19 and state["tst_tried"][DEM]


def test_trigger_runs_another_cards_event_and_disposes_of_it_by_its_asterisk(monkeypatch):
    calls = []

    def fake(state, ctx):
        calls.append(ctx["from"])
    fake.card, fake.requires = 29, None
    monkeypatch.setitem(REGISTRY, 29, fake)
    register(monkeypatch, lambda state, ctx: steps.trigger(state, 29, DEM, DEM, "discard"))
    state = clear_board(after_setup())
    action_round(state, DEM, [MICHNIK])
    do(state, DEM, "event", MICHNIK)
    assert calls == ["discard"] and 29 in state["removed"] and not state["table"]


def test_a_forbid_hook_with_spaces_is_asked_only_about_them(monkeypatch):
    from games.titles.dawn_of_freedom.rules import ops
    asked = []

    def hook(state, role, space):
        asked.append(space)
        return True
    hook.spaces = frozenset({ID["krakow"]})
    monkeypatch.setattr(ops, "FORBIDS", [("check", ("900",), hook)])
    state = put(clear_board(after_setup()), krakow=(3, 0), gdansk=(3, 0))
    state["effects"]["900"] = {"role": COM, "until": "turn"}
    assert ops.check_targets(state, DEM) == [ID["gdansk"]] and asked == [ID["krakow"]]
