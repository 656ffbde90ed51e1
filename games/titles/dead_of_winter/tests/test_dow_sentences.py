"""Every log kind of the README has a sentence in words, with no hidden information."""
import re

import pytest
from django.utils import translation

from games.titles.dead_of_winter import sentences
from games.titles.dead_of_winter.presentation import PRESENTATION

README_KINDS = """setup survivors colony_leader round dice turn tie_roll move pass exposure bounce wound death
removed replacement new_survivor items_shuffled items_taken items_removed morale colony_lost wolf_out
wolf_leaves bite_roll attack search noise search_kept barricade barricade_lost clean_waste ability heal play
equip discard use die_swap steal revealed contribute food_token request give decline handoff done crossroads
crossroads_vote crossroads_choice mission_swap mission crises_ordered food_paid starvation combat wolf_joins
wolf_flees tactics combat_cancelled combat_over combat_tracker bids combat_die combat_result unguarded overrun
helpless_death crisis votes game_over exchange fallback no_move bullet_income zombies_arrive""".split()
NOT_WORDS = re.compile(r"[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b|\w_\w|%\(")
LINE = {"survivor": 3, "role": "p1", "to": "p2", "frm": "p3", "at": "a@2", "side": "b", "card": 4, "n": 2,
        "why": "crisis", "face": "wound", "round": 2, "crisis": 5, "roles": ["p1", "p2"], "first": "a",
        "players": 5, "objective": "killing_blow", "packs": ["public-facts", "house"], "kept": 1, "returned": 1,
        "killed": 2, "wounds": 2, "morale": 6, "dice": [1, 4], "tokens": 1, "enemies": 2, "winners": ["p1"],
        "reason": "rounds", "votes": {"p1": "p3"}, "option": 0, "a": 3, "b": 1, "stage": "dice", "diff": 2,
        "winner": "a", "given": 3, "need": 4, "failed": True, "cards": [1, 2], "mission": 0,
        "ability": "free_barricade", "reader": "p2"}


@pytest.mark.parametrize("kind", README_KINDS)
@pytest.mark.parametrize("language", ["en", "ko"])
def test_every_log_kind_is_a_sentence(kind, language):
    line = {**LINE, "kind": kind}
    if kind == "survivors":
        line["kept"] = {"p1": [1, 2], "p2": [3]}
    if kind == "tactics":
        line.update(a="all_in", b="on_guard")
    if kind == "zombies_arrive":
        line["places"] = [["a", 2], ["police_station", 1]]
    if kind == "crisis":
        line["card"] = "crisis_0_0"
    if kind == "crossroads_vote":
        line["votes"] = {"p1": 0, "p3": -1}
    if kind == "exchange":
        line["picks"] = {"p1": {"move": "3>school>5", "fallback": "3>library"}, "p2": {"move": "pass", "fallback": None}}
    with translation.override(language):
        text = sentences.sentence(line)
        assert text and not NOT_WORDS.search(text), (kind, text)
        assert PRESENTATION.log_sentence(line) == text


def test_a_search_and_a_steal_name_no_card():
    assert sentences.sentence({"kind": "search", "survivor": 3, "at": "library"}) .endswith("searched Library.")
    text = sentences.sentence({"kind": "steal", "role": "p1", "frm": "p3"})
    assert text == "Player 1 took a card from Player 3."


def test_a_moderators_audited_look_names_the_cards_of_the_games_content():
    from games.titles.dead_of_winter import names as N
    from games.titles.dead_of_winter.presentation import PRESENTATION as SHOW
    from games.titles.dead_of_winter.rules.data import CONTENTS

    for content_id in sorted(CONTENTS):
        words = SHOW.hand_text([0, 3, 7], {"content": content_id})
        assert words == [N.card(n, content_id) for n in (0, 3, 7)]
        assert not any(word.strip().isdigit() for word in words)


def test_the_colony_phase_says_the_bullet_income_and_where_zombies_arrived():
    """Issue 29 item 11: every change of a visible counter has a log sentence."""
    from games.rules.core.testing import random_play
    from games.titles.dead_of_winter.rules import RULES

    log = random_play(RULES, 11, options={"players": 4}).state["log"]
    kinds = [line["kind"] for line in log]
    assert kinds.count("round") >= 2 and kinds.count("bullet_income") >= 1 and kinds.count("zombies_arrive") >= 1
    arrived = next(line for line in log if line["kind"] == "zombies_arrive" and line["places"])
    text = PRESENTATION.log_sentence(arrived)
    total = sum(n for _place, n in arrived["places"])
    assert text.startswith(f"{total} zombie") and " at " in text, text
    assert PRESENTATION.log_sentence({"kind": "zombies_arrive", "places": []}) == "No zombies arrive this round."
    assert PRESENTATION.log_sentence({"kind": "bullet_income", "n": 1}) == "Each colony gains 1 bullet."
    assert {("colony", "a")} <= set(PRESENTATION.line_places({"kind": "zombies_arrive", "places": [["a", 1]]}))
