"""Issue 15, part 2: ``edition: original`` (the 2005 rules, Spanish seed 004).

Each test names the seed-004 rule it follows (or, where the seed has no card
texts, the reference's card-effects.md section 5) and checks the Deluxe
behaviour beside it. The README's "Editions" section lists them all.
"""
import json

import pytest

from games.rules.core.testing import force_rolls, new_game, play, random_play, roundtrip
from games.titles.twilight_struggle.rules import RULES
from games.titles.twilight_struggle.rules.cards import deal, ops_value
from games.titles.twilight_struggle.rules.data import OPTIONAL
from games.titles.twilight_struggle.rules.events.late_war import _ames_round
from games.titles.twilight_struggle.rules.events.mid_war import _trapped_round
from games.titles.twilight_struggle.rules.ops import space_attempt

from .helpers import ID, after_setup, do, era_round, ids, kinds

ORIGINAL = {"edition": "original"}


def original(state: dict) -> dict:
    state["options"]["edition"] = "original"
    return state


def both(make):
    """The same position under Deluxe and under the original rules."""
    return make(), original(make())


# -- the option ---------------------------------------------------------------------------
def test_edition_option_defaults_to_deluxe_and_refuses_other_values():
    assert RULES.option_choices()["edition"] == ["deluxe", "original"]
    assert RULES.default_options()["edition"] == "deluxe"
    assert RULES.clean_options({})["edition"] == "deluxe"
    with pytest.raises(ValueError):
        RULES.clean_options({"edition": "1st"})


def test_games_without_the_option_replay_exactly_as_before():
    """Old games have no ``edition`` in their options: they are Deluxe, and a
    Deluxe state carries no ``edition`` key, so stored states compare equal."""
    old = new_game(RULES, 7, options={})
    new = new_game(RULES, 7, options={"edition": "deluxe"})
    assert old == new and "edition" not in old["options"]
    game = random_play(RULES, 7)
    assert play(RULES, 7, game.moves, options={"edition": "deluxe"}) == game.state


def test_original_has_no_cards_104_to_110_and_no_chinese_civil_war():
    """Seed 004 2.2.1: 103 cards are used (card 104 was an aid card); its rules
    end at 11.3 (no section 12). Both options are off in the original."""
    cleaned = RULES.clean_options({"edition": "original", "optional_cards": True,
                                   "chinese_civil_war": True})
    assert cleaned["optional_cards"] is False and cleaned["chinese_civil_war"] is False
    state = new_game(RULES, 3, options=ORIGINAL)
    cards = state["deck"] + state["hands"]["us"] + state["hands"]["ussr"]
    assert not OPTIONAL & set(cards) and len(cards) == 35 and state["ccw"] == "off"
    assert OPTIONAL & set(new_game(RULES, 3)["deck"] + new_game(RULES, 3)["hands"]["us"]
                          + new_game(RULES, 3)["hands"]["ussr"])


# -- setup (3.3) ----------------------------------------------------------------------------
def test_original_us_setup_is_23_influence_without_canada():
    """Seed 004 3.3: 16 fixed US influence (no Canada) plus 7 in Western Europe."""
    deluxe, orig = new_game(RULES, 1), new_game(RULES, 1, options=ORIGINAL)
    assert sum(deluxe["inf"]["us"]) == 18 and deluxe["inf"]["us"][ID["canada"]] == 2
    assert sum(orig["inf"]["us"]) == 16 and orig["inf"]["us"][ID["canada"]] == 0
    assert sum(orig["inf"]["ussr"]) == sum(deluxe["inf"]["ussr"]) == 9
    while orig["stack"][-1]["step"] == "setup_place":
        role = orig["active"][0]
        do(orig, role, "place", ids(orig, role)[0])
    assert sum(orig["inf"]["us"]) == 23 and sum(orig["inf"]["ussr"]) == 15


# -- space race (6.4.3) ----------------------------------------------------------------------
def test_original_lunar_orbit_is_4_vp_first_and_2_second():
    """Seed 004 6.4.3: "Lunar Orbit has the numbers 4/2" (Deluxe 3/1)."""
    for state, first, second in ((after_setup(), 3, 1), (original(after_setup()), 4, 2)):
        state["space"] = {"us": 4, "ussr": 4}
        force_rolls(state, [1, 1])
        space_attempt(state, "us", 25)
        assert state["vp"] == first
        space_attempt(state, "ussr", 7)
        assert state["vp"] == first - second


