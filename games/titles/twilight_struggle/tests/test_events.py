"""The event framework: registry, offering, opponent events, reusable steps."""
import pathlib

from games.rules.core.testing import choices
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.board import degrade_defcon, gain_vp
from games.titles.twilight_struggle.rules.data import CARDS
from games.titles.twilight_struggle.rules.events import coverage_table, steps
from games.titles.twilight_struggle.rules.registry import REGISTRY

from .card_tests import card_proofs
from .helpers import ID, action_round, after_setup, clear_board, do, ids, put, without_events

NATO, FIDEL, BLOCKADE, CIA, SHUTTLE, DUCK_AND_COVER = 21, 8, 10, 26, 73, 4
README = pathlib.Path(__file__).resolve().parent.parent / "README.md"


def fake(monkeypatch, number, body, requires=None):
    """Register a stand-in event for one test."""
    def fn(state, ctx):
        body(state, ctx)
    fn.card, fn.requires, fn.headline = number, requires, True
    monkeypatch.setitem(REGISTRY, number, fn)


def test_registry_holds_the_scoring_cards_and_the_china_card():
    assert {1, 2, 3, 6, 37, 38, 79, 81} <= set(REGISTRY)


def test_readme_coverage_table_matches_the_registry():
    text = README.read_text(encoding="utf-8")
    start = text.index("<!-- coverage:start -->\n") + len("<!-- coverage:start -->\n")
    end = text.index("<!-- coverage:end -->")
    assert text[start:end] == coverage_table(card_proofs())
    missing = [n for n in CARDS if n not in REGISTRY]
    for n in missing:
        assert f"| {n} | {CARDS[n]['name']} |" in text and f"| {n} |" in next(
            line for line in text.splitlines() if line.startswith(f"| {n} |") and "NOT implemented" in line)
    assert f"{110 - len(missing)} of 110 cards implemented." in text


def test_every_registered_card_is_proven_by_a_test():
    proofs = card_proofs()
    assert [n for n in REGISTRY if not proofs[n]] == []


def test_unimplemented_event_never_offered_but_ops_and_space_are(monkeypatch):
    without_events(monkeypatch, FIDEL)
    state = action_round(clear_board(after_setup()), "ussr", [FIDEL])
    offered = choices(RULES, state, "ussr")
    assert ("event", FIDEL) not in offered
    assert ("ops", FIDEL) in offered and ("space", FIDEL) in offered


def test_unimplemented_opponent_card_is_plain_ops_and_discarded():
    """Preview limitation: the opponent's event is simply not triggered."""
    state = action_round(clear_board(after_setup()), "ussr", [NATO])
    do(state, "ussr", "ops", NATO)
    assert state["stack"][-1]["step"] == "ops_mode"
    do(state, "ussr", "mode", "influence")
    for _ in range(4):
        do(state, "ussr", "place", ID["poland"])
    assert NATO in state["discard"] and NATO not in state["removed"]


def test_opponent_event_before_ops_then_removed(monkeypatch):
    """5.2: the phasing player chooses the order; an asterisked card is removed."""
    fake(monkeypatch, NATO, lambda state, ctx: gain_vp(state, ctx["role"], 1))
    state = action_round(clear_board(after_setup()), "ussr", [NATO])
    do(state, "ussr", "ops", NATO)
    assert ids(state, "ussr") == ["event_first", "ops_first"]
    do(state, "ussr", "order", "event_first")
    assert state["vp"] == 1 and state["stack"][-1]["step"] == "ops_mode"
    do(state, "ussr", "mode", "influence")
    for _ in range(4):
        do(state, "ussr", "place", ID["poland"])
    assert NATO in state["removed"]


def test_opponent_event_after_ops(monkeypatch):
    fake(monkeypatch, NATO, lambda state, ctx: gain_vp(state, ctx["role"], 1))
    state = action_round(clear_board(after_setup()), "ussr", [NATO])
    do(state, "ussr", "ops", NATO)
    do(state, "ussr", "order", "ops_first")
    do(state, "ussr", "mode", "influence")
    assert state["vp"] == 0
    for _ in range(4):
        do(state, "ussr", "place", ID["poland"])
    assert state["vp"] == 1


