"""Counts in the prompts and on the buttons agree with their number: "1 bullet", "2 bullets",
"Put 1 wound" (the rules' English and the reader's words alike), and a language whose catalog
has only the older "(s)" wording keeps showing that translation instead of English."""
from __future__ import annotations

from django.utils import translation

from games.rules.core import Prompt
from games.titles.dead_of_winter.presentation import PRESENTATION as SHOW
from games.titles.dead_of_winter.rules import RULES
from games.rules.core.testing import force_rolls

from .helpers import act
from .test_dow_examples import ALL_IN, ON_GUARD, ONE_WOUND, PLUS_3, grocery_store_fight


def bid_prompt():
    """Colony B's leader (2 bullets) bidding in the rulebook's grocery store combat."""
    state, *_survivors = grocery_store_fight()
    act(state, "p1", "tactic", ALL_IN)
    act(state, "p2", "tactic", ON_GUARD)
    act(state, "p1", "bid", 3)
    return state, RULES.prompt(state, "p2")


def test_the_bid_buttons_say_one_bullet_in_the_singular():
    _state, prompt = bid_prompt()
    bids = [c for c in prompt.choices if c.verb == "bid"]
    assert [c.label for c in bids] == ["0 bullets", "1 bullet", "2 bullets"]  # the rules' (API) words
    with translation.override("en"):
        assert [SHOW.choice_label(c) for c in bids] == ["0 bullets", "1 bullet", "2 bullets"]
    with translation.override("es"):
        assert [SHOW.choice_label(c) for c in bids] == ["0 balas", "1 bala", "2 balas"]


def test_one_wound_to_put_reads_in_the_singular_and_keeps_its_translations():
    state, _prompt = bid_prompt()
    force_rolls(state, [PLUS_3, ONE_WOUND])  # Colony B's die: one wound for the enemy
    act(state, "p2", "bid", 2)
    prompt = RULES.prompt(state, "p2")
    assert prompt.text == "Put 1 wound on an enemy survivor"
    with translation.override("en"):
        assert SHOW.prompt_text(prompt) == "Put 1 wound on an enemy survivor"
        assert SHOW.prompt_text(Prompt("Put 2 wounds on an enemy survivor")) == "Put 2 wounds on an enemy survivor"
    with translation.override("ko"):  # the catalog's older "(s)" entry, not English
        assert SHOW.prompt_text(prompt) == "적 생존자에게 상처 1개를 놓으세요"
    with translation.override("es"):
        assert SHOW.prompt_text(Prompt("Put 3 wounds on an enemy survivor")).startswith("Pon 3 ")