# -- Aldrich Ames Remix (card-effects.md 5.2) ---------------------------------------------------
def test_original_aldrich_ames_has_4_ops_and_the_ussr_dictates_the_us_plays():
    """Reference card-effects.md 5.2 (seed 004 has no card texts): 4 ops, and the
    USSR dictates the order of the US plays for the rest of the turn."""
    deluxe, orig = both(lambda: era_round("ussr", [98], 8))
    assert ops_value(deluxe, "ussr", 98) == 3 and ops_value(orig, "ussr", 98) == 4
    orig["hands"]["us"] = [19, 26, 29]
    do(orig, "ussr", "event", 98)
    assert orig["effects"]["98"]["dictate"] == "us" and RULES.view(orig, None)["open_hands"]
    assert 98 in orig["removed"] and len(orig["hands"]["us"]) == 3  # nothing discarded
    orig["phasing"] = "us"
    assert _ames_round(orig, "us", False)  # the hook replaced the round's start
    RULES.flow.settle(orig)
    assert orig["active"] == ["ussr"] and ids(orig, "ussr") == [19, 26, 29]
    do(orig, "ussr", "dictate", 26)
    assert orig["active"] == ["us"]
    assert sorted({arg for arg in ids(orig, "us")}) == [26]  # CIA Created only, no China
    do(orig, "us", "ops", 26)
    assert 26 not in orig["hands"]["us"]


# -- rules the Deluxe book added --------------------------------------------------------------
def test_original_free_coup_obeys_defcon_geography():
    """No 6.3.5 in seed 004; its 8.1.5 bars every coup in Europe at DEFCON 4.
    Tear Down This Wall's free coup in Europe then has no target."""
    deluxe, orig = both(lambda: era_round("us", [96], 8, poland=(0, 2)))
    for state in (deluxe, orig):
        state["defcon"] = 4
        do(state, "us", "event", 96)
    assert ids(deluxe, "us") == ["coup", "realign", "skip"]
    assert orig["stack"][-1]["step"] != "choose_option" and kinds(orig, "no_target")


def test_original_event_ops_are_the_printed_value():
    """No 7.4.2 in seed 004 (7.4: modifiers change the cards played): CIA Created
    under Containment conducts 1 op, not 2 (Deluxe 7.4.2 example 3)."""
    deluxe, orig = both(lambda: era_round("us", [26], 1))
    for state in (deluxe, orig):
        state["effects"]["25"] = {"role": "us", "until": "turn", "ops": 1, "max": 4}
        do(state, "us", "event", 26)
        do(state, "us", "ok")
    assert "Use 2 ops" in RULES.prompt(deluxe, "us").text
    assert "Use 1 op" in RULES.prompt(orig, "us").text


def test_original_discard_requirements_use_printed_ops():
    """Seed 004 5.3 ("a card of a specific value"), no 7.4.2: under Brezhnev
    Doctrine a 1-op card does not satisfy Bear Trap (Deluxe 7.4.2 example 2)."""
    deluxe, orig = both(lambda: era_round("ussr", [8, 26], 4))
    for state in (deluxe, orig):  # Fidel 2 ops, CIA Created 1 op
        state["hands"]["ussr"] = [8, 26]
        state["effects"]["51"] = {"role": "ussr", "until": "turn", "ops": 1, "max": 4}
        state["effects"]["44"] = {"role": "us", "until": "escape", "trapped": "ussr"}
        state["stack"].pop()
        _trapped_round(state, "ussr", False)
    assert [c[1] for c in deluxe["stack"][-1]["choices"]] == [8, 26]
    assert [c[1] for c in orig["stack"][-1]["choices"]] == [8]


def test_original_event_ops_get_no_area_bonus():
    """No 7.4.3 in seed 004: ops an event grants are not an ops play, so Vietnam
    Revolts' Southeast Asia bonus does not join Lone Gunman's operations."""
    deluxe, orig = both(lambda: era_round("ussr", [62], 4))
    for state in (deluxe, orig):
        state["effects"]["9"] = {"role": "ussr", "until": "turn", "area_bonus": "southeast_asia",
                                 "bonus": 1}
        do(state, "ussr", "event", 62)
    assert deluxe["stack"][-2]["bonus"] == [["southeast_asia", 1]]
    assert orig["stack"][-2]["bonus"] == []


def test_original_trap_can_strand_a_scoring_card():
    """No 10.1.5 in seed 004: a trapped USSR whose last round is due keeps
    discarding for Bear Trap; Deluxe lets it play the scoring card instead."""
    deluxe, orig = both(lambda: era_round("ussr", [1, 8], 1))
    for state in (deluxe, orig):
        state["taken"]["ussr"] = 6
        state["effects"]["44"] = {"role": "us", "until": "escape", "trapped": "ussr"}
        state["stack"].pop()
        _trapped_round(state, "ussr", False)
    assert [c[:2] for c in deluxe["stack"][-1]["choices"]] == [["event", 1]]
    assert [c[:2] for c in orig["stack"][-1]["choices"]] == [["trap_discard", 8]]