def test_prerequisite_or_block_means_ops_only_and_discard(monkeypatch):
    """5.2 examples 1 and 2: no event, the asterisked card goes to the discards."""
    fake(monkeypatch, NATO, lambda state, ctx: gain_vp(state, ctx["role"], 1),
         requires=lambda state, role: False)
    state = action_round(clear_board(after_setup()), "ussr", [NATO])
    do(state, "ussr", "ops", NATO)
    assert state["stack"][-1]["step"] == "ops_mode"
    fake(monkeypatch, NATO, lambda state, ctx: gain_vp(state, ctx["role"], 1))
    state = action_round(clear_board(after_setup()), "ussr", [NATO])
    state["effects"] = {"65": {"role": "us", "until": "game", "blocks": [NATO]}}
    do(state, "ussr", "ops", NATO)
    assert state["stack"][-1]["step"] == "ops_mode"


def test_headlined_opponent_event_headliner_is_phasing_for_defcon(monkeypatch):
    """4.5 C note and 8.1.3: the US headlines a USSR card that ends at DEFCON 1."""
    seen = {}

    def body(state, ctx):
        seen.update(ctx)
        degrade_defcon(state, 4)
    fake(monkeypatch, BLOCKADE, body)
    without_events(monkeypatch, FIDEL)  # so the USSR may decline to headline
    state = after_setup()
    state["hands"] = {"ussr": [FIDEL], "us": [BLOCKADE]}
    do(state, "us", "headline", BLOCKADE)
    do(state, "ussr", "headline", None)
    assert seen["role"] == "ussr" and seen["player"] == "us"
    assert RULES.result(state).winners == ["ussr"]


def test_forced_discard_of_at_least_n_ops_never_china(monkeypatch):
    """5.3, 5.4, 9.5: a 2+ ops card; the discarded card's event does not happen."""
    fake(monkeypatch, CIA, lambda state, ctx: steps.discard_at_least(state, "ussr", 2))
    state = action_round(clear_board(after_setup()), "us", [CIA])
    state["hands"]["ussr"] = [1, BLOCKADE, FIDEL, DUCK_AND_COVER]
    do(state, "us", "event", CIA)
    assert ids(state, "ussr") == [FIDEL, DUCK_AND_COVER]
    do(state, "ussr", "discard", FIDEL)
    assert FIDEL in state["discard"] and state["hands"]["ussr"] == [1, BLOCKADE, DUCK_AND_COVER]


def test_persistent_effect_ends_with_the_turn_and_its_card_is_discarded(monkeypatch):
    fake(monkeypatch, SHUTTLE, lambda state, ctx: steps.persist(state, SHUTTLE, "us"))
    state = action_round(clear_board(after_setup()), "us", [SHUTTLE, FIDEL])
    do(state, "us", "event", SHUTTLE)
    assert state["board"] == [SHUTTLE] and "73" in state["effects"]
    assert RULES.view(state, "ussr")["in_play"] == [SHUTTLE]
    state["stack"] = [{"step": "turn", "phase": 3}]
    state["hands"] = {"ussr": [], "us": []}
    RULES.flow.settle(state)
    assert state["effects"] == {} and SHUTTLE in state["discard"] and state["board"] == []


def test_event_operations_obey_rule_6(monkeypatch):
    """7.4.3: event ops are ordinary ops (DEFCON bars Europe at 4)."""
    fake(monkeypatch, CIA, lambda state, ctx: steps.operations(state, ctx["role"], 1))
    state = clear_board(after_setup())
    put(state, poland=(0, 1), iran=(0, 1))
    state["defcon"] = 4
    action_round(state, "us", [CIA])
    do(state, "us", "event", CIA)
    do(state, "us", "mode", "coup")
    assert ids(state, "us") == [ID["iran"]]