def test_original_tournament_deal_is_not_alternate():
    """11.1.3 (alternate deal from the USSR) is Deluxe; seed 004 11.1-11.3 have no
    deal order, so the USSR hand fills first as in 4.5 B."""
    deluxe, orig = both(after_setup)
    for state in (deluxe, orig):
        state["options"]["tournament"] = True
        state["hands"] = {"ussr": [], "us": []}
        state["deck"] = list(range(60, 44, -1))  # top of the deck is the end
        deal(state)
    assert deluxe["hands"]["ussr"] == [45, 47, 49, 51, 53, 55, 57, 59]
    assert orig["hands"]["ussr"] == list(range(45, 53))


def test_original_side_bid_is_the_vp_marker_start():
    """Seed 004 11.3: the winning VP bid for sides moves the VP marker."""
    state = new_game(RULES, 2, options={"edition": "original", "side_bid_vp": -3})
    assert state["vp"] == -3


def test_original_keeps_8_2_4_and_8_2_5_which_seed_004_has():
    """Seed 004 8.2.4 (an opponent's war event advances the opponent's military
    ops) and 8.2.5 (free coups are not military operations) are in the original:
    a free coup gives no military ops there either."""
    orig = original(era_round("us", [96], 8, poland=(0, 2)))
    do(orig, "us", "event", 96)
    do(orig, "us", "option", "coup")
    force_rolls(orig, [6])
    do(orig, "us", "coup", ID["poland"])
    assert orig["milops"]["us"] == 0
    state = original(era_round("us", [11], 1, south_korea=(1, 0)))  # Korean War: USSR war
    do(state, "us", "ops", 11)
    do(state, "us", "order", "event_first")
    assert state["milops"]["ussr"] == 2 and state["milops"]["us"] == 0


# -- China Card (9.4) ---------------------------------------------------------------------------
def test_original_nixon_passes_the_china_card_face_up():
    """Seed 004 9.4: a China Card passed by an event goes face up and is usable
    this turn (Deluxe: as the event says, face down for Nixon)."""
    deluxe, orig = both(lambda: era_round("us", [71], 4))
    for state in (deluxe, orig):
        do(state, "us", "event", 71)
    assert deluxe["china"] == {"holder": "us", "up": False}
    assert orig["china"] == {"holder": "us", "up": True}


# -- headline (4.5 C) ----------------------------------------------------------------------------
def headline(ussr, us, edition="deluxe"):
    state = after_setup()
    state["options"]["edition"] = edition
    state["hands"] = {"ussr": list(ussr), "us": list(us)}
    return state


def test_original_un_intervention_may_be_headlined_and_uses_the_partner_ops():
    """Seed 004 4.5 C: any card but the China Card is a headline (the ban on UN
    Intervention came with the 2nd edition); its event then cancels the partner's
    and conducts operations with its ops (ops granted by the headline's text)."""
    assert ids(headline([1], [32, 8]), "us") == [8]
    state = headline([1], [32, 8], "original")
    assert ids(state, "us") == [32, 8]
    do(state, "us", "headline", 32)
    do(state, "ussr", "headline", 1)
    assert ids(state, "us") == [8]
    do(state, "us", "card", 8)
    assert 8 in state["discard"] and state["stack"][-1]["step"] == "ops_mode"
    assert state["stack"][-1]["ops"] == 2


def test_original_headline_event_owner_is_the_active_player_for_defcon():
    """Seed 004 4.5 C note: the opponent carries out the event "and becomes the
    Active Player while doing so", so the USSR loses when a US-headlined "We Will
    Bury You" reaches DEFCON 1 (Deluxe: the headliner, the US, loses)."""
    results = {}
    for edition in ("deluxe", "original"):
        state = headline([8], [50], edition)
        state["defcon"] = 2
        do(state, "us", "headline", 50)
        do(state, "ussr", "headline", 8)
        results[edition] = RULES.result(state).winners
    assert results == {"deluxe": ["ussr"], "original": ["us"]}


# -- Defectors (2.2.4) ------------------------------------------------------------------------
def test_original_defectors_is_removed_after_its_event():
    """Seed 004 2.2.4 (an asterisk removes the card); the original Defectors
    carried one, removed by the Deluxe errata (reference README)."""
    deluxe, orig = both(lambda: era_round("us", [103], 1))
    for state in (deluxe, orig):
        do(state, "us", "event", 103)
    assert 103 in deluxe["discard"] and 103 in orig["removed"]


# -- whole games ------------------------------------------------------------------------------
@pytest.mark.parametrize("options", [ORIGINAL, {"edition": "original", "tournament": True}])
def test_random_original_games_finish_and_replay(options):
    for seed in range(8):
        game = random_play(RULES, seed, options=options)
        assert RULES.result(game.state) is not None and game.state["stack"] == []
        assert roundtrip(game.state) == game.state
        assert play(RULES, seed, game.moves, options=options) == game.state
        json.dumps(RULES.view(game.state, None))