def test_event_place_and_remove_steps(monkeypatch):
    def body(state, ctx):
        steps.remove(state, "us", "ussr", 2, [ID["poland"], ID["cuba"]], max_per=1)
        steps.place(state, "us", 2, [ID["iran"], ID["iraq"]], max_per=1)
    fake(monkeypatch, CIA, body)
    state = clear_board(after_setup())
    put(state, poland=(0, 2), cuba=(0, 1))
    action_round(state, "us", [CIA])
    do(state, "us", "event", CIA)
    assert ids(state, "us") == sorted([ID["iran"], ID["iraq"]])
    do(state, "us", "place", ID["iran"])
    assert ids(state, "us") == [ID["iraq"]]
    do(state, "us", "place", ID["iraq"])
    do(state, "us", "remove", ID["poland"])
    assert ids(state, "us") == [ID["cuba"]]
    do(state, "us", "remove", ID["cuba"])
    assert state["inf"]["ussr"][ID["poland"]] == 1 and state["inf"]["ussr"][ID["cuba"]] == 0
    assert state["active"] == ["ussr"]  # the US round is over


def test_opponent_event_reaching_defcon_1_loses_for_the_phasing_player(monkeypatch):
    """8.1.3 / 5.2: the USSR plays a US card for ops; its event ends the game: USSR loses."""
    fake(monkeypatch, DUCK_AND_COVER, lambda state, ctx: degrade_defcon(state, 1))
    state = action_round(clear_board(after_setup()), "ussr", [DUCK_AND_COVER])
    state["defcon"] = 2
    do(state, "ussr", "ops", DUCK_AND_COVER)
    do(state, "ussr", "order", "event_first")
    assert RULES.result(state).winners == ["us"] and RULES.result(state).reason == "defcon"
    assert RULES.prompt(state, "ussr") is None


def test_headline_higher_ops_first_and_scoring_cards_second(monkeypatch):
    """4.5 C: a 1-op event before a scoring card even though the US wins ties."""
    order = []
    fake(monkeypatch, BLOCKADE, lambda state, ctx: order.append("blockade"))
    state = after_setup()
    state["hands"] = {"ussr": [BLOCKADE], "us": [1]}
    do(state, "us", "headline", 1)
    do(state, "ussr", "headline", BLOCKADE)
    scored = [x for x in state["log"] if x["kind"] in ("score", "event")]
    assert [x.get("card") or x.get("region") for x in scored] == [BLOCKADE, 1, "asia"]
    assert order == ["blockade"] and BLOCKADE in state["removed"]  # asterisk
    assert 1 in state["discard"]


def test_view_shows_own_hand_and_only_the_size_of_the_other():
    state = after_setup()
    view = RULES.view(state, "us")
    assert view["hand"] == sorted(state["hands"]["us"]) and view["hands"] is None
    assert view["hand_sizes"] == {"ussr": 8, "us": 8}
    assert view["china"] == {"holder": "ussr", "up": True}
    assert RULES.view(state, None)["hand"] == []
    assert RULES.hand(state, "ussr") == sorted(state["hands"]["ussr"])


def test_view_derived_fields():
    state = clear_board(after_setup())
    put(state, turkey=(2, 0), syria=(0, 2))
    state["space"] = {"ussr": 4, "us": 1}
    state["defcon"] = 3
    view = RULES.view(state, "us")
    assert view["control"] == {str(ID["turkey"]): "us", str(ID["syria"]): "ussr"}
    assert view["abilities"] == {"ussr": [2, 4], "us": []}
    assert view["coup_bans"] == ["asia", "europe"]


def test_war_card_credits_the_event_side(monkeypatch):
    """8.2.4: the US plays a USSR war card for ops; the USSR gets the military ops."""
    fake(monkeypatch, 11, steps.war_milops)  # Korean War, 2 ops
    state = action_round(clear_board(after_setup()), "us", [11])
    do(state, "us", "ops", 11)
    do(state, "us", "order", "event_first")
    assert state["milops"] == {"ussr": 2, "us": 0}
